import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool';
import type { Partita } from '../../../common/matches/read';
import { HOLDS_FACILITIES_SQL } from '../../../common/occupancy/rules';
import { RUOLI, type Designazioni, type DesignazioniView, type Dirigente, type DirigentePayload, type Impegno, type Qualifica, type Ruolo } from '../../../common/officials/rules';
import { partitaColumns } from '../matches/columns';

/** Data access of the officials and their designations (docs/officials.md): plain SQL, always parameterised. */

const COLUMNS = `id, nome, cognome, email, telefono, qualifiche, attivo, numero_tessera AS "numeroTessera"`;
const MATCH_COLUMNS = partitaColumns({ alias: 'p' });
/** HOLDS_FACILITIES_SQL on the alias p. */
const P_HOLDS = HOLDS_FACILITIES_SQL.replace(/\b(stato|data_da_definire)\b/g, 'p.$1');

/** A token for a private calendar address: 64 hex characters from the operating system's CSPRNG (never PostgreSQL's pseudo-random generator). */
export const newCalendarToken = () => randomBytes(32).toString('hex');

export async function listDirigenti(db: Db, filters: { qualifica?: Qualifica; attivo?: boolean } = {}): Promise<Dirigente[]> {
  const { rows } = await db.query<Dirigente>(
    `SELECT ${COLUMNS} FROM public.dirigenti
      WHERE ($1::text IS NULL OR $1 = ANY(qualifiche)) AND ($2::boolean IS NULL OR attivo = $2)
      ORDER BY lower(cognome), lower(nome), id`,
    [filters.qualifica ?? null, filters.attivo ?? null],
  );
  return rows;
}

export async function findDirigente(db: Db, id: number, forUpdate = false): Promise<Dirigente | null> {
  const { rows } = await db.query<Dirigente>(`SELECT ${COLUMNS} FROM public.dirigenti WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The people of the given ids, by id (missing ids are absent). */
export async function dirigentiByIds(db: Db, ids: readonly number[]): Promise<Map<number, Dirigente>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<Dirigente>(`SELECT ${COLUMNS} FROM public.dirigenti WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r]));
}

const values = (p: DirigentePayload) => [p.nome, p.cognome, p.email, p.telefono, p.qualifiche, p.attivo, p.numeroTessera ?? null];

/** Throws pg error 23505 on a duplicate email (dirigenti_email_lower_key). */
export async function insertDirigente(db: Db, p: DirigentePayload): Promise<Dirigente> {
  const { rows } = await db.query<Dirigente>(
    `INSERT INTO public.dirigenti (nome, cognome, email, telefono, qualifiche, attivo, numero_tessera, calendar_token)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8) RETURNING ${COLUMNS}`,
    [...values(p), newCalendarToken()],
  );
  return rows[0];
}

/** Replaces a person's fields; a payload without `numeroTessera` keeps the stored card. */
export async function updateDirigente(db: Db, id: number, p: DirigentePayload): Promise<Dirigente | null> {
  const { rows } = await db.query<Dirigente>(
    `UPDATE public.dirigenti SET nome = $1, cognome = $2, email = $3, telefono = $4, qualifiche = $5::text[], attivo = $6,
            numero_tessera = CASE WHEN $9 THEN $7 ELSE numero_tessera END, updated_at = now()
      WHERE id = $8 RETURNING ${COLUMNS}`,
    [...values(p), id, p.numeroTessera !== undefined],
  );
  return rows[0] ?? null;
}

/** How many matches from `today` on (whatever their status) the person is designated to. */
export async function comingDesignations(db: Db, id: number, today: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT d.partita_id)::int AS n FROM public.designazioni d JOIN public.partite p ON p.id = d.partita_id
      WHERE d.dirigente_id = $1 AND p.data >= $2::date`,
    [id, today],
  );
  return rows[0].n;
}

/** Deletes the person and their designations (only past ones are left once comingDesignations is 0); how many designations went. */
export async function deleteDirigente(db: Db, id: number): Promise<{ deleted: boolean; designazioni: number }> {
  const { rowCount: designazioni } = await db.query(`DELETE FROM public.designazioni WHERE dirigente_id = $1`, [id]);
  const { rowCount } = await db.query(`DELETE FROM public.dirigenti WHERE id = $1`, [id]);
  return { deleted: (rowCount ?? 0) > 0, designazioni: designazioni ?? 0 };
}

export async function calendarToken(db: Db, id: number): Promise<string | null> {
  const { rows } = await db.query<{ calendar_token: string }>(`SELECT calendar_token FROM public.dirigenti WHERE id = $1`, [id]);
  return rows[0]?.calendar_token ?? null;
}

/** Writes a new token (the old address stops working); null when there is no such person. */
export async function revokeCalendarToken(db: Db, id: number): Promise<string | null> {
  const { rows } = await db.query<{ calendar_token: string }>(
    `UPDATE public.dirigenti SET calendar_token = $2, updated_at = now() WHERE id = $1 RETURNING calendar_token`,
    [id, newCalendarToken()],
  );
  return rows[0]?.calendar_token ?? null;
}

// ---- Designations ----

export const NOBODY: Designazioni = { arbitro: null, accompagnatore: null, addettoArbitro: null };
const NOBODY_VIEW: DesignazioniView = { arbitro: null, accompagnatore: null, addettoArbitro: null };

/** A match's designations, locked until the transaction ends when `forUpdate`. */
export async function designazioniOf(db: Db, partitaId: number, forUpdate = false): Promise<Designazioni> {
  const { rows } = await db.query<{ ruolo: Ruolo; dirigente_id: number }>(
    `SELECT ruolo, dirigente_id FROM public.designazioni WHERE partita_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [partitaId],
  );
  const out: Designazioni = { ...NOBODY };
  for (const r of rows) out[r.ruolo] = r.dirigente_id;
  return out;
}

/**
 * Writes a match's designations: a role nobody holds has no row; a role given to another person
 * bumps its `sequence` (the invitation's and the feed's SEQUENCE).
 */
export async function replaceDesignazioni(db: Db, partitaId: number, before: Designazioni, after: Designazioni): Promise<void> {
  for (const ruolo of RUOLI) {
    const was = before[ruolo];
    const now = after[ruolo];
    if (was === now) continue;
    if (now === null) await db.query(`DELETE FROM public.designazioni WHERE partita_id = $1 AND ruolo = $2`, [partitaId, ruolo]);
    else if (was === null) await db.query(`INSERT INTO public.designazioni (partita_id, ruolo, dirigente_id) VALUES ($1, $2, $3)`, [partitaId, ruolo, now]);
    else
      await db.query(`UPDATE public.designazioni SET dirigente_id = $3, sequence = sequence + 1, updated_at = now() WHERE partita_id = $1 AND ruolo = $2`, [
        partitaId,
        ruolo,
        now,
      ]);
  }
}

/** The designations with names of the given matches, by match id (every id present; nobody: null). */
export async function designazioniViews(db: Db, ids: readonly number[]): Promise<Map<number, DesignazioniView>> {
  const out = new Map<number, DesignazioniView>(ids.map((id) => [id, { ...NOBODY_VIEW }]));
  if (ids.length === 0) return out;
  const { rows } = await db.query<{ partita_id: number; ruolo: Ruolo; id: number; nome: string; cognome: string }>(
    `SELECT d.partita_id, d.ruolo, p.id, p.nome, p.cognome FROM public.designazioni d JOIN public.dirigenti p ON p.id = d.dirigente_id
      WHERE d.partita_id = ANY($1::int[])`,
    [[...new Set(ids)]],
  );
  for (const r of rows) out.get(r.partita_id)![r.ruolo] = { id: r.id, nome: r.nome, cognome: r.cognome };
  return out;
}

/** The designations with names of the matches of the days from..to (whatever their status), by match id: only matches with at least one. */
export async function designazioniBetween(db: Db, from: string, to: string): Promise<Record<string, DesignazioniView>> {
  const { rows } = await db.query<{ partita_id: number; ruolo: Ruolo; id: number; nome: string; cognome: string }>(
    `SELECT d.partita_id, d.ruolo, dir.id, dir.nome, dir.cognome
       FROM public.designazioni d
       JOIN public.partite p ON p.id = d.partita_id
       JOIN public.dirigenti dir ON dir.id = d.dirigente_id
      WHERE p.data BETWEEN $1::date AND $2::date
      ORDER BY d.partita_id`,
    [from, to],
  );
  const out: Record<string, DesignazioniView> = {};
  for (const r of rows) (out[String(r.partita_id)] ??= { ...NOBODY_VIEW })[r.ruolo] = { id: r.id, nome: r.nome, cognome: r.cognome };
  return out;
}

/**
 * The designations of the matches of the given days that still take place (HOLDS_FACILITIES_SQL), with
 * the match and the person's name: what the person clash rule compares (optionally only some people).
 */
export async function impegniOnDays(db: Db, days: readonly string[], people?: readonly number[]): Promise<Impegno[]> {
  if (days.length === 0 || people?.length === 0) return [];
  const { rows } = await db.query<{ partita: Partita; ruolo: Ruolo; dirigente_id: number; persona: string }>(
    `SELECT to_jsonb(p) - 'data_originale' - 'created_at' - 'updated_at' - 'sequence' AS partita, d.ruolo, d.dirigente_id, dir.nome || ' ' || dir.cognome AS persona
       FROM public.designazioni d
       JOIN public.partite p ON p.id = d.partita_id
       JOIN public.dirigenti dir ON dir.id = d.dirigente_id
      WHERE p.data = ANY($1::date[]) AND ($2::int[] IS NULL OR d.dirigente_id = ANY($2::int[])) AND ${P_HOLDS}`,
    [[...new Set(days)], people ? [...new Set(people)] : null],
  );
  return rows.map((r) => ({ partita: { ...r.partita, id: r.partita.id }, ruolo: r.ruolo, dirigenteId: r.dirigente_id, persona: r.persona }));
}

/** A match with its category's `arbitro_societa` (the club referees its home matches). */
export type PartitaConCategoria = Partita & { arbitro_societa: boolean };

/** The matches of the days from..to that hold their facilities, by date and time, with their category's arbitro_societa. */
export async function matchesToCover(db: Db, from: string, to: string): Promise<PartitaConCategoria[]> {
  const { rows } = await db.query<PartitaConCategoria>(
    `SELECT ${MATCH_COLUMNS}, COALESCE(g.arbitro_societa, false) AS arbitro_societa
       FROM public.partite p LEFT JOIN public.gruppi g ON g.name = p.gruppo
      WHERE p.data BETWEEN $1::date AND $2::date AND ${P_HOLDS}
      ORDER BY p.data, p.ora, p.id`,
    [from, to],
  );
  return rows;
}

/** Every active person, by surname and name (the candidates of the uncovered list). */
export const activeDirigenti = (db: Db) => listDirigenti(db, { attivo: true });

/** A match, locked until the transaction ends when `forUpdate` (a designation save). */
export async function findMatch(db: Db, id: number, forUpdate = false): Promise<Partita | null> {
  const { rows } = await db.query<Partita>(`SELECT ${partitaColumns()} FROM public.partite WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}
