import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { activityFiltersSchema, errorFiltersSchema, errorIdParamsSchema, errorReportSchema, resolveErrorSchema, resolveMultipleSchema, severityOf } from '../../../common/logs/rules';
import {
  activityLogPageResponse,
  errorLogPageResponse,
  errorReportResponse,
  errorStatsResponse,
  resolveMultipleResponse,
  resolveResponse,
  tooManyReportsResponse,
} from '../../../common/logs/types';
import { INTAKE_BODY_LIMIT, INTAKE_RATE_LIMIT } from '../../../common/logs/constants';
import { LOGS_MSG } from '../../../common/logs/messages';
import { withTransaction } from '../../db/pool';
import { optionalUser, requireRole } from '../../shared/auth-guard';
import { conflict, notFound } from '../../shared/errors';
import { zodRoutes } from '../../shared/route-schemas';
import { recordActivity, sanitizeContext } from '../../shared/activity';
import * as repo from './repo';
import { IntakeBatcher, MemoryRateLimit } from './intake';
import { logRetentionJob } from './retention';

const admin = requireRole('admin', LOGS_MSG.server.forbidden);

const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

const logs: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  // Rows past LOG_RETENTION_DAYS: purged by the scheduler, hourly, in batches.
  app.scheduler.register(logRetentionJob(config.logRetentionDays));

  // Open to signed-out visitors too (their failures matter most); the user is attached when a
  // valid bearer token comes with it. Small body, per-IP limit in memory, group commit (intake.ts):
  // the 201 goes out once the batch holding the report committed.
  const intakeLimit = new MemoryRateLimit(INTAKE_RATE_LIMIT.max, INTAKE_RATE_LIMIT.windowSeconds);
  // Beside it, one ceiling for the reports of signed-out visitors from every address together
  // (ANON_ERROR_REPORTS_PER_MINUTE): many addresses cannot fill the log; signed-in reports pass.
  const anonymousLimit = new MemoryRateLimit(config.anonErrorReportsPerMinute, 60, 1);
  const batcher = new IntakeBatcher(pool, (e) => repo.errorHash(e.type, e.message, e.stack));
  app.addHook('onClose', () => batcher.close());
  app.post(
    '/error-logs',
    {
      bodyLimit: INTAKE_BODY_LIMIT,
      onRequest: async (request, reply) => {
        const { limited, retryAfter } = intakeLimit.hit(request.ip);
        if (limited) return reply.code(429).header('retry-after', String(retryAfter)).send({ error: LOGS_MSG.server.tooManyReports });
      },
      // Before validation, as before the schemas: a refused report from a signed-out visitor also counts.
      preValidation: [
        optionalUser,
        async (request, reply) => {
          if (request.user) return;
          const { limited, retryAfter } = anonymousLimit.hit('anonimi');
          if (limited) return reply.code(429).header('retry-after', String(retryAfter)).send({ error: LOGS_MSG.server.tooManyReports });
        },
      ],
      schema: { body: errorReportSchema, response: { 201: errorReportResponse, 429: tooManyReportsResponse } },
    },
    async (request, reply) => {
      const report = request.body;
      const context = report.context ? (sanitizeContext(report.context) as Record<string, unknown>) : null;
      const status = Number(context?.status ?? context?.statusCode);
      const user = request.user;
      await batcher.add({
        type: report.type,
        severity: report.severity ?? severityOf({ message: report.message, type: report.type, status: Number.isFinite(status) ? status : null }),
        message: report.message,
        stack: report.stack,
        endpoint: str(context?.endpoint ?? context?.url, 500),
        method: str(context?.method, 16)?.toUpperCase() ?? null,
        statusCode: Number.isInteger(status) && status >= 100 && status <= 599 ? status : null,
        context,
        user: user ? { id: user.id, email: user.email, role: user.role } : null,
      });
      return reply.status(201).send({ success: true });
    },
  );

  app.get('/error-logs', { preHandler: admin, schema: { querystring: errorFiltersSchema, response: { 200: errorLogPageResponse } } }, async (request) =>
    repo.listErrors(pool, request.query, config.timezone),
  );

  app.get('/error-stats', { preHandler: admin, schema: { response: { 200: errorStatsResponse } } }, async () => repo.errorStats(pool));

  // Registered before /:id/resolve; Fastify matches the static segment first anyway.
  app.put(
    '/error-logs/resolve-multiple',
    { preHandler: admin, schema: { body: resolveMultipleSchema, response: { 200: resolveMultipleResponse } } },
    async (request) => {
    const { errorIds, notes } = request.body;
    const ids = [...new Set(errorIds.map((id) => id.toLowerCase()))];
    const resolved = await withTransaction(pool, async (db) => {
      const rows = await repo.resolveErrors(db, ids, notes);
      if (rows.length > 0) {
        await recordActivity(db, request, {
          type: 'success',
          message: LOGS_MSG.activity.errorsResolved(rows.length),
          context: { resolved_count: rows.length, requested: ids.length, error_ids: rows.slice(0, 50).map((r) => r.id), notes },
        });
      }
      return rows.length;
    });
    return { resolved_count: resolved, message: resolved === 0 ? LOGS_MSG.allAlreadyResolved : LOGS_MSG.resolvedMany(resolved) };
    },
  );

  app.put(
    '/error-logs/:id/resolve',
    { preHandler: admin, schema: { params: errorIdParamsSchema, body: resolveErrorSchema, response: { 200: resolveResponse } } },
    async (request) => {
    const { id } = request.params;
    const { notes } = request.body;
    const data = await withTransaction(pool, async (db) => {
      const current = await repo.getErrorForUpdate(db, id);
      if (!current) throw notFound(LOGS_MSG.server.errorNotFound);
      // One way (docs/logs.md): a resolved error stays resolved, its notes untouched.
      if (current.resolved) throw conflict(LOGS_MSG.server.alreadyResolved);
      const row = await repo.resolveError(db, id, notes);
      await recordActivity(db, request, {
        type: 'success',
        message: LOGS_MSG.activity.errorResolved(row.error_message.slice(0, 200)),
        context: { error_id: row.id, error_type: row.error_type, severity: row.severity, occurrence_count: row.occurrence_count, notes },
      });
      return row;
    });
    return { data, message: LOGS_MSG.resolvedOne };
    },
  );

  app.get('/activities', { preHandler: admin, schema: { querystring: activityFiltersSchema, response: { 200: activityLogPageResponse } } }, async (request) =>
    repo.listActivities(pool, request.query, config.timezone),
  );
};

/** Error log and activity log (docs/logs.md): the intake is open to everyone, the rest to admins. */
export const logsRoutes = fp(logs, { name: 'logs', fastify: '5.x', dependencies: ['scheduler'], encapsulate: true });
