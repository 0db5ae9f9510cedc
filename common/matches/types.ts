// Answers of the match routes (server/features/matches/routes.ts) as the SPA reads them
// (src/features/matches/matchesApi.ts). Types only: nothing here runs.
import type { Partita, PartiteFilters } from './read';

/** A suggested team or campo name and how many matches use it. */
export interface Suggestion {
  name: string;
  usage_count: number;
}

/** GET /api/squadre/suggestions, GET /api/campi/suggestions. */
export interface SuggestionsResponse {
  data: Suggestion[];
}

/**
 * GET /api/partite/public (no sign-in): a page of the upcoming matches with the filters applied (the SPA
 * still sanitises them on read, sanitizePartite); `total` counts all of them (docs/public-page.md). On a
 * failure (a 429 past the per-address limit too): success false, data [], error.
 */
export interface PublicPartiteResponse {
  success: boolean;
  data: Partita[];
  total?: number;
  offset?: number;
  limit?: number;
  appliedFilters: PartiteFilters;
  error: string | null;
}

/** GET, POST (201) and PUT /api/partite[/:id]: the match as stored. */
export interface PartitaResponse {
  data: Partita;
  /** The match is in a club closure ('Il club è chiuso in questa data (...)'): saved all the same (docs/trainings.md). */
  avviso?: string;
}
