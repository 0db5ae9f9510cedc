import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { frameworkErrorAnswers, helmetOptions, securityHeaders } from './shared/security-headers';
import type { Config } from './config';
import type { Pool } from './db/pool';
import type { Mailer } from './mail/mailer';
import { textGate } from './shared/text-gate';
import { drainUnreadBodies } from './shared/unread-body';
import { guardsBeforeBody } from './shared/auth-guard';
import { requestDeadline } from './shared/request-deadline';
import { routeSchemasPlugin } from './shared/route-schemas';
import { registerErrorHandler, type ErrorRecorder } from './shared/errors';
import { authPlugin } from './auth/plugin';
import { restPlugin } from './rest/plugin';
import { groupsRoutes } from './features/groups/routes';
import { matchesRoutes } from './features/matches/routes';
import { importRoutes } from './features/import/routes';
import { occupancyRoutes } from './features/occupancy/routes';
import { trainingsRoutes } from './features/trainings/routes';
import { officialsRoutes } from './features/officials/routes';
import { closuresRoutes } from './features/closures/routes';
import { usersRoutes } from './features/users/routes';
import { logsRoutes } from './features/logs/routes';
import { exportRoutes } from './features/export/routes';
import { calendarRoutes } from './features/calendar/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { playersRoutes } from './features/players/routes';
import { callupsRoutes } from './features/callups/routes';
import { callupPageRoutes } from './features/callups/page-routes';
import { teamsheetRoutes } from './features/teamsheet/routes';
import { recordServerError } from './features/logs/recorder';
import { weekPdfBuilder } from './features/export/week-pdf';
import { publicListingPlugin } from './features/matches/public-listing';
import { schedulerPlugin } from './plugins/scheduler';
import fastifyCompress from '@fastify/compress';
import { compressOptions } from './shared/compress';
import { lifecyclePlugin } from './plugins/lifecycle';
import { healthPlugin } from './plugins/health';
import { spaPlugin } from './plugins/spa';

export interface AppDeps {
  config: Config;
  pool: Pool;
  mailer: Mailer;
  /** HS256 secret of the access tokens (from JWT_SECRET or generated once and kept). */
  jwtSecret: string;
  /** Folder of the built SPA; absent in API-only tests. */
  clientDir?: string;
  /** A pino logger instance (what start.ts passes), or Fastify's logger options; none when absent. */
  logger?: FastifyBaseLogger | FastifyServerOptions['logger'];
  recordError?: ErrorRecorder;
  /** Sees every route as it is registered (the app-wide role-matrix test lists them with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Sees every request whose body was parsed (the tests count strangers' bodies with it: none may be). */
  onBodyParsed?: (request: FastifyRequest) => void;
  /**
   * true: this app registers the notification queue's jobs with the scheduler (start.ts sets it). Off
   * by default so test apps of other features poll nothing, lock nothing and mail nobody behind their
   * backs; the notifiche tests drive the queue by hand (runOnce) and one turns the jobs on.
   */
  notifyWorker?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

// Never write credentials to the logs (docs/operations.md, Logs).
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Query parameters that carry a credential (unsubscribe and one-time links, OAuth-style codes): never logged. */
const SECRET_PARAMS = /([?&](?:t|token|token_hash|code|access_token|refresh_token)=)[^&#]*/gi;

/** Path segments that are a credential: an official's private calendar address (docs/officials.md), a family's call-up link (docs/callups.md). */
const SECRET_SEGMENTS = /(\/calendar\/dirigente\/|^\/c\/)[^/?#.]*/gi;

/** A URL fit for a log: credentials in its query or path replaced by '[nascosto]'. */
export const urlForLog = (url: string | undefined) => url?.replace(SECRET_PARAMS, '$1[nascosto]').replace(SECRET_SEGMENTS, '$1[nascosto]');

/** What a request looks like in the log (Fastify's own fields), its URL without credentials. */
function requestForLog(request: { method?: string; url?: string; host?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger settings of `npm start` (start.ts): secrets redacted from headers and URLs. */
export const LOG_OPTIONS = { redact: LOG_REDACT, serializers: { req: requestForLog } };

function isLoggerInstance(logger: AppDeps['logger']): logger is FastifyBaseLogger {
  return typeof logger === 'object' && logger !== null && typeof (logger as FastifyBaseLogger).child === 'function';
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Unexpected 5xx go to the error log unless the caller records them otherwise.
  deps = { ...deps, recordError: deps.recordError ?? recordServerError };
  const { config } = deps;
  const security = helmetOptions(config.publicUrl.startsWith('https:'));
  const { frameworkErrors, clientErrorHandler } = frameworkErrorAnswers(securityHeaders(security));
  const app = Fastify({
    frameworkErrors,
    clientErrorHandler,
    // Fastify 5 takes a ready pino instance only as loggerInstance.
    ...(isLoggerInstance(deps.logger) ? { loggerInstance: deps.logger } : { logger: deps.logger ?? false }),
    // A hop count trusts that many proxies in front of us; addresses trust only those proxies.
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Node's limit for a request that has not arrived whole (408 by clientErrorHandler); a body that stops
    // arriving while a handler reads it is cut by requestDeadline below.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Refused by plugins/lifecycle.ts instead, with an Italian body.
    return503OnClosing: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  app.decorate('deps', deps);
  // The role guards run before the body is read (auth-guard.ts guardsBeforeBody).
  app.addHook('onRoute', guardsBeforeBody);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // The API speaks JSON only: a text/plain body is a 415, not a string handed to the handlers.
  app.removeContentTypeParser('text/plain');
  // Graceful stop: drain(), the 503 of late requests, connection: close (plugins/lifecycle.ts).
  await app.register(lifecyclePlugin);
  drainUnreadBodies(app);
  requestDeadline(app, config.requestTimeoutSeconds * 1000, clientErrorHandler as (error: Error & { code?: string }, socket: import('node:net').Socket) => void);
  if (deps.onBodyParsed) {
    const seen = deps.onBodyParsed;
    app.addHook('preValidation', async (request) => {
      if (request.body !== undefined) seen(request);
    });
  }
  app.addHook('preValidation', textGate);

  await app.register(helmet, security);
  // Before every route and the static files (docs/performance.md, compression): JSON, CSV and iCalendar
  // answers over 1 KB go compressed; cached answers and precompressed files carry their own encoding.
  await app.register(fastifyCompress, compressOptions);

  registerErrorHandler(app, deps.recordError);
  await app.register(routeSchemasPlugin);

  await app.register(healthPlugin, { pool: deps.pool });

  // Root plugins, before the routes that use them: the one scheduler of timed work, and the cached public
  // list of the matches feature (its routes and the page of / in plugins/spa.ts read it).
  await app.register(schedulerPlugin, { pool: deps.pool });
  await app.register(publicListingPlugin);

  await app.register(authPlugin);
  await app.register(restPlugin, { prefix: '/rest/v1' });
  // Every capability's routes, under /api (docs/architecture.md).
  await app.register(groupsRoutes, { prefix: '/api' });
  await app.register(matchesRoutes, { prefix: '/api' });
  await app.register(importRoutes, { prefix: '/api' });
  await app.register(occupancyRoutes, { prefix: '/api' });
  await app.register(trainingsRoutes, { prefix: '/api' });
  await app.register(officialsRoutes, { prefix: '/api' });
  await app.register(closuresRoutes, { prefix: '/api' });
  await app.register(playersRoutes, { prefix: '/api' });
  await app.register(callupsRoutes, { prefix: '/api' });
  await app.register(teamsheetRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(logsRoutes, { prefix: '/api' });
  await app.register(exportRoutes, { prefix: '/api' });
  await app.register(calendarRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api', weekPdf: weekPdfBuilder(deps) });

  // The families' answer page of a call-up (/c/{token}): a server route, before the SPA's fallback.
  await app.register(callupPageRoutes);

  // Last: the built SPA and the page of /, and the Italian 404 of every other path.
  await app.register(spaPlugin, { clientDir: deps.clientDir, clubName: config.clubName });

  return app;
}
