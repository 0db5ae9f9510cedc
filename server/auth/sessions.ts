import crypto from 'node:crypto';
import pg, { type PoolClient } from 'pg';
import type { Db, Pool } from '../db/pool';
import { withTransaction } from '../db/pool';
import { MSG } from '../../common/core/messages';
import { DEFAULT_ROLE, isRole, type Role } from '../../common/users/roles';
import { ACCESS_TOKEN_TTL, signAccessToken } from './jwt';
import { deriveChildToken, randomToken, sha256 } from './crypto';
import * as repo from './repo';
import { GoTrueError } from './gotrue-errors';

/** docs/auth.md (refresh tokens): a revoked token other than the live one's parent is accepted this long. */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export interface SessionKeys {
  jwtSecret: string;
  /** `<public url>/auth/v1` */
  issuer: string;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

export function roleOf(user: Pick<repo.AuthUserRow, 'raw_app_meta_data'>): Role {
  const role = user.raw_app_meta_data?.role;
  return isRole(role) ? role : DEFAULT_ROLE;
}

/** GoTrue's User object (docs/auth.md, wire subset); unset timestamps are left out. */
export function userJson(u: repo.AuthUserRow) {
  const optional = {
    email_confirmed_at: iso(u.email_confirmed_at),
    confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    email_change_sent_at: iso(u.email_change_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
  };
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    phone: '',
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    app_metadata: { provider: 'email', providers: ['email'], ...u.raw_app_meta_data, role: roleOf(u) },
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
  };
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>;

async function sessionJson(keys: SessionKeys, user: repo.AuthUserRow, sessionId: string, amrMethod: string, refreshToken: string) {
  const role = roleOf(user);
  const { token, expiresAt } = await signAccessToken(keys.jwtSecret, keys.issuer, {
    sub: user.id,
    email: user.email,
    session_id: sessionId,
    app_role: role,
    app_metadata: { provider: 'email', providers: ['email'], role },
    user_metadata: user.raw_user_meta_data ?? {},
    amrMethod,
  });
  return {
    access_token: token,
    token_type: 'bearer' as const,
    expires_in: ACCESS_TOKEN_TTL,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/**
 * Starts a session for a user who just proved who they are (password, or a /verify link: amr
 * method otp): session row, first refresh token (stored hashed), last_sign_in_at.
 * With a pool the writes run in their own transaction; with a client they join the caller's
 * (so /verify commits the link's use and the session together, or neither).
 */
export async function startSession(
  db: Pool | PoolClient,
  keys: SessionKeys,
  opts: { userId: string; amrMethod: 'password' | 'otp'; ip: string | null; userAgent: string | null },
): Promise<SessionJson> {
  const refreshToken = randomToken();
  const write = async (client: PoolClient) => {
    const sessionId = await repo.insertSession(client, opts);
    await repo.insertRefreshToken(client, { tokenHash: sha256(refreshToken), sessionId, userId: opts.userId, parent: null, nonce: null });
    await repo.touchLastSignIn(client, opts.userId);
    const row = await repo.findUserById(client, opts.userId);
    return { row: row!, sessionId };
  };
  const user = db instanceof pg.Pool ? await withTransaction(db, write) : await write(db);
  return sessionJson(keys, user.row, user.sessionId, opts.amrMethod, refreshToken);
}

async function issueChild(db: Db, keys: SessionKeys, parent: repo.RefreshTokenRow, parentRaw: string): Promise<string> {
  const nonce = crypto.randomBytes(16).toString('base64url');
  const child = deriveChildToken(keys.jwtSecret, parentRaw, nonce);
  await repo.insertRefreshToken(db, {
    tokenHash: sha256(child),
    sessionId: parent.session_id,
    userId: parent.user_id,
    parent: parent.token_hash,
    nonce,
  });
  return child;
}

/**
 * grant_type=refresh_token, GoTrue's rotation with reuse detection (docs/auth.md, refresh tokens),
 * serialised per token and per session with SELECT ... FOR UPDATE.
 */
export async function refreshSession(
  pool: Pool,
  keys: SessionKeys,
  raw: string,
  reuseIntervalSeconds = REFRESH_REUSE_INTERVAL_SECONDS,
  /** Called after the commit when a replayed token ended its session (the caller drops cached sessions). */
  onSessionEnded?: (userId: string) => void,
): Promise<SessionJson> {
  const outcome = await withTransaction(pool, async (db) => {
    const token = await repo.lockRefreshToken(db, sha256(raw));
    if (!token) return { error: new GoTrueError(400, 'refresh_token_not_found', MSG.login.refreshTokenNotFound) };
    const session = await repo.lockSession(db, token.session_id);
    if (!session) return { error: new GoTrueError(400, 'session_not_found', MSG.login.sessionNotFound) };
    const user = await repo.findUserById(db, token.user_id);
    if (!user) return { error: new GoTrueError(400, 'session_not_found', MSG.login.sessionNotFound) };
    if (user.banned) return { error: new GoTrueError(400, 'user_banned', MSG.login.userBanned) };

    let next: string;
    if (!token.revoked) {
      await repo.revokeRefreshToken(db, token.id);
      next = await issueChild(db, keys, token, raw);
    } else {
      const active = await repo.activeRefreshToken(db, session.id);
      if (active && active.parent === token.token_hash && active.derivation_nonce) {
        // The client lost the answer of its last refresh (or two refreshes raced): same child again.
        next = deriveChildToken(keys.jwtSecret, raw, active.derivation_nonce);
      } else if (token.age_seconds <= reuseIntervalSeconds) {
        next = await issueChild(db, keys, token, raw);
      } else {
        // A spent token replayed: someone else may hold the family. End the whole session.
        await repo.deleteSession(db, session.id);
        return { error: new GoTrueError(400, 'refresh_token_already_used', MSG.login.refreshTokenReused), endedUserId: session.user_id };
      }
    }
    await repo.touchSessionRefreshed(db, session.id);
    return { user, session, next };
  });
  if ('error' in outcome) {
    if ('endedUserId' in outcome && outcome.endedUserId) onSessionEnded?.(outcome.endedUserId);
    throw outcome.error;
  }
  return sessionJson(keys, outcome.user, outcome.session.id, outcome.session.amr_method, outcome.next);
}
