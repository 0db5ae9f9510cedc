import type { Db } from '../../db/pool';
import type { Partita } from '../../../common/partite/read';
import { HOLDS_FACILITIES_SQL } from '../../../common/occupazione/rules';

const COLUMNS =
  'id, data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara, stato, motivo_stato, data_da_definire';

/**
 * The matches of the days from..to (inclusive) that hold their facilities (cancelled ones and
 * those postponed with the date to be set free them, issue 16: HOLDS_FACILITIES_SQL), home and
 * away, by date and time (the occupancy board).
 */
export async function matchesBetween(db: Db, from: string, to: string): Promise<Partita[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM public.partite WHERE data BETWEEN $1 AND $2 AND ${HOLDS_FACILITIES_SQL} ORDER BY data, ora, id`,
    [from, to],
  );
  return rows;
}
