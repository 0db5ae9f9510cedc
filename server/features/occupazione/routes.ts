import type { FastifyPluginAsync } from 'fastify';
import { z } from '../../../common/core/zod';
import { MSG } from '../../../common/core/messages';
import { isIsoDate } from '../../../common/core/dateText';
import { partitaBodySchema } from '../../../common/partite/rules';
import { clashCandidate, clashesOfAll } from '../../../common/occupazione/rules';
import { requireRole } from '../../shared/auth-guard';
import { badRequest, parseInput } from '../../shared/errors';
import { checkClashes, clashView } from './clashes';
import * as repo from './repo';
import type { ConflittiResponse, OccupancyResponse } from '../../../common/occupazione/types';

/** The board shows at most this many days at once (a week, with room to spare). */
export const OCCUPANCY_MAX_DAYS = 14;

const invalid = { error: MSG.http.badRequest };
const occupancyQuery = z.strictObject({ from: z.string(invalid).max(10), to: z.string(invalid).max(10) });

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

export const clashesRoutes: FastifyPluginAsync = async (app) => {
  const { pool, config } = app.deps;
  const margin = config.clashMarginMinutes;
  const checkBody = partitaBodySchema().extend({ id: z.number(invalid).int(invalid).positive(invalid).max(2147483647, invalid).nullable().optional() });

  // The form's live check: the body of a match save (plus the id to leave out when editing), possibly
  // incomplete; without a valid date and start time there is nothing to compare yet.
  app.post('/partite/conflitti', { preHandler: requireRole('editor') }, async (request): Promise<ConflittiResponse> => {
    const body = parseInput(checkBody, request.body);
    const candidate = clashCandidate(body, config.clubName);
    if (!candidate) return { conflitti: [] };
    return { conflitti: (await checkClashes(pool, candidate, margin)).map(clashView) };
  });

  // The occupancy board: every match of the days from..to with its clashes with the others of its day.
  app.get('/occupazione', { preHandler: requireRole('editor') }, async (request): Promise<OccupancyResponse> => {
    const { from, to } = parseInput(occupancyQuery, request.query);
    if (!isIsoDate(from) || !isIsoDate(to) || to < from) throw badRequest(MSG.http.badRequest);
    if (dayNumber(to) - dayNumber(from) >= OCCUPANCY_MAX_DAYS) throw badRequest(MSG.http.badRequest);
    const partite = await repo.matchesBetween(pool, from, to);
    const clashes = clashesOfAll(partite, margin);
    return {
      data: {
        from,
        to,
        margin,
        partite: partite.map((p) => ({ ...p, conflitti: (clashes.get(p.id) ?? []).map((c) => ({ id: c.id, motivo: c.motivo, messaggio: c.messaggio })) })),
      },
    };
  });
};
