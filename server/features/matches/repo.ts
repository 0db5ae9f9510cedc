import type { Suggestion } from '../../../common/matches/types';
import type { Db } from '../../db/pool';
import type { Partita, PartiteFilters } from '../../../common/matches/read';
import type { PartitaPayload } from '../../../common/matches/rules';
import { PARTITA_COLUMNS } from '../../services/matches/columns';
import type { DesignazioniView, Ruolo } from '../../../common/officials/rules';

const values = (p: PartitaPayload) => [
  p.data,
  p.ora,
  p.oraFine,
  p.squadraCasa,
  p.squadraTrasferta,
  p.gruppo,
  p.campo,
  p.isHouseMatch,
  p.spogliatoioGari,
  p.spogliatoioOspiti,
  p.terreno,
  p.tipoGara,
];

export async function findPartita(db: Db, id: number): Promise<Partita | null> {
  const { rows } = await db.query(`SELECT ${PARTITA_COLUMNS} FROM public.partite WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The match, locked until the transaction ends (update and delete record what it was). */
export async function findPartitaForUpdate(db: Db, id: number): Promise<Partita | null> {
  const { rows } = await db.query(`SELECT ${PARTITA_COLUMNS} FROM public.partite WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/**
 * The match's designations with the people's names (docs/officials.md), for GET /api/partite/{id}:
 * read here, not through the dirigenti feature, so that the match read needs no other feature.
 */
export async function designazioniOfMatch(db: Db, id: number): Promise<DesignazioniView> {
  const { rows } = await db.query<{ ruolo: Ruolo; id: number; nome: string; cognome: string }>(
    `SELECT d.ruolo, p.id, p.nome, p.cognome FROM public.designazioni d JOIN public.dirigenti p ON p.id = d.dirigente_id WHERE d.partita_id = $1`,
    [id],
  );
  const out: DesignazioniView = { arbitro: null, accompagnatore: null, addettoArbitro: null };
  for (const r of rows) out[r.ruolo] = { id: r.id, nome: r.nome, cognome: r.cognome };
  return out;
}

export async function insertPartita(db: Db, p: PartitaPayload): Promise<Partita> {
  const { rows } = await db.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
       spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     RETURNING ${PARTITA_COLUMNS}`,
    values(p),
  );
  return rows[0];
}

export async function updatePartita(db: Db, id: number, p: PartitaPayload): Promise<Partita | null> {
  const { rows } = await db.query(
    `UPDATE public.partite SET data = $1, ora = $2, ora_fine = $3, squadracasa = $4, squadratrasferta = $5, gruppo = $6,
       campo = $7, is_house_match = $8, spogliatoio_gari = $9, spogliatoio_ospiti = $10, terreno = $11, tipo_gara = $12,
       -- A 'rinviata' whose date is edited has its new date (migration 014): it holds its facilities there.
       data_da_definire = data_da_definire AND data = $1::date,
       -- A 'rinviata' given a new date keeps the first date it had (migration 016).
       data_originale = CASE WHEN stato = 'rinviata' AND data <> $1::date THEN COALESCE(data_originale, data) ELSE data_originale END,
       updated_at = now()
     WHERE id = $13
     RETURNING ${PARTITA_COLUMNS}`,
    [...values(p), id],
  );
  return rows[0] ?? null;
}

export async function deletePartita(db: Db, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM public.partite WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of a list: `limit` rows after the first `offset`. */
export interface PageRange {
  offset: number;
  limit: number;
}

/**
 * One page of the matches from `today` on, ordered by date then time, with the (already normalised) public
 * filters, and how many there are in all (docs/public-page.md: the public list comes by pages).
 */
export async function listUpcoming(db: Db, today: string, f: PartiteFilters, page: PageRange): Promise<{ data: Partita[]; total: number }> {
  const where = ['data >= $1'];
  const params: unknown[] = [today];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.data) add((n) => `data = ${n}`, f.data);
  if (f.ora) add((n) => `to_char(ora, 'HH24:MI') LIKE ${n}`, `${f.ora.replace(/[\\%_]/g, '')}%`);
  if (f.squadracasa) add((n) => `squadracasa ILIKE ${n}`, likeContains(f.squadracasa));
  if (f.squadratrasferta) add((n) => `squadratrasferta ILIKE ${n}`, likeContains(f.squadratrasferta));
  if (f.gruppo) add((n) => `gruppo ILIKE ${n}`, likeContains(f.gruppo));
  if (f.campo) add((n) => `campo ILIKE ${n}`, likeContains(f.campo));
  if (f.terreno) add((n) => `terreno = ${n}`, f.terreno);
  if (f.tipoGara) add((n) => `tipo_gara = ${n}`, f.tipoGara);
  if (f.stato) add((n) => `stato = ${n}`, f.stato);
  const { rows } = await db.query(
    `SELECT ${PARTITA_COLUMNS}, count(*) OVER ()::int AS total_rows FROM public.partite WHERE ${where.join(' AND ')}
      ORDER BY data, ora, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  // A page past the end has no row to carry the count: counted apart.
  const total =
    rows.length > 0 ? (rows[0].total_rows as number) : page.offset === 0 ? 0 : (await db.query(`SELECT count(*)::int AS n FROM public.partite WHERE ${where.join(' AND ')}`, params)).rows[0].n;
  return { data: rows.map(({ total_rows: _total, ...p }) => p as Partita), total };
}

const SUGGESTION_LIMIT = 20;

/** Team names already used (home or away), most used first, containing `search` if given. */
export async function teamSuggestions(db: Db, search: string): Promise<Suggestion[]> {
  const { rows } = await db.query(
    `SELECT name, count(*)::int AS usage_count
       FROM (SELECT squadracasa AS name FROM public.partite UNION ALL SELECT squadratrasferta FROM public.partite) t
      WHERE $1 = '' OR name ILIKE $2
      GROUP BY name ORDER BY usage_count DESC, name LIMIT ${SUGGESTION_LIMIT}`,
    [search, likeContains(search)],
  );
  return rows;
}

/** Field names already used, most used first, containing `search` if given. */
export async function campoSuggestions(db: Db, search: string): Promise<Suggestion[]> {
  const { rows } = await db.query(
    `SELECT campo AS name, count(*)::int AS usage_count FROM public.partite
      WHERE $1 = '' OR campo ILIKE $2
      GROUP BY campo ORDER BY usage_count DESC, campo LIMIT ${SUGGESTION_LIMIT}`,
    [search, likeContains(search)],
  );
  return rows;
}
