// The answers of /api/chiusure (docs/trainings.md) as zod schemas: the routes declare them (they
// encode every answer and make the OpenAPI document), the SPA reads their types
// (src/features/trainings/closuresApi.ts, with `import type`: no schema reaches the bundle).
import { z } from '../core/zod';
import type { Chiusura } from './rules';

export interface ChiusureResponse {
  data: Chiusura[];
  count: number;
}

export interface ChiusuraResponse {
  data: Chiusura;
}

export const chiusuraSchema = z.object({ id: z.number(), nome: z.string(), dal: z.string(), al: z.string() }) satisfies z.ZodType<Chiusura>;

/** GET /api/chiusure: every closure, by start. */
export const chiusureResponse = z.object({ data: z.array(chiusuraSchema), count: z.number() }) satisfies z.ZodType<ChiusureResponse>;

/** POST (201) and PUT /api/chiusure[/:id]: the closure as stored. */
export const chiusuraResponse = z.object({ data: chiusuraSchema }) satisfies z.ZodType<ChiusuraResponse>;

/** DELETE /api/chiusure/:id. */
export const chiusuraDeletedResponse = z.object({ success: z.literal(true), data: z.object({ id: z.number() }) });
