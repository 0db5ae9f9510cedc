// The families' mails of a call-up (docs/callups.md), queued in the caller's transaction as jobs of the
// notification queue (tipo 'convocazione', migration 024) and sent by its worker with the same retries:
// the invitation, the reminder 24 hours before the deadline, the coach's 'Sollecita', the re-ask after
// the match's date, time or pitch changed, the news of a changed ritrovo, and of a match cancelled or
// postponed. A job keeps its text (with [[LINK]] where the personal link goes) and its calendar event;
// the worker writes the link and the iCalendar file when it sends it (sendCallupJob), so the queue
// holds no link. Shared: the call-up routes queue the first three, the notification worker the rest.
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import type { Db } from '../../db/pool';
import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import { orarioPromemoria, PROMEMORIA_ANTICIPO, quandoText } from '../../../common/callups/rules';
import { readMatch, MEANING_MSG } from '../../../common/matches/meaning';
import { weekdayDate } from '../../../common/core/dates';
import type { DaAvvisare, Invio } from '../../../common/callups/types';
import {
  avvisabile,
  callupTimes,
  domandaOf,
  readCallupRow,
  readConvocati,
  readMatchOf,
  recipientsOf,
  type CallupMatch,
  type CallupRow,
  type CallupTimes,
  type ConvocatoRow,
  type Domanda,
} from './repo';
import { callupInvitationIcs, type CallupEvent } from './ics';
import { answerUrl, tokenOf } from './tokens';

const M = CONVOCAZIONI_MSG.mail;
/** Where the worker writes the family's link into a mail's text. */
export const LINK_MARK = '[[LINK]]';

export type Motivo = 'invito' | 'promemoria' | 'sollecito' | 'cambio' | 'ritrovo' | 'stato';

/** The `dati` of a 'convocazione' job. */
export interface CallupJobData {
  kind: 'convocazione';
  motivo: Motivo;
  method: 'REQUEST' | 'CANCEL';
  partitaId: number;
  giocatoreId: number;
  /** The guardian's name, the ATTENDEE's CN. */
  contatto: string;
  evento: CallupEvent;
}

interface Ctx {
  match: CallupMatch;
  row: CallupRow;
  times: CallupTimes;
  tz: string;
}

const shortDay = (iso: string) => dayjs(iso).locale('it').format('dddd DD/MM');
const teams = (m: CallupMatch) => `${m.squadracasa} - ${m.squadratrasferta}`;
const nameOf = (p: ConvocatoRow) => `${p.nome} ${p.cognome}`;

/** The match's lines of every mail: as it is now. */
function details(ctx: Ctx): string[] {
  const { match: m, times: t, row } = ctx;
  const read = readMatch(m);
  return [
    `${M.partita}: ${teams(m)}`,
    `${M.categoria}: ${m.gruppo}`,
    `${M.data}: ${weekdayDate(m.data)}`,
    `${M.ora}: ${m.ora}`,
    `${M.campo}: ${m.campo}`,
    ...(read.played ? [`${M.ritrovo}: ${t.ritrovoOra}, ${t.luogo}`] : [read.text]),
    ...(row.note ? [`${M.note}: ${row.note}`] : []),
  ];
}

/** What changed between the question the families had and the match now ('Data: prima ..., ora ...'). */
function changeLines(prima: Domanda, m: CallupMatch): string[] {
  const lines: string[] = [];
  const line = (label: string, a: string, b: string) => {
    if (a !== b) lines.push(`  ${label}: ${M.prima} ${a}, ${M.adesso} ${b}`);
  };
  line(M.data, weekdayDate(prima.data), weekdayDate(m.data));
  line(M.ora, prima.ora, m.ora);
  line(M.campo, prima.campo, m.campo);
  if (prima.meaning !== readMatch(m).meaning) line('Stato', MEANING_MSG.label[prima.meaning], readMatch(m).label);
  return lines;
}

/** The Italian subject and text of one family's mail, [[LINK]] where the link goes. */
export function callupText(ctx: Ctx, p: ConvocatoRow, contatto: string, motivo: Motivo, extra: { cambi?: string[]; ritrovoPrima?: string } = {}): { oggetto: string; testo: string } {
  const { match: m, times: t, tz } = ctx;
  const read = readMatch(m);
  const partita = teams(m);
  const giorno = shortDay(m.data);
  const child = nameOf(p);
  const entro = quandoText(t.scadenza, tz);
  const rispondi = [M.rispondi(entro), LINK_MARK, M.privato];
  let oggetto: string;
  let intro: string[];
  let tail: string[];
  switch (motivo) {
    case 'invito':
      [oggetto, intro, tail] = [M.subjectInvito(partita, giorno), [M.invito(child)], rispondi];
      break;
    case 'promemoria':
      [oggetto, intro, tail] = [M.subjectPromemoria(partita, giorno), [M.promemoria(child)], rispondi];
      break;
    case 'sollecito':
      [oggetto, intro, tail] = [M.subjectPromemoria(partita, giorno), [M.sollecito(child)], rispondi];
      break;
    case 'cambio':
      [oggetto, intro, tail] = [M.subjectCambio(partita, giorno), [M.cambio(child), ...(extra.cambi ?? []), '', M.cambioRispondi], rispondi];
      break;
    case 'ritrovo':
      [oggetto, intro, tail] = [
        M.subjectRitrovo(partita, giorno),
        [M.ritrovoCambiato(child), ...(extra.ritrovoPrima ? [`  ${M.ritrovo}: ${M.prima} ${extra.ritrovoPrima}, ${M.adesso} ${t.ritrovoOra}, ${t.luogo}`] : []), '', M.ritrovoRisposta],
        [M.link, LINK_MARK, M.privato],
      ];
      break;
    case 'stato': {
      const text = read.meaning === 'annullata' ? M.annullata(child) : read.meaning === 'da_definire' ? M.rinviata(child) : M.sospesa(child);
      [oggetto, intro, tail] = [M.subjectStato(read.label.split(' - ')[0], partita, giorno), [text], [M.link, LINK_MARK, M.privato]];
      break;
    }
  }
  const annullato = read.feedStatus === 'CANCELLED';
  const testo = [M.greeting(contatto), ...intro, '', ...details(ctx), '', ...tail, '', annullato ? M.allegatoAnnullato : M.allegato].join('\n');
  return { oggetto, testo };
}

function eventOf(ctx: Ctx, p: ConvocatoRow): CallupEvent {
  const { match: m, times: t } = ctx;
  return {
    partitaId: m.id,
    giocatoreId: p.giocatoreId,
    sequence: ctx.row.sequence,
    giocatore: nameOf(p),
    partita: teams(m),
    gruppo: m.gruppo,
    inizio: t.ritrovo.toISOString(),
    fine: t.fine.toISOString(),
    ritrovoOra: t.ritrovoOra,
    luogo: t.luogo,
    ora: m.ora,
    campo: m.campo,
    annullato: readMatch(m).feedStatus === 'CANCELLED',
  };
}

/** The event of a family's link (the answer page's 'Aggiungi al calendario'). */
export function callupEvent(match: CallupMatch, row: CallupRow, p: ConvocatoRow, tz: string): CallupEvent {
  return eventOf({ match, row, times: callupTimes(match, row, tz), tz }, p);
}

/** Queues one mail per address of the player's family, due at `due` (else now()); how many. */
async function queueFor(db: Db, ctx: Ctx, p: ConvocatoRow, motivo: Motivo, due: Date, extra: { cambi?: string[]; ritrovoPrima?: string } = {}): Promise<number> {
  const evento = eventOf(ctx, p);
  let n = 0;
  for (const r of recipientsOf(p.contatti)) {
    const { oggetto, testo } = callupText(ctx, p, r.nome, motivo, extra);
    const dati: CallupJobData = { kind: 'convocazione', motivo, method: evento.annullato ? 'CANCEL' : 'REQUEST', partitaId: ctx.match.id, giocatoreId: p.giocatoreId, contatto: r.nome, evento };
    await db.query(
      `INSERT INTO public.notifiche_job (tipo, gruppo, email, oggetto, testo, dati, convocato_id, prossimo_tentativo)
       VALUES ('convocazione', $1, $2, $3, $4, $5, $6, $7)`,
      [ctx.match.gruppo, r.email, oggetto, testo, JSON.stringify(dati), p.convocatoId, due],
    );
    n++;
  }
  return n;
}

/** The match and call-up of `partitaId` (locked), or null when either is gone. */
async function contextOf(db: Db, partitaId: number, tz: string): Promise<Ctx | null> {
  const row = await readCallupRow(db, partitaId, true);
  const match = row && (await readMatchOf(db, partitaId));
  if (!row || !match) return null;
  return { match, row, times: callupTimes(match, row, tz), tz };
}

/** Raises the call-up's iCalendar SEQUENCE (a mail that changes the families' event). */
async function nextSequence(db: Db, ctx: Ctx): Promise<void> {
  const { rows } = await db.query<{ sequence: number }>('UPDATE public.convocazioni SET sequence = sequence + 1 WHERE partita_id = $1 RETURNING sequence', [ctx.match.id]);
  ctx.row = { ...ctx.row, sequence: rows[0].sequence };
}

const daAvvisareOf = (list: ConvocatoRow[]): DaAvvisare[] => list.filter((p) => !avvisabile(p)).map((p) => ({ id: p.giocatoreId, nome: p.nome, cognome: p.cognome }));

/**
 * 'Invia' (in the caller's transaction): every player called whose family was not asked yet and has
 * an email is mailed the invitation; the call-up is marked sent with the match as asked. The players
 * whose family has no email are answered as 'da avvisare a voce'.
 */
export async function queueInvitations(db: Db, partitaId: number, now: Date, tz: string): Promise<Invio> {
  const ctx = await contextOf(db, partitaId, tz);
  if (!ctx) return { inviate: 0, daAvvisare: [] };
  const list = await readConvocati(db, partitaId);
  const ask = list.filter((p) => p.invitatoIl === null && avvisabile(p));
  let inviate = 0;
  for (const p of ask) inviate += await queueFor(db, ctx, p, 'invito', now);
  await db.query('UPDATE public.convocazioni_giocatori SET invitato_il = $2 WHERE id = ANY($1::int[])', [ask.map((p) => p.convocatoId), now]);
  await db.query('UPDATE public.convocazioni SET inviata_il = COALESCE(inviata_il, $2), domanda = COALESCE(domanda, $3::jsonb), updated_at = now() WHERE partita_id = $1', [
    partitaId,
    now,
    JSON.stringify(domandaOf(ctx.match)),
  ]);
  return { inviate, daAvvisare: daAvvisareOf(list) };
}

/**
 * 'Sollecita' (in the caller's transaction): the families asked who have not answered are mailed
 * again now; it counts as their reminder (the automatic one does not follow). The players without an
 * answer whose family has no email are answered as 'da avvisare a voce'.
 */
export async function queueSolleciti(db: Db, partitaId: number, now: Date, tz: string): Promise<Invio> {
  const ctx = await contextOf(db, partitaId, tz);
  if (!ctx) return { inviate: 0, daAvvisare: [] };
  const list = (await readConvocati(db, partitaId)).filter((p) => p.risposta === null);
  const ask = list.filter((p) => p.invitatoIl !== null && avvisabile(p));
  let inviate = 0;
  for (const p of ask) inviate += await queueFor(db, ctx, p, 'sollecito', now);
  await db.query('UPDATE public.convocazioni_giocatori SET promemoria_il = $2 WHERE id = ANY($1::int[])', [ask.map((p) => p.convocatoId), now]);
  return { inviate, daAvvisare: daAvvisareOf(list) };
}

/**
 * A ritrovo changed by the coach after the call-up was sent (in the caller's transaction): the
 * families asked are told, with the updated invitation; their answers stay. How many mails.
 */
export async function queueRitrovoChange(db: Db, partitaId: number, prima: string, now: Date, tz: string): Promise<number> {
  const ctx = await contextOf(db, partitaId, tz);
  if (!ctx || !readMatch(ctx.match).played) return 0;
  const asked = (await readConvocati(db, partitaId)).filter((p) => p.invitatoIl !== null);
  if (!asked.length) return 0;
  await nextSequence(db, ctx);
  let n = 0;
  for (const p of asked) n += await queueFor(db, ctx, p, 'ritrovo', now, { ritrovoPrima: prima });
  return n;
}

/** What one pass did to a match's call-up (the worker records it). */
export interface CallupPass {
  partitaId: number;
  gruppo: string;
  label: string;
  mails: number;
  stato?: string;
}

const label = (m: CallupMatch) => `${teams(m)} (${m.gruppo}) del ${dayjs(m.data).format('DD/MM/YYYY')} ore ${m.ora}`;

/**
 * The called players whose reminder is due at `now`, locked (SKIP LOCKED) until the caller's
 * transaction ends: asked, no answer, no reminder of the current question yet, from
 * PROMEMORIA_ANTICIPO before the deadline until it, asked before that window opened (a family asked
 * within the day before the deadline has a fresh invitation), their match played. Only the matches of
 * the coming 16 days are looked at (the earliest deadline is 14 days before a ritrovo at most 6 hours
 * before the kick-off), by the index on partite (data, ora), then the partial index of the pending rows
 * (migration 024). The hours of the day are the caller's (queueReminders).
 */
export async function dueReminders(db: Db, now: Date, tz: string): Promise<Array<{ id: number; partita_id: number }>> {
  const { rows } = await db.query<{ id: number; partita_id: number }>(
    `SELECT cg.id, cg.partita_id
       FROM public.partite p
       JOIN public.convocazioni c ON c.partita_id = p.id
       JOIN public.convocazioni_giocatori cg ON cg.partita_id = c.partita_id
            AND cg.risposta IS NULL AND cg.promemoria_il IS NULL AND cg.invitato_il IS NOT NULL
      CROSS JOIN LATERAL (SELECT ((p.data + p.ora) AT TIME ZONE $2) - make_interval(mins => c.ritrovo_anticipo + c.scadenza_anticipo) AS scadenza) s
      WHERE p.data BETWEEN ($1::timestamptz AT TIME ZONE $2)::date AND ($1::timestamptz AT TIME ZONE $2)::date + 16
        AND c.inviata_il IS NOT NULL
        AND (p.stato = 'programmata' OR (p.stato = 'rinviata' AND p.data_da_definire IS FALSE))
        AND $1::timestamptz >= s.scadenza - make_interval(mins => $3) AND $1::timestamptz < s.scadenza
        AND cg.invitato_il < s.scadenza - make_interval(mins => $3)
      ORDER BY cg.partita_id, cg.id
        FOR UPDATE OF cg SKIP LOCKED`,
    [now, tz, PROMEMORIA_ANTICIPO],
  );
  return rows;
}

/**
 * The reminders due at `now` (in the caller's transaction, dueReminders): one mail to each address of
 * the families, only between 8:00 and 21:00 (APP_TIMEZONE): a reminder due at night goes at 8:00,
 * if the deadline has not passed by then. What was queued, per match.
 */
export async function queueReminders(db: Db, now: Date, tz: string): Promise<CallupPass[]> {
  if (!orarioPromemoria(now, tz)) return [];
  const rows = await dueReminders(db, now, tz);
  const byMatch = new Map<number, number[]>();
  for (const r of rows) byMatch.set(r.partita_id, [...(byMatch.get(r.partita_id) ?? []), r.id]);
  const out: CallupPass[] = [];
  for (const [partitaId, ids] of byMatch) {
    const ctx = await contextOf(db, partitaId, tz);
    if (!ctx) continue;
    const due = await readConvocati(db, partitaId, ids);
    let mails = 0;
    for (const p of due) mails += await queueFor(db, ctx, p, 'promemoria', now);
    await db.query('UPDATE public.convocazioni_giocatori SET promemoria_il = $2 WHERE id = ANY($1::int[])', [ids, now]);
    out.push({ partitaId, gruppo: ctx.match.gruppo, label: label(ctx.match), mails });
  }
  return out;
}

const sameQuestion = (a: Domanda, b: Domanda) => a.data === b.data && a.ora === b.ora && a.campo === b.campo && a.meaning === b.meaning;

/**
 * The matches of a sent call-up whose date, time, pitch or status changed (migration 024's trigger)
 * before `until`, taken SKIP LOCKED and deleted in the caller's transaction. Against the match as the
 * families were last asked about it:
 * - played, at another date, time or pitch (or played again after a postponement): every family is
 *   told what changed and asked again; the answers given before the change go to the history (a
 *   'cambio' row) and the current one is reset, with its reminder; an answer given after the change
 *   stays, and that family is not mailed;
 * - cancelled, postponed to a date to be set, suspended: the families asked are told (the calendar
 *   event cancelled), their links say so;
 * - edited back to where it was: nothing.
 * A match now dated before today (APP_TIMEZONE) is over: nothing.
 */
export async function queueCallupUpdates(db: Db, until: Date, now: Date, tz: string, today: string): Promise<CallupPass[]> {
  const { rows } = await db.query<{ partita_id: number; prima: Date }>(
    `WITH presi AS (
       DELETE FROM public.convocazioni_avvisi WHERE id IN (
         SELECT id FROM public.convocazioni_avvisi WHERE partita_id IN (
           SELECT partita_id FROM public.convocazioni_avvisi GROUP BY partita_id HAVING min(created_at) <= $1)
         FOR UPDATE SKIP LOCKED)
       RETURNING partita_id, created_at)
     SELECT partita_id, min(created_at) AS prima FROM presi GROUP BY partita_id ORDER BY partita_id`,
    [until],
  );
  const out: CallupPass[] = [];
  for (const { partita_id: partitaId, prima } of rows) {
    const ctx = await contextOf(db, partitaId, tz);
    if (!ctx || !ctx.row.domanda || !ctx.row.inviataIl) continue;
    const now_ = domandaOf(ctx.match);
    const before = ctx.row.domanda;
    // A match now dated before today is over (or its date is a correction of the past): nobody to ask.
    if (ctx.match.data < today) continue;
    if (sameQuestion(before, now_)) continue;
    const read = readMatch(ctx.match);
    const list = await readConvocati(db, partitaId);
    let mails = 0;
    if (read.played) {
      // Asked again: the answers given before the change are history; an answer given since stays.
      const reset = list.filter((p) => p.risposta === null || (p.rispostoIl !== null && p.rispostoIl < prima));
      const ids = reset.map((p) => p.convocatoId);
      await db.query(
        `INSERT INTO public.convocazioni_risposte (convocato_id, risposta, nota, origine)
         SELECT id, NULL, NULL, 'cambio' FROM public.convocazioni_giocatori WHERE id = ANY($1::int[]) AND risposta IS NOT NULL`,
        [ids],
      );
      await db.query(
        `UPDATE public.convocazioni_giocatori SET risposta = NULL, nota = NULL, risposto_il = NULL, risposta_staff = false, promemoria_il = NULL,
                invitato_il = CASE WHEN invitato_il IS NULL THEN NULL ELSE $2::timestamptz END
          WHERE id = ANY($1::int[])`,
        [ids, now],
      );
      await nextSequence(db, ctx);
      const cambi = changeLines(before, ctx.match);
      for (const p of reset) if (p.invitatoIl !== null) mails += await queueFor(db, ctx, p, 'cambio', now, { cambi });
      out.push({ partitaId, gruppo: ctx.match.gruppo, label: label(ctx.match), mails });
    } else if (read.meaning !== before.meaning) {
      await nextSequence(db, ctx);
      for (const p of list) if (p.invitatoIl !== null) mails += await queueFor(db, ctx, p, 'stato', now);
      out.push({ partitaId, gruppo: ctx.match.gruppo, label: label(ctx.match), mails, stato: read.label });
    }
    await db.query('UPDATE public.convocazioni SET domanda = $2::jsonb, updated_at = now() WHERE partita_id = $1', [partitaId, JSON.stringify(now_)]);
  }
  return out;
}

/**
 * Sends a 'convocazione' job (the notification worker, holding its row lock): the family's link
 * written into the text, the iCalendar file of the ritrovo attached. No unsubscribe link: it is a
 * message about the family's own child, not a subscription.
 */
export async function sendCallupJob(
  deps: { db: Db; mailer: Mailer; config: Config; jwtSecret: string },
  job: { email: string; oggetto: string; testo: string; dati: unknown; convocato_id: number | null },
  now: Date,
): Promise<void> {
  const d = job.dati as CallupJobData;
  const { config } = deps;
  const { rows } = await deps.db.query<{ token_sale: Buffer }>('SELECT token_sale FROM public.convocazioni_giocatori WHERE id = $1', [job.convocato_id]);
  // The job goes with its row (ON DELETE CASCADE): a row missing here is a programming error.
  if (!rows[0]) throw new Error('convocazione senza giocatore');
  const link = answerUrl(config.publicUrl, tokenOf(deps.jwtSecret, rows[0].token_sale));
  const ics = callupInvitationIcs(d.evento, {
    host: new URL(config.publicUrl).hostname,
    mailFrom: config.mailFrom,
    clubName: config.clubName,
    attendee: { email: job.email, name: d.contatto },
    link,
    now,
  });
  await deps.mailer.send({
    to: job.email,
    subject: job.oggetto,
    text: `${job.testo.replace(LINK_MARK, link)}\n\n${config.clubName}\n`,
    attachments: [
      {
        filename: d.method === 'CANCEL' ? 'annullamento.ics' : 'convocazione.ics',
        content: Buffer.from(ics, 'utf8'),
        contentType: `text/calendar; charset=utf-8; method=${d.method}`,
      },
    ],
  });
}
