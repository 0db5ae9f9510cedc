// The answers of the fixture import's routes (docs/import.md) as types and zod schemas: server/features/import/routes.ts
// declares the schemas (they encode every answer and make the OpenAPI document), src/features/import/importApi.ts
// reads the types (with `import type`: no schema reaches the bundle).
import { z } from '../core/zod';
import type { Partita } from '../matches/read';
import { partitaSchema } from '../matches/types';

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

export const importCheckResponse = z.object({
  gruppi: z.array(z.string()),
  existing: z.array(z.string()),
  partite: z.array(partitaSchema),
  margine: z.number(),
}) satisfies z.ZodType<ImportCheck>;

export const importResponse = z.object({ create: z.number(), ids: z.array(z.number()) }) satisfies z.ZodType<ImportResponse>;
