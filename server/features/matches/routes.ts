import { partitaDeletedResponse, partitaDesignazioniResponse, partitaResponse, suggestionsResponse } from '../../../common/matches/types';
import { RUOLI, designazioniBodySchema } from '../../../common/officials/rules';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import type { FastifyPluginAsync } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import { todayIn } from '../../../common/core/dates';
import { FILTER_KEYS, FILTER_TEXT_MAX, normalizeFilters } from '../../../common/matches/read';
import { PUBLIC_LIMIT_MAX, PUBLIC_OFFSET_MAX, PUBLIC_PAGE_SIZE } from '../../../common/matches/public-page';
import { matchLabel, partitaBodySchema, partitaProblem, toPayload, type FormMode, type PartitaPayload, type PartitaValues } from '../../../common/matches/rules';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, HttpError, isDatabaseDown, notFound, recordFailure } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { encodedEtag, encodingFor, sendEncoded } from '../../shared/compress';
import { matchesEtag } from '../../shared/listing-cache';
import * as repo from './repo';
import { withTransaction } from '../../db/pool';
import { recordActivity } from '../../shared/activity';
import { LOGS_MSG } from '../../../common/logs/messages';
import type { Partita } from '../../../common/matches/read';
import { statoRoutes } from './status';
import { closuresBetween } from '../../services/closures/closures';
import { closureWarning } from '../../../common/closures/rules';
import type { Db } from '../../db/pool';
import { statoPurgeJob } from './status-purge';
import { clashService } from '../../services/clashes/clashes';
import { designationService } from '../../services/designations/designations';

/** A whole number of a query string, from `min` to `max`, else 400 with `message`. */
const queryInt = (min: number, max: number, message: string) =>
  z.string({ error: message }).regex(/^[0-9]{1,7}$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));
// Raw query values are capped well above the filter limits; normalizeFilters then cuts and cleans them.
// The page (docs/public-page.md): `limit` 1-200, PUBLIC_PAGE_SIZE when absent; `offset` from 0.
const publicQuery = z.strictObject({
  ...Object.fromEntries(FILTER_KEYS.map((k) => [k, z.string().max(200).optional()])),
  limit: queryInt(1, PUBLIC_LIMIT_MAX, MSG.match.invalidLimit).optional(),
  offset: queryInt(0, PUBLIC_OFFSET_MAX, MSG.match.invalidOffset).optional(),
});
const suggestionQuery = z.strictObject({ search: z.string().max(FILTER_TEXT_MAX).optional() });
const matchParams = idParams(MSG.match.notFound);
// A save's body: the shape here, the form's rules in the handler (rulesOf: they compare the date with today).
const createBody = partitaBodySchema();
// The edit screen saves the match and its designations together (docs/matches.md): `designazioni`
// has the body of PUT /api/partite/{id}/designazioni (docs/officials.md); the rest is the match.
const updateBody = partitaBodySchema().extend({ designazioni: designazioniBodySchema.nullable().optional() });

/** A database refusal of a write (unknown category, a CHECK) is the client's fault: 400 with an Italian message. */
function mapWriteError(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === '23503') throw badRequest(MSG.match.unknownGruppo);
  if (code === '23514' || code === '22007' || code === '22008' || code === '22P02') throw badRequest(MSG.match.invalidData);
  throw err;
}

/** How long a refused read of the public list (429) is held before its answer (docs/public-page.md). */
export const REFUSAL_HOLD_MS = 1000;

/** The fields an update changed, as { field: { from, to } }. */
function changes(before: Partita, after: Partita): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof Partita)[]) {
    if (key !== 'id' && String(before[key] ?? '') !== String(after[key] ?? '')) out[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return out;
}

const partite: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  // The clash check of the occupazione feature (docs/occupancy.md), re-run inside each save's transaction.
  const { clashesConfirmed, recheckClashes, recordClashOverride, anyClashView } = clashService(config);
  const designations = designationService(config);
  await app.register(statoRoutes); // POST /partite/stato and its undo (docs/matches.md, status)
  // The undo's before-images past a day: purged by the scheduler, hourly.
  app.scheduler.register(statoPurgeJob);

  /** A saved match in a club closure: the answer's warning (docs/trainings.md), not a refusal. */
  const closureNote = async (db: Db, saved: Partita): Promise<{ avviso?: string }> => {
    const avviso = saved.data ? closureWarning(saved.data, await closuresBetween(db, saved.data, saved.data)) : undefined;
    return avviso ? { avviso } : {};
  };

  /** The form's rules on a body its schema let through (as partitaPayloadSchema applies them), then the payload as stored. */
  const rulesOf = (body: PartitaValues, mode: FormMode): PartitaPayload => {
    const problem = partitaProblem(body, { mode, today: todayIn(config.timezone), timezone: config.timezone, clubName: config.clubName });
    if (problem) throw badRequest(problem.message);
    return toPayload(body, config.clubName);
  };

  // The reads of the public list that miss its cache, counted per client address (IPv6: per /64) by
  // @fastify/rate-limit in its memory store: at most PUBLIC_LIST_BURST in a window of BURST / PER_SECOND
  // seconds; the store is an LRU of 5,000 addresses, so a flood of addresses holds no more (docs/public-page.md).
  await app.register(rateLimit, { global: false });
  const countMiss = app.createRateLimit({
    max: config.publicListBurst,
    timeWindow: Math.ceil((config.publicListBurst / config.publicListPerSecond) * 1000),
  });

  // Public: no sign-in. Upcoming matches with the dashboard's filters, by pages, cached (app.publicListing,
  // one database read per change of the table) with its compressed copies; ETag/304 for repeated polls.
  // The answer is the cache's serialised page (or its compressed copy): no response schema re-encodes it.
  app.get('/partite/public', { compress: false, schema: { querystring: publicQuery } }, async (request, reply) => {
    const { limit, offset, ...filters } = request.query;
    const appliedFilters = normalizeFilters(filters);
    const page = { offset: offset ?? 0, limit: limit ?? PUBLIC_PAGE_SIZE };
    reply.header('cache-control', 'no-cache');
    // An answer from the cache is free; a read of the database of its own takes one of the address's allowance.
    if (app.publicListingMisses(appliedFilters, page)) {
      const counted = await countMiss(request);
      if (!counted.isAllowed && counted.isExceeded) {
        const wait = Math.max(1, counted.ttlInSeconds);
        // Held a moment: a client that waits for each answer before the next (a script's connections)
        // then asks once per REFUSAL_HOLD_MS, not thousands of times a second; holding costs a timer.
        await sleep(REFUSAL_HOLD_MS);
        reply.header('retry-after', String(wait));
        return reply.status(429).send({ success: false, data: [], appliedFilters, error: MSG.http.tooManyRetryIn(wait) });
      }
    }
    let entry;
    try {
      entry = await app.publicListing(appliedFilters, page);
    } catch (err) {
      const down = isDatabaseDown(err);
      request.log[down ? 'warn' : 'error']({ err }, 'lettura partite pubbliche non riuscita');
      // Into the error log like any server failure (not while the database is down).
      await recordFailure(request, err);
      return reply
        .status(down ? 503 : 500)
        .send({ success: false, data: [], appliedFilters, error: down ? MSG.http.unavailable : MSG.http.internal });
    }
    const encoding = encodingFor(request, entry.copies.bytes());
    const etag = encodedEtag(entry.etag, encoding);
    reply.header('etag', etag).header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return sendEncoded(reply.type('application/json; charset=utf-8'), entry.copies, encoding);
  });

  app.get(
    '/partite/:id',
    { preHandler: requireRole('reader'), schema: { params: matchParams, response: { 200: partitaDesignazioniResponse } } },
    async (request) => {
      const { id } = request.params;
      const partita = await repo.findPartita(pool, id);
      if (!partita) throw notFound(MSG.match.notFound);
      // The match's officials (docs/officials.md).
      return { data: partita, designazioni: await repo.designazioniOfMatch(pool, id) };
    },
  );

  app.post(
    '/partite',
    { preHandler: requireRole('editor', MSG.match.forbiddenCreate), schema: { body: createBody, response: { 201: partitaResponse } } },
    async (request, reply) => {
      const p = rulesOf(request.body, 'create');
      const clashOpts = { id: null, confirmed: clashesConfirmed(request.body), marginMinutes: config.clashMarginMinutes, clubName: config.clubName };
      const partita = await withTransaction(pool, async (db) => {
        // The day's saves one at a time; a clash is a 409 unless confirmed (docs/occupancy.md).
        const clashes = await recheckClashes(db, p, clashOpts);
        const created = await repo.insertPartita(db, p);
        await recordActivity(db, request, {
          type: 'success',
          message: LOGS_MSG.activity.matchCreated(matchLabel(created)),
          context: { partita: created },
        });
        await recordClashOverride(db, request, created, matchLabel(created), clashes);
        return created;
      }).catch(mapWriteError);
      return reply.status(201).send({ data: partita, ...(await closureNote(pool, partita)) });
    },
  );

  app.put(
    '/partite/:id',
    {
      preHandler: requireRole('editor', MSG.match.forbiddenUpdate),
      schema: { params: matchParams, body: updateBody, response: { 200: partitaDesignazioniResponse } },
    },
    async (request) => {
      const { id } = request.params;
      const { designazioni: designazioniBody, ...matchBody } = request.body;
      const p = rulesOf(matchBody, 'edit');
      // `designazioni: null` is refused, not taken as absent: as a body with no role named (after the match's rules).
      if (designazioniBody === null) throw badRequest(DIRIGENTI_MSG.invalid.designazione);
      const wanted = designazioniBody ?? null;
      const confirmed = clashesConfirmed(request.body);
      // With designations, the clashes of the match and of its people are answered in one 409 (below).
      const clashOpts = { id, confirmed: confirmed || wanted !== null, marginMinutes: config.clashMarginMinutes, clubName: config.clubName };
      const saved = await withTransaction(pool, async (db) => {
        // The day lock (docs/occupancy.md) is taken before the row lock, in the same order as POST.
        let clashes = await recheckClashes(db, p, clashOpts);
        const before = await repo.findPartitaForUpdate(db, id);
        if (!before) throw notFound(MSG.match.notFound);
        const after = await repo.updatePartita(db, id, p);
        if (!after) throw notFound(MSG.match.notFound);
        let plan = null;
        if (wanted) {
          const { confermaSovrapposizioni: peopleConfirmed, ...designazioni } = wanted;
          // A person taken off the match does not clash there any more.
          const staying = new Set(RUOLI.flatMap((r) => (designazioni[r] === null ? [] : [designazioni[r]])));
          clashes = clashes.filter((c) => !('dirigenteId' in c) || staying.has(c.dirigenteId));
          // The people new to the match, at its new date and time (the day lock above covers that day).
          plan = await designations.plan(db, after, designazioni);
          const open = [...(confirmed ? [] : clashes), ...(confirmed || peopleConfirmed === true ? [] : plan.conflitti)];
          if (open.length > 0) {
            const onlyPeople = clashes.every((c) => 'dirigenteId' in c);
            throw new HttpError(409, onlyPeople ? DIRIGENTI_MSG.conflict : CLASH_MSG.conflict, { conflitti: [...clashes.map(anyClashView), ...plan.conflitti] });
          }
        }
        await recordActivity(db, request, {
          type: 'info',
          message: LOGS_MSG.activity.matchUpdated(matchLabel(after)),
          context: { id, changes: changes(before, after), before, after },
        });
        await recordClashOverride(db, request, after, matchLabel(after), clashes);
        // The designations after the match, so their mails carry the match as saved.
        if (plan) await designations.write(db, request, after, plan);
        return { data: after, designazioni: await repo.designazioniOfMatch(db, id) };
      }).catch(mapWriteError);
      return { ...saved, ...(await closureNote(pool, saved.data)) };
    },
  );

  app.delete(
    '/partite/:id',
    { preHandler: requireRole('editor', MSG.match.forbiddenDelete), schema: { params: matchParams, response: { 200: partitaDeletedResponse } } },
    async (request) => {
      const { id } = request.params;
      await withTransaction(pool, async (db) => {
        const before = await repo.findPartitaForUpdate(db, id);
        if (!before || !(await repo.deletePartita(db, id))) throw notFound(MSG.match.notFound);
        await recordActivity(db, request, {
          type: 'warning',
          message: LOGS_MSG.activity.matchDeleted(matchLabel(before)),
          context: { partita: before },
        });
      });
      return { success: true as const, data: { id } };
    },
  );

  const suggestions = { preHandler: requireRole('reader'), schema: { querystring: suggestionQuery, response: { 200: suggestionsResponse } } };
  app.get('/squadre/suggestions', suggestions, async (request) => {
    const { search = '' } = request.query;
    return { data: await repo.teamSuggestions(pool, search.trim()) };
  });

  app.get('/campi/suggestions', suggestions, async (request) => {
    const { search = '' } = request.query;
    return { data: await repo.campoSuggestions(pool, search.trim()) };
  });
};

/** The match API; mounted by server/app.ts under /api. */
export const matchesRoutes = fp(partite, {
  name: 'partite',
  fastify: '5.x',
  dependencies: ['scheduler', 'public-listing'],
  encapsulate: true,
});
