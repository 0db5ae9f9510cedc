import type { Pool } from '../db/pool';
import { checkPassword } from './crypto';
import * as repo from './repo';
import { beginAttempt, finishAttempt } from './lockout';

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
export async function authenticate(pool: Pool, email: string, password: string, ip: string | null): Promise<AuthOutcome> {
  const attempt = await beginAttempt(pool, email, ip);
  if (attempt.locked) return { ok: false, reason: 'locked', remainingTime: attempt.remainingTime };
  const user = await repo.findUserByEmail(pool, email);
  const matches = await checkPassword(password, user?.encrypted_password);
  const ok = matches && !!user && !user.banned;
  await finishAttempt(pool, email, attempt, ok);
  if (!ok) return { ok: false, reason: 'invalid' };
  return { ok: true, user: user! };
}
