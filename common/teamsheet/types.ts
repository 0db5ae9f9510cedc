// The answers of the team sheet's routes (server/features/teamsheet/routes.ts, docs/teamsheet.md) as
// zod schemas: the routes declare them (they encode every answer and make the OpenAPI document), the
// SPA reads their types with `import type` (no schema reaches the bundle).
import { z } from '../core/zod';
import { RUOLI_STAFF, type VoceStaff } from './rules';

/** A called player's answer ('attesa': called, no answer yet); null: not called. */
export const CONVOCAZIONI = ['si', 'no', 'attesa'] as const;
export type Convocazione = (typeof CONVOCAZIONI)[number];

/** A player of a sheet (or one that may be added), with the check on the match's day. */
export interface GiocatoreDistinta {
  id: number;
  nome: string;
  cognome: string;
  dataNascita: string;
  /** The player's category (another one: a player 'fuori quota'). */
  gruppo: string;
  numeroTessera: string | null;
  /** The shirt number; null before the sheet is saved, and for the players that may be added. */
  numero: number | null;
  capitano: boolean;
  vice: boolean;
  /** False when a blocking reason holds: the player cannot be saved on the sheet. */
  idoneo: boolean;
  /** Blocking reasons, in Italian. */
  motivi: string[];
  /** Warnings, in Italian (printed as footnotes). */
  avvisi: string[];
  /** The call-up's answer; null when the player is not called (or the match has no call-up). */
  convocazione: Convocazione | null;
}

/** A match's team sheet as GET and PUT answer it. */
export interface Distinta {
  /** The match's id. */
  partita: number;
  /** The day the checks are made for: the match's date. */
  data: string;
  /** A home match (the referee's attendant is the home side's). */
  casa: boolean;
  /** The category's limit of players on a sheet. */
  maxDistinta: number;
  /** Saved at least once (PUT); before that `giocatori` is the proposal from the call-up or the roster. */
  salvata: boolean;
  /** The last save (an instant, ISO); null before any. */
  aggiornataIl: string | null;
  /** The sheet's players in its order; before any save the call-up's players ('si' first, then the others called), else the roster. */
  giocatori: GiocatoreDistinta[];
  /** The players that may be added: the others called, then the rest of the category's roster. */
  disponibili: GiocatoreDistinta[];
  /** The accompanying official and the referee's attendant (the match's designations), the coach and the others admitted. */
  staff: VoceStaff[];
  /** Whether the PDF may be printed now (no blocking reason). */
  stampabile: boolean;
  /** Blocking reasons of the whole sheet, in Italian. */
  motivi: string[];
  /** Warnings of the whole sheet, in Italian (printed as footnotes). */
  avvisi: string[];
  /** How many times the sheet was printed. */
  stampe: number;
}

const giocatoreDistintaSchema = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  dataNascita: z.string(),
  gruppo: z.string(),
  numeroTessera: z.string().nullable(),
  numero: z.number().nullable(),
  capitano: z.boolean(),
  vice: z.boolean(),
  idoneo: z.boolean(),
  motivi: z.array(z.string()),
  avvisi: z.array(z.string()),
  convocazione: z.enum(CONVOCAZIONI).nullable(),
}) satisfies z.ZodType<GiocatoreDistinta>;

const voceStaffSchema = z.object({
  ruolo: z.enum(RUOLI_STAFF),
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  numeroTessera: z.string().nullable(),
}) satisfies z.ZodType<VoceStaff>;

export const distintaSchema = z.object({
  partita: z.number(),
  data: z.string(),
  casa: z.boolean(),
  maxDistinta: z.number(),
  salvata: z.boolean(),
  aggiornataIl: z.string().nullable(),
  giocatori: z.array(giocatoreDistintaSchema),
  disponibili: z.array(giocatoreDistintaSchema),
  staff: z.array(voceStaffSchema),
  stampabile: z.boolean(),
  motivi: z.array(z.string()),
  avvisi: z.array(z.string()),
  stampe: z.number(),
}) satisfies z.ZodType<Distinta>;

/** GET and PUT /api/partite/{id}/distinta. */
export const distintaResponse = z.object({ data: distintaSchema });
export type DistintaResponse = z.infer<typeof distintaResponse>;

/** A player of a printed sheet: an erased player has no id and reads 'Giocatore rimosso'. */
export interface GiocatoreStampato {
  id: number | null;
  /** 'Cognome Nome', or 'Giocatore rimosso'. */
  nome: string;
  numero: number;
  capitano: boolean;
  vice: boolean;
}

/** One print of a sheet. */
export interface StampaDistinta {
  id: number;
  /** An instant, ISO. */
  stampataIl: string;
  /** Who printed it (email). */
  utente: string | null;
  giocatori: GiocatoreStampato[];
}

/** GET /api/partite/{id}/distinta/stampe: the prints, newest first. */
export const stampeResponse = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      stampataIl: z.string(),
      utente: z.string().nullable(),
      giocatori: z.array(
        z.object({ id: z.number().nullable(), nome: z.string(), numero: z.number(), capitano: z.boolean(), vice: z.boolean() }) satisfies z.ZodType<GiocatoreStampato>,
      ),
    }) satisfies z.ZodType<StampaDistinta>,
  ),
  count: z.number(),
});
export type StampeResponse = z.infer<typeof stampeResponse>;

/** A match of a day whose sheet the caller may open (the day sheet of /estrazione links it). */
export interface DistintaDelGiorno {
  partita: number;
  gruppo: string;
  salvata: boolean;
  /** Players on the saved sheet (0 before a save). */
  giocatori: number;
  stampe: number;
}

/** GET /api/distinte?data=: the day's matches of the categories the caller follows, by time. */
export const distinteGiornoResponse = z.object({
  data: z.array(
    z.object({ partita: z.number(), gruppo: z.string(), salvata: z.boolean(), giocatori: z.number(), stampe: z.number() }) satisfies z.ZodType<DistintaDelGiorno>,
  ),
  count: z.number(),
});
export type DistinteGiornoResponse = z.infer<typeof distinteGiornoResponse>;
