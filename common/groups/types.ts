// Answers of the category changes (server/features/groups/routes.ts), as the SPA reads them
// (src/features/groups/groupsApi.ts). Types only: nothing here runs.
import type { Gruppo } from './rules';

/** GET /api/gruppi: every category with its referents. */
export interface GruppiResponse {
  data: Gruppo[];
  count: number;
}

/** POST (201), PUT and DELETE /api/gruppi[/:id]: the category as it is now (or was, for a delete). */
export interface GruppoResponse {
  data: Gruppo;
}
