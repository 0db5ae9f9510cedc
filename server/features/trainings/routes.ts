// Training slots (docs/trainings.md): weekly series per category. Reading is open to every
// signed-in user; writing to editors and administrators. A save that clashes with another series or
// with a match is a 409 `{ error, conflitti }` unless confirmed, as match saves are; every write
// records its activity in its own transaction.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import {
  allenamentoBodySchema,
  describeAllenamento,
  occurrencesOf,
  saltaBodySchema,
  seriesClashes,
  seriesMatchClashes,
  trainsOn,
  withClosures,
  type Allenamento,
  type AllenamentoPayload,
} from '../../../common/trainings/rules';
import { ALLENAMENTI_MSG } from '../../../common/trainings/messages';
import { allenamentiResponse, allenamentoDeleteResponse, allenamentoResponse, type AllenamentoConflitto } from '../../../common/trainings/types';
import { withTransaction, type Db } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, HttpError, notFound } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import { closuresBetween } from '../../services/closures/closures';
import * as repo from './repo';
import { clashService } from '../../services/clashes/clashes';

const invalid = { error: MSG.http.badRequest };
const listQuery = z.strictObject({ gruppo: z.string(invalid).max(100, invalid).optional(), campo: z.string(invalid).max(100, invalid).optional() });

/** An advisory lock class of its own: series saves one at a time (across processes too). */
const SERIES_LOCK_CLASS = 27;

const allenamentiPlugin: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  const clashes = clashService(config);
  const margin = config.clashMarginMinutes;
  const editor = requireRole('editor', ALLENAMENTI_MSG.forbidden);
  const params = idParams(ALLENAMENTI_MSG.notFound);

  /** The payload with the category's stored name, or a 400 when there is no such category (a check on the database, so not in the schema). */
  async function payloadOf(body: z.output<typeof allenamentoBodySchema>): Promise<{ payload: AllenamentoPayload; confirmed: boolean }> {
    const { confermaSovrapposizioni, ...payload } = body;
    const gruppo = await repo.gruppoName(pool, payload.gruppo);
    if (!gruppo) throw badRequest(ALLENAMENTI_MSG.invalid.gruppoSconosciuto);
    return { payload: { ...payload, gruppo }, confirmed: confermaSovrapposizioni === true };
  }

  /**
   * Inside the save's transaction: the series lock, then the day locks of every date it trains on
   * (the order match saves and bulk moves take them), then its clashes with the other series and
   * with the matches of those days. A 409 unless confirmed; returns the clashes a confirmed save overrode.
   */
  async function recheck(db: Db, candidate: Allenamento, confirmed: boolean): Promise<AllenamentoConflitto[]> {
    await db.query('SELECT pg_advisory_xact_lock($1, 0)', [SERIES_LOCK_CLASS]);
    // The dates it will train on: the club's closures left out (the series itself keeps its own skipped dates).
    const inCalendar = withClosures(candidate, await closuresBetween(db, candidate.dal, candidate.al));
    const days = occurrencesOf(inCalendar, candidate.dal, candidate.al);
    await clashes.lockMatchDays(db, days);
    const series = await clashes.trainingsBetween(db, candidate.dal, candidate.al);
    const matches = await clashes.matchesOnDays(db, days);
    const conflitti: AllenamentoConflitto[] = [
      ...seriesClashes(inCalendar, series, margin).map((c) => ({ id: c.id, motivo: c.motivo, messaggio: c.messaggio, data: c.data, allenamento: c.allenamento })),
      ...seriesMatchClashes(inCalendar, matches, margin).map((c) => ({ id: c.id, motivo: c.motivo, messaggio: c.messaggio, data: c.data, partita: c.partita })),
    ].sort((a, b) => a.data.localeCompare(b.data));
    if (conflitti.length > 0 && !confirmed) throw new HttpError(409, ALLENAMENTI_MSG.conflict, { conflitti });
    return conflitti;
  }

  async function recordOverride(db: Db, request: FastifyRequest, saved: Allenamento, conflitti: AllenamentoConflitto[]) {
    if (conflitti.length === 0) return;
    await recordActivity(db, request, {
      type: 'warning',
      message: ALLENAMENTI_MSG.activity.confirmed(describeAllenamento(saved)),
      context: { allenamento: saved, conflitti: conflitti.map(({ id, motivo, messaggio, data }) => ({ id, motivo, messaggio, data })) },
    });
  }

  app.get('/allenamenti', { preHandler: requireRole('reader'), schema: { querystring: listQuery, response: { 200: allenamentiResponse } } }, async (request) => {
    const filters = request.query;
    const data = await repo.listAllenamenti(pool, { gruppo: filters.gruppo?.trim() || undefined, campo: filters.campo?.trim() || undefined });
    return { data, count: data.length };
  });

  app.post('/allenamenti', { preHandler: editor, schema: { body: allenamentoBodySchema, response: { 201: allenamentoResponse } } }, async (request, reply) => {
    const { payload, confirmed } = await payloadOf(request.body);
    const data = await withTransaction(pool, async (db) => {
      const conflitti = await recheck(db, { ...payload, id: 0 }, confirmed);
      const created = await repo.insertAllenamento(db, payload);
      await recordActivity(db, request, { type: 'success', message: ALLENAMENTI_MSG.activity.created(describeAllenamento(created)), context: { allenamento: created } });
      await recordOverride(db, request, created, conflitti);
      return created;
    });
    return reply.status(201).send({ data });
  });

  app.put('/allenamenti/:id', { preHandler: editor, schema: { params, body: allenamentoBodySchema, response: { 200: allenamentoResponse } } }, async (request) => {
    const { id } = request.params;
    const { payload, confirmed } = await payloadOf(request.body);
    const data = await withTransaction(pool, async (db) => {
      const conflitti = await recheck(db, { ...payload, id }, confirmed);
      const before = await repo.findAllenamento(db, id, true);
      if (!before) throw notFound(ALLENAMENTI_MSG.notFound);
      const after = (await repo.updateAllenamento(db, id, payload))!;
      await recordActivity(db, request, { type: 'info', message: ALLENAMENTI_MSG.activity.updated(describeAllenamento(after)), context: { id, before, after } });
      await recordOverride(db, request, after, conflitti);
      return after;
    });
    return { data };
  });

  app.delete('/allenamenti/:id', { preHandler: editor, schema: { params, response: { 200: allenamentoDeleteResponse } } }, async (request) => {
    const { id } = request.params;
    await withTransaction(pool, async (db) => {
      const before = await repo.findAllenamento(db, id, true);
      if (!before || !(await repo.deleteAllenamento(db, id))) throw notFound(ALLENAMENTI_MSG.notFound);
      await recordActivity(db, request, { type: 'warning', message: ALLENAMENTI_MSG.activity.deleted(describeAllenamento(before)), context: { allenamento: before } });
    });
    return { success: true as const, data: { id } };
  });

  // 'Salta questo allenamento' (the occupancy board): one date off the series, to make room for a match.
  app.post('/allenamenti/:id/salta', { preHandler: editor, schema: { params, body: saltaBodySchema, response: { 200: allenamentoResponse } } }, async (request) => {
    const { id } = request.params;
    const { data: giorno } = request.body;
    const data = await withTransaction(pool, async (db) => {
      const before = await repo.findAllenamento(db, id, true);
      if (!before) throw notFound(ALLENAMENTI_MSG.notFound);
      if (!trainsOn(before, giorno)) throw badRequest(ALLENAMENTI_MSG.invalid.nonInCalendario);
      const after = (await repo.skipDate(db, id, giorno))!;
      await recordActivity(db, request, { type: 'info', message: ALLENAMENTI_MSG.activity.skipped(describeAllenamento(after), giorno.split('-').reverse().join('/')), context: { id, data: giorno } });
      return after;
    });
    return { data };
  });
};

export const trainingsRoutes = fp(allenamentiPlugin, { name: 'allenamenti', fastify: '5.x', encapsulate: true });
