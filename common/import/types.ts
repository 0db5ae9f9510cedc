// The answers of the fixture import's routes (docs/import.md), as server/features/import/routes.ts sends
// them and src/features/import/importApi.ts reads them. Types only: nothing here runs.
import type { Partita } from '../matches/read';

/** POST /api/partite/import/check: what the preview needs of the file's days. */
export interface ImportCheck {
  /** Category names. */
  gruppi: string[];
  /** duplicateKey of the matches already stored on the asked days. */
  existing: string[];
  /** The matches of those days that hold their campo, rooms and teams (not cancelled or postponed; docs/occupancy.md). */
  partite: Partita[];
  /** The changeover margin in minutes (CLASH_MARGIN_MINUTES, docs/occupancy.md). */
  margine: number;
}

/** POST /api/partite/import (201): how many matches were created and their ids, in the order of the rows sent. */
export interface ImportResponse {
  create: number;
  ids: number[];
}
