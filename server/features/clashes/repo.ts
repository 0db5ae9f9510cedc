import type { Db } from '../../db/pool';
import type { Partita } from '../../../common/partiteRead';

const COLUMNS =
  'id, data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara';

/** The matches of the days from..to (inclusive), home and away, by date and time (the occupancy board). */
export async function matchesBetween(db: Db, from: string, to: string): Promise<Partita[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM public.partite WHERE data BETWEEN $1 AND $2 ORDER BY data, ora, id`, [from, to]);
  return rows;
}
