import { MSG } from '../../common/core/messages';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { bearerToken, resolveUser } from '../shared/auth-guard';
import { HttpError, isDatabaseDown, recordFailure } from '../shared/errors';
import { buildReadQuery, countPreference, csvOf, jsonOf, negotiate, PostgrestError, singularityError, type TableSpec } from './postgrest';
import { LISTING_CACHE_MAX_BYTES, ListingCache } from '../shared/listing-cache';
import { PARTITA_COLUMN_TYPES } from '../services/matches/columns';
import { encodingFor, sendEncoded } from '../shared/compress';

/** The one table readable through PostgREST: the columns of a match (docs/matches.md, fields; no audit columns), in table order. */
const PARTITE: TableSpec = { name: 'partite', columns: PARTITA_COLUMN_TYPES };

// PostgREST's wording: the client reads code and message, never shows them as they are.
const anonymousDenied = () => new PostgrestError(401, '42501', 'permission denied for table partite');
const readOnly = () => new PostgrestError(403, '42501', 'permission denied for table partite');

async function isAnonKey(secret: string, token: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return payload.role === 'anon' && payload.sub === undefined;
  } catch {
    return false;
  }
}

/** Only signed-in users read: the anon key or no token is PostgREST's anonymous role (42501). */
async function authenticate(request: FastifyRequest): Promise<void> {
  const result = await resolveUser(request);
  if (result.ok) {
    request.user = result.user;
    return;
  }
  if (result.reason === 'missing') throw anonymousDenied();
  if (result.reason === 'expired') throw new PostgrestError(401, 'PGRST303', 'JWT expired');
  const token = bearerToken(request) as string;
  if (result.reason === 'invalid' && (await isAnonKey(request.server.deps.jwtSecret, token))) throw anonymousDenied();
  throw new PostgrestError(401, 'PGRST301', result.reason === 'session_not_found' ? 'JWT session not found' : 'JWT invalid');
}

/** Query parameters in order, decoded (%2C -> ','), repeated keys kept. */
function queryEntries(request: FastifyRequest): Array<[string, string]> {
  const url = request.raw.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? [] : [...new URLSearchParams(url.slice(q + 1)).entries()];
}

function sendError(reply: FastifyReply, err: PostgrestError) {
  if (err.status === 401) reply.header('www-authenticate', 'Bearer');
  return reply.status(err.status).send(err.body());
}

/** A read-only, PostgREST-compatible endpoint for public.partite (docs/auth.md, /rest/v1). */
export const restPlugin: FastifyPluginAsync = async (app) => {
  const { pool } = app.deps;
  // Serialised answers per query, emptied by every write to partite (NOTIFY): the auth check still runs on each request.
  const cache = new ListingCache(pool, app.log, 'partite_changed', LISTING_CACHE_MAX_BYTES / 2);
  app.addHook('onClose', async () => cache.stop());

  // Bodies are never read here (read-only); an empty or odd write body must still reach the 401/403.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler(async (err: Error, request, reply) => {
    if (err instanceof PostgrestError) return sendError(reply, err);
    const pgCode = (err as { code?: string }).code ?? '';
    // Invalid input for a column type (a bad date, a non-number): PostgREST answers 400 with the PostgreSQL
    // code; the text is ours, not PostgreSQL's (which quotes the input and names types).
    if (/^22/.test(pgCode)) return sendError(reply, new PostgrestError(400, pgCode, MSG.http.invalidValue));
    const status = (err as Error & { statusCode?: number }).statusCode;
    // Our own refusals (the text gate) keep their Italian message; the framework's never echo the input.
    if (status && status < 500) return sendError(reply, new PostgrestError(status, 'PGRST100', err instanceof HttpError ? err.message : MSG.http.badRequest));
    // The database cannot be reached (refused, timed out, shut down): 503 PGRST000 as PostgREST answers,
    // with the app's Italian message (the client shows `message`). postgrest-js retries a GET on 503 by
    // default: the dashboard's read turns that off (.retry(false)) so that it falls back at once.
    const down = isDatabaseDown(err);
    request.log[down ? 'warn' : 'error']({ err }, 'lettura PostgREST non riuscita');
    // Into the error log like any server failure (not while the database is down).
    await recordFailure(request, err);
    if (down) return reply.status(503).send({ code: 'PGRST000', details: null, hint: null, message: MSG.http.unavailable });
    return reply.status(500).send({ code: 'XX000', details: null, hint: null, message: MSG.http.internal });
  });

  // Its answers are cached with their compressed copies (shared/compress.ts), not compressed per request.
  app.get('/partite', { compress: false }, async (request, reply) => {
    const profile = request.headers['accept-profile'];
    if (profile && profile !== 'public') {
      throw new PostgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
    }
    await authenticate(request);
    const query = buildReadQuery(PARTITE, queryEntries(request));
    const output = negotiate(request.headers.accept);
    const count = countPreference([request.headers.prefer ?? []].flat().join(','));
    cache.ensureStarted();
    const key = `${Boolean(count)}|${output.kind}|${output.stripNulls}|${query.sql}|${JSON.stringify(query.params)}`;
    const entry = await cache.load(key, async () => {
      const [{ rows }, total] = await Promise.all([
        pool.query(query.sql, query.params),
        count ? pool.query(query.countSql, query.countParams).then((r) => r.rows[0].total as number) : Promise.resolve(null),
      ]);
      const range = `${rows.length ? `${query.offset}-${query.offset + rows.length - 1}` : '*'}/${total ?? '*'}`;
      const meta = JSON.stringify({ range, rows: rows.length });
      // .single() of anything but one row: no body, the handler answers PGRST116 from the count.
      if (output.kind === 'object' && rows.length !== 1) return { body: '', meta };
      return { body: output.kind === 'csv' ? csvOf(query.columns, rows) : jsonOf(rows, output), meta };
    });
    const meta = JSON.parse(entry.meta!) as { range: string; rows: number };
    if (output.kind === 'object' && meta.rows !== 1) throw singularityError(meta.rows);
    reply.header('content-range', meta.range);
    // Planned and estimated counts are exact here (one small table): the number is always the true one.
    if (count) reply.header('preference-applied', `count=${count}`);
    return sendEncoded(reply.type(`${output.mime}; charset=utf-8`), entry.copies, encodingFor(request, entry.copies.bytes()));
  });

  app.route({
    method: ['POST', 'PATCH', 'PUT', 'DELETE'],
    url: '/partite',
    handler: async (request) => {
      await authenticate(request);
      throw readOnly();
    },
  });

  // Any other table: PostgREST's "not in the schema cache".
  app.all('/:table', async (request) => {
    const { table } = request.params as { table: string };
    throw new PostgrestError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
  });
};
