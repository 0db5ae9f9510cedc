import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool';
import {
  CLASH_MSG,
  HOLDS_FACILITIES_SQL,
  batchClashes,
  clashCandidate,
  findClashes,
  holdsFacilities,
  type BatchClash,
  type Clash,
  type ClashMatch,
} from '../../common/occupazione/rules';
import type { PartitaValues } from '../../common/partite/rules';
import type { Partita } from '../../common/partite/read';
import { HttpError } from '../shared/errors';
import { recordActivity } from '../shared/activity';

// The clash check of a match save (issue 15), shared by the clashes feature (POST
// /api/partite/conflitti) and the matches feature (POST and PUT re-check inside their
// transaction): features do not import each other, so it lives here with its own SQL.

const COLUMNS =
  'id, data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara, stato, motivo_stato, data_da_definire';

/**
 * A cancelled match, or one postponed with its new date to be set (issue 16), no longer holds its
 * campo, rooms or teams; one postponed to a new date holds them there (common/occupazione/rules.ts).
 */

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
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM public.partite WHERE data = $1 AND ${HOLDS_FACILITIES_SQL} ORDER BY ora, id`, [data]);
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

// ---- Batches (the fixture import, the bulk status moves and their undo) ----

/** At most this many clashes are listed in a 409 or an activity record (the count is always whole). */
export const BATCH_LIST_MAX = 100;

/**
 * The day locks of several days in one query, in date order: every caller that takes more than
 * one day takes them in this order, and before any row lock (as POST and PUT do), so two batches,
 * or a batch and a save, never wait for each other in a circle.
 */
export async function lockMatchDays(db: Db, days: Iterable<string>): Promise<void> {
  const sorted = [...new Set(days)].sort();
  if (sorted.length === 0) return;
  // unnest yields the array in its order; each row takes its lock before the next one is read.
  await db.query(`SELECT pg_advisory_xact_lock($1, (d - date '2000-01-01')) FROM unnest($2::date[]) AS d`, [DAY_LOCK_CLASS, sorted]);
}

/** The matches of the given days that still take place, in one query (not one per row). */
export async function matchesOnDays(db: Db, days: string[]): Promise<Partita[]> {
  if (days.length === 0) return [];
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM public.partite WHERE data = ANY($1::date[]) AND ${HOLDS_FACILITIES_SQL} ORDER BY data, ora, id`, [
    [...new Set(days)],
  ]);
  return rows;
}

/**
 * The clashes of a batch with the stored matches of the days of its checked rows and with each
 * other (common/occupazione/rules.ts batchClashes): one read, then the shared rule in memory. The caller
 * holds the day locks of those days.
 */
export async function checkBatch(
  db: Db,
  candidates: readonly (ClashMatch | null)[],
  marginMinutes: number,
  check: (index: number) => boolean = () => true,
  excludeIds: ReadonlySet<number> = new Set(),
): Promise<BatchClash[][]> {
  const days = candidates.flatMap((c, i) => (c && check(i) ? [c.data] : []));
  if (days.length === 0) return candidates.map(() => []);
  const stored = (await matchesOnDays(db, days)).filter((m) => !excludeIds.has(m.id));
  return batchClashes(candidates, stored, marginMinutes, check);
}

/** A clash of a batch as an answer or an activity record lists it. */
export interface BatchClashView {
  /** The import's row (1-based, as its 400s name it) or null for a bulk move. */
  riga: number | null;
  /** The match moved by a bulk request, or null for an import. */
  partitaId: number | null;
  /** The other match, when stored. */
  id: number | null;
  motivo: BatchClash['motivo'];
  /** Italian, naming the row or match it belongs to. */
  messaggio: string;
}

/**
 * The flat list of a batch's clashes, at most BATCH_LIST_MAX, and how many rows clash. `name(i)`
 * prefixes each message with the row or match, `ref(i)` names another row of the batch.
 */
export function batchClashList(
  perRow: BatchClash[][],
  view: { riga: (i: number) => number | null; partitaId: (i: number) => number | null; name: (i: number, message: string) => string; ref: (i: number) => number },
): { righe: number; totale: number; conflitti: BatchClashView[] } {
  const all = perRow.flat();
  return {
    righe: perRow.filter((r) => r.length > 0).length,
    totale: all.length,
    conflitti: all.slice(0, BATCH_LIST_MAX).map((c) => ({
      riga: view.riga(c.indice),
      partitaId: view.partitaId(c.indice),
      id: c.id,
      motivo: c.motivo,
      messaggio: view.name(c.indice, c.altra === null || c.id !== null ? c.messaggio : CLASH_MSG.withRow(c.messaggio, view.ref(c.altra))),
    })),
  };
}

/**
 * A match of a bulk status request (issue 16) and where it will be: `row` as it is now (a row of
 * public.partite read with to_jsonb, or an undo's before-image), `data` its date afterwards, or
 * null when afterwards it frees its facilities (cancelled, or postponed keeping its date).
 * A match moved to a new date holds its facilities there, even if its status says 'rinviata'.
 */
export interface Move {
  row: Pick<Partita, 'id' | 'data' | 'stato' | 'data_da_definire'> & Omit<ClashMatch, 'id'>;
  data: string | null;
}

/** Whether a move puts its match where it did not hold the facilities before: another day, or a status that frees them left. */
export const movesIn = (m: Move) => m.data !== null && (m.data !== m.row.data || !holdsFacilities(m.row));

/** The days a bulk request must lock before it locks its rows (lockMatchDays). */
export const daysOfMoves = (moves: readonly Move[]) => moves.filter(movesIn).map((m) => m.data as string);

/**
 * The clash check of a bulk status request, inside its transaction, after lockMatchDays(daysOfMoves)
 * and the row locks: each match the request moves in (movesIn) is compared, at its new date, with the
 * stored matches of that day that hold their facilities and with the other matches of the request
 * (at their new places). Matches that stay where they were are only compared against, so a clash
 * an editor confirmed earlier does not stop an unrelated status change. A clash is a 409
 * `{ error, conflitti, totale }` unless confirmed; returns the confirmed clashes (recordBatchOverride).
 */
export async function recheckMoves(
  db: Db,
  moves: readonly Move[],
  opts: { confirmed: boolean; marginMinutes: number; describe: (m: Move) => string },
): Promise<ReturnType<typeof batchClashList>> {
  const candidates = moves.map((m): ClashMatch | null => (m.data === null ? null : { ...m.row, id: m.row.id, data: m.data }));
  const perRow = await checkBatch(db, candidates, opts.marginMinutes, (i) => movesIn(moves[i]), new Set(moves.map((m) => m.row.id)));
  const list = batchClashList(perRow, {
    riga: () => null,
    partitaId: (i) => moves[i].row.id,
    name: (i, message) => CLASH_MSG.ofMatch(opts.describe(moves[i]), message),
    ref: (i) => moves[i].row.id,
  });
  if (list.totale > 0 && !opts.confirmed) throw new HttpError(409, CLASH_MSG.bulkConflict(list.righe), { conflitti: list.conflitti, totale: list.totale });
  return list;
}

/** The activity record of a bulk request confirmed over clashes: who confirmed them, and the list. */
export async function recordBatchOverride(
  db: Db,
  request: FastifyRequest,
  message: string,
  list: ReturnType<typeof batchClashList>,
  context: Record<string, unknown> = {},
) {
  if (list.totale === 0) return;
  await recordActivity(db, request, {
    type: 'warning',
    message,
    context: { ...context, confermatoDa: request.user?.email ?? null, righe: list.righe, totale: list.totale, conflitti: list.conflitti },
  });
}
