import { uncoveredCountUntil, uncoveredDefaultEnd, uncoveredEndAfter, uncoveredNoneUntil } from './window';

// Issue 32: on a Saturday a fixed 7 days stopped on Friday, blind to next Saturday's matches.
describe("'Partite scoperte' default window: through the Sunday after next", () => {
  it.each([
    ['2026-11-28', '2026-12-06'], // Saturday: next weekend in full
    ['2026-11-23', '2026-12-06'], // Monday: the Sunday after next
    ['2026-11-27', '2026-12-06'], // Friday
    ['2026-11-29', '2026-12-06'], // Sunday: its own weekend ends today, the next one is in
    ['2026-11-30', '2026-12-13'], // the Monday after
    ['2026-12-26', '2027-01-03'], // across the year
  ])('from %s through %s', (today, end) => {
    expect(uncoveredDefaultEnd(today)).toBe(end);
  });

  it('a window of n days ends n - 1 days after today', () => {
    expect(uncoveredEndAfter('2026-11-28', 7)).toBe('2026-12-04');
    expect(uncoveredEndAfter('2026-11-28', 30)).toBe('2026-12-27');
  });

  it('the texts name the last day in Italian, lower case', () => {
    expect(uncoveredNoneUntil(uncoveredDefaultEnd('2026-11-28'))).toBe('Nessuna partita scoperta fino a domenica 6 dicembre');
    expect(uncoveredCountUntil(1, '2026-12-06')).toBe('1 partita senza designazioni fino a domenica 6 dicembre');
    expect(uncoveredCountUntil(5, '2027-01-03')).toBe('5 partite senza designazioni fino a domenica 3 gennaio');
  });
});
