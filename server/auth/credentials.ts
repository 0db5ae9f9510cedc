import type { FastifyRequest } from 'fastify';
import type { Pool } from '../db/pool';
import { LOGS_MSG } from '../../common/logs/messages';
import { recordActivity } from '../shared/activity';
import { checkPassword } from './crypto';
import * as repo from './repo';
import { beginAttempt, finishAttempt, LOCK_THRESHOLD } from './lockout';

export type AuthOutcome =
  | { ok: true; user: repo.AuthUserRow }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; remainingTime: number };

/**
 * The one password check behind /api/login and /auth/v1/token. The attempt is recorded and
 * counted toward the lock-out BEFORE bcrypt runs (per account, atomically across processes), so
 * parallel attempts cannot slip past the lock; then bcrypt against the stored hash or a dummy
 * one, so an unknown email costs and answers exactly like a wrong password.
 */
export async function authenticate(
  pool: Pool,
  email: string,
  password: string,
  ip: string | null,
  request: FastifyRequest | null = null,
): Promise<AuthOutcome> {
  const attempt = await beginAttempt(pool, email, ip);
  // The activity log names the email tried (never the password: docs/logs.md); the account when it exists.
  const tried = { id: null, email, role: null };
  if (attempt.locked) {
    await recordActivity(pool, request, {
      type: 'warning',
      message: LOGS_MSG.activity.signInWhileLocked(email),
      context: { remaining_seconds: attempt.remainingTime },
      user: tried,
    });
    return { ok: false, reason: 'locked', remainingTime: attempt.remainingTime };
  }
  const user = await repo.findUserByEmail(pool, email);
  const matches = await checkPassword(password, user?.encrypted_password);
  const ok = matches && !!user && !user.banned;
  await finishAttempt(pool, email, attempt, ip, ok);
  if (!ok) {
    const who = user ? { id: user.id, email, role: roleOf(user) } : tried;
    await recordActivity(pool, request, {
      type: 'warning',
      message: LOGS_MSG.activity.signInFailed(email),
      context: { known_account: !!user, ...(user?.banned ? { banned: true } : {}) },
      user: who,
    });
    // This failure was the last one allowed: it placed the lock (lockout.ts beginAttempt).
    if (attempt.provisionalLock) {
      await recordActivity(pool, request, {
        type: 'warning',
        message: LOGS_MSG.activity.lockedOut(email),
        context: { locked_until: attempt.provisionalLock, failures: LOCK_THRESHOLD },
        user: who,
      });
    }
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, user: user! };
}

/** The stored role of an auth.users row (app_metadata), as the activity log shows it. */
export function roleOf(user: repo.AuthUserRow): string | null {
  const role = user.raw_app_meta_data?.role;
  return typeof role === 'string' ? role : null;
}
