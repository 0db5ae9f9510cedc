// The answers of the player routes (server/features/players/routes.ts) as zod schemas: the routes
// declare them (they encode every answer and make the OpenAPI document), the SPA reads their types
// with `import type` (no schema reaches the bundle).
import { z } from '../core/zod';
import { ACTIVITY_TYPES } from '../logs/constants';
import { MOTIVI_SCADENZA, TIPI_CERTIFICATO, type Giocatore, type GruppiSeguiti, type RegolaCertificato, type VoceScadenza } from './rules';

const certificato = z.object({ tipo: z.enum(TIPI_CERTIFICATO), scadenza: z.string() });
const contatto = z.object({ nome: z.string(), relazione: z.string().nullable(), email: z.string().nullable(), telefono: z.string().nullable() });

export const giocatoreSchema = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  dataNascita: z.string(),
  gruppo: z.string(),
  numeroTessera: z.string().nullable(),
  certificato: certificato.nullable(),
  squalificatoFino: z.string().nullable(),
  contatti: z.array(contatto),
  note: z.string().nullable(),
}) satisfies z.ZodType<Giocatore>;

/** The certificate rule's settings the server applies (common/players/rules.ts), for the SPA to apply the same. */
export const regolaSchema = z.object({ etaAgonistico: z.number(), inizioStagione: z.string() }) satisfies z.ZodType<RegolaCertificato>;

/**
 * GET /api/giocatori: the players the caller may see (filtered), by category, surname and name; `seguite`: the
 * names of the categories the caller follows (every one for administrators), in name order, for the screen's picker.
 */
export const giocatoriResponse = z.object({ data: z.array(giocatoreSchema), count: z.number(), regola: regolaSchema, seguite: z.array(z.string()) });
export type GiocatoriResponse = z.infer<typeof giocatoriResponse>;

/** GET /api/giocatori/{id}: one player. */
export const giocatoreResponse = z.object({ data: giocatoreSchema });
export type GiocatoreResponse = z.infer<typeof giocatoreResponse>;

/** POST (201) and PUT /api/giocatori[/{id}]: the player as saved, and the warnings of the save (saved all the same). */
export const giocatoreSaveResponse = z.object({ data: giocatoreSchema, avvisi: z.array(z.string()) });
export type GiocatoreSaveResponse = z.infer<typeof giocatoreSaveResponse>;

/** DELETE /api/giocatori/{id}: the erased player's id and the Italian message. */
export const giocatoreEraseResponse = z.object({ data: z.object({ id: z.number() }), message: z.string() });
export type GiocatoreEraseResponse = z.infer<typeof giocatoreEraseResponse>;

const voceScadenza = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  gruppo: z.string(),
  motivo: z.enum(MOTIVI_SCADENZA),
  data: z.string().nullable(),
}) satisfies z.ZodType<VoceScadenza>;

/** GET /api/giocatori/scadenze: the expiry panel of the categories the caller follows, on `oggi`. */
export const scadenzeResponse = z.object({ data: z.array(voceScadenza), count: z.number(), oggi: z.string(), giorni: z.number(), regola: regolaSchema });
export type ScadenzeResponse = z.infer<typeof scadenzeResponse>;

export const MOTIVI_RIMOZIONE = ['categoria_inattiva', 'non_aggiornato'] as const;
export type MotivoRimozione = (typeof MOTIVI_RIMOZIONE)[number];

/** A player proposed for erasure ('Da rimuovere', docs/players.md). */
export interface DaRimuovere {
  id: number;
  nome: string;
  cognome: string;
  gruppo: string;
  motivo: MotivoRimozione;
  /** When the player's record last changed (an instant, ISO). */
  aggiornatoIl: string;
}

/** GET /api/giocatori/da-rimuovere (admins). */
export const daRimuovereResponse = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      nome: z.string(),
      cognome: z.string(),
      gruppo: z.string(),
      motivo: z.enum(MOTIVI_RIMOZIONE),
      aggiornatoIl: z.string(),
    }) satisfies z.ZodType<DaRimuovere>,
  ),
  count: z.number(),
});
export type DaRimuovereResponse = z.infer<typeof daRimuovereResponse>;

/** An activity record about the player, as the export carries it (it names no player: ids and categories). */
export interface AttivitaGiocatore {
  creatoIl: string;
  tipo: (typeof ACTIVITY_TYPES)[number];
  messaggio: string;
  utente: string | null;
}

/** GET /api/giocatori/{id}/export (admins): everything held about one player. */
export const giocatoreExportResponse = z.object({
  data: z.object({
    esportatoIl: z.string(),
    giocatore: giocatoreSchema.extend({ creatoIl: z.string(), aggiornatoIl: z.string() }),
    attivita: z.array(
      z.object({ creatoIl: z.string(), tipo: z.enum(ACTIVITY_TYPES), messaggio: z.string(), utente: z.string().nullable() }) satisfies z.ZodType<AttivitaGiocatore>,
    ),
  }),
});
export type GiocatoreExportResponse = z.infer<typeof giocatoreExportResponse>;

/** POST /api/giocatori/import (201): how many were created and their ids. */
export const importGiocatoriResponse = z.object({ create: z.number(), ids: z.array(z.number()) });
export type ImportGiocatoriResponse = z.infer<typeof importGiocatoriResponse>;

/** The categories a user follows, as the users answers carry them (`gruppiSeguiti`). */
export const gruppiSeguitiSchema = z.object({ tutte: z.boolean(), gruppi: z.array(z.string()) }) satisfies z.ZodType<GruppiSeguiti>;


/** A planned match's flag (docs/players.md, expiry alerts): how many players of its category may not play on its day. */
export interface AvvisoPartita {
  nonIdonei: number;
}

/**
 * GET /api/giocatori/avvisi-partite: by match id, the planned matches of the period with at least one
 * player of their category whose certificate will not cover the match day (the categories the caller follows).
 */
export const avvisiPartiteResponse = z.object({
  data: z.record(z.string(), z.object({ nonIdonei: z.number() }) satisfies z.ZodType<AvvisoPartita>),
});
export type AvvisiPartiteResponse = z.infer<typeof avvisiPartiteResponse>;
