// What reading a match's status needs (docs/matches.md, status): the statuses and their check. Tiny: the
// public page's sanitiser imports it (120 KB budget, docs/testing.md); labels and badge colours are in
// matchStatusLabels.ts, which the public page loads only for a card with a status to show.

/** Statuses of a match, as stored in partite.stato; 'programmata' is the default. */
export const STATI = ['programmata', 'rinviata', 'annullata', 'sospesa'] as const;
export type StatoPartita = (typeof STATI)[number];
export const DEFAULT_STATO: StatoPartita = 'programmata';
export const MOTIVO_MAX = 200;

export function isStato(value: unknown): value is StatoPartita {
  return (STATI as readonly unknown[]).includes(value);
}

/** A status read from the server: an unknown or missing value is the default. */
export function statoOf(value: unknown): StatoPartita {
  return isStato(value) ? value : DEFAULT_STATO;
}
