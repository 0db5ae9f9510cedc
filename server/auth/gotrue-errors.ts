import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, isDatabaseDown } from '../shared/errors';
import { MSG } from '../../common/core/messages';

export const API_VERSION = '2024-01-01';

/** An error answered in the GoTrue envelope (docs/auth.md, errors). */
export class GoTrueError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function sendGoTrueError(reply: FastifyReply, status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .header('x-supabase-api-version', API_VERSION)
    .send({ code, message, error_code: code, msg: message, ...extra });
}

/** The error handler of the /auth/v1 context: every failure in the envelope auth-js parses. */
export function registerGoTrueErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError | GoTrueError | HttpError, request, reply) => {
    if (err instanceof GoTrueError) return sendGoTrueError(reply, err.status, err.code, err.message, err.extra);
    if (err instanceof HttpError) {
      const code = err.statusCode === 429 ? 'over_request_rate_limit' : 'validation_failed';
      return sendGoTrueError(reply, err.statusCode, code, err.message);
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
        return sendGoTrueError(reply, 400, 'bad_json', MSG.http.invalidJsonBody);
      }
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendGoTrueError(reply, 413, 'request_too_large', MSG.http.payloadTooLarge);
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendGoTrueError(reply, 415, 'bad_json', MSG.http.unsupportedMediaType);
      return sendGoTrueError(reply, status, 'validation_failed', MSG.http.badRequest);
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err: (err as Error).message }, 'database non raggiungibile');
      return sendGoTrueError(reply, 503, 'unexpected_failure', MSG.http.unavailable, { requestId: request.id });
    }
    request.log.error({ err }, 'errore imprevisto in /auth/v1');
    try {
      await request.server.deps.recordError?.(err as Error, request);
    } catch (recordErr) {
      request.log.error({ err: recordErr }, 'registrazione errore non riuscita');
    }
    return sendGoTrueError(reply, 500, 'unexpected_failure', MSG.http.internal, { requestId: request.id });
  });
}
