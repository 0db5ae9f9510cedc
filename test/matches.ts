// Matches written straight into the database, for server tests that are not about creating them.
import type { Db } from '../server/db/pool';
import type dayjs from 'dayjs';
import { weekdayOf } from '../common/trainings/rules';

/** A match row; what is left out takes a plain default (Pulcini, Stadio Comunale, campionato, away). */
export interface MatchRow {
  data: string;
  ora: string;
  ora_fine?: string | null;
  squadracasa: string;
  squadratrasferta: string;
  gruppo?: string;
  campo?: string;
  is_house_match?: boolean;
  spogliatoio_gari?: number | null;
  spogliatoio_ospiti?: number | null;
  terreno?: string | null;
  tipo_gara?: string;
}

/** Inserts one match into public.partite and returns its id. */
export async function insertMatch(db: Db, r: MatchRow): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
       spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      r.data, r.ora, r.ora_fine ?? null, r.squadracasa, r.squadratrasferta, r.gruppo ?? 'Pulcini', r.campo ?? 'Stadio Comunale',
      r.is_house_match ?? false, r.spogliatoio_gari ?? null, r.spogliatoio_ospiti ?? null, r.terreno ?? null, r.tipo_gara ?? 'campionato',
    ],
  );
  return rows[0].id;
}

/** The first day on or after `from` falling on `weekday` (1 Monday ... 7 Sunday, as common/trainings' weekdayOf). */
export function firstWeekday(from: dayjs.Dayjs, weekday: number): dayjs.Dayjs {
  let day = from;
  while (weekdayOf(day.format('YYYY-MM-DD')) !== weekday) day = day.add(1, 'day');
  return day;
}

/** A call-up of match `partitaId` with these players' answers (null: none yet), straight into its tables (migration 024). */
export async function insertCallup(db: Db, partitaId: number, answers: ReadonlyArray<readonly [number, 'si' | 'no' | null]>): Promise<void> {
  await db.query('INSERT INTO public.convocazioni (partita_id) VALUES ($1) ON CONFLICT DO NOTHING', [partitaId]);
  for (const [giocatoreId, risposta] of answers)
    await db.query(
      `INSERT INTO public.convocazioni_giocatori (partita_id, giocatore_id, risposta, risposto_il, token_sale, token_hash)
       VALUES ($1, $2, $3, CASE WHEN $3::text IS NULL THEN NULL ELSE now() END, decode(md5(random()::text), 'hex'), sha256(random()::text::bytea))`,
      [partitaId, giocatoreId, risposta],
    );
}
