// The reads of a call-up that its routes, its page and the notification worker share (migration 024,
// docs/callups.md): plain SQL, always parameterised.
import type { Db } from '../../db/pool';
import type { Contatto } from '../../../common/players/rules';
import { compareGiocatori } from '../../../common/players/rules';
import type { Risposta } from '../../../common/callups/rules';
import { kickOff, ritrovoIstante, ritrovoOra, scadenzaIstante } from '../../../common/callups/rules';
import { readMatch, type MatchMeaning } from '../../../common/matches/meaning';
import { matchInstants } from '../designations/ics';
import { defaultDurationMinutes } from '../../../common/calendar/rules';

/** The match of a call-up (date 'YYYY-MM-DD', times 'HH:MM'). */
export interface CallupMatch {
  id: number;
  data: string;
  ora: string;
  ora_fine: string | null;
  squadracasa: string;
  squadratrasferta: string;
  gruppo: string;
  gruppo_id: number;
  campo: string;
  is_house_match: boolean;
  stato: string;
  data_da_definire: boolean | null;
  data_originale: string | null;
}

/** The match as the families were last asked about it (convocazioni.domanda). */
export interface Domanda {
  data: string;
  ora: string;
  campo: string;
  meaning: MatchMeaning;
}

export interface CallupRow {
  partitaId: number;
  ritrovoAnticipo: number;
  /** null: the match's pitch. */
  ritrovoLuogo: string | null;
  scadenzaAnticipo: number;
  note: string | null;
  inviataIl: Date | null;
  sequence: number;
  domanda: Domanda | null;
}

const MATCH_COLUMNS = `p.id, to_char(p.data, 'YYYY-MM-DD') AS data, to_char(p.ora, 'HH24:MI') AS ora, to_char(p.ora_fine, 'HH24:MI') AS ora_fine,
  p.squadracasa, p.squadratrasferta, p.gruppo, g.id AS gruppo_id, p.campo, p.is_house_match, p.stato, p.data_da_definire,
  to_char(p.data_originale, 'YYYY-MM-DD') AS data_originale`;

/** A match (with its category's id), or null. */
export async function readMatchOf(db: Db, partitaId: number, lock = false): Promise<CallupMatch | null> {
  const { rows } = await db.query<CallupMatch>(
    `SELECT ${MATCH_COLUMNS} FROM public.partite p JOIN public.gruppi g ON g.name = p.gruppo WHERE p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`,
    [partitaId],
  );
  return rows[0] ?? null;
}

interface CallupDbRow {
  partita_id: number;
  ritrovo_anticipo: number;
  ritrovo_luogo: string | null;
  scadenza_anticipo: number;
  note: string | null;
  inviata_il: Date | null;
  sequence: number;
  domanda: Domanda | null;
}

const toRow = (r: CallupDbRow): CallupRow => ({
  partitaId: r.partita_id,
  ritrovoAnticipo: r.ritrovo_anticipo,
  ritrovoLuogo: r.ritrovo_luogo,
  scadenzaAnticipo: r.scadenza_anticipo,
  note: r.note,
  inviataIl: r.inviata_il,
  sequence: r.sequence,
  domanda: r.domanda,
});

/** A match's call-up, or null when none is saved (`lock`: held until the transaction ends). */
export async function readCallupRow(db: Db, partitaId: number, lock = false): Promise<CallupRow | null> {
  const { rows } = await db.query<CallupDbRow>(
    `SELECT partita_id, ritrovo_anticipo, ritrovo_luogo, scadenza_anticipo, note, inviata_il, sequence, domanda
       FROM public.convocazioni WHERE partita_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [partitaId],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The defaults of a call-up not saved yet. */
export const defaultRow = (partitaId: number): CallupRow => ({
  partitaId,
  ritrovoAnticipo: 45,
  ritrovoLuogo: null,
  scadenzaAnticipo: 24 * 60,
  note: null,
  inviataIl: null,
  sequence: 0,
  domanda: null,
});

/** A player called, with what the routes, the page and the mails need. */
export interface ConvocatoRow {
  /** The row's id (convocazioni_giocatori.id). */
  convocatoId: number;
  giocatoreId: number;
  nome: string;
  cognome: string;
  gruppo: string;
  gruppoId: number;
  contatti: Contatto[];
  risposta: Risposta | null;
  nota: string | null;
  rispostoIl: Date | null;
  rispostaStaff: boolean;
  invitatoIl: Date | null;
  promemoriaIl: Date | null;
}

const CONVOCATI_SELECT = `
  SELECT cg.id AS "convocatoId", cg.giocatore_id AS "giocatoreId", p.nome, p.cognome, g.name AS gruppo, g.id AS "gruppoId", p.contatti,
         cg.risposta, cg.nota, cg.risposto_il AS "rispostoIl", cg.risposta_staff AS "rispostaStaff",
         cg.invitato_il AS "invitatoIl", cg.promemoria_il AS "promemoriaIl"
    FROM public.convocazioni_giocatori cg
    JOIN public.giocatori p ON p.id = cg.giocatore_id
    JOIN public.gruppi g ON g.id = p.gruppo_id`;

/** The players called to a match, by surname and name (`ids`: only these rows). */
export async function readConvocati(db: Db, partitaId: number, ids?: readonly number[]): Promise<ConvocatoRow[]> {
  const { rows } = await db.query<ConvocatoRow>(`${CONVOCATI_SELECT} WHERE cg.partita_id = $1 AND ($2::int[] IS NULL OR cg.id = ANY($2::int[]))`, [
    partitaId,
    ids ?? null,
  ]);
  return rows.sort((a, b) => compareGiocatori(a, b) || a.giocatoreId - b.giocatoreId);
}

/** The player of a family's link (by the token's hash), with the match's id; null when no row has it. */
export async function convocatoByHash(db: Db, hash: Buffer): Promise<(ConvocatoRow & { partitaId: number }) | null> {
  const { rows } = await db.query<ConvocatoRow & { partitaId: number }>(`${CONVOCATI_SELECT.replace('SELECT ', 'SELECT cg.partita_id AS "partitaId", ')} WHERE cg.token_hash = $1`, [hash]);
  return rows[0] ?? null;
}

/** The addresses a player's family is mailed at: each guardian's email once, with the first name given for it. */
export function recipientsOf(contatti: readonly Contatto[]): Array<{ email: string; nome: string }> {
  const seen = new Map<string, string>();
  for (const c of contatti) if (c.email && !seen.has(c.email.toLowerCase())) seen.set(c.email.toLowerCase(), c.nome);
  return [...seen].map(([email, nome]) => ({ email, nome }));
}

export const avvisabile = (p: { contatti: readonly Contatto[] }) => p.contatti.some((c) => !!c.email);

/** The instants and places a call-up stands for, from its match now. */
export interface CallupTimes {
  kickOff: Date;
  ritrovo: Date;
  ritrovoOra: string;
  luogo: string;
  scadenza: Date;
  /** The end of the match (its end time, else the category's usual length): the event's end. */
  fine: Date;
}

export function callupTimes(m: CallupMatch, row: CallupRow, tz: string): CallupTimes {
  const { start, end } = matchInstants({ data: m.data, ora: m.ora, ora_fine: m.ora_fine, gruppo: m.gruppo }, tz);
  const ritrovo = ritrovoIstante(m, row.ritrovoAnticipo, tz);
  return {
    kickOff: kickOff(m, tz),
    ritrovo,
    ritrovoOra: ritrovoOra(m, row.ritrovoAnticipo, tz),
    luogo: row.ritrovoLuogo ?? m.campo,
    scadenza: scadenzaIstante(m, row.ritrovoAnticipo, row.scadenzaAnticipo, tz),
    fine: end ?? new Date(start.getTime() + defaultDurationMinutes(m.gruppo) * 60_000),
  };
}

/** The match as the families are asked about it now. */
export const domandaOf = (m: CallupMatch): Domanda => ({ data: m.data, ora: m.ora, campo: m.campo, meaning: readMatch(m).meaning });

/** The ritrovo of a match as the sheets and the feeds print it. */
export interface RitrovoDi {
  /** 'HH:mm'. */
  ora: string;
  luogo: string;
}

/**
 * The ritrovo of each match dated from `from` to `to` whose call-up was sent (a draft is not
 * announced), by match id: what the day and week sheets print beside the kick-off.
 */
export async function ritroviBetween(db: Db, from: string, to: string, tz: string): Promise<Map<number, RitrovoDi>> {
  const { rows } = await db.query<{ id: number; data: string; ora: string; campo: string; ritrovo_anticipo: number; ritrovo_luogo: string | null }>(
    `SELECT p.id, to_char(p.data, 'YYYY-MM-DD') AS data, to_char(p.ora, 'HH24:MI') AS ora, p.campo, c.ritrovo_anticipo, c.ritrovo_luogo
       FROM public.partite p JOIN public.convocazioni c ON c.partita_id = p.id
      WHERE p.data BETWEEN $1::date AND $2::date AND c.inviata_il IS NOT NULL`,
    [from, to],
  );
  return new Map(rows.map((r) => [r.id, { ora: ritrovoOra(r, r.ritrovo_anticipo, tz), luogo: r.ritrovo_luogo ?? r.campo }]));
}
