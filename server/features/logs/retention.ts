import type { Db } from '../../db/pool';
import { HOUSEKEEPING_FIRST_RUN_MS, HOUSEKEEPING_INTERVAL_MS, type Job } from '../../plugins/scheduler';

/** Rows per DELETE: each statement is its own short transaction, so no lock is held for long. */
export const PURGE_BATCH = 5000;
/** At most this many batches per sweep (1,000,000 rows); the next sweep continues. */
const MAX_BATCHES = 200;

async function purgeTable(db: Db, sql: string, days: number, batch: number, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES && !signal?.aborted; i++) {
    const { rowCount } = await db.query(sql, [days, batch]);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batch) break;
  }
  return total;
}

/**
 * Deletes error log rows last seen, and activity records written, more than `days` days ago, in
 * batches of `batch` rows picked through the date indexes of migration 007 (error_logs_last_idx,
 * activity_logs_created_idx). Stops between two batches once `signal` is aborted (the app closes);
 * the next sweep continues. Answers how many rows went.
 */
export async function purgeOldLogs(db: Db, days: number, batch = PURGE_BATCH, signal?: AbortSignal): Promise<{ errors: number; activities: number }> {
  const errors = await purgeTable(
    db,
    `DELETE FROM public.error_logs WHERE id IN (
       SELECT id FROM public.error_logs WHERE last_occurred_at < now() - make_interval(days => $1) LIMIT $2)`,
    days,
    batch,
    signal,
  );
  const activities = await purgeTable(
    db,
    `DELETE FROM public.activity_logs WHERE id IN (
       SELECT id FROM public.activity_logs WHERE created_at < now() - make_interval(days => $1) LIMIT $2)`,
    days,
    batch,
    signal,
  );
  return { errors, activities };
}

/** The hourly log retention (LOG_RETENTION_DAYS), a job of the scheduler (registered by logsRoutes). */
export const logRetentionJob = (days: number): Job<{ errors: number; activities: number }> => ({
  name: 'log-retention',
  intervalMs: HOUSEKEEPING_INTERVAL_MS,
  firstRunMs: HOUSEKEEPING_FIRST_RUN_MS,
  run: ({ db, signal }) => purgeOldLogs(db, days, PURGE_BATCH, signal),
});
