import type { Db } from '../db/pool';
import { OPERAZIONE_KEEP_HOURS } from '../../common/stato/rules';

/**
 * Housekeeping of the match-status undo (issue 16, migration 010): forgets the before-images
 * of bulk operations older than a day (they can no longer be undone). Returns how many went.
 */
export async function purgeExpiredStatoOperations(db: Db): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM public.partite_operazioni_stato WHERE created_at < now() - make_interval(hours => $1)`, [
    OPERAZIONE_KEEP_HOURS,
  ]);
  return rowCount ?? 0;
}
