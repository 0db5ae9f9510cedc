import { HttpError } from './errors';
import { MAX_ID, parseId } from './ids';

const status = (raw: unknown) => {
  try {
    return parseId(raw, 'Partita non trovata');
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 404, message: 'Partita non trovata' });
    return 404;
  }
};

describe('parseId (numeric ids of the URL)', () => {
  it('reads positive integers up to the largest PostgreSQL integer', () => {
    expect(status('1')).toBe(1);
    expect(status('42')).toBe(42);
    expect(status(String(MAX_ID))).toBe(2147483647);
  });

  it.each(['', '0', '-1', '+1', '1.5', '1e3', '007', ' 1', '1 ', 'abc', '0x10', String(MAX_ID + 1), '99999999999', '１'])(
    'answers 404 with the given message to %j',
    (raw) => expect(status(raw)).toBe(404),
  );

  it('answers 404 to a missing or non-string value', () => {
    expect(status(undefined)).toBe(404);
    expect(status(12)).toBe(404);
  });
});
