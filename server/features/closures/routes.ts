// The club's closures (docs/trainings.md, 'Chiusure del club'): reading is open to every
// signed-in user; writing to editors and administrators. Every write records its activity in its
// own transaction; the database moves the SEQUENCE of the series a closure meets and announces the
// change to the feeds' caches (migration 021).
import type { FastifyPluginAsync } from 'fastify';
import { chiusuraBodySchema, describeChiusura } from '../../../common/closures/rules';
import { CHIUSURE_MSG } from '../../../common/closures/messages';
import type { ChiusuraResponse, ChiusureResponse } from '../../../common/closures/types';
import { withTransaction } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { notFound, parseInput } from '../../shared/errors';
import { parseId } from '../../shared/ids';
import { recordActivity } from '../../shared/activity';
import { closuresBetween } from '../../services/closures/closures';
import * as repo from './repo';

export const chiusureRoutes: FastifyPluginAsync = async (app) => {
  const { pool } = app.deps;
  const editor = { preHandler: requireRole('editor', CHIUSURE_MSG.forbidden) };

  app.get('/chiusure', { preHandler: requireRole('reader') }, async (): Promise<ChiusureResponse> => {
    const data = await closuresBetween(pool);
    return { data, count: data.length };
  });

  app.post('/chiusure', editor, async (request, reply) => {
    const payload = parseInput(chiusuraBodySchema, request.body);
    const data = await withTransaction(pool, async (db) => {
      const created = await repo.insertChiusura(db, payload);
      await recordActivity(db, request, { type: 'success', message: CHIUSURE_MSG.activity.created(describeChiusura(created)), context: { chiusura: created } });
      return created;
    });
    return reply.status(201).send({ data } satisfies ChiusuraResponse);
  });

  app.put<{ Params: { id: string } }>('/chiusure/:id', editor, async (request): Promise<ChiusuraResponse> => {
    const id = parseId(request.params.id, CHIUSURE_MSG.notFound);
    const payload = parseInput(chiusuraBodySchema, request.body);
    const data = await withTransaction(pool, async (db) => {
      const before = await repo.findChiusura(db, id, true);
      if (!before) throw notFound(CHIUSURE_MSG.notFound);
      const after = (await repo.updateChiusura(db, id, payload))!;
      await recordActivity(db, request, { type: 'info', message: CHIUSURE_MSG.activity.updated(describeChiusura(after)), context: { id, before, after } });
      return after;
    });
    return { data };
  });

  app.delete<{ Params: { id: string } }>('/chiusure/:id', editor, async (request) => {
    const id = parseId(request.params.id, CHIUSURE_MSG.notFound);
    await withTransaction(pool, async (db) => {
      const before = await repo.findChiusura(db, id, true);
      if (!before || !(await repo.deleteChiusura(db, id))) throw notFound(CHIUSURE_MSG.notFound);
      await recordActivity(db, request, { type: 'warning', message: CHIUSURE_MSG.activity.deleted(describeChiusura(before)), context: { chiusura: before } });
    });
    return { success: true, data: { id } };
  });
};
