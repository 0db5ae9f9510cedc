// Match status (docs/matches.md, status): bulk status changes of the signed-in dashboard and their undo.
// Registered from partite's routes.ts (under /api).
import { annullaOperazioneResponse, cambiaStatoResponse } from '../../../common/status/types';
import type { FastifyPluginAsync } from 'fastify';
import dayjs from 'dayjs';
import { MSG } from '../../../common/core/messages';
import { todayIn } from '../../../common/core/dates';
import { STATO_DI_AZIONE, STATUS_MSG, type AzioneStato } from '../../../common/status/rules';
import { statoRequestSchema, type StatoRequest } from '../../../common/status/schema';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import { withTransaction } from '../../db/pool';
import { z } from '../../../common/core/zod';
import { CLASH_MSG, holdsFacilities } from '../../../common/occupancy/rules';
import { matchLabel, partitaProblem, partitaToValues, toPayload } from '../../../common/matches/rules';
import type { Partita } from '../../../common/matches/read';
import { shortTime } from '../../../common/core/date-text';
import * as repo from './status-repo';
import type { Move, SlotPlace } from './status-repo';
import { clashService } from '../../services/clashes/clashes';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A CHECK of the table refusing the change (e.g. a date past what PostgreSQL can hold) is the client's fault. */
function mapWriteError(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === '23514' || code === '22008' || code === '22007') throw badRequest(MSG.match.invalidData);
  throw err;
}

const undoBody = z.strictObject({ confermaSovrapposizioni: z.boolean({ error: MSG.http.badRequest }).optional() });
// An operation's id that is not a UUID names no operation: 404, as an unknown one.
const undoParams = z.object({ operazione: z.string().regex(UUID_RE, STATUS_MSG.operationNotFound) });

const addDays = (data: string, giorni: number) => dayjs(data).add(giorni, 'day').format('YYYY-MM-DD');

/**
 * Where a match will be after a bulk action (the clash check of the moves, docs/occupancy.md): its new date when the
 * action moves it ('rinvia' with a date, 'sposta'), its date when the action leaves it holding its
 * facilities ('sospendi', 'ripristina'), null when it frees them ('annulla', 'rinvia' keeping the date).
 */
function targetOf(req: StatoRequest, row: { data: string }): string | null {
  if (req.azione === 'sposta') return addDays(row.data, req.giorni ?? 0);
  if (req.azione === 'rinvia') return req.nuovaData;
  return req.azione === 'annulla' ? null : row.data;
}

type MoveRow = Move['row'];
/** A match as a bulk action's clash messages name it: teams, and the date and time it moves to. */
const describeMove = (m: Move) =>
  matchLabel({ squadracasa: m.row.squadracasa, squadratrasferta: m.row.squadratrasferta, data: m.data ?? m.row.data, ora: m.at?.ora ?? m.row.ora });

/** The place and time a row (a before-image or a row as stored) holds on its day. */
const placeOf = (r: Record<string, unknown>): Move['at'] => ({
  ora: shortTime(String(r.ora)),
  ora_fine: typeof r.ora_fine === 'string' ? shortTime(r.ora_fine) : null,
  campo: String(r.campo),
  spogliatoio_gari: (r.spogliatoio_gari as number | null) ?? null,
  spogliatoio_ospiti: (r.spogliatoio_ospiti as number | null) ?? null,
});

export const statoRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  // The new date may not be before today: the schema asks the day at each request.
  const statoBody = statoRequestSchema(() => todayIn(config.timezone));
  // The occupazione feature's clash check of the moves (docs/occupancy.md; declared by matchesRoutes, which registers this).
  const { daysOfMoves, lockMatchDays, recheckMoves, recordBatchOverride } = clashService(config);

  app.post(
    '/partite/stato',
    { preHandler: requireRole('editor', STATUS_MSG.forbidden), schema: { body: statoBody, response: { 200: cambiaStatoResponse } } },
    async (request) => {
      const today = todayIn(config.timezone);
      const req = request.body;
      const by = request.user?.email ?? null;
      return withTransaction(pool, async (db) => {
        // Clash check (docs/occupancy.md): the days the matches move to are locked before the rows (as a save does), so a
        // save or another bulk request on those days waits; read once more under the row locks below.
        // A chosen slot's day is locked even when the date stays (another time or pitch on it).
        const slotAt: Move['at'] = req.slot
          ? { ora: req.slot.ora, ora_fine: req.slot.oraFine, campo: req.slot.campo, spogliatoio_gari: req.slot.spogliatoioGari, spogliatoio_ospiti: req.slot.spogliatoioOspiti }
          : undefined;
        const moveOf = (r: { data: string; stato?: unknown; data_da_definire?: unknown }): Move => ({ row: r as MoveRow, data: targetOf(req, r), ...(slotAt && { at: slotAt }) });
        const locked = new Set(daysOfMoves((await repo.peekRows(db, req.ids)).map(moveOf)));
        await lockMatchDays(db, locked);
        const rows = await repo.lockRows(db, req.ids);
        // One unknown id refuses the whole request: nothing has been written yet, the rollback frees the locks.
        if (rows.length !== req.ids.length) throw notFound(STATUS_MSG.unknownIds);
        if (req.giorni !== null) {
          // The form's rule on each new date: not before today.
          const earliest = rows.reduce((min, r) => (r.data < min ? r.data : min), rows[0].data);
          if (dayjs(earliest).add(req.giorni, 'day').format('YYYY-MM-DD') < today) throw badRequest(MSG.match.futureDate);
        }
        // 'Rinvia' to a chosen slot (one match): the slot on the stored match must pass a save's rules, as the edit form's
        // save would; away matches keep no end time nor rooms (toPayload), as a save stores them.
        let slot: SlotPlace | null = null;
        if (req.slot) {
          const values = { ...partitaToValues(rows[0].riga as unknown as Partita), ...req.slot, data: req.nuovaData };
          const problem = partitaProblem(values, { mode: 'edit', today, clubName: config.clubName, timezone: config.timezone });
          if (problem) throw badRequest(problem.message);
          const p = toPayload(values, config.clubName);
          slot = { ora: p.ora, ora_fine: p.oraFine, campo: p.campo, spogliatoio_gari: p.spogliatoioGari, spogliatoio_ospiti: p.spogliatoioOspiti };
        }
        const moves = rows.map((r): Move => ({ ...moveOf(r.riga as unknown as MoveRow), ...(slot && { at: slot }) }));
        // A row edited between the first read and its lock may need a day not locked yet (rare).
        await lockMatchDays(db, daysOfMoves(moves).filter((d) => !locked.has(d)));
        const clashes = await recheckMoves(db, moves, { confirmed: req.conferma, marginMinutes: config.clashMarginMinutes, describe: describeMove });
        const after = await repo.updateStato(db, req.ids, {
          stato: STATO_DI_AZIONE[req.azione],
          motivo: req.azione === 'ripristina' ? null : req.motivo,
          by,
          nuovaData: req.nuovaData,
          giorni: req.giorni,
          slot,
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
            ...(slot && { slot: { ora: slot.ora, oraFine: slot.ora_fine, campo: slot.campo, spogliatoi: [slot.spogliatoio_gari, slot.spogliatoio_ospiti] } }),
            ids: req.ids,
          },
        });
        await recordBatchOverride(db, request, CLASH_MSG.bulkConfirmed(clashes.righe), clashes, { operazione, azione: req.azione });
        return { operazione, aggiornate: after.length };
      }).catch(mapWriteError);
    },
  );

  app.post(
    '/partite/stato/:operazione/annulla',
    {
      preHandler: requireRole('editor', STATUS_MSG.forbidden),
      schema: { params: undoParams, body: undoBody, response: { 200: annullaOperazioneResponse } },
    },
    async (request) => {
      const id = request.params.operazione;
      const { confermaSovrapposizioni = false } = request.body;
      return withTransaction(pool, async (db) => {
        const op = await repo.findOperazioneForUpdate(db, id);
        if (!op) throw notFound(STATUS_MSG.operationNotFound);
        if (op.annullata_il) throw conflict(STATUS_MSG.alreadyUndone);
        const ids = op.righe.map((r) => Number(r.id));
        // Clash check (docs/occupancy.md): the days the matches go back to, locked before the rows (their before-image says which).
        const back = new Map(op.righe.map((r) => [Number(r.id), r as unknown as MoveRow]));
        await lockMatchDays(db, [...back.values()].filter((b) => holdsFacilities(b)).map((b) => b.data));
        const current = await repo.lockSequences(db, ids);
        // Edited (or deleted) since the operation: its SEQUENCE (migration 008) moved on.
        const edited = ids.filter((i) => current.get(i) !== op.dopo[String(i)]);
        if (edited.length > 0) throw conflict(STATUS_MSG.undoConflict);
        // Unchanged since the operation: each match is as the operation left it, and goes back to its before-image.
        const now = await repo.clashRows(db, ids);
        const moves = now.map((r): Move => {
          const b = back.get(r.id)!;
          // Back to the before-image's time, pitch and rooms too (a 'Rinvia' to a slot changed them).
          return { row: r, data: holdsFacilities(b) ? b.data : null, at: placeOf(b as unknown as Record<string, unknown>) };
        });
        const clashes = await recheckMoves(db, moves, { confirmed: confermaSovrapposizioni, marginMinutes: config.clashMarginMinutes, describe: describeMove });
        const ripristinate = await repo.restoreRows(db, op.righe);
        await repo.markUndone(db, id);
        await recordActivity(db, request, {
          type: 'info',
          message: STATUS_MSG.activity.undone(op.azione as AzioneStato, ripristinate),
          context: { operazione: id, azione: op.azione, count: ripristinate, motivo: op.motivo, ids },
        });
        await recordBatchOverride(db, request, CLASH_MSG.bulkConfirmed(clashes.righe), clashes, { operazione: id, annullamento: true });
        return { operazione: id, ripristinate };
      });
    },
  );
};
