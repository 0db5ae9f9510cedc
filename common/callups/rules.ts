// Call-ups (docs/callups.md): the bodies of the API and of the families' form, the defaults of the
// ritrovo and of the deadline, the instants they stand for, and the counts of the coach's view.
import dayjs from 'dayjs';
import { z } from '../core/zod';
import { isSingleLine } from '../core/text';
import { isIsoDate } from '../core/date-text';
import { todayIn } from '../core/dates';
import { localInstant } from '../matches/times';
import { CONVOCAZIONI_MSG } from './messages';

const M = CONVOCAZIONI_MSG.invalid;

export const RISPOSTE = ['si', 'no'] as const;
export type Risposta = (typeof RISPOSTE)[number];

/** The ritrovo's default: this many minutes before the kick-off, at the match's pitch. */
export const RITROVO_ANTICIPO_DEFAULT = 45;
/** The earliest ritrovo: this many hours before the kick-off. */
export const RITROVO_ORE_MAX = 6;
/** The deadline's default: this many minutes (24 hours) before the ritrovo. */
export const SCADENZA_ANTICIPO_DEFAULT = 24 * 60;
/** The earliest deadline: this many days before the ritrovo. */
export const SCADENZA_GIORNI_MAX = 14;
/** The reminder goes this many minutes (24 hours) before the deadline, to the families who have not answered. */
export const PROMEMORIA_ANTICIPO = 24 * 60;
/** Reminders only between these hours of APP_TIMEZONE (from 8:00 to 21:00): never at night. */
export const PROMEMORIA_DALLE = 8;
export const PROMEMORIA_ALLE = 21;

export const CONVOCATI_MAX = 60;
export const LUOGO_MAX = 100;
export const NOTE_MAX = 500;
export const NOTA_MAX = 200;
/** The widest period of GET /api/convocazioni. */
export const PERIODO_GIORNI_MAX = 62;
const RAW_TEXT_MAX = 1000;
const ID_MAX = 2147483647;

// ---------------------------------------------------------------- the bodies

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A date-time with its offset: '2026-05-08T18:00+02:00', '2026-05-08T16:00:00.000Z'. */
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

const luogo = z
  .string({ error: M.ritrovoLuogo })
  .max(RAW_TEXT_MAX, M.ritrovoLuogoLungo(LUOGO_MAX))
  .trim()
  .min(1, M.ritrovoLuogo)
  .max(LUOGO_MAX, M.ritrovoLuogoLungo(LUOGO_MAX))
  .refine(isSingleLine, M.ritrovoLuogoRiga);

/** A note of the families (one line), blank or absent: null. */
const nota = z
  .string({ error: M.nota(NOTA_MAX) })
  .max(RAW_TEXT_MAX, M.nota(NOTA_MAX))
  .nullish()
  .transform((v) => (v ?? '').trim() || null)
  .refine((v) => v === null || v.length <= NOTA_MAX, M.nota(NOTA_MAX))
  .refine(isSingleLine, M.notaRiga);

export interface RitrovoInput {
  /** 'HH:mm', on the match's day. */
  ora: string;
  /** null: the match's pitch. */
  luogo: string | null;
}

/** The body of PUT /api/partite/{id}/convocazione, after validation (absent ritrovo or scadenza: the defaults). */
export interface ConvocazioneInput {
  giocatori: number[];
  ritrovo: RitrovoInput | null;
  /** An instant with its offset ('2026-05-08T18:00:00+02:00'); null: 24 hours before the ritrovo. */
  scadenza: string | null;
  note: string | null;
}

const notAnObject = (message: string) => ({ error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined) });

export const convocazioneBodySchema = z
  .strictObject({
    giocatori: z
      .array(z.number({ error: M.giocatore }).int(M.giocatore).min(1, M.giocatore).max(ID_MAX, M.giocatore), { error: M.giocatori })
      .max(CONVOCATI_MAX, M.troppi(CONVOCATI_MAX))
      .refine((ids) => new Set(ids).size === ids.length, M.doppio),
    ritrovo: z
      .strictObject(
        {
          ora: z.string({ error: M.ritrovoOra }).max(5, M.ritrovoOra).regex(HHMM, M.ritrovoOra),
          luogo: luogo.nullish().transform((v) => v ?? null),
        },
        notAnObject(M.ritrovo),
      )
      .nullish()
      .transform((r): RitrovoInput | null => r ?? null),
    scadenza: z
      .string({ error: M.scadenza })
      .max(40, M.scadenza)
      .regex(ISO_OFFSET, M.scadenza)
      .refine((s) => isIsoDate(s.slice(0, 10)) && Number(s.slice(11, 13)) < 24 && !Number.isNaN(Date.parse(s)), M.scadenza)
      .nullish()
      .transform((s) => s ?? null),
    note: z
      .string({ error: M.note(NOTE_MAX) })
      .max(RAW_TEXT_MAX, M.note(NOTE_MAX))
      .nullish()
      .transform((v) => (v ?? '').trim() || null)
      .refine((v) => v === null || v.length <= NOTE_MAX, M.note(NOTE_MAX)),
  })
  .transform((v): ConvocazioneInput => v);

/** The body of PUT /api/partite/{id}/convocazione/giocatori/{giocatoreId} (staff, on a family's behalf). */
export const rispostaStaffBodySchema = z.strictObject({
  risposta: z.enum(RISPOSTE, { error: M.risposta }).nullable(),
  nota,
});
export type RispostaStaffInput = z.infer<typeof rispostaStaffBodySchema>;

/** The families' form (POST /c/{token}, application/x-www-form-urlencoded): other fields are ignored. */
export const rispostaFormSchema = z.object({
  risposta: z.enum(RISPOSTE, { error: CONVOCAZIONI_MSG.page.scegli }),
  nota,
});

/** GET /api/convocazioni?from=&to=[&partite=tutte]: at most PERIODO_GIORNI_MAX days; `partite=tutte` adds the matches without a call-up. */
export const periodoQuerySchema = z
  .strictObject({
    from: z.string({ error: M.periodo }).max(10, M.periodo).refine(isIsoDate, M.periodo),
    to: z.string({ error: M.periodo }).max(10, M.periodo).refine(isIsoDate, M.periodo),
    partite: z.literal('tutte', { error: M.partite }).optional(),
  })
  .refine((q) => q.from <= q.to && dayjs(q.to).diff(dayjs(q.from), 'day') < PERIODO_GIORNI_MAX, M.periodo);

// ---------------------------------------------------------------- times

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The minutes between a ritrovo at `ritrovo` ('HH:mm') and the kick-off at `ora` on the same day;
 * null when the ritrovo is after the kick-off.
 */
export function anticipoDi(ora: string, ritrovo: string): number | null {
  const diff = minutes(ora) - minutes(ritrovo);
  return diff < 0 ? null : diff;
}

/** What a call-up's times are relative to: its match (date 'YYYY-MM-DD', kick-off 'HH:mm[:ss]'). */
export interface MatchTime {
  data: string;
  ora: string;
}

/** The kick-off's instant (common/matches/times.ts: an ambiguous hour is its first occurrence). */
export const kickOff = (m: MatchTime, tz: string): Date => localInstant(m.data, m.ora.slice(0, 5), tz).instant;

/** The ritrovo's instant: `anticipo` minutes before the kick-off. */
export const ritrovoIstante = (m: MatchTime, anticipo: number, tz: string): Date => new Date(kickOff(m, tz).getTime() - anticipo * 60_000);

/** The deadline's instant: `scadenzaAnticipo` minutes before the ritrovo. */
export const scadenzaIstante = (m: MatchTime, anticipo: number, scadenzaAnticipo: number, tz: string): Date =>
  new Date(ritrovoIstante(m, anticipo, tz).getTime() - scadenzaAnticipo * 60_000);

/** The ritrovo's local time 'HH:mm'. */
export const ritrovoOra = (m: MatchTime, anticipo: number, tz: string): string => dayjs(ritrovoIstante(m, anticipo, tz)).tz(tz).format('HH:mm');

/** An instant as the API answers it: ISO 8601 with the offset of APP_TIMEZONE ('2026-05-08T18:00:00+02:00'). */
export const isoInZone = (instant: Date, tz: string): string => dayjs(instant).tz(tz).format('YYYY-MM-DDTHH:mm:ssZ');

/** An instant as the families read it: 'dd/mm/yyyy alle hh:mm' in APP_TIMEZONE. */
export const quandoText = (instant: Date, tz: string): string => dayjs(instant).tz(tz).format('DD/MM/YYYY [alle] HH:mm');

/**
 * The minutes between a deadline and the ritrovo, from an instant with offset; null when the
 * deadline is after the ritrovo, undefined when it is more than SCADENZA_GIORNI_MAX days before it.
 */
export function scadenzaAnticipoDi(ritrovo: Date, scadenza: string): number | null | undefined {
  const diff = Math.floor((ritrovo.getTime() - new Date(scadenza).getTime()) / 60_000);
  if (diff < 0) return null;
  if (diff > SCADENZA_GIORNI_MAX * 24 * 60) return undefined;
  return diff;
}

/** Whether a reminder may go at `now`: from PROMEMORIA_DALLE to PROMEMORIA_ALLE o'clock in APP_TIMEZONE. */
export function orarioPromemoria(now: Date, tz: string): boolean {
  const local = dayjs(now).tz(tz);
  const m = local.hour() * 60 + local.minute();
  return m >= PROMEMORIA_DALLE * 60 && m < PROMEMORIA_ALLE * 60;
}

/** Whether a family's link still opens on `now`: until the end of the match's day (APP_TIMEZONE). */
export const linkValido = (data: string, now: Date, tz: string) => todayIn(tz, now) <= data;

// ---------------------------------------------------------------- the coach's view

export interface ConvocatoRitrovo {
  ora: string;
  luogo: string;
}

/** A player called, as the API answers it. */
export interface Convocato {
  id: number;
  nome: string;
  cognome: string;
  /** The player's category. */
  gruppo: string;
  /** From another category than the match's ('fuori quota'). */
  fuoriQuota: boolean;
  risposta: Risposta | null;
  nota: string | null;
  /** When the current answer was given (an instant, ISO); null without one. */
  rispostoIl: string | null;
  /** The current answer was set by the staff on the family's behalf. */
  rispostaStaff: boolean;
  /** A guardian has an email: the family is asked by mail (else 'da avvisare a voce'). */
  avvisabile: boolean;
  /** When the family was asked (the current question); null: not yet. */
  invitatoIl: string | null;
  /** When the reminder of the current question went; null: none. */
  promemoriaIl: string | null;
}

export interface Conteggi {
  convocati: number;
  si: number;
  no: number;
  inAttesa: number;
}

/** The match of a call-up as its answers carry it (the 'Convocazioni' screen shows it without reading the match). */
export interface PartitaConvocazione {
  /** 'YYYY-MM-DD', 'HH:mm'. */
  data: string;
  ora: string;
  squadracasa: string;
  squadratrasferta: string;
  gruppo: string;
  campo: string;
  /** The match's state when it is not played as planned ('Annullata', 'Rinviata - data da definire', ...); null otherwise. */
  stato: string | null;
}

/** GET/PUT /api/partite/{id}/convocazione: the call-up (the defaults when none is saved yet). */
export interface Convocazione {
  partitaId: number;
  partita: PartitaConvocazione;
  /** A call-up is saved for the match (false: the answer shows the defaults and nobody called). */
  salvata: boolean;
  giocatori: Convocato[];
  ritrovo: ConvocatoRitrovo;
  /** When answers close: ISO with offset. */
  scadenza: string;
  note: string | null;
  /** When it was first sent to the families; null: not yet. */
  inviataIl: string | null;
  /** The deadline has passed: the families' links say 'Risposte chiuse'. */
  chiusa: boolean;
  conteggi: Conteggi;
}

export function conteggiOf(giocatori: ReadonlyArray<{ risposta: Risposta | null }>): Conteggi {
  const si = giocatori.filter((g) => g.risposta === 'si').length;
  const no = giocatori.filter((g) => g.risposta === 'no').length;
  return { convocati: giocatori.length, si, no, inAttesa: giocatori.length - si - no };
}

/** The dashboard card's line: 'Convocati 14 · sì 11 · no 1'. */
export const cardLine = (c: Conteggi) => CONVOCAZIONI_MSG.cardLine(c.convocati, c.si, c.no);
