import { chiusuraBodySchema, closureOn, closureWarning, describeChiusura, isClosed } from './rules';
import { CHIUSURE_MSG } from './messages';

const natale = { id: 1, nome: 'Vacanze di Natale', dal: '2026-12-23', al: '2027-01-06' };

describe('a closure of the club', () => {
  it('covers its days, both ends included', () => {
    expect(isClosed('2026-12-22', [natale])).toBe(false);
    expect(isClosed('2026-12-23', [natale])).toBe(true);
    expect(isClosed('2027-01-06', [natale])).toBe(true);
    expect(isClosed('2027-01-07', [natale])).toBe(false);
    expect(closureOn('2026-12-31', [natale])).toBe(natale);
  });

  it('names itself in the warning of a match saved in it', () => {
    expect(describeChiusura(natale)).toBe('Vacanze di Natale, 23/12-06/01');
    expect(closureWarning('2026-12-24', [natale])).toBe('Il club è chiuso in questa data (Vacanze di Natale, 23/12-06/01)');
    expect(closureWarning('2027-01-07', [natale])).toBeUndefined();
    expect(describeChiusura({ nome: 'Santo Stefano', dal: '2026-12-26', al: '2026-12-26' })).toBe('Santo Stefano, 26/12');
  });
});

describe('the body of POST and PUT /api/chiusure', () => {
  const body = { nome: ' Vacanze di Natale ', dal: '2026-12-23', al: '2027-01-06' };
  const problems = (b: unknown) => {
    const r = chiusuraBodySchema.safeParse(b);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  const M = CHIUSURE_MSG.invalid;

  it('accepts a period and trims the name', () => {
    expect(chiusuraBodySchema.parse(body)).toEqual({ ...body, nome: 'Vacanze di Natale' });
    expect(problems({ ...body, al: body.dal })).toEqual([]);
  });

  it('refuses each bad field with its Italian message', () => {
    expect(problems({ ...body, nome: '  ' })).toEqual([M.nome]);
    expect(problems({ ...body, nome: 'Natale\nCapodanno' })).toEqual([M.nomeRiga]);
    expect(problems({ ...body, nome: 'x'.repeat(101) })).toEqual([M.nomeLungo(100)]);
    expect(problems({ ...body, dal: '2026-02-30' })).toEqual([M.data]);
    expect(problems({ ...body, al: '06/01/2027' })).toEqual([M.data]);
    expect(problems({ ...body, al: '2026-12-22' })).toEqual([M.periodo]);
    expect(problems({ ...body, al: '2027-06-30' })).toEqual([M.periodoLungo(120)]);
    expect(problems({ ...body, extra: 1 })).toHaveLength(1);
    expect(problems({ nome: 'x' })).toEqual([M.data, M.data]);
  });
});
