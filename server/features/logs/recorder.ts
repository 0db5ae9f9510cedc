import type { FastifyRequest } from 'fastify';
import { severityOf, trimStack } from '../../../common/logs/rules';
import { ERROR_MESSAGE_MAX } from '../../../common/logs/constants';
import type { ErrorRecorder } from '../../shared/errors';
import { endpointOf, redactText } from '../../shared/activity';
import { upsertError } from './repo';

/** A PostgreSQL error as node-postgres throws it: a five-character SQLSTATE and the server's routine. */
export function isPostgresError(err: unknown): boolean {
  const e = err as { code?: unknown; routine?: unknown; severity?: unknown };
  return typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && (typeof e.routine === 'string' || typeof e.severity === 'string');
}

/**
 * The server's own error recording (docs/logs.md): an
 * unexpected 5xx goes to error_logs as type database (a PostgreSQL error) or backend, severity by
 * severityOf (docs/logs.md, severity), with endpoint, method, status, user and request id; deduplicated like the
 * browser's reports. buildApp uses it unless AppDeps.recordError says otherwise.
 */
export const recordServerError: ErrorRecorder = async (err: Error, request: FastifyRequest) => {
  const database = isPostgresError(err);
  const type = database ? 'database' : 'backend';
  const message = redactText(err.message || err.name || 'Error').slice(0, ERROR_MESSAGE_MAX);
  const code = (err as { code?: unknown }).code;
  await upsertError(request.server.deps.pool, {
    type,
    severity: severityOf({ message, name: err.name }),
    message,
    stack: trimStack(err.stack ? redactText(err.stack) : null),
    endpoint: endpointOf(request).slice(request.method.length + 1),
    method: request.method,
    statusCode: (err as { statusCode?: number }).statusCode ?? 500,
    context: {
      requestId: request.id,
      errorName: err.name,
      ...(typeof code === 'string' ? { code } : {}),
    },
    user: request.user ? { id: request.user.id, email: request.user.email, role: request.user.role } : null,
  });
};
