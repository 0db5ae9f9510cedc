import type { Pool } from '../db/pool';
import { withTransaction } from '../db/pool';

/** Spec 4 lock-out: 5 failures for one email within 15 minutes lock the account for 15 minutes. */
export const LOCK_THRESHOLD = 5;
export const LOCK_WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;

/** Seconds until the account's lock ends, 0 when it is not locked. Unknown emails have locks too. */
export async function lockRemaining(db: Pool, email: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS remaining
       FROM public.account_locks WHERE email = $1 AND locked_until > now()`,
    [email],
  );
  return rows[0]?.remaining ?? 0;
}

/**
 * Records a failed sign-in; when it is the LOCK_THRESHOLD-th failure since the window start
 * (and since the last success or lock) it locks the account. Serialised per email with an
 * advisory lock, so concurrent failures from several processes count exactly.
 */
export async function recordFailure(pool: Pool, email: string, ip: string | null): Promise<{ lockedFor: number }> {
  return withTransaction(pool, async (db) => {
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('login:' || $1, 0))`, [email]);
    await db.query('INSERT INTO public.login_attempts (email, ip, success) VALUES ($1, $2::inet, false)', [email, ip]);
    const { rows } = await db.query(
      `SELECT count(*)::int AS failures FROM public.login_attempts a
        WHERE a.email = $1 AND NOT a.success
          AND a.created_at > now() - make_interval(secs => $2)
          AND a.created_at > coalesce((SELECT locked_until FROM public.account_locks WHERE email = $1), '-infinity')
          AND a.created_at > coalesce((SELECT max(created_at) FROM public.login_attempts WHERE email = $1 AND success), '-infinity')`,
      [email, LOCK_WINDOW_SECONDS],
    );
    if (rows[0].failures < LOCK_THRESHOLD) return { lockedFor: 0 };
    await db.query(
      `INSERT INTO public.account_locks (email, locked_until) VALUES ($1, now() + make_interval(secs => $2))
       ON CONFLICT (email) DO UPDATE SET locked_until = EXCLUDED.locked_until, created_at = now()`,
      [email, LOCK_SECONDS],
    );
    // Old attempts serve no count any more.
    await db.query(`DELETE FROM public.login_attempts WHERE email = $1 AND created_at < now() - interval '1 day'`, [email]);
    return { lockedFor: LOCK_SECONDS };
  });
}

export async function recordSuccess(pool: Pool, email: string, ip: string | null): Promise<void> {
  await pool.query('INSERT INTO public.login_attempts (email, ip, success) VALUES ($1, $2::inet, true)', [email, ip]);
}
