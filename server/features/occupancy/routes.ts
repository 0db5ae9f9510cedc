import type { FastifyPluginAsync } from 'fastify';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import { isIsoDate } from '../../../common/core/date-text';
import { partitaBodySchema } from '../../../common/matches/rules';
import { addClash, clashCandidate, clashesOfAll, type ClashInfo, type ListedClashes } from '../../../common/occupancy/rules';
import { matchTrainingClashes, occurrencesOf, seriesClashes, seriesMatchClashes, trainsOn } from '../../../common/trainings/rules';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, notFound } from '../../shared/errors';
import { zodRoutes } from '../../shared/route-schemas';
import { checkClashes, clashView } from '../../services/clashes/clashes';
import * as repo from '../../services/clashes/repo';
import { conflittiResponse, occupancyResponse, slotLiberiResponse } from '../../../common/occupancy/types';
import { findSlots } from '../../../common/occupancy/slots';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { defaultDurationMinutes } from '../../../common/calendar/rules';
import { minutesOf } from '../../../common/occupancy/rules';
import { todayIn } from '../../../common/core/dates';
import dayjs from 'dayjs';
import { closuresBetween } from '../../services/closures/closures';
import { closureWarning } from '../../../common/closures/rules';

/** The board shows at most this many days at once (a week, with room to spare). */
export const OCCUPANCY_MAX_DAYS = 14;

const invalid = { error: MSG.http.badRequest };
const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
// Two dates, the second not before the first, at most OCCUPANCY_MAX_DAYS days.
const occupancyQuery = z
  .strictObject({ from: z.string(invalid).max(10), to: z.string(invalid).max(10) })
  .refine(({ from, to }) => isIsoDate(from) && isIsoDate(to) && to >= from && dayNumber(to) - dayNumber(from) < OCCUPANCY_MAX_DAYS, invalid);

/** The slot finder searches at most this many days at once. */
export const SLOT_SEARCH_MAX_DAYS = 120;
const slotQuery = z.strictObject({
  gruppo: z.string(invalid).trim().min(1, invalid).max(100, invalid),
  durata: z.coerce.number({ error: SLOT_MSG.invalid.durata }).int(SLOT_MSG.invalid.durata).min(30, SLOT_MSG.invalid.durata).max(240, SLOT_MSG.invalid.durata).optional(),
  dal: z.string(invalid).max(10, invalid).refine((d) => isIsoDate(d), invalid).optional(),
  al: z.string(invalid).max(10, invalid).refine((d) => isIsoDate(d), invalid).optional(),
  campo: z.string(invalid).trim().min(1, invalid).max(100, invalid).optional(),
  casa: z.enum(['0', '1'], invalid).optional(),
  partita: z.string(invalid).regex(/^[1-9][0-9]{0,9}$/, invalid).refine((v) => Number(v) <= 2147483647, invalid).optional(),
});
// A match save's body (possibly incomplete), plus the id to leave out when editing.
const checkBody = partitaBodySchema().extend({ id: z.number(invalid).int(invalid).positive(invalid).max(2147483647, invalid).nullable().optional() });

export const occupancyRoutes: FastifyPluginAsync = async (root) => {
  const app = zodRoutes(root);
  const { pool, config } = app.deps;
  const margin = config.clashMarginMinutes;

  // The form's live check: the body of a match save (plus the id to leave out when editing), possibly
  // incomplete; without a valid date and start time there is nothing to compare yet.
  app.post('/partite/conflitti', { preHandler: requireRole('editor'), schema: { body: checkBody, response: { 200: conflittiResponse } } }, async (request) => {
    const body = request.body;
    const candidate = clashCandidate(body, config.clubName);
    if (!candidate) return { conflitti: [] };
    // A date in a club closure is a warning, not a clash: the save goes through (docs/trainings.md).
    const avviso = closureWarning(candidate.data, await closuresBetween(pool, candidate.data, candidate.data));
    return { conflitti: (await checkClashes(pool, candidate, margin)).map(clashView), ...(avviso ? { avviso } : {}) };
  });

  // The occupancy board: every match of the days from..to with its clashes with the others of its day
  // (common/occupancy/rules.ts clashesOfAll: in buckets, the first CLASH_LIST_MAX listed and the rest counted).
  app.get('/occupazione', { preHandler: requireRole('editor'), schema: { querystring: occupancyQuery, response: { 200: occupancyResponse } } }, async (request) => {
    const { from, to } = request.query;
    const partite = await repo.matchesBetween(pool, from, to);
    const [series, chiusure] = await Promise.all([repo.trainingsBetween(pool, from, to), closuresBetween(pool, from, to)]);
    const clashes = clashesOfAll(partite, margin);
    const info = (c: { id: number; motivo: ClashInfo['motivo']; messaggio: string }): ClashInfo => ({ id: c.id, motivo: c.motivo, messaggio: c.messaggio });
    // Every date of the period a series trains on, with what it clashes with that day.
    const allenamenti = series.flatMap((t) =>
      occurrencesOf(t, from, to).map((data) => {
        const dayMatches = partite.filter((p) => p.data === data);
        const others = series.filter((o) => o.id !== t.id && trainsOn(o, data));
        return {
          id: t.id,
          data,
          gruppo: t.gruppo,
          campo: t.campo,
          oraInizio: t.oraInizio,
          oraFine: t.oraFine,
          spogliatoi: t.spogliatoi,
          conflitti: [...seriesMatchClashes(t, dayMatches, margin), ...seriesClashes(t, others, margin)].map(info),
        };
      }),
    );
    return {
      data: {
        from,
        to,
        margin,
        chiusure,
        // Each match's first clashes (with matches, then trainings) and, in `altre`, how many more it has.
        partite: partite.map((p) => {
          const found = clashes.get(p.id);
          const all: ListedClashes<ClashInfo> = { listed: found ? found.listed.map(info) : [], total: found?.total ?? 0 };
          for (const c of matchTrainingClashes(p, series, margin)) addClash(all, info(c));
          const altre = all.total - all.listed.length;
          return { ...p, conflitti: all.listed, ...(altre > 0 ? { altre } : {}) };
        }),
        allenamenti: allenamenti.sort((a, b) => a.data.localeCompare(b.data) || a.oraInizio.localeCompare(b.oraInizio) || a.id - b.id),
      },
    };
  });

  // The slot finder (docs/trainings.md): the days where a match of the category fits, each with its earliest slot per pitch and more start times.
  // The period's rules (from today, at most SLOT_SEARCH_MAX_DAYS) and the match to reschedule stay here: they need today and the database.
  app.get('/slot-liberi', { preHandler: requireRole('editor'), schema: { querystring: slotQuery, response: { 200: slotLiberiResponse } } }, async (request) => {
    const q = request.query;
    const today = todayIn(config.timezone);
    const dal = q.dal && q.dal > today ? q.dal : today;
    const al = q.al ?? dayjs(dal).add(30, 'day').format('YYYY-MM-DD');
    if (al < dal) throw badRequest(MSG.http.badRequest);
    if (dayNumber(al) - dayNumber(dal) >= SLOT_SEARCH_MAX_DAYS) throw badRequest(SLOT_MSG.invalid.periodo);
    const partita = q.partita ? await repo.matchForSlots(pool, Number(q.partita)) : null;
    if (q.partita && !partita) throw notFound(MSG.match.notFound);
    const casa = q.casa ? q.casa === '1' : (partita?.is_house_match ?? false);
    const durata = q.durata ?? (partita?.ora_fine ? minutesOf(partita.ora_fine) - minutesOf(partita.ora) : defaultDurationMinutes(q.gruppo));
    // An away match needs no pitch or room of the club: one slot per time, at the pitch it had.
    const campi = casa ? (q.campo ? [q.campo] : await repo.knownPitches(pool)) : [q.campo ?? partita?.campo ?? ''];
    const [matches, trainings, chiusure] = await Promise.all([repo.matchesBetween(pool, dal, al), repo.trainingsBetween(pool, dal, al), closuresBetween(pool, dal, al)]);
    const now = dayjs().tz(config.timezone);
    const data = findSlots(
      { gruppo: q.gruppo, durata, dal, al, campi, casa, partita: partita ?? undefined, notBefore: { data: today, minutes: now.hour() * 60 + now.minute() }, timezone: config.timezone, chiusure },
      { matches, trainings, hours: config.playingHours, marginMinutes: margin },
    );
    return { data };
  });
};
