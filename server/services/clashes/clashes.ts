import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import {
  BatchClashIndex,
  CLASH_MSG,
  addClash,
  clashCandidate,
  findClashes,
  holdsFacilities,
  moreClashes,
  type BatchClash,
  type Clash,
  type ClashMatch,
  type ListedClashes,
  type RowClashes,
} from '../../../common/occupancy/rules';
import type { PartitaValues } from '../../../common/matches/rules';
import type { Partita } from '../../../common/matches/read';
import { HttpError } from '../../shared/errors';
import { mapInSlices, slices } from '../../shared/yield';
import { recordActivity } from '../../shared/activity';
import {
  designationsOfMatches,
  designationsOfPeopleOnDays,
  lockMatchDay,
  lockMatchDays,
  matchesOfDay,
  matchesOnDays,
  trainingsBetween,
  trainingsOnDays,
  type DesignationRow,
} from './repo';
import { DEFAULT_DESIGNATION_MARGIN_MINUTES, personClashes, type Impegno, type PersonClash } from '../../../common/officials/rules';
import type { Config } from '../../config';
import { matchTrainingClashes, type TrainingClash } from '../../../common/trainings/rules';
import type { Conflitto } from '../../../common/occupancy/types';

// The clash check of a match save: this feature's live check (POST /api/partite/conflitti),
// and the re-check inside the transactions of
// the matches feature (POST, PUT, bulk status moves and their undo) and of the fixture import.

/**
 * A clash of a match with another match, with a training of its day (docs/trainings.md), or of
 * one of its designated officials with another designation of theirs (docs/officials.md).
 */
export type AnyClash = FacilityClash | PersonClash;
/** A clash over the club's facilities: a match or a training. */
export type FacilityClash = Clash<Partita> | TrainingClash;

/** The clashes of a candidate (its id left out when editing) with the stored matches and the trainings of its day. */
export async function checkClashes(db: Db, candidate: ClashMatch, marginMinutes: number): Promise<FacilityClash[]> {
  const matches = findClashes(candidate, await matchesOfDay(db, candidate.data), marginMinutes);
  const trainings = matchTrainingClashes(candidate, await trainingsBetween(db, candidate.data, candidate.data), marginMinutes);
  return [...matches, ...trainings];
}

/** What an API answer and an activity record carry of a clash. */
export const clashView = (c: FacilityClash): Conflitto =>
  'allenamento' in c ? { id: c.id, motivo: c.motivo, messaggio: c.messaggio, allenamento: c.allenamento } : { id: c.id, motivo: c.motivo, messaggio: c.messaggio, partita: c.partita };

/** clashView, and a person clash as common/officials/types.ts DesignazioneConflitto names it. */
export const anyClashView = (c: AnyClash): Conflitto | PersonConflitto =>
  'dirigenteId' in c ? { id: c.id, motivo: c.motivo, messaggio: c.messaggio, dirigenteId: c.dirigenteId } : clashView(c);

/** A person clash as a 409 lists it (common/officials/types.ts DesignazioneConflitto). */
export interface PersonConflitto {
  id: number;
  motivo: 'persona';
  messaggio: string;
  dirigenteId: number;
}

// ---- People (docs/officials.md): a moved match keeps its designated officials ----

const impegnoOf = (r: DesignationRow): Impegno => ({ partita: r.partita, ruolo: r.ruolo, dirigenteId: r.dirigenteId, persona: r.persona });

/**
 * The person clashes of matches placed at new times (`placed`: each match's id and where it will
 * be): the officials designated to each are compared with their other designations of that day,
 * the other matches of `placed` at their new places. The caller holds the day locks of those days.
 */
export async function peopleClashes(db: Db, placed: ReadonlyArray<ClashMatch & { id: number }>, marginMinutes: number): Promise<Map<number, PersonClash[]>> {
  const out = new Map<number, PersonClash[]>();
  if (placed.length === 0) return out;
  const mine = await designationsOfMatches(db, placed.map((m) => m.id));
  if (mine.length === 0) return out;
  const ids = new Set(placed.map((m) => m.id));
  const stored = (await designationsOfPeopleOnDays(db, mine.map((d) => d.dirigenteId), placed.map((m) => m.data))).filter((d) => !ids.has(d.partita.id));
  const at = new Map(placed.map((m) => [m.id, m]));
  // The placed matches at their new places, as the others see them.
  const others: Impegno[] = [...stored.map(impegnoOf), ...mine.map((d) => ({ ...impegnoOf(d), partita: { ...d.partita, ...at.get(d.partita.id)! } }))];
  for (const m of placed) {
    const people = mine.filter((d) => d.partita.id === m.id);
    if (people.length === 0) continue;
    const clashes = personClashes(m, people, others, marginMinutes);
    if (clashes.length > 0) out.set(m.id, clashes);
  }
  return out;
}

/** Whether a stored match's place and time differ from a candidate's (a move: its people are checked again). */
const movedFrom = (before: { data: string; ora: string; ora_fine: string | null } | undefined, c: ClashMatch) =>
  !before || before.data !== c.data || before.ora.slice(0, 5) !== c.ora.slice(0, 5) || (before.ora_fine ?? '').slice(0, 5) !== (c.ora_fine ?? '').slice(0, 5);

/**
 * The re-check of a match save, inside its transaction (call it before reading or writing the
 * match): takes the day lock, compares the payload with the day's other matches and throws a 409
 * `{ error, conflitti }` unless the save was confirmed (`confermaSovrapposizioni: true`). Returns
 * the clashes a confirmed save overrode (to record with recordClashOverride once saved).
 */
export async function recheckClashes(
  db: Db,
  payload: PartitaValues,
  opts: { id: number | null; confirmed: boolean; marginMinutes: number; clubName: string; designationMarginMinutes?: number },
): Promise<AnyClash[]> {
  const candidate = clashCandidate({ ...payload, id: opts.id }, opts.clubName);
  if (!candidate) return [];
  await lockMatchDay(db, candidate.data);
  const clashes: AnyClash[] = await checkClashes(db, candidate, opts.marginMinutes);
  // An edit that moves the match checks its officials again (docs/officials.md).
  if (opts.id !== null) {
    const { rows } = await db.query<{ data: string; ora: string; ora_fine: string | null }>(
      `SELECT data, to_char(ora, 'HH24:MI') AS ora, to_char(ora_fine, 'HH24:MI') AS ora_fine FROM public.partite WHERE id = $1`,
      [opts.id],
    );
    if (movedFrom(rows[0], candidate)) {
      const people = await peopleClashes(db, [{ ...candidate, id: opts.id }], opts.designationMarginMinutes ?? DEFAULT_DESIGNATION_MARGIN_MINUTES);
      clashes.push(...(people.get(opts.id) ?? []));
    }
  }
  if (clashes.length > 0 && !opts.confirmed) throw new HttpError(409, CLASH_MSG.conflict, { conflitti: clashes.map(anyClashView) });
  return clashes;
}

/** Whether a save body confirmed its clashes (the flag is validated by the payload schema). */
export const clashesConfirmed = (body: unknown) => (body as { confermaSovrapposizioni?: unknown } | null)?.confermaSovrapposizioni === true;

/** The activity record of a save confirmed over clashes: a warning naming who confirmed it and the clashes. */
export async function recordClashOverride(db: Db, request: FastifyRequest, match: Partita, description: string, clashes: AnyClash[]) {
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
 * The clashes of a batch with the stored matches of the days of its checked rows and with each
 * other (common/occupancy/rules.ts BatchClashIndex, in buckets): one read, then the shared rule in
 * memory, in slices with the event loop free between them (server/shared/yield.ts).
 * Each row gets its first clashes (CLASH_LIST_MAX) and how many it has. The caller holds the day locks of those days.
 */
export async function checkBatch(
  db: Db,
  candidates: readonly (ClashMatch | null)[],
  marginMinutes: number,
  check: (index: number) => boolean = () => true,
  excludeIds: ReadonlySet<number> = new Set(),
): Promise<RowClashes[]> {
  const days = candidates.flatMap((c, i) => (c && check(i) ? [c.data] : []));
  if (days.length === 0) return candidates.map(() => ({ listed: [], total: 0 }));
  const stored = (await matchesOnDays(db, days)).filter((m) => !excludeIds.has(m.id));
  // The trainings of those days hold their pitches and rooms too (docs/trainings.md).
  const trainings = await trainingsOnDays(db, days);
  const index = new BatchClashIndex(candidates, stored, marginMinutes, check);
  const pause = slices();
  while (index.build(1)) await pause();
  return mapInSlices(candidates, (c, i) => {
    const found = index.clashesOfRow(i);
    if (c && check(i) && trainings.length > 0) {
      for (const t of matchTrainingClashes(c, trainings, marginMinutes)) addClash(found, { indice: i, id: t.id, altra: null, motivo: t.motivo, messaggio: t.messaggio });
    }
    return found;
  });
}

/** A clash of a batch as an answer or an activity record lists it. */
export interface BatchClashView {
  /** The import's row (1-based, as its 400s name it) or null for a bulk move. */
  riga: number | null;
  /** The match moved by a bulk request, or null for an import. */
  partitaId: number | null;
  /** The other match, when stored. */
  id: number | null;
  /** 'altre': the line after a row's first clashes that counts the rest ('Riga 7: e altre 12 sovrapposizioni'). */
  motivo: BatchClash['motivo'] | 'persona' | 'altre';
  /** Italian, naming the row or match it belongs to. */
  messaggio: string;
}

/** A clash of a designated official in a batch (docs/officials.md), listed with the others of its row. */
type PersonBatchClash = Omit<BatchClash, 'motivo'> & { motivo: 'persona' };

/**
 * The flat list of a batch's clashes, at most BATCH_LIST_MAX lines, how many rows clash and how many
 * clashes there are in all: each row's first clashes, then, when it has more, one line that counts
 * them ('e altre N sovrapposizioni'). `name(i)` prefixes each message with the row or match, `ref(i)`
 * names another row of the batch.
 */
export function batchClashList(
  perRow: ReadonlyArray<ListedClashes<BatchClash | PersonBatchClash>>,
  view: { riga: (i: number) => number | null; partitaId: (i: number) => number | null; name: (i: number, message: string) => string; ref: (i: number) => number },
): { righe: number; totale: number; conflitti: BatchClashView[] } {
  let righe = 0;
  let totale = 0;
  const conflitti: BatchClashView[] = [];
  perRow.forEach((found, i) => {
    if (found.total === 0) return;
    righe++;
    totale += found.total;
    const line = (id: number | null, motivo: BatchClashView['motivo'], message: string) => {
      if (conflitti.length < BATCH_LIST_MAX) conflitti.push({ riga: view.riga(i), partitaId: view.partitaId(i), id, motivo, messaggio: view.name(i, message) });
    };
    for (const c of found.listed) line(c.id, c.motivo, c.altra === null || c.id !== null ? c.messaggio : CLASH_MSG.withRow(c.messaggio, view.ref(c.altra)));
    const more = moreClashes(found);
    if (more) line(null, 'altre', more);
  });
  return { righe, totale, conflitti };
}

/**
 * A match of a bulk status request and where it will be: `row` as it is now (a row of
 * public.partite read with to_jsonb, or an undo's before-image), `data` its date afterwards, or
 * null when afterwards it frees its facilities (cancelled, or postponed keeping its date).
 * A match moved to a new date holds its facilities there, even if its status says 'rinviata'.
 */
export interface Move {
  row: Pick<Partita, 'id' | 'data' | 'stato' | 'data_da_definire'> & Omit<ClashMatch, 'id'>;
  data: string | null;
  /**
   * Where on that day, when the move changes it too ('Rinvia' to a chosen slot, or the undo of one:
   * docs/matches.md, status): start, end, pitch and rooms. Absent: those of `row`.
   */
  at?: MovePlace;
}

/** The place and time of a match on its day. */
export type MovePlace = Pick<ClashMatch, 'ora' | 'ora_fine' | 'campo' | 'spogliatoio_gari' | 'spogliatoio_ospiti'>;

const hhmm = (t: string | null | undefined) => (t ?? '').slice(0, 5);
/** Whether a move's place differs from the row's (another time, pitch or rooms: checked again). */
const placeDiffers = (at: MovePlace, row: Partial<MovePlace>) =>
  hhmm(at.ora) !== hhmm(row.ora) ||
  hhmm(at.ora_fine) !== hhmm(row.ora_fine) ||
  at.campo !== row.campo ||
  (at.spogliatoio_gari ?? null) !== (row.spogliatoio_gari ?? null) ||
  (at.spogliatoio_ospiti ?? null) !== (row.spogliatoio_ospiti ?? null);

/** Whether a move puts its match where it did not hold the facilities before: another day or place, or a status that frees them left. */
export const movesIn = (m: Move) => m.data !== null && (m.data !== m.row.data || !holdsFacilities(m.row) || (m.at !== undefined && placeDiffers(m.at, m.row)));

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
  opts: { confirmed: boolean; marginMinutes: number; describe: (m: Move) => string; designationMarginMinutes?: number },
): Promise<ReturnType<typeof batchClashList>> {
  const candidates = moves.map((m): ClashMatch | null => (m.data === null ? null : { ...m.row, ...m.at, id: m.row.id, data: m.data }));
  const perRow: Array<ListedClashes<BatchClash | PersonBatchClash>> = await checkBatch(db, candidates, opts.marginMinutes, (i) => movesIn(moves[i]), new Set(moves.map((m) => m.row.id)));
  // The officials of each match the request moves in (docs/officials.md), against their other designations of that day.
  const placed = moves.flatMap((m, i) => (m.data !== null && movesIn(m) ? [{ ...candidates[i]!, id: m.row.id, index: i }] : []));
  if (placed.length > 0) {
    const people = await peopleClashes(db, placed, opts.designationMarginMinutes ?? DEFAULT_DESIGNATION_MARGIN_MINUTES);
    for (const p of placed) {
      for (const c of people.get(p.id) ?? []) addClash(perRow[p.index], { indice: p.index, id: c.id, altra: null, motivo: 'persona', messaggio: c.messaggio });
    }
  }
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

/**
 * What the matches, import, trainings and officials features use of the clash check (each imports it):
 * the person re-checks take the configured DESIGNATION_MARGIN_MINUTES unless a caller passes its own.
 */
export const clashService = (config: Pick<Config, 'designationMarginMinutes'> | undefined) => {
  const designationMarginMinutes = config?.designationMarginMinutes ?? DEFAULT_DESIGNATION_MARGIN_MINUTES;
  return {
    lockMatchDays,
    lockMatchDay,
    matchesOnDays,
    trainingsBetween,
    recheckClashes: (db: Db, payload: PartitaValues, opts: Parameters<typeof recheckClashes>[2]) => recheckClashes(db, payload, { designationMarginMinutes, ...opts }),
    clashesConfirmed,
    recordClashOverride,
    checkBatch,
    batchClashList,
    daysOfMoves,
    recheckMoves: (db: Db, moves: readonly Move[], opts: Parameters<typeof recheckMoves>[2]) => recheckMoves(db, moves, { designationMarginMinutes, ...opts }),
    recordBatchOverride,
    peopleClashes,
    anyClashView,
  };
};

export type ClashService = ReturnType<typeof clashService>;
