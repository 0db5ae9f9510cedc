// The answers of the match routes (server/features/matches/routes.ts) as zod schemas: the routes
// declare them (they encode every answer and make the OpenAPI document), the SPA reads their types
// (src/features/matches/matchesApi.ts, with `import type`: no schema reaches the bundle).
import { z } from '../core/zod';
import { STATI } from '../status/read';
import type { DesignazioniView } from '../officials/rules';
import { TERRENI, TIPI_GARA, type Partita, type PartiteFilters } from './read';

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

/** GET /api/partite/{id}: the match, and its designations with names. */
export interface PartitaDesignazioniResponse extends PartitaResponse {
  designazioni: DesignazioniView;
}

/** A match as stored and read (dates 'YYYY-MM-DD', times 'HH:MM:SS'); the board and the clash check read it without data_originale. */
export const partitaSchema = z.object({
  id: z.number(),
  data: z.string(),
  ora: z.string(),
  ora_fine: z.string().nullable(),
  squadracasa: z.string(),
  squadratrasferta: z.string(),
  gruppo: z.string(),
  campo: z.string(),
  is_house_match: z.boolean(),
  spogliatoio_gari: z.number().nullable(),
  spogliatoio_ospiti: z.number().nullable(),
  terreno: z.enum(TERRENI).nullable(),
  tipo_gara: z.enum(TIPI_GARA).nullable(),
  stato: z.enum(STATI).optional(),
  motivo_stato: z.string().nullable().optional(),
  data_da_definire: z.boolean().optional(),
  data_originale: z.string().nullable().optional(),
}) satisfies z.ZodType<Partita>;

const designato = z.object({ id: z.number(), nome: z.string(), cognome: z.string() }).nullable();
/** A match's designations with the people's names (docs/officials.md): every role, null for nobody. */
export const designazioniViewSchema = z.object({ arbitro: designato, accompagnatore: designato, addettoArbitro: designato }) satisfies z.ZodType<DesignazioniView>;

const avviso = z.string().optional();

/** POST /api/partite (201): the match as stored, and the closure warning if any. */
export const partitaResponse = z.object({ data: partitaSchema, avviso }) satisfies z.ZodType<PartitaResponse>;

/** GET and PUT /api/partite/{id}: the match, its designations with names, and (PUT) the closure warning if any. */
export const partitaDesignazioniResponse = z.object({ data: partitaSchema, designazioni: designazioniViewSchema, avviso }) satisfies z.ZodType<PartitaDesignazioniResponse>;

/** DELETE /api/partite/{id}. */
export const partitaDeletedResponse = z.object({ success: z.literal(true), data: z.object({ id: z.number() }) });

/** GET /api/squadre/suggestions, GET /api/campi/suggestions. */
export const suggestionsResponse = z.object({ data: z.array(z.object({ name: z.string(), usage_count: z.number() })) }) satisfies z.ZodType<SuggestionsResponse>;
