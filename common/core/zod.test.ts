import { z } from './zod';
import { MSG } from './messages';

const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0].message;
};

describe('zod with the Italian default messages of common/core/zod.ts', () => {
  it('says how long a text may be, in Italian', () => {
    expect(first(z.string().max(50), 'x'.repeat(60))).toBe('Il testo è troppo lungo (massimo 50 caratteri)');
    expect(first(z.string().min(3), 'x')).toBe('Il testo è troppo corto (minimo 3 caratteri)');
    expect(first(z.string().min(1), '')).toBe('Il testo non può essere vuoto');
  });

  it('covers numbers and lists, with the figure a user may type for exclusive bounds', () => {
    expect(first(z.number().max(10), 11)).toBe('Il valore è troppo grande (massimo 10)');
    expect(first(z.number().int().lt(10), 10)).toBe('Il valore è troppo grande (massimo 9)');
    expect(first(z.number().min(1), 0)).toBe('Il valore è troppo piccolo (minimo 1)');
    expect(first(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Troppi elementi (massimo 2)');
    expect(first(z.array(z.string()).min(1), [])).toBe('Troppo pochi elementi (minimo 1)');
  });

  it('falls back to the generic Italian message for everything else, and names unknown fields', () => {
    expect(first(z.string(), 5)).toBe(MSG.http.badRequest);
    expect(first(z.enum(['a', 'b']), 'c')).toBe(MSG.http.badRequest);
    expect(first(z.string().regex(/^\d+$/), 'x')).toBe(MSG.http.badRequest);
    expect(first(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(MSG.http.unknownField('b'));
  });

  it('keeps the message a schema sets itself', () => {
    expect(first(z.string().max(5, 'Troppo lungo, proprio'), 'xxxxxxx')).toBe('Troppo lungo, proprio');
    expect(first(z.string({ error: 'Serve un testo' }), 5)).toBe('Serve un testo');
  });
});
