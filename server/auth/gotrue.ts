import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../common/core/messages';
import { normaliseEmail } from '../../common/auth/schemas';
import { PASSWORD_CRITERIA, passwordTooLong, unmetCriteria } from '../../common/auth/password';
import { withTransaction } from '../db/pool';
import { parseInput } from '../shared/errors';
import { forgetUserSessions, resolveUser, type AuthUser } from '../shared/auth-guard';
import { LIMITS, perIpLimit } from '../shared/rate-limit';
import { signInIpLimit } from './ip-block';
import { checkPassword, hashPassword, sha256 } from './crypto';
import { authenticate, roleOf } from './credentials';
import { recordActivity } from '../shared/activity';
import { LOGS_MSG } from '../../common/logs/messages';
import { API_VERSION, GoTrueError, registerGoTrueErrorHandler, sendGoTrueError } from './gotrue-errors';
import { resetPasswordUrl, safeRedirect } from './links';
import { sendRecovery, type BackgroundTasks } from './recovery';
import * as repo from './repo';
import * as schemas from './schemas';
import { refreshSession, startSession, userJson, type SessionKeys } from './sessions';

const rejectGoTrue = (reply: FastifyReply) =>
  sendGoTrueError(reply, 429, 'over_request_rate_limit', MSG.http.tooMany);
/** The per-IP refusal of a sign-in: with `retryAfter` (seconds), as /api/login's, for the sign-in form's countdown. */
const rejectSignIn = (reply: FastifyReply, retryAfter: number) =>
  sendGoTrueError(reply, 429, 'over_request_rate_limit', MSG.http.tooMany, { retryAfter });

/** Bearer access token of a live session, or the protocol's 401/403. */
async function sessionOf(request: FastifyRequest): Promise<AuthUser> {
  const result = await resolveUser(request);
  if (result.ok) return result.user;
  if (result.reason === 'missing') throw new GoTrueError(401, 'no_authorization', MSG.http.notAuthenticated);
  if (result.reason === 'session_not_found') throw new GoTrueError(403, 'session_not_found', MSG.http.sessionExpired);
  throw new GoTrueError(403, 'bad_jwt', MSG.http.unauthorized);
}

/** GoTrue's reasons for a weak password: length (too short or over 72 bytes) and characters. */
function weakPasswordReasons(password: string): string[] {
  const unmet = unmetCriteria(password);
  const reasons = new Set<string>();
  if (passwordTooLong(password) || unmet.includes('length')) reasons.add('length');
  if (unmet.some((k) => k !== 'length')) reasons.add('characters');
  return [...reasons];
}

function weakPasswordMessage(password: string): string {
  if (passwordTooLong(password)) return MSG.password.tooLong;
  const unmet = new Set(unmetCriteria(password));
  return PASSWORD_CRITERIA.filter((c) => unmet.has(c.key)).map((c) => c.label).join('; ');
}

function redirectOf(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.redirect_to;
  return typeof value === 'string' && value.length <= 2048 ? value : undefined;
}

/** The Supabase Auth (GoTrue) subset of docs/auth.md, served at /auth/v1. */
export const gotrueRoutes: FastifyPluginAsync<{ tasks: BackgroundTasks }> = async (app, { tasks }) => {
  const { config, pool } = app.deps;
  const keys: SessionKeys = { jwtSecret: app.deps.jwtSecret, issuer: `${config.publicUrl}/auth/v1` };
  registerGoTrueErrorHandler(app);
  // auth-js sends `Content-Type: application/json` without a body on POST /logout.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else defaultJson(request, body as string, done);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-supabase-api-version', API_VERSION);
  });

  app.get('/health', async () => ({ version: 'garibaldina', name: 'GoTrue', description: 'Autenticazione del calendario partite' }));

  app.get('/settings', async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: true,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.get('/.well-known/jwks.json', async () => ({ keys: [] }));

  app.post('/signup', async () => {
    throw new GoTrueError(422, 'signup_disabled', MSG.login.signupDisabled);
  });

  app.post('/token', { onRequest: signInIpLimit(LIMITS.token, rejectSignIn) }, async (request) => {
    const { grant_type } = parseInput(schemas.tokenQuerySchema, request.query);
    if (grant_type === 'refresh_token') {
      const body = parseInput(schemas.refreshGrantSchema, request.body);
      return refreshSession(pool, keys, body.refresh_token, undefined, (userId) => forgetUserSessions(app, userId));
    }
    const body = parseInput(schemas.passwordGrantSchema, request.body);
    const outcome = await authenticate(pool, normaliseEmail(body.email), body.password, request.ip, request);
    if (!outcome.ok && outcome.reason === 'locked') {
      throw new GoTrueError(429, 'over_request_rate_limit', MSG.login.locked, { isRateLimited: true, remainingTime: outcome.remainingTime });
    }
    if (!outcome.ok) throw new GoTrueError(400, 'invalid_credentials', MSG.login.wrongCredentials);
    const { user } = outcome;
    // The sign-in that starts a session is the one on the activity log, committed with the session.
    // (POST /api/login only checks a password, for 'Cambia password': it starts no session and logs no sign-in.)
    return withTransaction(pool, async (db) => {
      const session = await startSession(db, keys, {
        userId: user.id,
        amrMethod: 'password',
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      await recordActivity(db, request, {
        type: 'success',
        message: LOGS_MSG.activity.signIn(user.email),
        context: { method: 'password' },
        user: { id: user.id, email: user.email, role: roleOf(user) },
      });
      return session;
    });
  });

  app.get('/user', async (request) => {
    const session = await sessionOf(request);
    const user = await repo.findUserById(pool, session.id);
    if (!user) throw new GoTrueError(403, 'user_not_found', MSG.http.sessionExpired);
    return userJson(user);
  });

  app.put('/user', { onRequest: perIpLimit(LIMITS.updateUser, rejectGoTrue) }, async (request) => {
    const session = await sessionOf(request);
    const body = parseInput(schemas.updateUserSchema, request.body);
    const user = await repo.findUserById(pool, session.id);
    if (!user) throw new GoTrueError(403, 'user_not_found', MSG.http.sessionExpired);
    if (body.password === undefined) return userJson(user);
    const reasons = weakPasswordReasons(body.password);
    if (reasons.length) {
      throw new GoTrueError(422, 'weak_password', weakPasswordMessage(body.password), { weak_password: { reasons } });
    }
    if (await checkPassword(body.password, user.encrypted_password)) {
      throw new GoTrueError(422, 'same_password', MSG.password.samePassword);
    }
    const passwordHash = await hashPassword(body.password);
    const updated = await withTransaction(pool, async (db) => {
      const amr = await repo.sessionAmrMethod(db, session.sessionId);
      await repo.setPassword(db, user.id, passwordHash);
      await repo.deleteSessionsOfUser(db, user.id, session.sessionId);
      await repo.deleteOutstandingOneTimeTokens(db, user.id);
      // Never the password, nor anything of the session's tokens (docs/logs.md): who, and how they proved it.
      await recordActivity(db, request, {
        type: 'success',
        message: LOGS_MSG.activity.passwordChanged(user.email),
        context: { via: amr === 'otp' ? 'link' : 'session' },
        user: { id: user.id, email: user.email, role: roleOf(user) },
      });
      return repo.findUserById(db, user.id);
    });
    forgetUserSessions(app, user.id);
    return userJson(updated!);
  });

  app.post('/logout', async (request, reply) => {
    const session = await sessionOf(request);
    const { scope } = parseInput(schemas.logoutQuerySchema, request.query);
    await withTransaction(pool, async (db) => {
      if (scope === 'local') await repo.deleteSession(db, session.sessionId);
      else await repo.deleteSessionsOfUser(db, session.id, scope === 'others' ? session.sessionId : undefined);
      await recordActivity(db, request, {
        type: 'info',
        message: LOGS_MSG.activity.signedOut(session.email),
        context: { scope },
        user: { id: session.id, email: session.email, role: session.role },
      });
    });
    forgetUserSessions(app, session.id);
    return reply.code(204).send();
  });

  app.post('/recover', { onRequest: perIpLimit(LIMITS.recover, rejectGoTrue) }, async (request) => {
    const { redirect_to } = parseInput(schemas.redirectQuerySchema, request.query);
    const body = parseInput(schemas.recoverSchema, request.body);
    const redirect = safeRedirect(config, redirect_to, resetPasswordUrl(config));
    const email = normaliseEmail(body.email);
    tasks.run('invio della mail di recupero', () => sendRecovery(app.deps, email, redirect, request));
    return {};
  });

  // A browser navigation from a mail: never log its URL (it carries the one-time token).
  app.get(
    '/verify',
    {
      logLevel: 'warn',
      onRequest: perIpLimit(LIMITS.verify, (reply) => verifyFailed(reply, redirectOf(reply.request.query), 'over_request_rate_limit')),
    },
    async (request, reply) => {
    const parsed = schemas.verifyQuerySchema.safeParse(request.query);
    if (!parsed.success) return verifyFailed(reply, redirectOf(request.query));
    const { token, type, redirect_to } = parsed.data;
    // One transaction: the link is spent only if the session it opens is stored too.
    const session = await withTransaction(pool, async (db) => {
      const userId = await repo.consumeOneTimeToken(db, sha256(token), type);
      if (!userId) return null;
      await repo.confirmEmail(db, userId);
      return startSession(db, keys, { userId, amrMethod: 'otp', ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
    });
    if (!session) return verifyFailed(reply, redirect_to);
    const hash = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type,
    });
    return reply.redirect(`${safeRedirect(config, redirect_to, resetPasswordUrl(config))}#${hash.toString()}`, 303);
    },
  );

  function verifyFailed(reply: FastifyReply, redirectTo: string | undefined, code = 'otp_expired') {
    const hash = new URLSearchParams({
      error: 'access_denied',
      error_code: code,
      error_description: code === 'otp_expired' ? 'Email link is invalid or has expired' : 'Too many requests',
    });
    return reply.redirect(`${safeRedirect(config, redirectTo, resetPasswordUrl(config))}#${hash.toString()}`, 303);
  }
};
