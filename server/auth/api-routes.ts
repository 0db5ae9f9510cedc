import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../common/core/messages';
import { forgotPasswordSchema, loginSchema, normaliseEmail, type LoginResponse } from '../../common/auth/schemas';
import { clientConfigResponse, forgotPasswordResponse, loginResponse, sessionUserResponse } from '../../common/auth/types';
import { DEFAULT_ROLE, isRole } from '../../common/users/roles';
import { HttpError } from '../shared/errors';
import { zodRoutes } from '../shared/route-schemas';
import { requireRole } from '../shared/auth-guard';
import { LIMITS, perIpLimit } from '../shared/rate-limit';
import { signInIpLimit } from './ip-block';
import { authenticate } from './credentials';
import { signAnonKey } from './jwt';
import { resetPasswordUrl } from './links';
import { sendRecovery, type BackgroundTasks } from './recovery';
import * as repo from './repo';

/**
 * A body its schema refuses is answered in the { success: false, error } shape of these endpoints, with
 * the first issue's Italian text (the zod config words an unknown field); any other error goes on to
 * the app's error handler.
 */
function refusedBody(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  return reply.status(400).send({ error: error.validation[0].message || MSG.http.badRequest, success: false });
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** host, host:port, [v6]:port: nothing that could turn the origin into another URL. */
const HOST_RE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin this request came to (protocol + Host header). Without PUBLIC_URL, the SPA's auth
 * calls go back to wherever the browser opened the app (http://192.168.1.20:3000 on the club's
 * LAN), not to the server's own localhost. Echoed to the same client only; mail links never
 * use it (they keep config.publicUrl).
 */
function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || !HOST_RE.test(host)) return null;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/** The app's own sign-in endpoints (docs/auth.md) and the SPA's runtime configuration. */
export const apiAuthRoutes: FastifyPluginAsync<{ tasks: BackgroundTasks }> = async (root, { tasks }) => {
  const app = zodRoutes(root);
  const { config, pool } = app.deps;
  const anonKey = await signAnonKey(app.deps.jwtSecret, `${config.publicUrl}/auth/v1`);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/login',
    {
      onRequest: signInIpLimit(LIMITS.login, (reply, retryAfter) =>
        reply.send({ success: false, error: MSG.login.tooMany, retryAfter } satisfies LoginResponse),
      ),
      errorHandler: refusedBody,
      schema: { body: loginSchema, response: { 200: loginResponse, 401: loginResponse, 429: loginResponse } },
    },
    async (request, reply) => {
      const body = request.body;
      const email = normaliseEmail(body.email);
      const outcome = await authenticate(pool, email, body.password, request.ip, request);
      if (outcome.ok) {
        await repo.touchLastSignIn(pool, outcome.user.id);
        return { success: true };
      }
      if (outcome.reason === 'locked') {
        reply.code(429);
        return { success: false, error: MSG.login.locked, isRateLimited: true, remainingTime: outcome.remainingTime };
      }
      reply.code(401);
      return { success: false, error: MSG.login.wrongCredentials };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      onRequest: perIpLimit(LIMITS.recover, (reply) => reply.send({ success: false, error: MSG.forgot.tooMany })),
      errorHandler: refusedBody,
      schema: { body: forgotPasswordSchema, response: { 200: forgotPasswordResponse, 429: forgotPasswordResponse } },
    },
    async (request) => {
      const body = request.body;
      const email = normaliseEmail(body.email);
      tasks.run('invio della mail di recupero', () => sendRecovery(app.deps, email, resetPasswordUrl(config), request));
      return { success: true, message: MSG.forgot.sent };
    },
  );

  app.get('/api/me', { preHandler: requireRole('reader'), schema: { response: { 200: sessionUserResponse } } }, async (request) => {
    const row = await repo.sessionUser(pool, request.user!.id);
    if (!row) throw new HttpError(401, MSG.http.sessionExpired);
    return {
      id: row.id,
      email: row.email,
      role: isRole(row.role) ? row.role : DEFAULT_ROLE,
      recovery_sent_at: iso(row.recovery_sent_at),
      email_change_sent_at: iso(row.email_change_sent_at),
      last_sign_in_at: iso(row.last_sign_in_at),
    };
  });

  app.get(
    '/api/config',
    { schema: { response: { 200: clientConfigResponse } } },
    async (request) => ({
      supabaseUrl: config.publicUrlFromEnv ? config.publicUrl : requestOrigin(request) ?? config.publicUrl,
      supabaseAnonKey: anonKey,
      clubName: config.clubName,
      timezone: config.timezone,
      clashMarginMinutes: config.clashMarginMinutes,
    }),
  );
};
