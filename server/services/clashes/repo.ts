import type { Db } from '../../db/pool';
import type { Partita } from '../../../common/matches/read';
import { HOLDS_FACILITIES_SQL } from '../../../common/occupancy/rules';
import { partitaColumns } from '../matches/columns';
import { ALLENAMENTO_COLUMNS } from '../trainings/columns';
import { seriesInCalendar } from '../closures/closures';
import type { Allenamento } from '../../../common/trainings/rules';
import type { Ruolo } from '../../../common/officials/rules';

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
 * cancelled match, or one postponed with its new date to be set, no longer holds its
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
 * those postponed with the date to be set free them: HOLDS_FACILITIES_SQL), home and
 * away, by date and time (the occupancy board).
 */
export async function matchesBetween(db: Db, from: string, to: string): Promise<Partita[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM public.partite WHERE data BETWEEN $1 AND $2 AND ${HOLDS_FACILITIES_SQL} ORDER BY data, ora, id`,
    [from, to],
  );
  return rows;
}

/**
 * The training series whose period meets [from, to] (docs/trainings.md), by start time, as the
 * calendar has them: the club's closures among their skipped dates (server/services/closures/closures.ts).
 */
export async function trainingsBetween(db: Db, from: string, to: string): Promise<Allenamento[]> {
  const { rows } = await db.query<Allenamento>(
    `SELECT ${ALLENAMENTO_COLUMNS} FROM public.allenamenti WHERE dal <= $2::date AND al >= $1::date ORDER BY ora_inizio, id`,
    [from, to],
  );
  return seriesInCalendar(db, rows);
}

/** The training series whose period meets the span of the given days (filter with trainsOn for each day). */
export async function trainingsOnDays(db: Db, days: readonly string[]): Promise<Allenamento[]> {
  if (days.length === 0) return [];
  const sorted = [...days].sort();
  return trainingsBetween(db, sorted[0], sorted[sorted.length - 1]);
}

/** The club's pitches as its home matches and trainings name them, the most used first (the slot finder tries them in this order). */
export async function knownPitches(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ campo: string }>(
    `SELECT min(campo) AS campo FROM (
       SELECT campo FROM public.partite WHERE is_house_match
       UNION ALL SELECT campo FROM public.allenamenti
     ) AS uses
     GROUP BY lower(regexp_replace(campo, '\\s+', '', 'g'))
     ORDER BY count(*) DESC, min(campo)
     LIMIT 50`,
  );
  return rows.map((r) => r.campo);
}

/** A match's teams and place, for the slot finder's `partita` (the match being rescheduled). */
export async function matchForSlots(db: Db, id: number): Promise<Pick<Partita, 'id' | 'squadracasa' | 'squadratrasferta' | 'campo' | 'gruppo' | 'is_house_match' | 'ora' | 'ora_fine'> | null> {
  const { rows } = await db.query(`SELECT id, squadracasa, squadratrasferta, campo, gruppo, is_house_match, to_char(ora, 'HH24:MI') AS ora, to_char(ora_fine, 'HH24:MI') AS ora_fine FROM public.partite WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** A designation of a person (docs/officials.md) as the person clash check compares it: the match, the role, who. */
export interface DesignationRow {
  partita: Partita;
  ruolo: Ruolo;
  dirigenteId: number;
  persona: string;
}

// to_jsonb gives dates as 'YYYY-MM-DD' and times as 'HH:MM:SS', as the pool's readers do.
const DESIGNATION_SELECT = `
  SELECT to_jsonb(p) - 'data_originale' - 'created_at' - 'updated_at' - 'sequence' AS partita, d.ruolo, d.dirigente_id AS "dirigenteId",
         dir.nome || ' ' || dir.cognome AS persona
    FROM public.designazioni d
    JOIN public.partite p ON p.id = d.partita_id
    JOIN public.dirigenti dir ON dir.id = d.dirigente_id`;

/** The designations of the given matches (whatever their status). */
export async function designationsOfMatches(db: Db, ids: readonly number[]): Promise<DesignationRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<DesignationRow>(`${DESIGNATION_SELECT} WHERE d.partita_id = ANY($1::int[])`, [[...new Set(ids)]]);
  return rows;
}

/** The designations of the given people on the matches of the given days that still take place (HOLDS_FACILITIES_SQL). */
export async function designationsOfPeopleOnDays(db: Db, people: readonly number[], days: readonly string[]): Promise<DesignationRow[]> {
  if (people.length === 0 || days.length === 0) return [];
  const { rows } = await db.query<DesignationRow>(
    `${DESIGNATION_SELECT} WHERE d.dirigente_id = ANY($1::int[]) AND p.data = ANY($2::date[]) AND ${HOLDS_FACILITIES_SQL.replace(/\b(stato|data_da_definire)\b/g, 'p.$1')}`,
    [[...new Set(people)], [...new Set(days)]],
  );
  return rows;
}
