// Match status (issue 16): bulk status changes of the signed-in dashboard and their undo.
// Registered from partite's routes.ts (under /api).
import type { FastifyPluginAsync } from 'fastify';
import dayjs from 'dayjs';
import { MSG } from '../../../common/messages';
import { todayIn } from '../../../common/dates';
import { STATO_DI_AZIONE, STATUS_MSG, type AzioneStato } from '../../../common/matchStatus';
import { statoRequestSchema } from '../../../common/matchStatusSchema';
import { requireRole } from '../../plugins/auth-guard';
import { badRequest, conflict, notFound, parseInput } from '../../plugins/errors';
import { recordActivity } from '../../plugins/activity';
import { withTransaction } from '../../db/pool';
import * as repo from './statoRepo';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A CHECK of the table refusing the change (e.g. a date past what PostgreSQL can hold) is the client's fault. */
function mapWriteError(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === '23514' || code === '22008' || code === '22007') throw badRequest(MSG.match.invalidData);
  throw err;
}

export const statoRoutes: FastifyPluginAsync = async (app) => {
  const { pool, config } = app.deps;

  app.post('/partite/stato', { preHandler: requireRole('editor', STATUS_MSG.forbidden) }, async (request) => {
    const today = todayIn(config.timezone);
    const req = parseInput(statoRequestSchema(today), request.body);
    const by = request.user?.email ?? null;
    return withTransaction(pool, async (db) => {
      const rows = await repo.lockRows(db, req.ids);
      // One unknown id refuses the whole request: nothing has been written yet, the rollback frees the locks.
      if (rows.length !== req.ids.length) throw notFound(STATUS_MSG.unknownIds);
      if (req.giorni !== null) {
        // The form's rule on each new date: not before today.
        const earliest = rows.reduce((min, r) => (r.data < min ? r.data : min), rows[0].data);
        if (dayjs(earliest).add(req.giorni, 'day').format('YYYY-MM-DD') < today) throw badRequest(MSG.match.futureDate);
      }
      const after = await repo.updateStato(db, req.ids, {
        stato: STATO_DI_AZIONE[req.azione],
        motivo: req.azione === 'ripristina' ? null : req.motivo,
        by,
        nuovaData: req.nuovaData,
        giorni: req.giorni,
      });
      const operazione = await repo.insertOperazione(db, {
        azione: req.azione,
        motivo: req.motivo,
        userEmail: by,
        righe: rows.map((r) => r.riga),
        dopo: Object.fromEntries(after.map((r) => [String(r.id), r.sequence])),
      });
      await recordActivity(db, request, {
        type: req.azione === 'annulla' ? 'warning' : 'info',
        message: STATUS_MSG.activity.bulk(req.azione, after.length, req.motivo),
        context: {
          operazione,
          azione: req.azione,
          count: after.length,
          motivo: req.motivo,
          nuovaData: req.nuovaData,
          giorni: req.giorni,
          ids: req.ids,
        },
      });
      return { operazione, aggiornate: after.length };
    }).catch(mapWriteError);
  });

  app.post<{ Params: { operazione: string } }>(
    '/partite/stato/:operazione/annulla',
    { preHandler: requireRole('editor', STATUS_MSG.forbidden) },
    async (request) => {
      const id = request.params.operazione;
      if (!UUID_RE.test(id)) throw notFound(STATUS_MSG.operationNotFound);
      return withTransaction(pool, async (db) => {
        const op = await repo.findOperazioneForUpdate(db, id);
        if (!op) throw notFound(STATUS_MSG.operationNotFound);
        if (op.annullata_il) throw conflict(STATUS_MSG.alreadyUndone);
        const ids = op.righe.map((r) => Number(r.id));
        const current = await repo.lockSequences(db, ids);
        // Edited (or deleted) since the operation: its SEQUENCE (migration 008) moved on.
        const edited = ids.filter((i) => current.get(i) !== op.dopo[String(i)]);
        if (edited.length > 0) throw conflict(STATUS_MSG.undoConflict);
        const ripristinate = await repo.restoreRows(db, op.righe);
        await repo.markUndone(db, id);
        await recordActivity(db, request, {
          type: 'info',
          message: STATUS_MSG.activity.undone(op.azione as AzioneStato, ripristinate),
          context: { operazione: id, azione: op.azione, count: ripristinate, motivo: op.motivo, ids },
        });
        return { operazione: id, ripristinate };
      });
    },
  );
};
