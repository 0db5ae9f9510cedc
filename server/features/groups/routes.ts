import type { FastifyPluginAsync } from 'fastify';
import { deletePreviewResponse, gruppiResponse, gruppoResponse } from '../../../common/groups/types';
import { MSG } from '../../../common/core/messages';
import { gruppoInputSchema } from '../../../common/groups/rules';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import * as repo from './repo';
import { recordActivity } from '../../shared/activity';
import { LOGS_MSG } from '../../../common/logs/messages';

const pgCode = (err: unknown) => (err as { code?: string } | null)?.code;
const pgConstraint = (err: unknown) => (err as { constraint?: string } | null)?.constraint;

/**
 * A unique violation on the name becomes the 409 of a duplicate category; birth years in the wrong
 * order (an update naming one year against the stored other) the 400 of the form's rule.
 */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgCode(err) === '23505') throw conflict(MSG.groups.duplicateName);
    if (pgCode(err) === '23514' && pgConstraint(err) === 'gruppi_anni_ordine') throw badRequest(MSG.groups.anniOrdine);
    throw err;
  }
}

/** Categories (gruppi) and their referents: the permissions and messages of docs/groups.md, errors as docs/api.md says. */
export const groupsRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool } = app.deps;

  app.get('/gruppi', { preHandler: requireRole('editor'), schema: { response: { 200: gruppiResponse } } }, async () => {
    const data = await repo.listGruppi(pool);
    return { data, count: data.length };
  });

  app.post(
    '/gruppi',
    { preHandler: requireRole('admin', MSG.groups.forbiddenCreate), schema: { body: gruppoInputSchema, response: { 201: gruppoResponse } } },
    async (request, reply) => {
    const input = request.body;
    const data = await uniqueName(() =>
      repo.createGruppo(pool, input, (db, created) =>
        recordActivity(db, request, { type: 'success', message: LOGS_MSG.activity.groupCreated(input.name), context: { gruppo: created } }),
      ),
    );
    return reply.status(201).send({ data });
    },
  );

  app.put(
    '/gruppi/:id',
    {
      preHandler: requireRole('editor', MSG.groups.forbiddenUpdate),
      schema: { params: idParams(MSG.groups.notFoundUpdate), body: gruppoInputSchema, response: { 200: gruppoResponse } },
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const data = await uniqueName(() =>
        repo.updateGruppo(pool, id, input, (db, after, before) =>
          recordActivity(db, request, {
            type: 'info',
            message: LOGS_MSG.activity.groupUpdated(before && before.name !== input.name ? `${before.name} → ${input.name}` : input.name),
            context: { id, before, after },
          }),
        ),
      );
      if (!data) throw notFound(MSG.groups.notFoundUpdate);
      return { data };
    },
  );

  // What a delete would take with it, for the confirmation (docs/groups.md, delete): admins only, like the delete.
  app.get(
    '/gruppi/:id/eliminazione',
    {
      preHandler: requireRole('admin', MSG.groups.forbiddenDelete),
      schema: { params: idParams(MSG.groups.notFoundDelete), response: { 200: deletePreviewResponse } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const data = await repo.deletePreview(pool, id);
      if (!data) throw notFound(MSG.groups.notFoundDelete);
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.delete(
    '/gruppi/:id',
    { preHandler: requireRole('admin', MSG.groups.forbiddenDelete), schema: { params: idParams(MSG.groups.notFoundDelete), response: { 200: gruppoResponse } } },
    async (request) => {
      const { id } = request.params;
      try {
        const data = await repo.deleteGruppo(pool, id, (db, _after, before) =>
          recordActivity(db, request, { type: 'warning', message: LOGS_MSG.activity.groupDeleted(before!.name), context: { gruppo: before } }),
        );
        if (!data) throw notFound(MSG.groups.notFoundDelete);
        return { data };
      } catch (err) {
        // partite.gruppo and giocatori.gruppo_id reference the category ON DELETE RESTRICT: nothing is deleted.
        if (pgCode(err) === '23503') throw conflict(pgConstraint(err) === 'giocatori_gruppo_id_fkey' ? GIOCATORI_MSG.gruppoConGiocatori : MSG.groups.hasMatches);
        throw err;
      }
    },
  );
};
