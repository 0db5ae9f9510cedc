import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { hasRole, isRole, DEFAULT_ROLE, type Role } from '../../common/roles';
import { MSG } from '../../common/messages';
import { verifyAccessToken, type VerifyFailure } from '../auth/jwt';
import { HttpError } from './errors';

export interface AuthUser {
  id: string;
  email: string;
  /** The role stored now in the database, not the (possibly older) claim of the token. */
  role: Role;
  sessionId: string;
  /** Seconds since epoch when the access token was issued. */
  issuedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

/** Spec 4: a token older than 30 minutes is flagged so that the SPA refreshes it. */
export const REFRESH_SUGGESTED_AFTER_S = 30 * 60;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

export type ResolveResult = { ok: true; user: AuthUser } | { ok: false; reason: VerifyFailure | 'missing' | 'session_not_found' };

/**
 * Checks the bearer token (signature, exp, aud), then that its session and user still exist,
 * and reads the user's current role from the database (a demoted admin loses access at once).
 */
export async function resolveUser(request: FastifyRequest): Promise<ResolveResult> {
  const token = bearerToken(request);
  if (!token) return { ok: false, reason: 'missing' };
  const verified = await verifyAccessToken(request.server.deps.jwtSecret, token);
  if (!verified.ok) return verified;
  const { claims } = verified;
  const { rows } = await request.server.deps.pool.query(
    `SELECT u.id, u.email, u.raw_app_meta_data->>'role' AS role
       FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id
      WHERE s.id = $1 AND u.id = $2 AND (u.banned_until IS NULL OR u.banned_until < now())`,
    [claims.session_id, claims.sub],
  );
  if (!rows[0]) return { ok: false, reason: 'session_not_found' };
  const role = isRole(rows[0].role) ? rows[0].role : DEFAULT_ROLE;
  return { ok: true, user: { id: rows[0].id, email: rows[0].email, role, sessionId: claims.session_id, issuedAt: claims.iat } };
}

function flagOldToken(reply: FastifyReply, user: AuthUser): void {
  if (Date.now() / 1000 - user.issuedAt > REFRESH_SUGGESTED_AFTER_S) reply.header('X-Refresh-Token-Suggested', 'true');
}

/**
 * preHandler for /api routes: 401 'Utente non autenticato' without a valid session, 403 with
 * `forbiddenMessage` when the stored role is below `min`. Sets request.user.
 */
export function requireRole(min: Role, forbiddenMessage: string = MSG.http.forbidden): preHandlerHookHandler {
  return async function guard(request, reply) {
    const result = await resolveUser(request);
    if (!result.ok) {
      throw new HttpError(401, result.reason === 'missing' ? MSG.http.notAuthenticated : MSG.http.sessionExpired);
    }
    request.user = result.user;
    flagOldToken(reply, result.user);
    if (!hasRole(result.user.role, min)) throw new HttpError(403, forbiddenMessage);
  };
}

/** For routes open to everyone that behave differently when a valid session is present. */
export const optionalUser: preHandlerHookHandler = async function optionalUser(request, reply) {
  if (!bearerToken(request)) return;
  const result = await resolveUser(request);
  if (result.ok) {
    request.user = result.user;
    flagOldToken(reply, result.user);
  }
};
