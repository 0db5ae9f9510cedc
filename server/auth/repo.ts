import type { Db } from '../db/pool';
import { storedRoleSql } from './accounts';
import { liftLocks } from './lockout';

/** The columns of auth.users the protocol's User object and our checks need. */
export interface AuthUserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  recovery_sent_at: Date | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
  /** banned_until in the future */
  banned: boolean;
}

const USER_COLUMNS = `id, email, encrypted_password, email_confirmed_at, invited_at, recovery_sent_at,
  email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until,
  created_at, updated_at, (banned_until IS NOT NULL AND banned_until > now()) AS banned`;

export async function findUserByEmail(db: Db, email: string): Promise<AuthUserRow | null> {
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM auth.users WHERE email = $1`, [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<AuthUserRow | null> {
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** A sign-in: auth.users and its public.users mirror both record it. */
export async function touchLastSignIn(db: Db, userId: string): Promise<void> {
  await db.query(
    `WITH u AS (UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1 RETURNING id, last_sign_in_at)
     UPDATE public.users p SET last_sign_in_at = u.last_sign_in_at FROM u WHERE p.user_id = u.id`,
    [userId],
  );
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.query(
    `UPDATE auth.users SET encrypted_password = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      WHERE id = $1`,
    [userId, passwordHash],
  );
  await db.query('UPDATE public.users SET last_updated = now() WHERE user_id = $1', [userId]);
  // A password set by its owner (a completed reset) or the administrator lifts the sign-in locks.
  await liftLocks(db, userId);
}

export async function confirmEmail(db: Db, userId: string): Promise<void> {
  await db.query('UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1', [userId]);
}

// Account creation, roles and deletion: ./accounts.ts.

// ---- sessions and refresh tokens -------------------------------------------------------------

export async function insertSession(
  db: Db,
  opts: { userId: string; amrMethod: string; ip: string | null; userAgent: string | null },
): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO auth.sessions (user_id, amr_method, ip, user_agent) VALUES ($1, $2, $3::inet, $4) RETURNING id`,
    [opts.userId, opts.amrMethod, opts.ip, opts.userAgent?.slice(0, 512) ?? null],
  );
  return rows[0].id;
}

export interface SessionRow {
  id: string;
  user_id: string;
  amr_method: string;
}

/** The session, locked for the rest of the transaction (refreshes of one session run one at a time). */
export async function lockSession(db: Db, sessionId: string): Promise<SessionRow | null> {
  const { rows } = await db.query('SELECT id, user_id, amr_method FROM auth.sessions WHERE id = $1 FOR UPDATE', [sessionId]);
  return rows[0] ?? null;
}

/** How the session was opened ('password', or 'otp' for a mailed link); null when it is gone. */
export async function sessionAmrMethod(db: Db, sessionId: string): Promise<string | null> {
  const { rows } = await db.query('SELECT amr_method FROM auth.sessions WHERE id = $1', [sessionId]);
  return rows[0]?.amr_method ?? null;
}

export async function touchSessionRefreshed(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE auth.sessions SET refreshed_at = now(), updated_at = now() WHERE id = $1', [sessionId]);
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.query('DELETE FROM auth.sessions WHERE id = $1', [sessionId]);
}

export async function deleteSessionsOfUser(db: Db, userId: string, except?: string): Promise<void> {
  if (except) await db.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2', [userId, except]);
  else await db.query('DELETE FROM auth.sessions WHERE user_id = $1', [userId]);
}

export interface RefreshTokenRow {
  id: string;
  token_hash: string;
  session_id: string;
  user_id: string;
  parent: string | null;
  derivation_nonce: string | null;
  revoked: boolean;
  /** Seconds since the token was revoked (its last update). */
  age_seconds: number;
}

/** The token row, locked for the rest of the transaction (SELECT ... FOR UPDATE). */
export async function lockRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query(
    `SELECT id, token_hash, session_id, user_id, parent, derivation_nonce, revoked,
            extract(epoch FROM now() - updated_at)::float8 AS age_seconds
       FROM auth.refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** The newest token of the session that is still valid. */
export async function activeRefreshToken(db: Db, sessionId: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query(
    `SELECT id, token_hash, session_id, user_id, parent, derivation_nonce, revoked, 0::float8 AS age_seconds
       FROM auth.refresh_tokens WHERE session_id = $1 AND NOT revoked ORDER BY id DESC LIMIT 1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

export async function insertRefreshToken(
  db: Db,
  opts: { tokenHash: string; sessionId: string; userId: string; parent: string | null; nonce: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO auth.refresh_tokens (token_hash, session_id, user_id, parent, derivation_nonce) VALUES ($1, $2, $3, $4, $5)`,
    [opts.tokenHash, opts.sessionId, opts.userId, opts.parent, opts.nonce],
  );
}

export async function revokeRefreshToken(db: Db, id: string): Promise<void> {
  await db.query('UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1', [id]);
}

// ---- one-time tokens (recovery, invitation) --------------------------------------------------

export type OneTimeType = 'recovery' | 'invite';

/** Stores a new link token (hash only), replacing the user's earlier unused ones of that type. */
export async function insertOneTimeToken(
  db: Db,
  opts: { userId: string; type: OneTimeType; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2 AND used_at IS NULL', [opts.userId, opts.type]);
  await db.query(
    `INSERT INTO auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [opts.userId, opts.type, opts.tokenHash, opts.ttlSeconds],
  );
  const column = opts.type === 'recovery' ? 'recovery_sent_at' : 'invited_at';
  await db.query(`UPDATE auth.users SET ${column} = now() WHERE id = $1`, [opts.userId]);
}

/** Marks the token used if it is unused and unexpired; returns its user, or null. Atomic: single use. */
export async function consumeOneTimeToken(db: Db, tokenHash: string, type: OneTimeType): Promise<string | null> {
  const { rows } = await db.query(
    `UPDATE auth.one_time_tokens SET used_at = now()
      WHERE token_hash = $1 AND token_type = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash, type],
  );
  return rows[0]?.user_id ?? null;
}

export async function deleteOutstandingOneTimeTokens(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

// ---- session user of /api/me ----------------------------------------------------------------

export async function sessionUser(db: Db, userId: string) {
  const { rows } = await db.query(
    `SELECT u.id, u.email, ${storedRoleSql('u')} AS role, u.recovery_sent_at, u.email_change_sent_at, u.last_sign_in_at
       FROM auth.users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}
