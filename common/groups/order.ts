/**
 * The one order of categories, used by every list and picker of the SPA and by the
 * server's lists: by age where the name says it (Piccoli Amici, Primi Calci, Pulcini, Esordienti,
 * Giovanissimi, Allievi, Juniores), then the rest; alphabetical (Italian collation) within each.
 * A name containing one of those words sorts with it: 'Pulcini 2015' after 'Primi Calci',
 * 'Allievi Regionali' with the Allievi.
 */
export const AGE_ORDER = ['Piccoli Amici', 'Primi Calci', 'Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi', 'Juniores'] as const;

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
const AGE_KEYS = AGE_ORDER.map(fold);

/** The age band of a name (0 = Piccoli Amici ... 6 = Juniores), or AGE_ORDER.length for any other name; the first word found wins. */
export function ageRank(name: string): number {
  const n = ` ${fold(name)} `;
  let best: number = AGE_ORDER.length;
  let at = Infinity;
  AGE_KEYS.forEach((key, i) => {
    const pos = n.indexOf(key);
    if (pos >= 0 && pos < at) {
      at = pos;
      best = i;
    }
  });
  return best;
}

/** Compares two category names: age band first, then alphabetical (case and accents aside, numbers by value). */
export function compareGruppi(a: string, b: string): number {
  return ageRank(a) - ageRank(b) || collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A sorted copy of a list of names, or of things with a name (`key`). */
export function sortGruppi(names: readonly string[]): string[];
export function sortGruppi<T>(items: readonly T[], key: (item: T) => string): T[];
export function sortGruppi<T>(items: readonly T[], key?: (item: T) => string): T[] {
  const nameOf = key ?? ((x: T) => x as unknown as string);
  return [...items].sort((a, b) => compareGruppi(nameOf(a), nameOf(b)));
}
