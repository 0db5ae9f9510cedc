import { MAX_ID, idSchema } from './route-schemas';

const read = (raw: unknown) => {
  const result = idSchema('Partita non trovata').safeParse(raw);
  if (result.success) return result.data;
  expect(result.error.issues[0].message).toBe('Partita non trovata');
  return 'refused';
};

describe('idSchema (numeric ids of the URL)', () => {
  it('reads positive integers up to the largest PostgreSQL integer', () => {
    expect(read('1')).toBe(1);
    expect(read('42')).toBe(42);
    expect(read(String(MAX_ID))).toBe(2147483647);
  });

  it.each(['', '0', '-1', '+1', '1.5', '1e3', '007', ' 1', '1 ', 'abc', '0x10', String(MAX_ID + 1), '99999999999', '１'])(
    'refuses %j with the given message (the route answers 404)',
    (raw) => expect(read(raw)).toBe('refused'),
  );

  it('refuses a missing or non-string value', () => {
    expect(read(undefined)).toBe('refused');
    expect(read(12)).toBe('refused');
  });
});
