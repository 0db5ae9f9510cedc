import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from '../../common/core/zod';
import { MSG } from '../../common/core/messages';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose Italian message is meant for the user; the status says what kind it is. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.http.badRequest) => new HttpError(400, message);
export const forbidden = (message: string = MSG.http.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.http.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Validates input with a zod schema (strict objects: unknown fields are refused) and throws
 * a 400 with the first issue's message: the schema's own Italian text, else the Italian
 * default of common/core/zod.ts (which this import configures).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue.code === 'unrecognized_keys') throw badRequest(MSG.http.unknownField(issue.keys.join(', ')));
  throw badRequest(issue.message || MSG.http.badRequest);
}

/**
 * The answer to input its schema refuses: params name no row (404), anything else is a 400 with the
 * first issue's Italian text (an unknown field names itself).
 */
function validationAnswer(err: unknown): HttpError | undefined {
  if (!hasZodFastifySchemaValidationErrors(err)) return undefined;
  const issue = err.validation[0];
  const context = (err as { validationContext?: string }).validationContext;
  const params = issue.params as { keys?: string[] };
  const message =
    issue.keyword === 'unrecognized_keys' && params.keys ? MSG.http.unknownField(params.keys.join(', ')) : issue.message || MSG.http.badRequest;
  return new HttpError(context === 'params' ? 404 : 400, message);
}

/** Optional hook for recording unexpected errors (the logs feature plugs into it). */
export type ErrorRecorder = (err: Error, request: FastifyRequest) => Promise<void> | void;

// Connection failures, server shutdown or restart, refused connections (SQLSTATE classes 08, 57P, 53300),
// and the limits of db/pool.ts: a statement or a lock wait cancelled by the server (57014, 55P03), no
// answer at all within the client's query_timeout ('Query read timeout'), no connection in time.
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300', '57014', '55P03',
]);
const DB_DOWN_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|not currently accepting connections|is not queryable|the database system is (starting up|shutting down|in recovery mode)|^Query read timeout$/i;

/** True when the error says the database cannot be reached now (answered 503), not that a query is wrong. */
export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (!!e?.code && DB_DOWN_CODES.has(e.code)) || DB_DOWN_MESSAGES.test(e?.message ?? '');
}

/** A 503 that means "the database cannot be reached": a database-down error, or our answer to one. */
function isDatabaseDownFailure(err: unknown): boolean {
  if (isDatabaseDown(err) || isDatabaseDown((err as { cause?: unknown })?.cause)) return true;
  return err instanceof HttpError && err.statusCode === 503 && err.message === MSG.http.unavailable;
}

/**
 * Records a failure answered with a 5xx in the error log through the app's ErrorRecorder (the one
 * the error handler uses: AppDeps.recordError, recordServerError by default), for route code that
 * answers its 5xx itself. Nothing is recorded while the database is down (the row could not be
 * written anyway); a recorder that fails is logged, never thrown.
 */
export async function recordFailure(request: FastifyRequest, err: unknown, record?: ErrorRecorder): Promise<void> {
  if (isDatabaseDownFailure(err)) return;
  const recorder = record ?? (request.server as { deps?: { recordError?: ErrorRecorder } }).deps?.recordError;
  if (!recorder) return;
  try {
    await recorder(err instanceof Error ? err : new Error(String(err)), request);
  } catch (recordErr) {
    request.log.error({ err: recordErr }, 'registrazione errore non riuscita');
  }
}

/** One error handler: 4xx keep their Italian message, 5xx answer a generic one with the request id. */
export function registerErrorHandler(app: FastifyInstance, record?: ErrorRecorder): void {
  app.setErrorHandler(async (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const err = validationAnswer(error) ?? error;
    if (err instanceof HttpError) {
      // A 5xx with a message for the user (e.g. 503 invitation mail not sent) is still a server
      // failure: it reaches the error log like an unexpected one, unless it says the database is down.
      if (err.statusCode >= 500) {
        request.log.error({ err }, 'errore del server');
        if (record) await recordFailure(request, err, record);
      }
      return reply.status(err.statusCode).send({ error: err.message, ...err.extra });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? MSG.http.payloadTooLarge
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? MSG.http.unsupportedMediaType
            : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
              ? MSG.http.invalidJsonBody
              : status === 429
                ? MSG.http.tooMany
                : status === 404
                  ? MSG.http.notFound
                  : MSG.http.badRequest;
      return reply.status(status).send({ error: message });
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err: err.message }, 'database non raggiungibile');
      return reply.status(503).send({ error: MSG.http.unavailable, requestId: request.id });
    }
    request.log.error({ err }, 'errore imprevisto');
    if (record) await recordFailure(request, err, record);
    return reply.status(500).send({ error: MSG.http.internal, requestId: request.id });
  });
}
