import type { Db } from '../../db/pool';
import type { Chiusura } from '../../../common/closures/rules';
import { withClosures, type Allenamento } from '../../../common/trainings/rules';

/**
 * The club's closures (migration 021, docs/trainings.md) as every reader of the calendar needs
 * them: the clash checks, the board, the slot finder, the feeds and the week sheet apply them to
 * the training series (withClosures, common/trainings/rules.ts); a match save warns in one.
 */
export const CHIUSURA_COLUMNS = `id, nome, to_char(dal, 'YYYY-MM-DD') AS dal, to_char(al, 'YYYY-MM-DD') AS al`;

/** The closures that meet [from, to] (all of them without bounds), by start. */
export async function closuresBetween(db: Db, from: string | null = null, to: string | null = null): Promise<Chiusura[]> {
  const { rows } = await db.query<Chiusura>(
    `SELECT ${CHIUSURA_COLUMNS} FROM public.chiusure
      WHERE ($1::date IS NULL OR al >= $1::date) AND ($2::date IS NULL OR dal <= $2::date)
      ORDER BY dal, al, id`,
    [from, to],
  );
  return rows;
}

/**
 * The training series as the calendar has them: the dates they would train on in a closure added
 * to their skipped dates (withClosures). Every read of series for the calendar goes through it.
 */
export async function seriesInCalendar<T extends Pick<Allenamento, 'giorno' | 'dal' | 'al' | 'saltate'>>(db: Db, series: T[]): Promise<T[]> {
  if (series.length === 0) return series;
  const from = series.reduce((m, s) => (s.dal < m ? s.dal : m), series[0].dal);
  const to = series.reduce((m, s) => (s.al > m ? s.al : m), series[0].al);
  const chiusure = await closuresBetween(db, from, to);
  return chiusure.length === 0 ? series : series.map((s) => withClosures(s, chiusure));
}
