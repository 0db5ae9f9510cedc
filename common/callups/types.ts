// The answers of the call-up routes (server/features/callups/routes.ts) as zod schemas: the routes
// declare them (they encode every answer and make the OpenAPI document), the SPA reads their types
// with `import type` (no schema reaches the bundle).
import { z } from '../core/zod';
import { RISPOSTE, type Conteggi, type Convocato, type Convocazione, type PartitaConvocazione } from './rules';

const conteggiSchema = z.object({ convocati: z.number(), si: z.number(), no: z.number(), inAttesa: z.number() }) satisfies z.ZodType<Conteggi>;

const convocatoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  gruppo: z.string(),
  fuoriQuota: z.boolean(),
  risposta: z.enum(RISPOSTE).nullable(),
  nota: z.string().nullable(),
  rispostoIl: z.string().nullable(),
  rispostaStaff: z.boolean(),
  avvisabile: z.boolean(),
  invitatoIl: z.string().nullable(),
  promemoriaIl: z.string().nullable(),
}) satisfies z.ZodType<Convocato>;

const partitaSchema = z.object({
  data: z.string(),
  ora: z.string(),
  squadracasa: z.string(),
  squadratrasferta: z.string(),
  gruppo: z.string(),
  campo: z.string(),
  stato: z.string().nullable(),
}) satisfies z.ZodType<PartitaConvocazione>;

export const convocazioneSchema = z.object({
  partitaId: z.number(),
  partita: partitaSchema,
  salvata: z.boolean(),
  giocatori: z.array(convocatoSchema),
  ritrovo: z.object({ ora: z.string(), luogo: z.string() }),
  scadenza: z.string(),
  note: z.string().nullable(),
  inviataIl: z.string().nullable(),
  chiusa: z.boolean(),
  conteggi: conteggiSchema,
}) satisfies z.ZodType<Convocazione>;

/** GET and PUT /api/partite/{id}/convocazione, PUT .../giocatori/{giocatoreId}: the call-up as it is now. */
export const convocazioneResponse = z.object({ data: convocazioneSchema });
export type ConvocazioneResponse = z.infer<typeof convocazioneResponse>;

/** A player whose family has no email: to be told by voice. */
export interface DaAvvisare {
  id: number;
  nome: string;
  cognome: string;
}

export interface Invio {
  /** Mails queued (one per guardian's address and player). */
  inviate: number;
  /** The players called whose family has no email ('da avvisare a voce'). */
  daAvvisare: DaAvvisare[];
}

/** POST /api/partite/{id}/convocazione/invia and .../sollecita. */
export const invioResponse = z.object({
  data: z.object({
    inviate: z.number(),
    daAvvisare: z.array(z.object({ id: z.number(), nome: z.string(), cognome: z.string() }) satisfies z.ZodType<DaAvvisare>),
  }) satisfies z.ZodType<Invio>,
});
export type InvioResponse = z.infer<typeof invioResponse>;

/** One match's call-up in a period: the counts, the deadline, whether it was saved and sent, the match. */
export interface ConvocazionePeriodo extends Conteggi {
  /** false: no call-up saved yet (listed with `partite=tutte` only): nobody called, the default deadline. */
  salvata: boolean;
  inviataIl: string | null;
  scadenza: string;
  partita: PartitaConvocazione;
}

/** GET /api/convocazioni?from=&to=: the call-ups of the matches of those days the caller may see, by match id. */
export const convocazioniPeriodoResponse = z.object({
  data: z.record(
    z.string(),
    z.object({
      convocati: z.number(),
      si: z.number(),
      no: z.number(),
      inAttesa: z.number(),
      salvata: z.boolean(),
      inviataIl: z.string().nullable(),
      scadenza: z.string(),
      partita: partitaSchema,
    }) satisfies z.ZodType<ConvocazionePeriodo>,
  ),
});
export type ConvocazioniPeriodoResponse = z.infer<typeof convocazioniPeriodoResponse>;
