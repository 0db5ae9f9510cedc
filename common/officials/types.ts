// The answers of /api/dirigenti, /api/partite/{id}/designazioni, /api/designazioni and
// /api/designazioni/scoperte (server/features/officials/routes.ts, docs/officials.md) as zod schemas:
// the routes declare them (they encode every answer and make the OpenAPI document), the SPA reads the
// types (src/api/designationsApi.ts, src/features/officials/officialsApi.ts, with `import type`: no
// schema reaches the bundle).
import { z } from '../core/zod';
import { QUALIFICHE, RUOLI, type Dirigente, type DesignazioniView, type PersonaScoperte, type Ruolo } from './rules';
import type { Partita } from '../matches/read';
import { designazioniViewSchema, partitaSchema } from '../matches/types';

export const dirigenteSchema = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
  qualifiche: z.array(z.enum(QUALIFICHE)),
  attivo: z.boolean(),
  numeroTessera: z.string().nullable(),
}) satisfies z.ZodType<Dirigente>;

export interface DirigentiResponse {
  data: Dirigente[];
  count: number;
}

/** GET /api/dirigenti[?qualifica=&attivo=]: the people, by surname and name. */
export const dirigentiResponse = z.object({ data: z.array(dirigenteSchema), count: z.number() }) satisfies z.ZodType<DirigentiResponse>;

export interface DirigenteResponse {
  data: Dirigente;
}

/** POST (201) and PUT /api/dirigenti[/:id]: the person as stored now. */
export const dirigenteResponse = z.object({ data: dirigenteSchema }) satisfies z.ZodType<DirigenteResponse>;

/** DELETE /api/dirigenti/{id}: the id of the person deleted. */
export const dirigenteDeleteResponse = z.object({ success: z.literal(true), data: z.object({ id: z.number() }) });
export type DirigenteDeleteResponse = z.infer<typeof dirigenteDeleteResponse>;

/** GET /api/dirigenti/{id}/calendario (editor+): the private feed's address; POST .../revoca gives a new one. */
export interface CalendarioDirigenteResponse {
  data: { url: string };
}

export const calendarioDirigenteResponse = z.object({ data: z.object({ url: z.string() }) }) satisfies z.ZodType<CalendarioDirigenteResponse>;

/** PUT /api/partite/{id}/designazioni and GET /api/partite/{id}: the match's designations with names. */
export interface DesignazioniResponse {
  data: DesignazioniView;
}

export const designazioniResponse = z.object({ data: designazioniViewSchema }) satisfies z.ZodType<DesignazioniResponse>;

/** GET /api/designazioni?from=&to=: the designations of the matches of those days, by match id. */
export interface DesignazioniPeriodoResponse {
  data: Record<string, DesignazioniView>;
}

export const designazioniPeriodoResponse = z.object({ data: z.record(z.string(), designazioniViewSchema) }) satisfies z.ZodType<DesignazioniPeriodoResponse>;

/** A clash of a designation (409 `conflitti`): the person is on another match at that time. */
export interface DesignazioneConflitto {
  id: number;
  motivo: 'persona';
  messaggio: string;
  dirigenteId: number;
}

/**
 * One coming match missing a required designation. `occupati`: the people of the answer's `persone` busy
 * elsewhere at its time (a person clash); the free ones for each missing role are `liberiPer` of
 * common/officials/rules.ts (qualified, not already in a role of the match kept apart from it, not busy).
 */
export interface PartitaScoperta {
  partita: Partita;
  designazioni: DesignazioniView;
  mancanti: Ruolo[];
  occupati: number[];
}

/**
 * GET /api/designazioni/scoperte[?giorni=7] (editor+): by date and time, from today through `fino`
 * (yyyy-mm-dd): by default the Sunday after next, else `giorni` days (common/officials/window.ts).
 * `persone`: each active person qualified for a role some match misses, once (by surname and name),
 * so the answer grows with the matches plus the people, not with their product.
 */
export interface ScoperteResponse {
  data: PartitaScoperta[];
  persone: PersonaScoperte[];
  count: number;
  fino: string;
}

export const scoperteResponse = z.object({
  data: z.array(
    z.object({
      partita: partitaSchema,
      designazioni: designazioniViewSchema,
      mancanti: z.array(z.enum(RUOLI)),
      occupati: z.array(z.number()),
    }) satisfies z.ZodType<PartitaScoperta>,
  ),
  persone: z.array(
    z.object({ id: z.number(), nome: z.string(), cognome: z.string(), qualifiche: z.array(z.enum(QUALIFICHE)) }) satisfies z.ZodType<PersonaScoperte>,
  ),
  count: z.number(),
  fino: z.string(),
}) satisfies z.ZodType<ScoperteResponse>;
