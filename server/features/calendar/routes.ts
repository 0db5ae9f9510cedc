// Calendar feeds: the club's at /api/calendar.ics and one per category at
// /api/calendar/{id}.ics, each with ?casa=1 for home matches only and ?allenamenti=1 with the
// training series too (docs/calendar.md). Public like the dashboard's
// list (no sign-in); ETag / Last-Modified with 304, cached per process and emptied by NOTIFY
// calendar_changed (migration 008) through the shared ListingCache. Each answer's DTSTAMP is the
// time it is sent (ics.ts stampFeed); the ETag is the hash of the cached text, which has no
// DTSTAMP time in it, so it is weak (W/): answers that differ only in DTSTAMP are equivalent.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import dayjs from 'dayjs';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import { cachedToday } from '../../../common/core/dates';
import { CALENDAR_CONTENT_TYPE, CALENDAR_MSG, CALENDAR_PAST_DAYS, CANCELLED_KEEP_DAYS } from '../../../common/calendar/rules';
import { HttpError, isDatabaseDown, notFound, recordFailure } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { etagOf, LISTING_CACHE_MAX_BYTES, ListingCache, matchesEtag } from '../../shared/listing-cache';
import { encodingFor, sendEncoded } from '../../shared/compress';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { fullName } from '../../../common/officials/rules';
import { buildDesignationFeed } from './designations-feed';
import { pgListenerOf } from '../../shared/pg-listener';
import { buildFeed, EventTextCache, stampFeed } from './ics';
import * as repo from './repo';
import { calendarPurgeJob } from './purge';

const feedQuery = z.strictObject({
  casa: z.enum(['0', '1'], { error: CALENDAR_MSG.invalidQuery }).optional(),
  allenamenti: z.enum(['0', '1'], { error: CALENDAR_MSG.invalidTrainingsQuery }).optional(),
});

type FeedQuery = z.output<typeof feedQuery>;

/** The private feed takes no query parameter. */
const privateFeedQuery = z.strictObject({}, { error: DIRIGENTI_MSG.feed.invalidQuery });
/**
 * The token is checked in the handler, not here: a refused query answers first (400), as it always
 * did, while a params schema would be checked before the query.
 */
const privateFeedParams = z.object({ token: z.string() });

const calendar: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  // Cancellations past the feeds' 30 days: purged by the scheduler, hourly.
  app.scheduler.register(calendarPurgeJob);
  const cache = new ListingCache(pool, app.log, 'calendar_changed', LISTING_CACHE_MAX_BYTES / 2);
  app.addHook('onClose', async () => cache.stop());
  const host = new URL(config.publicUrl).hostname;
  const eventTexts = new EventTextCache();

  /** The feed's text and its last change, built from the database (once for the requests that miss it together) or taken from the cache. */
  async function feed(gruppoId: number | null, homeOnly: boolean, withTrainings: boolean) {
    const today = cachedToday(config.timezone);
    const key = `${today}|${gruppoId ?? ''}|${homeOnly ? 1 : 0}|${withTrainings ? 1 : 0}`;
    cache.ensureStarted();
    // This process wrote through its pool since the last barrier: let those commits' NOTIFYs
    // arrive first, so a feed read right after an edit never comes from the cache of before.
    const listener = pgListenerOf(pool);
    if (listener?.needsSync()) await listener.sync();
    const entry = await cache.load(key, async () => {
      // The window starts at midnight of its first day: a feed changes at least once a day.
      const windowStart = dayjs.tz(today, config.timezone).subtract(CALENDAR_PAST_DAYS, 'day');
      const name = gruppoId === null ? null : await repo.findGruppoName(pool, gruppoId);
      if (name === undefined) throw notFound(CALENDAR_MSG.unknownCategory);
      const events = await repo.listFeed(pool, {
        gruppoId,
        homeOnly,
        from: windowStart.format('YYYY-MM-DD'),
        cancelledSince: dayjs.tz(today, config.timezone).subtract(CANCELLED_KEEP_DAYS, 'day').toDate(),
        timezone: config.timezone,
      });
      const trainings = withTrainings ? await repo.listFeedTrainings(pool, { gruppoId, from: windowStart.format('YYYY-MM-DD') }) : [];
      const text = buildFeed({
        name: (withTrainings ? CALENDAR_MSG.calendarNameWithTrainings : CALENDAR_MSG.calendarName)(config.clubName, name, homeOnly),
        host,
        timezone: config.timezone,
        events,
        trainings,
        cache: eventTexts,
      });
      // A deleted series (or one moved to another category) leaves no row behind to date the change,
      // so a feed with trainings has no Last-Modified (an If-Modified-Since could get a stale 304):
      // its ETag alone validates it.
      if (withTrainings) return { body: text, meta: '' };
      const latest = Math.max(dayjs.tz(today, config.timezone).valueOf(), ...events.map((e) => (e.deleted_at ?? e.updated_at).getTime()));
      return { body: text, meta: new Date(Math.floor(latest / 1000) * 1000).toUTCString() };
    });
    return { ...entry, lastModified: entry.meta || null };
  }

  async function serve(request: FastifyRequest, reply: FastifyReply, gruppoId: number | null, query: FeedQuery) {
    let entry;
    try {
      entry = await feed(gruppoId, query.casa === '1', query.allenamenti === '1');
    } catch (err) {
      if (err instanceof HttpError) throw err; // no such category
      const down = isDatabaseDown(err);
      request.log[down ? 'warn' : 'error']({ err }, 'lettura calendario non riuscita');
      // Into the error log like any server failure (not while the database is down).
      await recordFailure(request, err);
      return reply.status(down ? 503 : 500).send({ error: down ? MSG.http.unavailable : MSG.http.internal });
    }
    reply.header('cache-control', 'no-cache').header('etag', `W/${entry.etag}`).header('vary', 'accept-encoding');
    if (entry.lastModified !== null) reply.header('last-modified', entry.lastModified);
    const inm = request.headers['if-none-match'];
    const ims = request.headers['if-modified-since'];
    const notModified =
      inm !== undefined
        ? matchesEtag(inm, entry.etag)
        : ims !== undefined && entry.lastModified !== null && Date.parse(ims) >= Date.parse(entry.lastModified);
    if (notModified) return reply.status(304).send();
    // Stamped with this second: the compressed copies serve every request of the same second (and of
    // the same feed version), then the next second's text replaces them.
    const text = stampFeed(entry.body);
    return sendEncoded(reply.type(CALENDAR_CONTENT_TYPE), entry.copies, encodingFor(request, entry.copies.bytes(text)), text);
  }

  /**
   * The private feed of an official's designations (docs/calendar.md): no sign-in, the unguessable
   * token of the person (migration 018, found through its unique index; revoking writes a new one).
   * Built on each request (one person's few events) with the club feeds' window, its weak ETag the
   * hash of the text without DTSTAMP times, 304 on If-None-Match.
   */
  app.get('/calendar/dirigente/:token.ics', { schema: { params: privateFeedParams, querystring: privateFeedQuery } }, async (request, reply) => {
    const token = request.params.token;
    if (!/^[0-9a-f]{64}$/.test(token)) throw notFound(DIRIGENTI_MSG.feed.unknownToken);
    let body: string;
    try {
      const person = await repo.findDirigenteByToken(pool, token);
      if (!person) throw notFound(DIRIGENTI_MSG.feed.unknownToken);
      const today = cachedToday(config.timezone);
      const from = dayjs.tz(today, config.timezone).subtract(CALENDAR_PAST_DAYS, 'day').format('YYYY-MM-DD');
      const designations = await repo.listDesignationsOf(pool, { dirigenteId: person.id, from, timezone: config.timezone });
      body = buildDesignationFeed({
        name: DIRIGENTI_MSG.feed.name(config.clubName, fullName(person)),
        host,
        timezone: config.timezone,
        designations: designations.map((d) => ({ partitaId: d.id, ruolo: d.ruolo, sequence: d.sequence, partita: d, updatedAt: d.updated_at })),
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const down = isDatabaseDown(err);
      request.log[down ? 'warn' : 'error']({ err }, 'lettura calendario del dirigente non riuscita');
      await recordFailure(request, err);
      return reply.status(down ? 503 : 500).send({ error: down ? MSG.http.unavailable : MSG.http.internal });
    }
    const etag = etagOf(body);
    // Private: no shared cache keeps it.
    reply.header('cache-control', 'private, no-cache').header('etag', `W/${etag}`);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type(CALENDAR_CONTENT_TYPE).send(stampFeed(body));
  });

  // The club's feeds are cached with their compressed copies (shared/compress.ts), not compressed per
  // request. ICS text: no response schema.
  app.get('/calendar.ics', { compress: false, schema: { querystring: feedQuery } }, async (request, reply) => serve(request, reply, null, request.query));
  app.get('/calendar/:id.ics', { compress: false, schema: { params: idParams(CALENDAR_MSG.unknownCategory), querystring: feedQuery } }, async (request, reply) =>
    serve(request, reply, request.params.id, request.query),
  );
};

/** The calendar feeds; mounted by server/app.ts under /api. */
export const calendarRoutes = fp(calendar, { name: 'calendar', fastify: '5.x', dependencies: ['scheduler'], encapsulate: true });
