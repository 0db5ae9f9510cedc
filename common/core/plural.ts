/**
 * A count with its noun in the right number (docs/screens.md): '1 partita', '0 partite', '3 partite'. Italian
 * uses the plural for zero. Every count the interface prints goes through this (or its own one/many
 * pair where the words around change too).
 */
export function countOf(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}
