// Data access of the call-ups' routes and answer page (migration 024, docs/callups.md): plain SQL,
// always parameterised. The reads the notification worker shares are in server/services/callups/repo.ts.
import type { Db } from '../../db/pool';
import type { Risposta } from '../../../common/callups/rules';
import { newToken } from '../../services/callups/tokens';

/** The players of these ids with their category (the route checks each exists and may be seen). */
export async function playersByIds(db: Db, ids: readonly number[]): Promise<Map<number, { gruppoId: number; gruppo: string }>> {
  const { rows } = await db.query<{ id: number; gruppo_id: number; gruppo: string }>(
    'SELECT p.id, p.gruppo_id, g.name AS gruppo FROM public.giocatori p JOIN public.gruppi g ON g.id = p.gruppo_id WHERE p.id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { gruppoId: r.gruppo_id, gruppo: r.gruppo }]));
}

export interface CallupSave {
  ritrovoAnticipo: number;
  ritrovoLuogo: string | null;
  scadenzaAnticipo: number;
  note: string | null;
}

/**
 * Saves a match's call-up and its players (in the caller's transaction): the rows of the players no
 * longer called go (their answers and queued mails with them), the players new to it get a row and a
 * link's salt. The ids added and removed.
 */
export async function saveCallup(db: Db, partitaId: number, c: CallupSave, giocatori: readonly number[], secret: string): Promise<{ aggiunti: number[]; tolti: number[] }> {
  await db.query(
    `INSERT INTO public.convocazioni (partita_id, ritrovo_anticipo, ritrovo_luogo, scadenza_anticipo, note) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (partita_id) DO UPDATE SET ritrovo_anticipo = EXCLUDED.ritrovo_anticipo, ritrovo_luogo = EXCLUDED.ritrovo_luogo,
       scadenza_anticipo = EXCLUDED.scadenza_anticipo, note = EXCLUDED.note, updated_at = now()`,
    [partitaId, c.ritrovoAnticipo, c.ritrovoLuogo, c.scadenzaAnticipo, c.note],
  );
  const { rows: gone } = await db.query<{ giocatore_id: number }>(
    'DELETE FROM public.convocazioni_giocatori WHERE partita_id = $1 AND NOT (giocatore_id = ANY($2::int[])) RETURNING giocatore_id',
    [partitaId, giocatori],
  );
  const { rows: present } = await db.query<{ giocatore_id: number }>('SELECT giocatore_id FROM public.convocazioni_giocatori WHERE partita_id = $1', [partitaId]);
  const have = new Set(present.map((r) => r.giocatore_id));
  const added = giocatori.filter((id) => !have.has(id));
  if (added.length) {
    const tokens = added.map(() => newToken(secret));
    await db.query(
      `INSERT INTO public.convocazioni_giocatori (partita_id, giocatore_id, token_sale, token_hash)
       SELECT $1, g, s, h FROM unnest($2::int[], $3::bytea[], $4::bytea[]) AS t(g, s, h)`,
      [partitaId, added, tokens.map((t) => t.salt), tokens.map((t) => t.hash)],
    );
  }
  return { aggiunti: added, tolti: gone.map((r) => r.giocatore_id).sort((a, b) => a - b) };
}

/** The row of a player called to a match, or null. */
export async function convocatoId(db: Db, partitaId: number, giocatoreId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM public.convocazioni_giocatori WHERE partita_id = $1 AND giocatore_id = $2 FOR UPDATE', [
    partitaId,
    giocatoreId,
  ]);
  return rows[0]?.id ?? null;
}

/**
 * Sets a called player's current answer and appends it to the history (in the caller's
 * transaction): by the family, or by the staff on its behalf. A null answer clears it (staff only).
 */
export async function setAnswer(db: Db, convocato: number, a: { risposta: Risposta | null; nota: string | null; staff: boolean }): Promise<void> {
  await db.query(
    `UPDATE public.convocazioni_giocatori
        SET risposta = $2, nota = $3, risposto_il = CASE WHEN $2::text IS NULL THEN NULL ELSE clock_timestamp() END, risposta_staff = $4
      WHERE id = $1`,
    [convocato, a.risposta, a.nota, a.staff],
  );
  await db.query('INSERT INTO public.convocazioni_risposte (convocato_id, risposta, nota, origine) VALUES ($1, $2, $3, $4)', [
    convocato,
    a.risposta,
    a.nota,
    a.staff ? 'staff' : 'famiglia',
  ]);
}

/** A match of the period with its call-up (null columns: none saved), as GET /api/convocazioni reads it. */
export interface PeriodoRow {
  partita_id: number;
  data: string;
  ora: string;
  squadracasa: string;
  squadratrasferta: string;
  gruppo: string;
  campo: string;
  stato: string;
  data_da_definire: boolean | null;
  data_originale: string | null;
  salvata: boolean;
  ritrovo_anticipo: number | null;
  scadenza_anticipo: number | null;
  inviata_il: Date | null;
  convocati: number;
  si: number;
  no: number;
}

/**
 * The call-ups of the matches dated from `from` to `to` of the categories in `scope` (null: all), with
 * their match; `tutte`: the matches without a call-up too.
 */
export async function callupsBetween(db: Db, from: string, to: string, scope: number[] | null, tutte = false): Promise<PeriodoRow[]> {
  const { rows } = await db.query<PeriodoRow>(
    `SELECT p.id AS partita_id, to_char(p.data, 'YYYY-MM-DD') AS data, to_char(p.ora, 'HH24:MI') AS ora, p.squadracasa, p.squadratrasferta, p.gruppo, p.campo,
            p.stato, p.data_da_definire, to_char(p.data_originale, 'YYYY-MM-DD') AS data_originale, c.partita_id IS NOT NULL AS salvata,
            c.ritrovo_anticipo, c.scadenza_anticipo, c.inviata_il,
            count(cg.id)::int AS convocati, count(cg.id) FILTER (WHERE cg.risposta = 'si')::int AS si, count(cg.id) FILTER (WHERE cg.risposta = 'no')::int AS no
       FROM public.partite p
       JOIN public.gruppi g ON g.name = p.gruppo
       LEFT JOIN public.convocazioni c ON c.partita_id = p.id
       LEFT JOIN public.convocazioni_giocatori cg ON cg.partita_id = c.partita_id
      WHERE p.data BETWEEN $1::date AND $2::date AND ($3::int[] IS NULL OR g.id = ANY($3::int[])) AND ($4::boolean OR c.partita_id IS NOT NULL)
      GROUP BY p.id, c.partita_id
      ORDER BY p.data, p.ora, p.id`,
    [from, to, scope, tutte],
  );
  return rows;
}

/**
 * Whether `key`'s counter (server/shared/rate-limit.ts) is over `max` in its window now: the answer
 * page reads it before a lookup and counts only the misses (a family opening its link is no guess).
 */
export async function overLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<number | null> {
  const { rows } = await db.query<{ retry_after: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now())))::int AS retry_after
       FROM public.rate_limits WHERE key = $1 AND hits > $3 AND window_start > now() - make_interval(secs => $2)`,
    [key, windowSeconds, max],
  );
  return rows[0]?.retry_after ?? null;
}
