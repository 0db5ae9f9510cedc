// The answers of the bulk status routes (docs/matches.md, status; server/features/matches/status.ts) as zod
// schemas: the routes declare them (they encode every answer and make the OpenAPI document), the SPA reads
// their types (src/features/matches/statusApi.ts, with `import type`: no schema reaches the bundle).
import { z } from '../core/zod';

/** POST /api/partite/stato: the operation (its id, for the undo) and how many matches changed. */
export interface CambiaStatoResponse {
  operazione: string;
  aggiornate: number;
}

/** POST /api/partite/stato/:operazione/annulla: the operation undone and how many matches went back. */
export interface AnnullaOperazioneResponse {
  operazione: string;
  ripristinate: number;
}

export const cambiaStatoResponse = z.object({ operazione: z.string(), aggiornate: z.number() }) satisfies z.ZodType<CambiaStatoResponse>;

export const annullaOperazioneResponse = z.object({ operazione: z.string(), ripristinate: z.number() }) satisfies z.ZodType<AnnullaOperazioneResponse>;
