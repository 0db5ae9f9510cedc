import { AGE_ORDER, ageRank, compareGruppi, sortGruppi } from './order';

describe('category order', () => {
  it('by age where the name says it, then the rest alphabetically', () => {
    expect(sortGruppi(['Juniores', 'Scuola Calcio', 'Allievi', 'Esordienti', 'Amatori', 'Pulcini', 'Giovanissimi', 'Primi Calci', 'Piccoli Amici'])).toEqual([
      'Piccoli Amici', 'Primi Calci', 'Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi', 'Juniores', 'Amatori', 'Scuola Calcio',
    ]);
  });

  it('a name containing an age word sorts with it; ties alphabetical, years by value', () => {
    expect(sortGruppi(['Pulcini 2015', 'Primi Calci', 'Pulcini 2014', 'Esordienti B', 'Esordienti A', 'Allievi Regionali', 'Giovanissimi', 'Under 19'])).toEqual([
      'Primi Calci', 'Pulcini 2014', 'Pulcini 2015', 'Esordienti A', 'Esordienti B', 'Giovanissimi', 'Allievi Regionali', 'Under 19',
    ]);
    expect(sortGruppi(['Pulcini 10', 'Pulcini 9'])).toEqual(['Pulcini 9', 'Pulcini 10']);
    expect(sortGruppi(['Allievi', 'Garibaldina Allievi', 'Allievi B'])).toEqual(['Allievi', 'Allievi B', 'Garibaldina Allievi']);
  });

  it('boundaries: case, accents and spacing do not matter; unknown names last; the first word found decides', () => {
    expect(ageRank('PULCINI')).toBe(2);
    expect(ageRank('  piccoli   amici ')).toBe(0);
    expect(ageRank('Juniores')).toBe(AGE_ORDER.length - 1);
    expect(ageRank('Prima Squadra')).toBe(AGE_ORDER.length);
    expect(ageRank('')).toBe(AGE_ORDER.length);
    expect(ageRank('Esordienti misti Pulcini')).toBe(3);
    expect(compareGruppi('Juniores', 'Amatori')).toBeLessThan(0);
    expect(compareGruppi('Àlfa', 'alfa')).not.toBe(0);
    expect(compareGruppi('Beta', 'beta') * compareGruppi('beta', 'Beta')).toBeLessThan(0);
    expect(sortGruppi(['zeta', 'Àlfa', 'beta'])).toEqual(['Àlfa', 'beta', 'zeta']);
    expect(sortGruppi([{ name: 'Allievi' }, { name: 'Pulcini' }], (g) => g.name).map((g) => g.name)).toEqual(['Pulcini', 'Allievi']);
  });
});
