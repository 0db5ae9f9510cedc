import type { Db } from '../../db/pool';
import type { Partita } from '../../../common/partiteRead';

const COLUMNS =
  'id, data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara, stato, motivo_stato';

/**
 * The matches of the days from..to (inclusive) that still take place (postponed and cancelled
 * ones free the facilities, issue 16), home and away, by date and time (the occupancy board).
 */
export async function matchesBetween(db: Db, from: string, to: string): Promise<Partita[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM public.partite WHERE data BETWEEN $1 AND $2 AND stato NOT IN ('annullata', 'rinviata') ORDER BY data, ora, id`,
    [from, to],
  );
  return rows;
}
