// The club's closures (docs/trainings.md, 'Chiusure del club'): reading is open to every
// signed-in user; writing to editors and administrators. Every write records its activity in its
// own transaction; the database moves the SEQUENCE of the series a closure meets and announces the
// change to the feeds' caches (migration 021).
import type { FastifyPluginAsync } from 'fastify';
import { chiusuraBodySchema, describeChiusura } from '../../../common/closures/rules';
import { CHIUSURE_MSG } from '../../../common/closures/messages';
import { chiusuraDeletedResponse, chiusuraResponse, chiusureResponse } from '../../../common/closures/types';
import { withTransaction } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { notFound } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import { closuresBetween } from '../../services/closures/closures';
import * as repo from './repo';

export const closuresRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool } = app.deps;
  const editor = requireRole('editor', CHIUSURE_MSG.forbidden);
  const params = idParams(CHIUSURE_MSG.notFound);

  app.get('/chiusure', { preHandler: requireRole('reader'), schema: { response: { 200: chiusureResponse } } }, async () => {
    const data = await closuresBetween(pool);
    return { data, count: data.length };
  });

  app.post('/chiusure', { preHandler: editor, schema: { body: chiusuraBodySchema, response: { 201: chiusuraResponse } } }, async (request, reply) => {
    const payload = request.body;
    const data = await withTransaction(pool, async (db) => {
      const created = await repo.insertChiusura(db, payload);
      await recordActivity(db, request, { type: 'success', message: CHIUSURE_MSG.activity.created(describeChiusura(created)), context: { chiusura: created } });
      return created;
    });
    return reply.status(201).send({ data });
  });

  app.put('/chiusure/:id', { preHandler: editor, schema: { params, body: chiusuraBodySchema, response: { 200: chiusuraResponse } } }, async (request) => {
    const { id } = request.params;
    const payload = request.body;
    const data = await withTransaction(pool, async (db) => {
      const before = await repo.findChiusura(db, id, true);
      if (!before) throw notFound(CHIUSURE_MSG.notFound);
      const after = (await repo.updateChiusura(db, id, payload))!;
      await recordActivity(db, request, { type: 'info', message: CHIUSURE_MSG.activity.updated(describeChiusura(after)), context: { id, before, after } });
      return after;
    });
    return { data };
  });

  app.delete('/chiusure/:id', { preHandler: editor, schema: { params, response: { 200: chiusuraDeletedResponse } } }, async (request) => {
    const { id } = request.params;
    await withTransaction(pool, async (db) => {
      const before = await repo.findChiusura(db, id, true);
      if (!before || !(await repo.deleteChiusura(db, id))) throw notFound(CHIUSURE_MSG.notFound);
      await recordActivity(db, request, { type: 'warning', message: CHIUSURE_MSG.activity.deleted(describeChiusura(before)), context: { chiusura: before } });
    });
    return { success: true as const, data: { id } };
  });
};
