// The answers of the category routes (server/features/groups/routes.ts) as zod schemas: the routes
// declare them (they encode every answer and make the OpenAPI document), the SPA reads their types
// (src/features/groups/groupsApi.ts, with `import type`: no schema reaches the bundle).
import { z } from '../core/zod';
import { NOTIFICHE_SCELTE } from '../notifications/rules';
import type { Gruppo } from './rules';
import type { GruppoDeletePreview } from './delete-preview';

const referente = z.object({
  nome: z.string(),
  cognome: z.string(),
  telefono: z.string().nullable(),
  email: z.string().nullable().optional(),
  notifiche: z.enum(NOTIFICHE_SCELTE).optional(),
});

export const gruppoSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  components: z.array(referente),
  arbitroSocieta: z.boolean().optional(),
  annoDa: z.number().nullable().optional(),
  annoA: z.number().nullable().optional(),
  maxDistinta: z.number().optional(),
}) satisfies z.ZodType<Gruppo>;

/** GET /api/gruppi: every category with its referents. */
export const gruppiResponse = z.object({ data: z.array(gruppoSchema), count: z.number() });
export type GruppiResponse = z.infer<typeof gruppiResponse>;

/** POST (201), PUT and DELETE /api/gruppi[/:id]: the category as it is now (or was, for a delete). */
export const gruppoResponse = z.object({ data: gruppoSchema });
export type GruppoResponse = z.infer<typeof gruppoResponse>;

/** GET /api/gruppi/{id}/eliminazione: what a delete would take with it. */
export const deletePreviewResponse = z.object({
  data: z.object({
    name: z.string(),
    partite: z.number(),
    referenti: z.number(),
    allenamenti: z.array(z.object({ giorno: z.number(), oraInizio: z.string(), oraFine: z.string(), campo: z.string() })),
    giocatori: z.number().optional(),
  }) satisfies z.ZodType<GruppoDeletePreview>,
});
