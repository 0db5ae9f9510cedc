import type { Db } from '../../db/pool';
import type { Allenamento, AllenamentoPayload } from '../../../common/trainings/rules';
import { ALLENAMENTO_COLUMNS } from '../../services/trainings/columns';
import { sortGruppi } from '../../../common/groups/order';

/** Data access of the training series: plain SQL, always parameterised. */

const COLUMNS = ALLENAMENTO_COLUMNS;

/** The series, filtered by category and pitch (names without case), by category, weekday and time. */
export async function listAllenamenti(db: Db, filters: { gruppo?: string; campo?: string } = {}): Promise<Allenamento[]> {
  const { rows } = await db.query<Allenamento>(
    `SELECT ${COLUMNS} FROM public.allenamenti
      WHERE ($1::text IS NULL OR lower(gruppo) = lower($1)) AND ($2::text IS NULL OR lower(campo) = lower($2))
      ORDER BY lower(gruppo), giorno, ora_inizio, id`,
    [filters.gruppo ?? null, filters.campo ?? null],
  );
  // Categories in the one order (common/groups/order.ts); the sort is stable, so day and time stay.
  return sortGruppi(rows, (r) => r.gruppo);
}

export async function findAllenamento(db: Db, id: number, forUpdate = false): Promise<Allenamento | null> {
  const { rows } = await db.query<Allenamento>(`SELECT ${COLUMNS} FROM public.allenamenti WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The category's stored name (its case), or null when there is no such category. */
export async function gruppoName(db: Db, name: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM public.gruppi WHERE lower(name) = lower($1) ORDER BY name LIMIT 1`, [name]);
  return rows[0]?.name ?? null;
}

const values = (p: AllenamentoPayload) => [p.gruppo, p.campo, p.giorno, p.oraInizio, p.oraFine, p.dal, p.al, p.spogliatoi, p.saltate];

export async function insertAllenamento(db: Db, p: AllenamentoPayload): Promise<Allenamento> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al, spogliatoi, saltate)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::smallint[], $9::date[]) RETURNING id`,
    values(p),
  );
  return (await findAllenamento(db, rows[0].id))!;
}

export async function updateAllenamento(db: Db, id: number, p: AllenamentoPayload): Promise<Allenamento | null> {
  const { rowCount } = await db.query(
    `UPDATE public.allenamenti SET gruppo = $1, campo = $2, giorno = $3, ora_inizio = $4, ora_fine = $5, dal = $6, al = $7,
            spogliatoi = $8::smallint[], saltate = $9::date[]
      WHERE id = $10`,
    [...values(p), id],
  );
  return rowCount ? findAllenamento(db, id) : null;
}

export async function deleteAllenamento(db: Db, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM public.allenamenti WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}

/** Adds one skipped date (kept in order, never twice). */
export async function skipDate(db: Db, id: number, data: string): Promise<Allenamento | null> {
  const { rowCount } = await db.query(
    `UPDATE public.allenamenti SET saltate = ARRAY(SELECT DISTINCT d FROM unnest(array_append(saltate, $2::date)) AS d ORDER BY d) WHERE id = $1`,
    [id, data],
  );
  return rowCount ? findAllenamento(db, id) : null;
}
