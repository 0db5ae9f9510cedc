import type { Db } from '../../db/pool';
import type { Partita } from '../../../common/partite/read';
import { HOLDS_FACILITIES_SQL } from '../../../common/occupazione/rules';
import { partitaColumns } from '../../shared/partite-columns';

/** What the board and the clash check read of a match: every column but data_originale. */
const COLUMNS = partitaColumns({ omit: ['data_originale'] });

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

/**
 * The matches of one day that still take place, by time (a candidate's only possible clashes). A
 * cancelled match, or one postponed with its new date to be set (issue 16), no longer holds its
 * campo, rooms or teams; one postponed to a new date holds them there (HOLDS_FACILITIES_SQL).
 */
export async function matchesOfDay(db: Db, data: string): Promise<Partita[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM public.partite WHERE data = $1 AND ${HOLDS_FACILITIES_SQL} ORDER BY ora, id`, [data]);
  return rows;
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
 * The matches of the days from..to (inclusive) that hold their facilities (cancelled ones and
 * those postponed with the date to be set free them, issue 16: HOLDS_FACILITIES_SQL), home and
 * away, by date and time (the occupancy board).
 */
export async function matchesBetween(db: Db, from: string, to: string): Promise<Partita[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM public.partite WHERE data BETWEEN $1 AND $2 AND ${HOLDS_FACILITIES_SQL} ORDER BY data, ora, id`,
    [from, to],
  );
  return rows;
}
