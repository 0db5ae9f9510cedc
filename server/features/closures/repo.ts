import type { Db } from '../../db/pool';
import type { Chiusura, ChiusuraPayload } from '../../../common/closures/rules';
import { CHIUSURA_COLUMNS } from '../../services/closures/closures';

/** Data access of the club's closures: plain SQL, always parameterised. */

export async function findChiusura(db: Db, id: number, forUpdate = false): Promise<Chiusura | null> {
  const { rows } = await db.query<Chiusura>(`SELECT ${CHIUSURA_COLUMNS} FROM public.chiusure WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertChiusura(db: Db, p: ChiusuraPayload): Promise<Chiusura> {
  const { rows } = await db.query<Chiusura>(`INSERT INTO public.chiusure (nome, dal, al) VALUES ($1, $2, $3) RETURNING ${CHIUSURA_COLUMNS}`, [p.nome, p.dal, p.al]);
  return rows[0];
}

export async function updateChiusura(db: Db, id: number, p: ChiusuraPayload): Promise<Chiusura | null> {
  const { rows } = await db.query<Chiusura>(
    `UPDATE public.chiusure SET nome = $1, dal = $2, al = $3, updated_at = now() WHERE id = $4 RETURNING ${CHIUSURA_COLUMNS}`,
    [p.nome, p.dal, p.al, id],
  );
  return rows[0] ?? null;
}

export async function deleteChiusura(db: Db, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM public.chiusure WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}
