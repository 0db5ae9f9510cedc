import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import type pg from 'pg';
import { hasRole, isRole, DEFAULT_ROLE, type Role } from '../../common/users/roles';
import { MSG } from '../../common/core/messages';
import { verifyAccessToken, type AccessClaims, type VerifyFailure } from '../auth/jwt';
import { HttpError } from './errors';
import { pgListenerOf, type PgListener } from './pg-listener';

export interface AuthUser {
  id: string;
  email: string;
  /** The role stored now in the database, not the (possibly older) claim of the token. */
  role: Role;
  sessionId: string;
  /** Seconds since epoch when the access token was issued. */
  issuedAt: number;
  /** The app_role claim of the token, which lags behind `role` until the next refresh. */
  tokenRole: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

/** A token older than 30 minutes is flagged so that the SPA refreshes it (docs/auth.md, refresh in the SPA). */
export const REFRESH_SUGGESTED_AFTER_S = 30 * 60;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

export type ResolveResult = { ok: true; user: AuthUser } | { ok: false; reason: VerifyFailure | 'missing' | 'session_not_found' };

interface VerifiedSession {
  userId: string;
  email: string;
  role: Role;
  /** Date.now() when read from the database. */
  at: number;
}

const AUTH_CHANNEL = 'auth_changed';
/** A safety net only: NOTIFY auth_changed (migration 006) drops an entry as soon as its user changes. */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * Sessions verified against the database (session alive, user present and not banned, current
 * role), by session id. Used only while the app's LISTEN connection is up on auth_changed: any
 * change to auth.sessions or to a user's role, ban or email drops that user's entries in every
 * process within milliseconds; this process also drops them synchronously (forgetUserSessions)
 * and, when its own pool was used since, waits for the listener to catch up before a hit
 * (PgListener.sync), so a change it committed is always seen by its next request.
 */
class SessionCache {
  private entries = new Map<string, VerifiedSession>();
  private generation = 0;
  private listener: PgListener | null = null;
  private unsubscribe: (() => void) | null = null;

  /** Follows the pool's current listener (a new one after the previous was stopped). */
  attach(listener: PgListener | undefined): PgListener | null {
    const next = listener ?? null;
    if (next === this.listener) return next;
    this.unsubscribe?.();
    this.clear();
    this.listener = next;
    this.unsubscribe = listener
      ? listener.subscribe(AUTH_CHANNEL, {
          notify: (userId) => (userId ? this.forgetUser(userId) : this.clear()),
          reset: () => this.clear(),
        })
      : null;
    return this.listener;
  }

  listening(): boolean {
    return this.listener !== null && this.listener.isListening(AUTH_CHANNEL);
  }

  currentGeneration(): number {
    return this.generation;
  }

  get(sessionId: string, userId: string, now: number): VerifiedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.userId !== userId || now - entry.at > SESSION_CACHE_MAX_AGE_MS) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Stores a database answer unless something was dropped since it was read (generation) or the listener is down. */
  set(sessionId: string, entry: VerifiedSession, generation: number): void {
    if (generation !== this.generation || !this.listening()) return;
    this.entries.delete(sessionId);
    if (this.entries.size >= SESSION_CACHE_MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, entry);
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries) if (entry.userId === userId) this.entries.delete(sessionId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

// One per pool, like its listener (an app owns one pool).
const sessionCaches = new WeakMap<pg.Pool, SessionCache>();

function sessionCacheOf(pool: pg.Pool): SessionCache {
  let cache = sessionCaches.get(pool);
  if (!cache) {
    cache = new SessionCache();
    sessionCaches.set(pool, cache);
  }
  return cache;
}

/**
 * Drops the cached sessions of a user at once. Call it right after committing anything that ends
 * a session or changes a user's role, ban or email; other processes learn it through NOTIFY.
 */
export function forgetUserSessions(app: FastifyInstance, userId: string): void {
  sessionCaches.get(app.deps.pool)?.forgetUser(userId);
}

/*
 * Access tokens whose signature, aud and exp were checked, by their exact text: the same string
 * verifies the same way again, so a repeat only needs its exp checked (saves the HMAC on every
 * request of a dashboard). Only valid tokens get in, so junk cannot fill it.
 */
const VERIFIED_TOKENS_MAX = 10_000;
const verifiedTokens = new Map<string, { secret: string; claims: AccessClaims }>();

async function verifyToken(secret: string, token: string): ReturnType<typeof verifyAccessToken> {
  const hit = verifiedTokens.get(token);
  if (hit) {
    if (hit.secret === secret && hit.claims.exp > Math.floor(Date.now() / 1000)) return { ok: true, claims: hit.claims };
    verifiedTokens.delete(token);
  }
  const result = await verifyAccessToken(secret, token);
  if (result.ok) {
    if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value as string);
    verifiedTokens.set(token, { secret, claims: Object.freeze(result.claims) });
  }
  return result;
}

/** The cached answer for these claims, or undefined when the database must be read. */
async function cachedSession(cache: SessionCache, listener: PgListener | null, sessionId: string, userId: string) {
  if (!listener || !cache.listening()) return undefined;
  // This process used its pool since the last barrier: let the notifications of its commits arrive first.
  if (listener.needsSync() && !(await listener.sync())) return undefined;
  if (!cache.listening()) return undefined;
  return cache.get(sessionId, userId, Date.now());
}

/**
 * Checks the bearer token (signature, exp, aud), then that its session and user still exist,
 * and reads the user's current role from the database (a demoted admin loses access at once);
 * that answer is reused from the session cache above while it is safe to.
 */
export async function resolveUser(request: FastifyRequest): Promise<ResolveResult> {
  const token = bearerToken(request);
  if (!token) return { ok: false, reason: 'missing' };
  const { pool, jwtSecret } = request.server.deps;
  const verified = await verifyToken(jwtSecret, token);
  if (!verified.ok) return verified;
  const { claims } = verified;
  const cache = sessionCacheOf(pool);
  const listener = cache.attach(pgListenerOf(pool));
  const hit = await cachedSession(cache, listener, claims.session_id, claims.sub);
  if (hit) {
    return { ok: true, user: sessionUser(claims, hit.userId, hit.email, hit.role) };
  }
  const generation = cache.currentGeneration();
  const readAt = Date.now();
  const { rows } = await pool.query(
    `SELECT u.id, u.email, u.raw_app_meta_data->>'role' AS role
       FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id
      WHERE s.id = $1 AND u.id = $2 AND (u.banned_until IS NULL OR u.banned_until < now())`,
    [claims.session_id, claims.sub],
  );
  if (!rows[0]) return { ok: false, reason: 'session_not_found' };
  const role = isRole(rows[0].role) ? rows[0].role : DEFAULT_ROLE;
  cache.set(claims.session_id, { userId: rows[0].id, email: rows[0].email, role, at: readAt }, generation);
  return { ok: true, user: sessionUser(claims, rows[0].id, rows[0].email, role) };
}

function sessionUser(claims: AccessClaims, id: string, email: string, role: Role): AuthUser {
  const tokenRole = isRole(claims.app_role) ? claims.app_role : DEFAULT_ROLE;
  return { id, email, role, sessionId: claims.session_id, issuedAt: claims.iat, tokenRole };
}

/**
 * The refresh hint (docs/auth.md): for a token older than 30 minutes, and for one whose role claim no longer
 * matches the stored role, so that a promoted or demoted user's screens follow at their next call.
 */
function flagOldToken(reply: FastifyReply, user: AuthUser): void {
  const old = Date.now() / 1000 - user.issuedAt > REFRESH_SUGGESTED_AFTER_S;
  if (old || user.tokenRole !== user.role) reply.header('X-Refresh-Token-Suggested', 'true');
}

/**
 * The role guard of /api routes: 401 'Utente non autenticato' without a valid session, 403 with
 * `forbiddenMessage` when the stored role is below `min`. Sets request.user. Declared as a
 * preHandler, it runs in onRequest, before the body is read (guardsBeforeBody).
 */
export function requireRole(min: Role, forbiddenMessage: string = MSG.http.forbidden): preHandlerHookHandler {
  const guard: preHandlerHookHandler = async function guard(request, reply) {
    const result = await resolveUser(request);
    if (!result.ok) {
      throw new HttpError(401, result.reason === 'missing' ? MSG.http.notAuthenticated : MSG.http.sessionExpired);
    }
    request.user = result.user;
    flagOldToken(reply, result.user);
    if (!hasRole(result.user.role, min)) throw new HttpError(403, forbiddenMessage);
  };
  return Object.assign(guard, { [ROLE_GUARD]: true });
}

const ROLE_GUARD = Symbol('role guard');
type Hooks = RouteOptions['preHandler'] | RouteOptions['onRequest'];
const asList = (hooks: Hooks) => (hooks === undefined ? [] : Array.isArray(hooks) ? [...hooks] : [hooks]);
const isRoleGuard = (hook: unknown) => typeof hook === 'function' && (hook as unknown as Record<symbol, unknown>)[ROLE_GUARD] === true;

/**
 * Who you are before what you send: an onRoute hook (app.ts) that moves every requireRole guard a
 * route declares among its preHandlers into its onRequest hooks, so the token and role are checked
 * before the body is read. A stranger's body is never parsed, walked by the text gate or held to the
 * route's body limit: the 401 goes out at once (and server/shared/unread-body.ts closes the
 * connection gently). The guard reads only headers and the session, never the body.
 */
/** Whether a route checks the role in onRequest (after guardsBeforeBody). */
export const guardedBeforeBody = (route: RouteOptions) => asList(route.onRequest).some(isRoleGuard);

export function guardsBeforeBody(route: RouteOptions): void {
  const pre = asList(route.preHandler);
  const guards = pre.filter(isRoleGuard);
  if (guards.length === 0) return;
  route.preHandler = pre.filter((hook) => !isRoleGuard(hook)) as RouteOptions['preHandler'];
  route.onRequest = [...asList(route.onRequest), ...guards] as RouteOptions['onRequest'];
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
