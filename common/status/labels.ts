// Labels and badge colours of the match statuses (docs/matches.md, status). The public page's cards load this
// module (with the badge) only when a match is not In programma.
import { statoOf, type StatoPartita } from './read';
import type { MatchMeaning } from '../matches/meaning';

export const STATO_LABELS: Record<StatoPartita, string> = {
  programmata: 'In programma',
  rinviata: 'Rinviata',
  annullata: 'Annullata',
  sospesa: 'Sospesa',
};

/**
 * Badge colours: white text on these backgrounds has a contrast ratio of at least 4.5:1 (WCAG
 * 2.1 AA for normal text); common/status/rules.test.ts checks it.
 */
export const STATO_COLORS: Record<StatoPartita, { bg: string; fg: string }> = {
  programmata: { bg: '#1b5e20', fg: '#ffffff' },
  rinviata: { bg: '#a84300', fg: '#ffffff' },
  annullata: { bg: '#b71c1c', fg: '#ffffff' },
  sospesa: { bg: '#4a148c', fg: '#ffffff' },
};

/**
 * The badge of a match by its meaning (common/matches/meaning.ts): a moved match is in programma (its
 * colours), one whose date is to be set is a 'rinviata'.
 */
export const MEANING_COLORS: Record<MatchMeaning, { bg: string; fg: string }> = {
  programmata: STATO_COLORS.programmata,
  spostata: STATO_COLORS.programmata,
  da_definire: STATO_COLORS.rinviata,
  sospesa: STATO_COLORS.sospesa,
  annullata: STATO_COLORS.annullata,
};

/** The Italian label of a status (unknown values: the default's). */
export function statoLabel(value: unknown): string {
  return STATO_LABELS[statoOf(value)];
}

/** The reason's label on the cards ('Motivo: Campo allagato'). */
export const MOTIVO_LABEL = 'Motivo';
