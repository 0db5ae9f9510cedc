import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from '../db/pool';
import { deleteExpiredCounters } from '../shared/rate-limit';
import { deleteStaleLockoutRows } from './lockout';
import { purgeExpiredCancellations } from '../plugins/calendar-purge';
import { DEFAULT_LOG_RETENTION_DAYS, purgeOldLogs } from '../plugins/log-retention';
import { purgeExpiredStatoOperations } from '../plugins/stato-purge';

/** How often a server process sweeps the stale rows (at most). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes rate-limit counters past their window, ended locks and day-old sign-in attempts. */
export async function deleteStaleAuthRows(pool: Pool, logRetentionDays = DEFAULT_LOG_RETENTION_DAYS) {
  const rateLimits = await deleteExpiredCounters(pool);
  const { attempts, locks } = await deleteStaleLockoutRows(pool);
  // Calendar feeds (issue 14): cancellations of deleted matches past the feeds' 30 days.
  const calendarCancellations = await purgeExpiredCancellations(pool);
  // Error and activity logs (issue 11): rows past LOG_RETENTION_DAYS, in batches.
  const logs = await purgeOldLogs(pool, logRetentionDays);
  // Match status (issue 16): before-images of bulk operations older than a day.
  const statoOperations = await purgeExpiredStatoOperations(pool);
  return { rateLimits, attempts, locks, calendarCancellations, logErrors: logs.errors, logActivities: logs.activities, statoOperations };
}

/**
 * Opportunistic cleanup: the first call runs a sweep, later calls run one only when the interval
 * has passed since the last start. Several processes on one database each sweep now and then;
 * the DELETEs are idempotent, so that is harmless. An idle process sweeps nothing, and no timer
 * keeps it alive.
 */
export class Housekeeping {
  private lastStart = Number.NEGATIVE_INFINITY;
  constructor(
    private readonly pool: Pool,
    private readonly log: () => FastifyBaseLogger,
    private readonly intervalMs = HOUSEKEEPING_INTERVAL_MS,
    private readonly logRetentionDays = DEFAULT_LOG_RETENTION_DAYS,
  ) {}

  /** The sweep to await, if this call started one. */
  maybeRun(now = Date.now()): Promise<void> | null {
    if (now - this.lastStart < this.intervalMs) return null;
    this.lastStart = now;
    return deleteStaleAuthRows(this.pool, this.logRetentionDays).then((deleted) => {
      this.log().debug(deleted, 'pulizia delle righe scadute di autenticazione');
    });
  }
}
