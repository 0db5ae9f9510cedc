import type { Db } from '../db/pool';
import { deleteExpiredCounters } from '../shared/rate-limit';
import { HOUSEKEEPING_FIRST_RUN_MS, HOUSEKEEPING_INTERVAL_MS, type Job } from '../plugins/scheduler';
import { deleteStaleLockoutRows } from './lockout';

/** Deletes rate-limit counters past their window, ended locks and day-old sign-in attempts. */
export async function deleteStaleAuthRows(db: Db) {
  const rateLimits = await deleteExpiredCounters(db);
  const { attempts, locks } = await deleteStaleLockoutRows(db);
  return { rateLimits, attempts, locks };
}

/**
 * The hourly sweep of the stale rate-limit counters, locks and attempts: a job of the scheduler
 * (registered by the auth plugin). The purges of the features' own rows are jobs of those features.
 */
export const authHousekeepingJob: Job<Awaited<ReturnType<typeof deleteStaleAuthRows>>> = {
  name: 'auth-housekeeping',
  intervalMs: HOUSEKEEPING_INTERVAL_MS,
  firstRunMs: HOUSEKEEPING_FIRST_RUN_MS,
  run: ({ db }) => deleteStaleAuthRows(db),
};
