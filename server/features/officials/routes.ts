// The club's officials and their designations to matches (docs/officials.md). Reading the people
// and the designations is open to every signed-in user; writing, the private calendar addresses and
// the uncovered list to editors and administrators. A designation that puts a person on two matches
// at once is a 409 `{ error, conflitti }` unless confirmed; every write records its activity in its
// own transaction.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import dayjs from 'dayjs';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import { isIsoDate } from '../../../common/core/date-text';
import { todayIn } from '../../../common/core/dates';
import {
  QUALIFICHE,
  RUOLI,
  QUALIFICA_DI,
  designazioniBodySchema,
  dirigentePayloadSchema,
  fullName,
  missingRoles,
  personClashes,
  type Designazioni,
  type PersonaScoperte,
} from '../../../common/officials/rules';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { uncoveredDefaultEnd, uncoveredEndAfter } from '../../../common/officials/window';
import {
  calendarioDirigenteResponse,
  designazioniPeriodoResponse,
  designazioniResponse,
  dirigenteDeleteResponse,
  dirigenteResponse,
  dirigentiResponse,
  scoperteResponse,
  type PartitaScoperta,
} from '../../../common/officials/types';
import { withTransaction } from '../../db/pool';
import { requireRole } from '../../shared/auth-guard';
import { conflict, HttpError, notFound } from '../../shared/errors';
import { idParams, zodRoutes } from '../../shared/route-schemas';
import { recordActivity } from '../../shared/activity';
import * as repo from '../../services/designations/repo';
import { planDesignazioni, writeDesignazioni } from '../../services/designations/designations';
import { clashService } from '../../services/clashes/clashes';

const invalid = { error: MSG.http.badRequest };
const listQuery = z.strictObject({
  qualifica: z.enum(QUALIFICHE, invalid).optional(),
  attivo: z.enum(['true', 'false', '1', '0'], invalid).optional(),
});
const isoDate = z.string(invalid).max(10, invalid).refine(isIsoDate, MSG.http.badRequest);
/** At most this many days in one GET /api/designazioni. */
export const PERIODO_MAX_DAYS = 31;
const periodoQuery = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to && dayjs(q.to).diff(dayjs(q.from), 'day') < PERIODO_MAX_DAYS, MSG.http.badRequest);
const giorniError = { error: DIRIGENTI_MSG.invalid.giorni };
const scoperteQuery = z.strictObject({
  giorni: z.string(giorniError).max(3, DIRIGENTI_MSG.invalid.giorni).regex(/^[0-9]+$/, DIRIGENTI_MSG.invalid.giorni).transform(Number).pipe(z.number().min(1, DIRIGENTI_MSG.invalid.giorni).max(60, DIRIGENTI_MSG.invalid.giorni)).optional(),
});

const pgCode = (err: unknown) => (err as { code?: string } | null)?.code;
/** A unique violation on the email becomes the 409 of a duplicate person. */
function mapWriteError(err: unknown): never {
  if (pgCode(err) === '23505') throw conflict(DIRIGENTI_MSG.duplicateEmail);
  throw err;
}


const dirigentiPlugin: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  const clashes = clashService(config);
  const margin = config.designationMarginMinutes;
  const editor = requireRole('editor', DIRIGENTI_MSG.forbidden);
  const params = idParams(DIRIGENTI_MSG.notFound);
  const calendarUrl = (token: string) => `${config.publicUrl}/api/calendar/dirigente/${token}.ics`;

  // ---- People ----

  app.get('/dirigenti', { preHandler: requireRole('reader'), schema: { querystring: listQuery, response: { 200: dirigentiResponse } } }, async (request) => {
    const q = request.query;
    const data = await repo.listDirigenti(pool, { qualifica: q.qualifica, attivo: q.attivo === undefined ? undefined : q.attivo === 'true' || q.attivo === '1' });
    return { data, count: data.length };
  });

  app.post('/dirigenti', { preHandler: editor, schema: { body: dirigentePayloadSchema, response: { 201: dirigenteResponse } } }, async (request, reply) => {
    const payload = request.body;
    const data = await withTransaction(pool, async (db) => {
      const created = await repo.insertDirigente(db, payload);
      await recordActivity(db, request, { type: 'success', message: DIRIGENTI_MSG.activity.created(fullName(created)), context: { dirigente: created } });
      return created;
    }).catch(mapWriteError);
    return reply.status(201).send({ data });
  });

  app.put('/dirigenti/:id', { preHandler: editor, schema: { params, body: dirigentePayloadSchema, response: { 200: dirigenteResponse } } }, async (request) => {
    const { id } = request.params;
    const payload = request.body;
    const data = await withTransaction(pool, async (db) => {
      const before = await repo.findDirigente(db, id, true);
      if (!before) throw notFound(DIRIGENTI_MSG.notFound);
      const after = (await repo.updateDirigente(db, id, payload))!;
      await recordActivity(db, request, { type: 'info', message: DIRIGENTI_MSG.activity.updated(fullName(after)), context: { id, before, after } });
      return after;
    }).catch(mapWriteError);
    return { data };
  });

  // Refused while the person is designated to a match from today on; their past designations go with them.
  app.delete('/dirigenti/:id', { preHandler: editor, schema: { params, response: { 200: dirigenteDeleteResponse } } }, async (request) => {
    const { id } = request.params;
    await withTransaction(pool, async (db) => {
      const before = await repo.findDirigente(db, id, true);
      if (!before) throw notFound(DIRIGENTI_MSG.notFound);
      const coming = await repo.comingDesignations(db, id, todayIn(config.timezone));
      if (coming > 0) throw conflict(DIRIGENTI_MSG.inUse(coming));
      const { designazioni } = await repo.deleteDirigente(db, id);
      await recordActivity(db, request, { type: 'warning', message: DIRIGENTI_MSG.activity.deleted(fullName(before)), context: { dirigente: before, designazioniPassate: designazioni } });
    });
    return { success: true as const, data: { id } };
  });

  // The private feed of a person's designations (docs/calendar.md): its address holds the token.
  app.get('/dirigenti/:id/calendario', { preHandler: editor, schema: { params, response: { 200: calendarioDirigenteResponse } } }, async (request) => {
    const { id } = request.params;
    const token = await repo.calendarToken(pool, id);
    if (!token) throw notFound(DIRIGENTI_MSG.notFound);
    return { data: { url: calendarUrl(token) } };
  });

  app.post('/dirigenti/:id/calendario/revoca', { preHandler: editor, schema: { params, response: { 200: calendarioDirigenteResponse } } }, async (request) => {
    const { id } = request.params;
    const token = await withTransaction(pool, async (db) => {
      const person = await repo.findDirigente(db, id, true);
      if (!person) throw notFound(DIRIGENTI_MSG.notFound);
      const fresh = (await repo.revokeCalendarToken(db, id))!;
      await recordActivity(db, request, { type: 'warning', message: DIRIGENTI_MSG.activity.tokenRevoked(fullName(person)), context: { id } });
      return fresh;
    });
    return { data: { url: calendarUrl(token) } };
  });

  // ---- Designations ----

  app.put(
    '/partite/:id/designazioni',
    { preHandler: editor, schema: { params: idParams(MSG.match.notFound), body: designazioniBodySchema, response: { 200: designazioniResponse } } },
    async (request) => {
      const { id } = request.params;
      const { confermaSovrapposizioni, ...after } = request.body;
      const data = await withTransaction(pool, async (db) => {
        // The match's day lock first (as match saves and bulk moves take it), then the row: two
        // designations of one person on that day are checked one after the other.
        const peek = await repo.findMatch(db, id);
        if (!peek) throw notFound(MSG.match.notFound);
        await clashes.lockMatchDays(db, [peek.data]);
        const match = await repo.findMatch(db, id, true);
        if (!match) throw notFound(MSG.match.notFound);
        if (match.data !== peek.data) await clashes.lockMatchDays(db, [match.data]);

        const plan = await planDesignazioni(db, match, after, margin);
        if (plan.conflitti.length > 0 && confermaSovrapposizioni !== true) throw new HttpError(409, DIRIGENTI_MSG.conflict, { conflitti: plan.conflitti });
        // The designations, their activity and the invitations and cancellations of the people who changed (docs/notifications.md).
        await writeDesignazioni(db, request, match, plan);
        return (await repo.designazioniViews(db, [id])).get(id)!;
      });
      return { data };
    },
  );

  app.get('/designazioni', { preHandler: requireRole('reader'), schema: { querystring: periodoQuery, response: { 200: designazioniPeriodoResponse } } }, async (request) => {
    const { from, to } = request.query;
    return { data: await repo.designazioniBetween(pool, from, to) };
  });

  // The coming matches still missing a required role, with the qualified people free at their time.
  app.get('/designazioni/scoperte', { preHandler: editor, schema: { querystring: scoperteQuery, response: { 200: scoperteResponse } } }, async (request) => {
    const { giorni } = request.query;
    const today = todayIn(config.timezone);
    // By default through the Sunday after next (common/officials/window.ts), else `giorni` days from today.
    const fino = giorni === undefined ? uncoveredDefaultEnd(today) : uncoveredEndAfter(today, giorni);
    const matches = await repo.matchesToCover(pool, today, fino);
    const views = await repo.designazioniViews(pool, matches.map((m) => m.id));
    const designations = new Map<number, Designazioni>(
      [...views].map(([id, v]) => [id, Object.fromEntries(RUOLI.map((r) => [r, v[r]?.id ?? null])) as Designazioni]),
    );
    const uncovered = matches.flatMap((m) => {
      const mancanti = missingRoles(m, m.arbitro_societa, designations.get(m.id)!);
      return mancanti.length > 0 ? [{ match: m, mancanti }] : [];
    });
    if (uncovered.length === 0) return { data: [], persone: [], count: 0, fino };
    // Each candidate once (not once per match and role: docs/officials.md); per match, who is busy at its time.
    const wanted = new Set(uncovered.flatMap((u) => u.mancanti.map((r) => QUALIFICA_DI[r])));
    const persone = (await repo.activeDirigenti(pool))
      .filter((p) => p.qualifiche.some((q) => wanted.has(q)))
      .map(({ id, nome, cognome, qualifiche }): PersonaScoperte => ({ id, nome, cognome, qualifiche }));
    const candidates = persone.map((p) => ({ dirigenteId: p.id }));
    const impegni = await repo.impegniOnDays(pool, [...new Set(uncovered.map((u) => u.match.data))]);
    const data = uncovered.map(({ match, mancanti }): PartitaScoperta => {
      const { arbitro_societa: _category, ...partita } = match;
      const occupati = new Set(personClashes(match, candidates, impegni, margin).map((c) => c.dirigenteId));
      return { partita, designazioni: views.get(match.id)!, mancanti, occupati: [...occupati] };
    });
    return { data, persone, count: data.length, fino };
  });
};

export const officialsRoutes = fp(dirigentiPlugin, { name: 'dirigenti', fastify: '5.x', encapsulate: true });
