// The answers of the clash routes (docs/occupancy.md) as types and zod schemas: server/features/occupancy/routes.ts
// declares the schemas (they encode every answer and make the OpenAPI document), the SPA reads the types
// (src/features/occupancy/occupancyApi.ts, src/features/matches/matchesApi.ts, with `import type`: no schema
// reaches the bundle).
import { z } from '../core/zod';
import type { Partita } from '../matches/read';
import type { ClashInfo, ClashReason } from './rules';
import type { Chiusura } from '../closures/rules';
import type { SlotDay } from './slots';
import { allenamentoSchema, type SlotLiberiResponse } from '../trainings/types';
import type { Allenamento } from '../trainings/rules';
import { partitaSchema } from '../matches/types';
import { chiusuraSchema } from '../closures/types';

/** A clash of a match of the board with another of its day (without the other match's row). */
export type OccupancyClash = ClashInfo;

/**
 * A match of the board, with its first clashes (CLASH_LIST_MAX, common/occupancy/rules.ts) and, when it
 * has more, how many more ('e altre N sovrapposizioni').
 */
export type OccupancyMatch = Partita & { conflitti: OccupancyClash[]; altre?: number };

/** One training of the board: a series on one of its dates (docs/trainings.md), with its clashes. */
export interface OccupancyTraining {
  /** The series' id. */
  id: number;
  data: string;
  gruppo: string;
  campo: string;
  oraInizio: string;
  oraFine: string;
  spogliatoi: number[];
  conflitti: OccupancyClash[];
}

/** The board's period: every match of the days from..to that holds its facilities, and every training. */
export interface Occupancy {
  from: string;
  to: string;
  /** The changeover margin in minutes. */
  margin: number;
  /** The club's closures that meet the period (docs/trainings.md): no training on their days. */
  chiusure?: Chiusura[];
  partite: OccupancyMatch[];
  allenamenti: OccupancyTraining[];
}

/** GET /api/occupazione?from=&to= */
export interface OccupancyResponse {
  data: Occupancy;
}

/** A clash as a save's 409 and the live check list it: with a match (its row), or with a training (the series). */
export interface Conflitto {
  id: number;
  motivo: ClashReason;
  messaggio: string;
  partita?: Partita;
  allenamento?: Allenamento;
}

/** POST /api/partite/conflitti: the form's live check. */
export interface ConflittiResponse {
  conflitti: Conflitto[];
  /** The date is in a club closure ('Il club è chiuso in questa data (...)'): a warning, the save goes through. */
  avviso?: string;
}

const clashReason = z.enum(['campo', 'spogliatoio', 'squadra', 'allenamento', 'persona']) satisfies z.ZodType<ClashReason>;
const clashInfo = z.object({ id: z.number(), motivo: clashReason, messaggio: z.string() }) satisfies z.ZodType<ClashInfo>;

const occupancyMatch = partitaSchema.extend({ conflitti: z.array(clashInfo), altre: z.number().optional() }) satisfies z.ZodType<OccupancyMatch>;

const occupancyTraining = z.object({
  id: z.number(),
  data: z.string(),
  gruppo: z.string(),
  campo: z.string(),
  oraInizio: z.string(),
  oraFine: z.string(),
  spogliatoi: z.array(z.number()),
  conflitti: z.array(clashInfo),
}) satisfies z.ZodType<OccupancyTraining>;

/** GET /api/occupazione?from=&to=: the board of the period. */
export const occupancyResponse = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    margin: z.number(),
    chiusure: z.array(chiusuraSchema).optional(),
    partite: z.array(occupancyMatch),
    allenamenti: z.array(occupancyTraining),
  }) satisfies z.ZodType<Occupancy>,
}) satisfies z.ZodType<OccupancyResponse>;

const conflitto = z.object({
  id: z.number(),
  motivo: clashReason,
  messaggio: z.string(),
  partita: partitaSchema.optional(),
  allenamento: allenamentoSchema.optional(),
}) satisfies z.ZodType<Conflitto>;

/** POST /api/partite/conflitti: the form's live check. */
export const conflittiResponse = z.object({ conflitti: z.array(conflitto), avviso: z.string().optional() }) satisfies z.ZodType<ConflittiResponse>;

const slot = z.object({ data: z.string(), ora: z.string(), oraFine: z.string(), campo: z.string(), spogliatoi: z.array(z.number()) });

/** GET /api/slot-liberi: the days with free slots (common/occupancy/slots.ts; the type is common/trainings/types.ts's). */
export const slotLiberiResponse = z.object({
  data: z.array(z.object({ data: z.string(), primi: z.array(slot), altri: z.array(slot) }) satisfies z.ZodType<SlotDay>),
}) satisfies z.ZodType<SlotLiberiResponse>;
