import type { Db } from '../../db/pool';
import { CANCELLED_KEEP_DAYS } from '../../../common/calendar/rules';
import { HOUSEKEEPING_FIRST_RUN_MS, HOUSEKEEPING_INTERVAL_MS, type Job } from '../../plugins/scheduler';

/**
 * Housekeeping of the calendar feeds (migration 008): forgets the cancellations of
 * deleted matches older than the feeds show them (30 days). The feeds already leave those out,
 * so this only keeps the table small. Returns how many rows were deleted.
 */
export async function purgeExpiredCancellations(db: Db): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM public.partite_cancellate WHERE deleted_at < now() - make_interval(days => $1)`, [
    CANCELLED_KEEP_DAYS,
  ]);
  return rowCount ?? 0;
}

/** The hourly purge of old cancellations, a job of the scheduler (registered by calendarRoutes). */
export const calendarPurgeJob: Job<number> = {
  name: 'calendar-purge',
  intervalMs: HOUSEKEEPING_INTERVAL_MS,
  firstRunMs: HOUSEKEEPING_FIRST_RUN_MS,
  run: ({ db }) => purgeExpiredCancellations(db),
};
