import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool';
import { CLASH_MSG, clashCandidate, findClashes, type Clash, type ClashMatch } from '../../common/clashes';
import type { PartitaValues } from '../../common/partite';
import type { Partita } from '../../common/partiteRead';
import { HttpError } from './errors';
import { recordActivity } from './activity';

// The clash check of a match save (issue 15), shared by the clashes feature (POST
// /api/partite/conflitti) and the matches feature (POST and PUT re-check inside their
// transaction): features do not import each other, so it lives here with its own SQL.

const COLUMNS =
  'id, data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara, stato, motivo_stato';

/** A postponed or cancelled match (issue 16) no longer holds its campo, rooms or teams. */
export const FREES_FACILITIES = "stato NOT IN ('annullata', 'rinviata')";

/** Namespace of the day locks (pg_advisory_xact_lock(int, int)): 'CL' + 15. */
const DAY_LOCK_CLASS = 0x434c15;

/**
 * Serialises the saves of one day: held until the transaction ends, so two editors saving
 * clashing matches at the same moment are checked one after the other and the second sees the
 * first. The key is the day number, so different days never wait for each other.
 */
export async function lockMatchDay(db: Db, data: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock($1, ($2::date - date '2000-01-01'))`, [DAY_LOCK_CLASS, data]);
}

/** The matches of one day that still take place, by time (the candidate's only possible clashes). */
export async function matchesOfDay(db: Db, data: string): Promise<Partita[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM public.partite WHERE data = $1 AND ${FREES_FACILITIES} ORDER BY ora, id`, [data]);
  return rows;
}

/** The clashes of a candidate (its id left out when editing) with the stored matches of its day. */
export async function checkClashes(db: Db, candidate: ClashMatch, marginMinutes: number): Promise<Clash<Partita>[]> {
  return findClashes(candidate, await matchesOfDay(db, candidate.data), marginMinutes);
}

/** What an API answer and an activity record carry of a clash. */
export const clashView = (c: Clash<Partita>) => ({ id: c.id, motivo: c.motivo, messaggio: c.messaggio, partita: c.partita });

/**
 * The re-check of a match save, inside its transaction (call it before reading or writing the
 * match): takes the day lock, compares the payload with the day's other matches and throws a 409
 * `{ error, conflitti }` unless the save was confirmed (`confermaSovrapposizioni: true`). Returns
 * the clashes a confirmed save overrode (to record with recordClashOverride once saved).
 */
export async function recheckClashes(
  db: Db,
  payload: PartitaValues,
  opts: { id: number | null; confirmed: boolean; marginMinutes: number; clubName: string },
): Promise<Clash<Partita>[]> {
  const candidate = clashCandidate({ ...payload, id: opts.id }, opts.clubName);
  if (!candidate) return [];
  await lockMatchDay(db, candidate.data);
  const clashes = await checkClashes(db, candidate, opts.marginMinutes);
  if (clashes.length > 0 && !opts.confirmed) throw new HttpError(409, CLASH_MSG.conflict, { conflitti: clashes.map(clashView) });
  return clashes;
}

/** Whether a save body confirmed its clashes (the flag is validated by the payload schema). */
export const clashesConfirmed = (body: unknown) => (body as { confermaSovrapposizioni?: unknown } | null)?.confermaSovrapposizioni === true;

/** The activity record of a save confirmed over clashes: a warning naming who confirmed it and the clashes. */
export async function recordClashOverride(db: Db, request: FastifyRequest, match: Partita, description: string, clashes: Clash<Partita>[]) {
  if (clashes.length === 0) return;
  await recordActivity(db, request, {
    type: 'warning',
    message: CLASH_MSG.confirmed(description, clashes.length),
    context: {
      id: match.id,
      confermatoDa: request.user?.email ?? null,
      conflitti: clashes.map((c) => ({ id: c.id, motivo: c.motivo, messaggio: c.messaggio })),
    },
  });
}
