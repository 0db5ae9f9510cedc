// The answers of /api/allenamenti (server/features/trainings/routes.ts) as zod schemas: the routes
// declare them (they encode every answer and make the OpenAPI document), the SPA reads the types
// (src/features/trainings/trainingsApi.ts, with `import type`: no schema reaches the bundle).
// Also the answer type of /api/slot-liberi.
import { z } from '../core/zod';
import type { Allenamento } from './rules';
import type { Partita } from '../matches/read';
import type { SlotDay } from '../occupancy/slots';

export const allenamentoSchema = z.object({
  id: z.number(),
  gruppo: z.string(),
  campo: z.string(),
  giorno: z.number(),
  oraInizio: z.string(),
  oraFine: z.string(),
  dal: z.string(),
  al: z.string(),
  spogliatoi: z.array(z.number()),
  saltate: z.array(z.string()),
}) satisfies z.ZodType<Allenamento>;

export interface AllenamentiResponse {
  data: Allenamento[];
  count: number;
}

/** GET /api/allenamenti[?gruppo=&campo=]: the series, by category, weekday and time. */
export const allenamentiResponse = z.object({ data: z.array(allenamentoSchema), count: z.number() }) satisfies z.ZodType<AllenamentiResponse>;

export interface AllenamentoResponse {
  data: Allenamento;
}

/** POST (201) and PUT /api/allenamenti[/:id], POST /api/allenamenti/{id}/salta: the series as stored now. */
export const allenamentoResponse = z.object({ data: allenamentoSchema }) satisfies z.ZodType<AllenamentoResponse>;

/** DELETE /api/allenamenti/{id}: the id of the series deleted. */
export const allenamentoDeleteResponse = z.object({ success: z.literal(true), data: z.object({ id: z.number() }) });
export type AllenamentoDeleteResponse = z.infer<typeof allenamentoDeleteResponse>;

/** One clash of a series save (409 `conflitti`): with another series, or with a match. */
export interface AllenamentoConflitto {
  id: number;
  motivo: 'allenamento' | 'campo' | 'spogliatoio' | 'squadra';
  messaggio: string;
  /** The first date the two meet. */
  data: string;
  allenamento?: Allenamento;
  partita?: Partita;
}

/** GET /api/slot-liberi: the days with free slots, by date, each with its earliest slot per pitch and 'Altri orari' (common/occupancy/slots.ts). */
export interface SlotLiberiResponse {
  data: SlotDay[];
}
