// The answers of the clash routes (docs/occupancy.md), as server/features/occupancy/routes.ts sends them and
// the SPA reads them (src/features/occupancy/occupancyApi.ts, src/features/matches/matchesApi.ts).
// Types only: nothing here runs.
import type { Partita } from '../matches/read';
import type { ClashInfo, ClashReason } from './rules';
import type { Allenamento } from '../trainings/rules';
import type { Chiusura } from '../closures/rules';

/** A clash of a match of the board with another of its day (without the other match's row). */
export type OccupancyClash = ClashInfo;

/**
 * A match of the board, with its first clashes (CLASH_LIST_MAX, common/occupancy/rules.ts) and, when it
 * has more, how many more ('e altre N sovrapposizioni').
 */
export type OccupancyMatch = Partita & { conflitti: OccupancyClash[]; altre?: number };

/** One training of the board: a series on one of its dates (docs/trainings.md), with its clashes. */
export interface OccupancyTraining {
  /** The series' id. */
  id: number;
  data: string;
  gruppo: string;
  campo: string;
  oraInizio: string;
  oraFine: string;
  spogliatoi: number[];
  conflitti: OccupancyClash[];
}

/** The board's period: every match of the days from..to that holds its facilities, and every training. */
export interface Occupancy {
  from: string;
  to: string;
  /** The changeover margin in minutes. */
  margin: number;
  /** The club's closures that meet the period (docs/trainings.md): no training on their days. */
  chiusure?: Chiusura[];
  partite: OccupancyMatch[];
  allenamenti: OccupancyTraining[];
}

/** GET /api/occupazione?from=&to= */
export interface OccupancyResponse {
  data: Occupancy;
}

/** A clash as a save's 409 and the live check list it: with a match (its row), or with a training (the series). */
export interface Conflitto {
  id: number;
  motivo: ClashReason;
  messaggio: string;
  partita?: Partita;
  allenamento?: Allenamento;
}

/** POST /api/partite/conflitti: the form's live check. */
export interface ConflittiResponse {
  conflitti: Conflitto[];
  /** The date is in a club closure ('Il club è chiuso in questa data (...)'): a warning, the save goes through. */
  avviso?: string;
}
