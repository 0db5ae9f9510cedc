import type { Db, Pool } from '../db/pool';
import { withTransaction } from '../db/pool';

/**
 * Lock-out (docs/auth.md): 5 failures for one email within 15 minutes lock the account for 15 minutes, for the
 * client address they came from (TRUST_PROXY decides which address that is): someone who knows the
 * admin's email cannot keep the admin out from another address. ACCOUNT_LOCK_THRESHOLD failures from
 * all addresses together lock the account everywhere (the brute-force brake, far above one person's
 * typing). A password set by its owner (a completed reset) lifts every lock of the account.
 */
export const LOCK_THRESHOLD = 5;
export const ACCOUNT_LOCK_THRESHOLD = 50;
export const LOCK_WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;

/** The address a lock or a count is for; '' is the whole account. */
const ACCOUNT = '';
const scopeOf = (ip: string | null) => ip ?? 'sconosciuto';

/** Seconds until the lock of this email for this address (or account-wide) ends, 0 when there is none. */
export async function lockRemaining(db: Db, email: string, ip: string | null): Promise<number> {
  const { rows } = await db.query(
    `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS remaining
       FROM public.account_locks WHERE email = $1 AND ip IN ($2, '') AND locked_until > now()`,
    [email, scopeOf(ip)],
  );
  return rows[0]?.remaining ?? 0;
}

/** Serialises every lock-out decision of one email, across transactions and server processes. */
async function lockEmail(db: Db, email: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('login:' || $1, 0))`, [email]);
}

/**
 * Failures that count toward the two locks, in one read: from this address (`fromHere`) and from all
 * (`fromAll`). Each counts within the window, after its own lock was last placed (the attempts it
 * answered are spent; none is recorded while it lasts) and after the last success or password change.
 * Attempts still being checked are stored as failures, so they count too.
 */
async function countFailures(db: Db, email: string, scope: string): Promise<{ fromHere: number; fromAll: number }> {
  const { rows } = await db.query(
    `WITH spent AS (
       SELECT coalesce((SELECT max(created_at) FROM public.login_attempts WHERE email = $1 AND success), '-infinity') AS success,
              coalesce((SELECT created_at FROM public.account_locks WHERE email = $1 AND ip = $2), '-infinity') AS here,
              coalesce((SELECT created_at FROM public.account_locks WHERE email = $1 AND ip = ''), '-infinity') AS everywhere)
     SELECT count(*) FILTER (WHERE coalesce(host(a.ip), 'sconosciuto') = $2 AND a.created_at > spent.here)::int AS "fromHere",
            count(*) FILTER (WHERE a.created_at > spent.everywhere)::int AS "fromAll"
       FROM public.login_attempts a, spent
      WHERE a.email = $1 AND NOT a.success
        AND a.created_at > now() - make_interval(secs => $3) AND a.created_at > spent.success`,
    [email, scope, LOCK_WINDOW_SECONDS],
  );
  return rows[0];
}

/** Locks the account for `scope`; answers locked_until as exact text (microseconds kept, unlike a JS Date). */
async function lockAccount(db: Db, email: string, scope: string): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO public.account_locks (email, ip, locked_until) VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (email, ip) DO UPDATE SET locked_until = EXCLUDED.locked_until, created_at = now()
     RETURNING locked_until::text AS locked_until`,
    [email, scope, LOCK_SECONDS],
  );
  return rows[0].locked_until;
}

/** The locks an attempt placed in advance, to lift if its password matches. */
export interface ProvisionalLocks {
  /** For the attempt's address (its LOCK_THRESHOLD-th failure). */
  provisionalLock: string | null;
  /** Account-wide (its ACCOUNT_LOCK_THRESHOLD-th failure). */
  provisionalAccountLock: string | null;
}

export type AttemptStart =
  | { locked: true; remainingTime: number }
  | ({
      locked: false;
      /** The login_attempts row, stored as a failure until the password is known to match. */
      attemptId: string;
    } & ProvisionalLocks);

/**
 * Starts a sign-in attempt, BEFORE the password is compared (one short transaction under the
 * per-email advisory lock, so parallel attempts on one account from any number of processes
 * are decided one at a time):
 * - the account is locked for this address or everywhere: refused with the remaining time, nothing recorded;
 * - otherwise the attempt is recorded as a failure and counted; the LOCK_THRESHOLD-th one from this
 *   address (or the ACCOUNT_LOCK_THRESHOLD-th from all) places the lock at once, so every attempt after
 *   it is refused while it is being checked.
 * At most LOCK_THRESHOLD passwords per address are ever compared per lock window. The caller reports the
 * outcome with finishAttempt (a match turns the record into a success and lifts the advance locks).
 */
export async function beginAttempt(pool: Pool, email: string, ip: string | null): Promise<AttemptStart> {
  const scope = scopeOf(ip);
  return withTransaction(pool, async (db) => {
    await lockEmail(db, email);
    const remaining = await lockRemaining(db, email, ip);
    if (remaining > 0) return { locked: true, remainingTime: remaining };
    const { fromHere, fromAll } = await countFailures(db, email, scope);
    if (fromHere >= LOCK_THRESHOLD || fromAll >= ACCOUNT_LOCK_THRESHOLD) {
      // Only reachable if a threshold was lowered meanwhile: lock without checking anything.
      await lockAccount(db, email, fromHere >= LOCK_THRESHOLD ? scope : ACCOUNT);
      return { locked: true, remainingTime: LOCK_SECONDS };
    }
    const { rows } = await db.query(
      'INSERT INTO public.login_attempts (email, ip, success) VALUES ($1, $2::inet, false) RETURNING id::text AS id',
      [email, ip],
    );
    const provisionalLock = fromHere + 1 >= LOCK_THRESHOLD ? await lockAccount(db, email, scope) : null;
    const provisionalAccountLock = fromAll + 1 >= ACCOUNT_LOCK_THRESHOLD ? await lockAccount(db, email, ACCOUNT) : null;
    return { locked: false, attemptId: rows[0].id, provisionalLock, provisionalAccountLock };
  });
}

/**
 * The outcome of an attempt started with beginAttempt. A failure is already recorded (and the
 * locks, if it was the last allowed one, already placed). A match becomes a success; the locks it
 * placed in advance are lifted (a lock placed or extended later by someone else stays).
 */
export async function finishAttempt(
  pool: Pool,
  email: string,
  attempt: { attemptId: string } & ProvisionalLocks,
  ip: string | null,
  matched: boolean,
) {
  if (!matched) return;
  await withTransaction(pool, async (db) => {
    await lockEmail(db, email);
    await db.query('UPDATE public.login_attempts SET success = true WHERE id = $1', [attempt.attemptId]);
    const placed: Array<[string, string | null]> = [
      [scopeOf(ip), attempt.provisionalLock],
      [ACCOUNT, attempt.provisionalAccountLock],
    ];
    for (const [scope, lockedUntil] of placed) {
      if (lockedUntil) {
        await db.query('DELETE FROM public.account_locks WHERE email = $1 AND ip = $2 AND locked_until = $3::timestamptz', [email, scope, lockedUntil]);
      }
    }
  });
}

/**
 * Lifts every lock of the account whose password its owner just set (a completed reset): the locks
 * go, and the failures before now count no more (a success row marks the moment, as a sign-in would).
 */
export async function liftLocks(db: Db, userId: string): Promise<void> {
  const { rows } = await db.query<{ email: string }>('SELECT lower(email) AS email FROM auth.users WHERE id = $1', [userId]);
  if (!rows[0]) return;
  await lockEmail(db, rows[0].email);
  await db.query('DELETE FROM public.account_locks WHERE email = $1', [rows[0].email]);
  await db.query('INSERT INTO public.login_attempts (email, ip, success) VALUES ($1, NULL, true)', [rows[0].email]);
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
