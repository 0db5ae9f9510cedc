import type { Db } from '../../db/pool';
import { OPERAZIONE_KEEP_HOURS } from '../../../common/status/rules';
import { HOUSEKEEPING_FIRST_RUN_MS, HOUSEKEEPING_INTERVAL_MS, type Job } from '../../plugins/scheduler';

/**
 * Housekeeping of the match-status undo (docs/matches.md, status; migration 010): forgets the before-images
 * of bulk operations older than a day (they can no longer be undone). Returns how many went.
 */
export async function purgeExpiredStatoOperations(db: Db): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM public.partite_operazioni_stato WHERE created_at < now() - make_interval(hours => $1)`, [
    OPERAZIONE_KEEP_HOURS,
  ]);
  return rowCount ?? 0;
}

/** The hourly purge of the undo's before-images, a job of the scheduler (registered by matchesRoutes). */
export const statoPurgeJob: Job<number> = {
  name: 'stato-purge',
  intervalMs: HOUSEKEEPING_INTERVAL_MS,
  firstRunMs: HOUSEKEEPING_FIRST_RUN_MS,
  run: ({ db }) => purgeExpiredStatoOperations(db),
};
