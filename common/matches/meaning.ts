// What a match means to the people who read it (docs/matches.md, status), one definition for every output: the
// dashboards and the public page, the /estrazione previews, the CSV, the three PDFs, the calendar
// feeds and the referents' mails. Five meanings, from the stored status (partite.stato) and the two
// columns that tell the kinds of 'rinviata' apart (data_da_definire, migration 014; data_originale,
// migration 016):
// - programmata: in programma;
// - spostata: moved to a new date and played there: reads 'In programma', with 'Spostata dal dd/mm/yyyy';
// - da_definire: postponed, the new date still to be set: 'Rinviata - data da definire';
// - sospesa, annullata.
import { statoOf, type StatoPartita } from '../status/read';
import { countOf } from '../core/plural';

export const MEANINGS = ['programmata', 'spostata', 'da_definire', 'sospesa', 'annullata'] as const;
export type MatchMeaning = (typeof MEANINGS)[number];

/** What the meaning reads from a match (every endpoint sends these; hand-built records may lack them). */
export interface MeaningSource {
  stato?: StatoPartita | string | null;
  data_da_definire?: boolean | null;
  data_originale?: string | null;
}

export function meaningOf(p: MeaningSource): MatchMeaning {
  const stato = statoOf(p.stato);
  if (stato === 'rinviata') return p.data_da_definire === false ? 'spostata' : 'da_definire';
  return stato;
}

export const MEANING_MSG = {
  /** The status as a word (badges, the CSV's Stato column, the bold word on the sheets). */
  label: {
    programmata: 'In programma',
    spostata: 'In programma',
    da_definire: 'Rinviata - data da definire',
    sospesa: 'Sospesa',
    annullata: 'Annullata',
  } satisfies Record<MatchMeaning, string>,
  movedFrom: (data: string) => `Spostata dal ${data}`,
  moved: 'Spostata',
  /** The prefix of a feed event's SUMMARY ('ANNULLATA: Garibaldina - Fortis'). */
  feedPrefix: {
    programmata: null,
    spostata: null,
    da_definire: 'RINVIATA',
    sospesa: 'SOSPESA',
    annullata: 'ANNULLATA',
  } satisfies Record<MatchMeaning, string | null>,
  /** Counts of the matches not played, as headings name them apart ('3 partite, 1 annullata'). */
  others: {
    da_definire: (n: number) => countOf(n, 'rinviata', 'rinviate'),
    sospesa: (n: number) => countOf(n, 'sospesa', 'sospese'),
    annullata: (n: number) => countOf(n, 'annullata', 'annullate'),
  },
  played: (n: number) => countOf(n, 'partita', 'partite'),
} as const;

/** '2026-11-21' -> '21/11/2026'. */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface MatchReading {
  meaning: MatchMeaning;
  /** Played at its date and time (in programma, moved or not). */
  played: boolean;
  /** 'In programma', 'Rinviata - data da definire', 'Sospesa', 'Annullata'. */
  label: string;
  /** 'Spostata dal 21/11/2026' (or 'Spostata' when the first date is unknown) for a moved match; else null. */
  note: string | null;
  /** label and note together: 'In programma - Spostata dal 21/11/2026'. */
  text: string;
  /** The word beside a match on cards and sheets: the note of a moved one, else the label; null in programma. */
  badge: string | null;
  /** iCalendar: CANCELLED for a match that will not be played at that time (date to be set, cancelled). */
  feedStatus: 'CONFIRMED' | 'CANCELLED';
  /** 'RINVIATA', 'SOSPESA', 'ANNULLATA' before the SUMMARY; null when played. */
  feedPrefix: string | null;
}

/** How every output reads a match's status. */
export function readMatch(p: MeaningSource): MatchReading {
  const meaning = meaningOf(p);
  const label = MEANING_MSG.label[meaning];
  const note = meaning === 'spostata' ? (p.data_originale ? MEANING_MSG.movedFrom(ddmmyyyy(p.data_originale)) : MEANING_MSG.moved) : null;
  return {
    meaning,
    played: meaning === 'programmata' || meaning === 'spostata',
    label,
    note,
    text: note ? `${label} - ${note}` : label,
    badge: meaning === 'programmata' ? null : (note ?? label),
    feedStatus: meaning === 'da_definire' || meaning === 'annullata' ? 'CANCELLED' : 'CONFIRMED',
    feedPrefix: MEANING_MSG.feedPrefix[meaning],
  };
}

/**
 * A heading's count: the matches that will be played, then the others named apart
 * ('3 partite', '3 partite, 1 annullata', '0 partite, 1 rinviata, 2 annullate').
 */
export function countLine(matches: MeaningSource[]): string {
  const counts = emptyMeaningCounts();
  for (const m of matches) counts[meaningOf(m)]++;
  return countLineOf(counts);
}

/** How many matches have each meaning (a paged table's heading is counted by the server). */
export type MeaningCounts = Record<MatchMeaning, number>;

export const emptyMeaningCounts = (): MeaningCounts => ({ programmata: 0, spostata: 0, da_definire: 0, sospesa: 0, annullata: 0 });

/** countLine of matches known by their counts ('120 partite, 1 annullata'). */
export function countLineOf(counts: MeaningCounts): string {
  const parts = [MEANING_MSG.played((counts.programmata ?? 0) + (counts.spostata ?? 0))];
  for (const k of ['da_definire', 'sospesa', 'annullata'] as const) if (counts[k]) parts.push(MEANING_MSG.others[k](counts[k]));
  return parts.join(', ');
}
