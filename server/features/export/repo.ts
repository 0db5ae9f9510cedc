// SQL of the export feature: reads of public.partite by period, in date and time order, and of the
// training series valid in a period (the week sheet's band).
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { LONG_QUERY_MS, type Db, type Pool } from '../../db/pool';
import type { ExportMatch } from '../../../common/export/rules';
import { emptyMeaningCounts, type MeaningCounts } from '../../../common/matches/meaning';
import { meaningOf } from '../../../common/matches/meaning';
import type { StatoPartita } from '../../../common/status/read';
import { partitaColumns } from '../../services/matches/columns';
import { ALLENAMENTO_COLUMNS } from '../../services/trainings/columns';
import { seriesInCalendar } from '../../services/closures/closures';
import type { Allenamento } from '../../../common/trainings/rules';
import { sortGruppi } from '../../../common/groups/order';

/**
 * The columns of a match (docs/matches.md, fields), times as 'HH:mm' (what the previews and files show), and what a match's
 * status reads from in every output (docs/matches.md, status; common/matches/meaning.ts): stato, motivo_stato,
 * data_da_definire (migration 014) and data_originale (migration 016, 'YYYY-MM-DD').
 */
const COLUMNS = partitaColumns({ text: true });
// $3: the optional status filter (docs/export.md), NULL for every status.
const IN_PERIOD = 'data BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR stato = $3::text)';
const ORDER = 'ORDER BY data, ora, id';

export async function countPeriod(db: Db, from: string, to: string, stato: StatoPartita | null = null): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM public.partite WHERE ${IN_PERIOD}`, [from, to, stato]);
  return rows[0].n;
}

/**
 * The period's matches by meaning (docs/export.md: the heading of the paged table preview names the
 * matches not played apart). Grouped by the columns the meaning reads; common/matches/meaning.ts
 * tells the meaning of each group, so SQL holds no second copy of the rule.
 */
export async function countMeanings(db: Db, from: string, to: string, stato: StatoPartita | null = null): Promise<{ total: number; counts: MeaningCounts }> {
  const { rows } = await db.query<{ stato: string; data_da_definire: boolean; n: number }>(
    `SELECT stato, data_da_definire, count(*)::int AS n FROM public.partite WHERE ${IN_PERIOD} GROUP BY stato, data_da_definire`,
    [from, to, stato],
  );
  const counts = emptyMeaningCounts();
  let total = 0;
  for (const r of rows) {
    counts[meaningOf(r)] += r.n;
    total += r.n;
  }
  return { total, counts };
}

/** One page of the period, and the period's total and counts by meaning. */
export async function pagePeriod(
  db: Db,
  from: string,
  to: string,
  limit: number,
  offset: number,
  stato: StatoPartita | null = null,
): Promise<{ items: ExportMatch[]; total: number; counts: MeaningCounts }> {
  const [items, { total, counts }] = await Promise.all([
    db.query<ExportMatch>(`SELECT ${COLUMNS} FROM public.partite WHERE ${IN_PERIOD} ${ORDER} LIMIT $4 OFFSET $5`, [from, to, stato, limit, offset]),
    countMeanings(db, from, to, stato),
  ]);
  return { items: items.rows, total, counts };
}

/** Every match of the period (PDFs, previews of a week or a day: bounded by the period cap). */
export async function listPeriod(db: Db, from: string, to: string, stato: StatoPartita | null = null): Promise<ExportMatch[]> {
  const { rows } = await db.query<ExportMatch>(`SELECT ${COLUMNS} FROM public.partite WHERE ${IN_PERIOD} ${ORDER}`, [from, to, stato]);
  return rows;
}

/**
 * The matches of the period as a stream of rows read through a server-side cursor, 500 at a
 * time (a CSV of 100,000 matches never holds them all in memory). The pool's connection is
 * given back when the stream ends, fails or is destroyed (client gone).
 */
export async function streamPeriod(pool: Pool, from: string, to: string, stato: StatoPartita | null = null): Promise<QueryStream> {
  const client: pg.PoolClient = await pool.connect();
  const query = new QueryStream(`SELECT ${COLUMNS} FROM public.partite WHERE ${IN_PERIOD} ${ORDER}`, [from, to, stato], { batchSize: 500 });
  // The pool's client-side query_timeout would cut a long download (a cursor never reports its end to
  // that timer); each batch still has the server's statement_timeout.
  const stream = client.query(Object.assign(query, { query_timeout: LONG_QUERY_MS }));
  // 'close' comes after the cursor was closed (end, error or destroy): only then is the connection free.
  let failure: Error | undefined;
  stream.once('error', (err) => (failure = err));
  stream.once('close', () => client.release(failure));
  return stream;
}

/**
 * The training series valid on at least one day of the period (the week sheet's band), by category,
 * weekday and time, the club's closures among their skipped dates (server/services/closures/closures.ts).
 */
export async function listTrainings(db: Db, from: string, to: string): Promise<Allenamento[]> {
  const { rows } = await db.query<Allenamento>(
    `SELECT ${ALLENAMENTO_COLUMNS} FROM public.allenamenti WHERE dal <= $2::date AND al >= $1::date ORDER BY gruppo, giorno, ora_inizio, id`,
    [from, to],
  );
  // Categories in the one order (common/groups/order.ts); stable, so weekday and time stay.
  return sortGruppi(await seriesInCalendar(db, rows), (r) => r.gruppo);
}

/** The names a match's designated people print under (docs/officials.md roles), a role nobody holds absent. */
export type DesignatedNames = Partial<Record<'arbitro' | 'accompagnatore' | 'addettoArbitro', string>>;
/** The designations of a period's matches by match id; a match nobody is designated to is absent. */
export type PeriodDesignations = ReadonlyMap<number, DesignatedNames>;

/**
 * The designated people of the period's matches (the week and day sheets print them beside each
 * match, docs/export.md). Read here from public.designazioni and public.dirigenti (the export
 * feature depends on no other feature), one row per match, its roles aggregated.
 */
export async function listDesignations(db: Db, from: string, to: string): Promise<Map<number, DesignatedNames>> {
  const { rows } = await db.query<{ id: number; names: DesignatedNames }>(
    `SELECT p.id, jsonb_object_agg(d.ruolo, concat_ws(' ', g.nome, g.cognome)) AS names
       FROM public.partite p
       JOIN public.designazioni d ON d.partita_id = p.id
       JOIN public.dirigenti g ON g.id = d.dirigente_id
      WHERE p.data BETWEEN $1::date AND $2::date
      GROUP BY p.id`,
    [from, to],
  );
  return new Map(rows.map((r) => [r.id, r.names]));
}
