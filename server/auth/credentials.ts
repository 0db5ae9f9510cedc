import type { Pool } from '../db/pool';
import { checkPassword } from './crypto';
import * as repo from './repo';
import { lockRemaining, recordFailure, recordSuccess } from './lockout';

export type AuthOutcome =
  | { ok: true; user: repo.AuthUserRow }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; remainingTime: number };

/**
 * The one password check behind /api/login and /auth/v1/token: lock-out first (per account,
 * unknown emails included), then bcrypt against the stored hash or a dummy one, so an unknown
 * email costs and answers exactly like a wrong password. Failures count toward the lock.
 */
export async function authenticate(pool: Pool, email: string, password: string, ip: string | null): Promise<AuthOutcome> {
  const locked = await lockRemaining(pool, email);
  if (locked > 0) return { ok: false, reason: 'locked', remainingTime: locked };
  const user = await repo.findUserByEmail(pool, email);
  const matches = await checkPassword(password, user?.encrypted_password);
  if (!matches || !user || user.banned) {
    await recordFailure(pool, email, ip);
    return { ok: false, reason: 'invalid' };
  }
  await recordSuccess(pool, email, ip);
  return { ok: true, user };
}
