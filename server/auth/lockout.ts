import type { Db, Pool } from '../db/pool';
import { withTransaction } from '../db/pool';

/** Spec 4 lock-out: 5 failures for one email within 15 minutes lock the account for 15 minutes. */
export const LOCK_THRESHOLD = 5;
export const LOCK_WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;

/** Seconds until the account's lock ends, 0 when it is not locked. Unknown emails have locks too. */
export async function lockRemaining(db: Db, email: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS remaining
       FROM public.account_locks WHERE email = $1 AND locked_until > now()`,
    [email],
  );
  return rows[0]?.remaining ?? 0;
}

/** Serialises every lock-out decision of one email, across transactions and server processes. */
async function lockEmail(db: Db, email: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('login:' || $1, 0))`, [email]);
}

/**
 * Failures that count toward the lock: within the window, after the last lock was placed (the
 * attempts it answered are spent; none is recorded while it lasts) and after the last success. Attempts still being checked are stored as failures, so they count too.
 */
async function countFailures(db: Db, email: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS failures FROM public.login_attempts a
      WHERE a.email = $1 AND NOT a.success
        AND a.created_at > now() - make_interval(secs => $2)
        AND a.created_at > coalesce((SELECT created_at FROM public.account_locks WHERE email = $1), '-infinity')
        AND a.created_at > coalesce((SELECT max(created_at) FROM public.login_attempts WHERE email = $1 AND success), '-infinity')`,
    [email, LOCK_WINDOW_SECONDS],
  );
  return rows[0].failures;
}

/** Locks the account; answers locked_until as exact text (microseconds kept, unlike a JS Date). */
async function lockAccount(db: Db, email: string): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO public.account_locks (email, locked_until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (email) DO UPDATE SET locked_until = EXCLUDED.locked_until, created_at = now()
     RETURNING locked_until::text AS locked_until`,
    [email, LOCK_SECONDS],
  );
  return rows[0].locked_until;
}

export type AttemptStart =
  | { locked: true; remainingTime: number }
  | {
      locked: false;
      /** The login_attempts row, stored as a failure until the password is known to match. */
      attemptId: string;
      /** Set when this attempt is the LOCK_THRESHOLD-th: the lock it placed in advance. */
      provisionalLock: string | null;
    };

/**
 * Starts a sign-in attempt, BEFORE the password is compared (one short transaction under the
 * per-email advisory lock, so parallel attempts on one account from any number of processes
 * are decided one at a time):
 * - the account is locked: refused with the remaining time, nothing recorded;
 * - otherwise the attempt is recorded as a failure and counted; the LOCK_THRESHOLD-th one locks
 *   the account at once, so every attempt after it is refused while it is being checked.
 * At most LOCK_THRESHOLD passwords are ever compared per lock window. The caller reports the
 * outcome with finishAttempt (a match turns the record into a success and lifts the advance lock).
 */
export async function beginAttempt(pool: Pool, email: string, ip: string | null): Promise<AttemptStart> {
  return withTransaction(pool, async (db) => {
    await lockEmail(db, email);
    const remaining = await lockRemaining(db, email);
    if (remaining > 0) return { locked: true, remainingTime: remaining };
    const before = await countFailures(db, email);
    if (before >= LOCK_THRESHOLD) {
      // Only reachable if the threshold was lowered meanwhile: lock without checking anything.
      await lockAccount(db, email);
      return { locked: true, remainingTime: LOCK_SECONDS };
    }
    const { rows } = await db.query(
      'INSERT INTO public.login_attempts (email, ip, success) VALUES ($1, $2::inet, false) RETURNING id::text AS id',
      [email, ip],
    );
    const provisionalLock = before + 1 >= LOCK_THRESHOLD ? await lockAccount(db, email) : null;
    return { locked: false, attemptId: rows[0].id, provisionalLock };
  });
}

/**
 * The outcome of an attempt started with beginAttempt. A failure is already recorded (and the
 * lock, if it was the last allowed one, already placed). A match becomes a success; the lock it
 * placed in advance is lifted (a lock placed or extended later by someone else stays).
 */
export async function finishAttempt(pool: Pool, email: string, attempt: { attemptId: string; provisionalLock: string | null }, matched: boolean) {
  if (!matched) return;
  await withTransaction(pool, async (db) => {
    await lockEmail(db, email);
    await db.query('UPDATE public.login_attempts SET success = true WHERE id = $1', [attempt.attemptId]);
    if (attempt.provisionalLock) {
      await db.query('DELETE FROM public.account_locks WHERE email = $1 AND locked_until = $2::timestamptz', [email, attempt.provisionalLock]);
    }
  });
}

/** Sign-in attempts are kept this long (far past the lock window; the activity log keeps the history). */
export const ATTEMPT_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Deletes lock-out rows that no longer decide anything: attempts older than a day, and locks
 * that ended more than a lock window ago (every failure before such a lock is outside the window,
 * so dropping the lock cannot revive them).
 */
export async function deleteStaleLockoutRows(db: Db): Promise<{ attempts: number; locks: number }> {
  const attempts = await db.query('DELETE FROM public.login_attempts WHERE created_at < now() - make_interval(secs => $1)', [ATTEMPT_RETENTION_SECONDS]);
  const locks = await db.query('DELETE FROM public.account_locks WHERE locked_until < now() - make_interval(secs => $1)', [LOCK_WINDOW_SECONDS]);
  return { attempts: attempts.rowCount ?? 0, locks: locks.rowCount ?? 0 };
}
