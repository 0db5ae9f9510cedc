// The answers of the clash routes (docs/occupazione.md), as server/features/occupazione/routes.ts sends them and
// the SPA reads them (src/features/occupazione/occupancyApi.ts, src/features/partite/matchesApi.ts).
// Types only: nothing here runs.
import type { Partita } from '../partite/read';
import type { Clash, ClashInfo } from './rules';

/** A clash of a match of the board with another of its day (without the other match's row). */
export type OccupancyClash = ClashInfo;

/** A match of the board, with its clashes. */
export type OccupancyMatch = Partita & { conflitti: OccupancyClash[] };

/** The board's period: every match of the days from..to that holds its facilities. */
export interface Occupancy {
  from: string;
  to: string;
  /** The changeover margin in minutes. */
  margin: number;
  partite: OccupancyMatch[];
}

/** GET /api/occupazione?from=&to= */
export interface OccupancyResponse {
  data: Occupancy;
}

/** POST /api/partite/conflitti: the form's live check, each clash with the other match's row. */
export interface ConflittiResponse {
  conflitti: Clash<Partita>[];
}
