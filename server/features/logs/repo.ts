import crypto from 'node:crypto';
import type { QueryResultRow } from 'pg';
import { rollback, type Db, type Pool } from '../../db/pool';
import { filterInstant, firstStackFrame, type ActivityFilters, type ActivityLogEntry, type ErrorFilters, type ErrorLogEntry, type ErrorStat, type LogPage } from '../../../common/logs/rules';
import { LOG_COUNT_CAP, type ErrorType, type Severity } from '../../../common/logs/constants';

export interface NewError {
  type: ErrorType;
  severity: Severity;
  message: string;
  stack: string | null;
  endpoint?: string | null;
  method?: string | null;
  statusCode?: number | null;
  context?: Record<string, unknown> | null;
  user?: { id: string | null; email: string | null; role: string | null } | null;
}

/** The dedupe key: sha256 of the type, the message and the first stack frame. */
export function errorHash(type: string, message: string, stack: string | null): string {
  return crypto.createHash('sha256').update(`${type}\n${message}\n${firstStackFrame(stack)}`).digest('hex');
}

/** An error row as pg reads it: timestamptz columns come as Date. */
type ErrorRow = Omit<ErrorLogEntry, 'first_occurred_at' | 'last_occurred_at' | 'created_at' | 'resolved_at'> & {
  first_occurred_at: Date;
  last_occurred_at: Date;
  created_at: Date;
  resolved_at: Date | null;
};
type ActivityRow = Omit<ActivityLogEntry, 'created_at'> & { created_at: Date };

// The API's times are the ISO text of those Dates (UTC, milliseconds), as JSON.stringify wrote them.
const errorEntry = (r: ErrorRow): ErrorLogEntry => ({
  ...r,
  first_occurred_at: r.first_occurred_at.toISOString(),
  last_occurred_at: r.last_occurred_at.toISOString(),
  created_at: r.created_at.toISOString(),
  resolved_at: r.resolved_at ? r.resolved_at.toISOString() : null,
});
const activityEntry = (r: ActivityRow): ActivityLogEntry => ({ ...r, created_at: r.created_at.toISOString() });

const ERROR_COLUMNS = `id, error_type, severity, error_message, error_stack, endpoint, method, status_code, occurrence_count,
  first_occurred_at, last_occurred_at, created_at, error_hash, context, user_id, user_email, user_role, resolved, resolved_at, notes`;

/**
 * One atomic statement: a new open error, or one more occurrence of the open error with the same
 * hash (migration 007's partial unique index), so N parallel reports give occurrence_count N.
 */
export async function upsertError(db: Db, e: NewError): Promise<void> {
  await db.query(
    `INSERT INTO public.error_logs AS e
       (error_type, severity, error_message, error_stack, endpoint, method, status_code, error_hash, context, user_id, user_email, user_role)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (error_hash) WHERE NOT resolved
     DO UPDATE SET occurrence_count = e.occurrence_count + 1, last_occurred_at = greatest(e.last_occurred_at, now())`,
    [
      e.type,
      e.severity,
      e.message,
      e.stack,
      e.endpoint?.slice(0, 500) ?? null,
      e.method?.slice(0, 16) ?? null,
      e.statusCode ?? null,
      errorHash(e.type, e.message, e.stack),
      e.context ? JSON.stringify(e.context) : null,
      e.user?.id ?? null,
      e.user?.email?.slice(0, 320) ?? null,
      e.user?.role && ['reader', 'editor', 'admin'].includes(e.user.role) ? e.user.role : null,
    ],
  );
}

/** One report as the intake batches it: the row to insert and how many reports it stands for. */
export interface BatchedError extends NewError {
  count: number;
}

/**
 * The intake's group commit (intake.ts): ONE statement for a whole batch, one row per distinct
 * hash (the caller merges equal hashes, so no row is touched twice), occurrence_count + n for an
 * open error with that hash, a new open row with occurrence_count n otherwise. Rows go in hash
 * order so two batches never lock the same rows in opposite orders.
 */
export async function upsertErrors(db: Db, batch: BatchedError[]): Promise<void> {
  const rows = batch
    .map((e) => ({ e, hash: errorHash(e.type, e.message, e.stack) }))
    .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const cols: unknown[][] = Array.from({ length: 13 }, () => []);
  for (const { e, hash } of rows) {
    const values = [
      e.type,
      e.severity,
      e.message,
      e.stack,
      e.endpoint?.slice(0, 500) ?? null,
      e.method?.slice(0, 16) ?? null,
      e.statusCode ?? null,
      hash,
      e.context ? JSON.stringify(e.context) : null,
      e.user?.id ?? null,
      e.user?.email?.slice(0, 320) ?? null,
      e.user?.role && ['reader', 'editor', 'admin'].includes(e.user.role) ? e.user.role : null,
      e.count,
    ];
    values.forEach((v, i) => cols[i].push(v));
  }
  await db.query(
    `INSERT INTO public.error_logs AS e
       (error_type, severity, error_message, error_stack, endpoint, method, status_code, error_hash, context, user_id, user_email, user_role, occurrence_count)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::jsonb[],
                          $10::uuid[], $11::text[], $12::text[], $13::int[])
     ON CONFLICT (error_hash) WHERE NOT resolved
     DO UPDATE SET occurrence_count = e.occurrence_count + excluded.occurrence_count, last_occurred_at = greatest(e.last_occurred_at, now())`,
    cols,
  );
}

/** `%text%` for LIKE, lower case, with LIKE's own wildcards escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: (p: string) => string, value: unknown) {
    this.params.push(value);
    this.parts.push(sql(`$${this.params.length}`));
  }
  get sql() {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

function totalPages(count: number, limit: number) {
  return Math.max(1, Math.ceil(count / limit));
}

/**
 * A substring filter (pg_trgm) can make even the capped count slow: the trigram index reads the
 * posting lists of trigrams found in nearly every row ("api", "soc"). Such a count gets this
 * many milliseconds (statement_timeout in its own transaction); past them the answer is
 * "more than the rows seen so far" (see listPage).
 */
export const SUBSTRING_COUNT_BUDGET_MS = 25;

/**
 * Counts the rows of `from` + `where` up to `cap` only: count(*) over a LIMIT cap + 1 subquery
 * stops after cap + 1 index entries however many rows match, so a wide filter costs no more than
 * cap rows. Past the cap the count is "more than cap" (countExact false, count = cap). With a
 * budget, null when the count took longer.
 */
async function cappedCount(db: Db, sql: string, params: unknown[], cap: number, budgetMs: number | null) {
  let n: number;
  if (budgetMs !== null && 'totalCount' in db) {
    const client = await (db as Pool).connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL statement_timeout = ${Math.floor(budgetMs)}`);
      n = (await client.query<{ n: number }>(sql, params)).rows[0].n;
      await client.query('COMMIT');
    } catch (err) {
      broken = !(await rollback(client, err));
      if ((err as { code?: string }).code === '57014') return null; // query_canceled: over budget
      throw err;
    } finally {
      client.release(broken);
    }
  } else {
    n = (await db.query<{ n: number }>(sql, params)).rows[0].n;
  }
  return n > cap ? { count: cap, countExact: false } : { count: n, countExact: true };
}

/** What a list needs: its columns, table, filters, order, page, count cap and count budget. */
interface ListSpec {
  select: string;
  from: string;
  where: Where;
  order: string;
  page: number;
  limit: number;
  cap: number;
  /** Milliseconds for the count (substring filters), null for no budget. */
  budgetMs: number | null;
}

/**
 * The two statements of a list page: the page (LIMIT + 1 rows, to know whether more follow) and
 * the capped count. With a substring filter (a count budget), the page is picked in two steps:
 * the ids of the page first (`SELECT id ... ORDER BY ... LIMIT`), which the planner can answer
 * from the date index alone when it carries the filtered text (migration 013: an index-only walk,
 * no heap visit for the rows the filter rejects), then the page's rows by primary key. Exported
 * for bench/logs.ts, which prints the plans of these very statements.
 */
export function listSql({ select, from, where, order, page, limit, cap, budgetMs }: ListSpec) {
  const offset = (page - 1) * limit;
  const pageSql =
    budgetMs !== null
      ? `SELECT ${select} FROM ${from} WHERE id = ANY(ARRAY(SELECT id FROM ${from} ${where.sql} ORDER BY ${order} LIMIT ${limit + 1} OFFSET ${offset})) ORDER BY ${order}`
      : `SELECT ${select} FROM ${from} ${where.sql} ORDER BY ${order} LIMIT ${limit + 1} OFFSET ${offset}`;
  const countSql = `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where.sql} LIMIT ${cap + 1}) s`;
  return { pageSql, countSql, params: where.params };
}

/**
 * One page and the capped count, in parallel (listSql). When the count ran out of its budget: a
 * page that is not full tells the exact count; a full one says "more than" the rows up to it
 * (countExact false) and offers one more page.
 */
async function listPage<T extends QueryResultRow>(db: Db, spec: ListSpec) {
  const { page, limit, cap, budgetMs } = spec;
  const { pageSql, countSql, params } = listSql(spec);
  const offset = (page - 1) * limit;
  const [rows, counted] = await Promise.all([db.query<T>(pageSql, params), cappedCount(db, countSql, params, cap, budgetMs)]);
  const data = rows.rows.slice(0, limit);
  const more = rows.rows.length > limit;
  let count = counted;
  if (!count) {
    if (more) count = { count: offset + data.length, countExact: false };
    else if (data.length > 0 || page === 1) count = { count: offset + data.length, countExact: true };
    else count = (await cappedCount(db, countSql, params, cap, null))!; // past the end: count it anyway
  }
  const pages = count.countExact || !more ? totalPages(count.count, limit) : Math.max(page + 1, totalPages(count.count, limit));
  return { data, ...count, page, totalPages: pages };
}

/** GET /api/error-logs: the filters of docs/logs.md, newest occurrence first. */
export function errorListSpec(f: ErrorFilters, timezone: string, cap = LOG_COUNT_CAP): ListSpec {
  const w = new Where();
  if (f.error_type) w.add((p) => `error_type = ${p}`, f.error_type);
  if (f.severity) w.add((p) => `severity = ${p}`, f.severity);
  if (f.resolved !== undefined) w.add((p) => `resolved = ${p}`, f.resolved);
  if (f.user_email) w.add((p) => `user_email_lc LIKE ${p}`, containsPattern(f.user_email));
  if (f.error_message) w.add((p) => `lower(error_message) LIKE ${p}`, containsPattern(f.error_message));
  if (f.start_date) w.add((p) => `last_occurred_at >= ${p}`, filterInstant(f.start_date, timezone));
  if (f.end_date) w.add((p) => `last_occurred_at <= ${p}`, filterInstant(f.end_date, timezone, true));
  const budgetMs = f.user_email || f.error_message ? SUBSTRING_COUNT_BUDGET_MS : null;
  return { select: ERROR_COLUMNS, from: 'public.error_logs', where: w, order: 'last_occurred_at DESC, id DESC', page: f.page, limit: f.limit, cap, budgetMs };
}

export async function listErrors(db: Db, f: ErrorFilters, timezone: string, cap = LOG_COUNT_CAP): Promise<LogPage<ErrorLogEntry>> {
  const page = await listPage<ErrorRow>(db, errorListSpec(f, timezone, cap));
  return { ...page, data: page.data.map(errorEntry) };
}

/**
 * GET /api/error-stats: groups by type and severity, largest first (numbers, not strings).
 * Reads the summary kept by migration 011's triggers (rows, not occurrences), not error_logs.
 */
export async function errorStats(db: Db): Promise<ErrorStat[]> {
  const { rows } = await db.query<ErrorStat>(
    `SELECT error_type, severity, total_errors::int AS total_errors, unresolved_errors::int AS unresolved_errors
       FROM public.error_stats WHERE total_errors > 0
      ORDER BY total_errors DESC, error_type, severity`,
  );
  return rows;
}

/** The error, locked until the transaction ends (single resolve). */
export async function getErrorForUpdate(db: Db, id: string): Promise<ErrorLogEntry | null> {
  const { rows } = await db.query<ErrorRow>(`SELECT ${ERROR_COLUMNS} FROM public.error_logs WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ? errorEntry(rows[0]) : null;
}

export async function resolveError(db: Db, id: string, notes: string | null): Promise<ErrorLogEntry> {
  const { rows } = await db.query<ErrorRow>(
    `UPDATE public.error_logs SET resolved = true, resolved_at = now(), notes = $2 WHERE id = $1 RETURNING ${ERROR_COLUMNS}`,
    [id, notes],
  );
  return errorEntry(rows[0]);
}

/** Resolves the open ones among `ids`; already resolved and unknown ids are left alone. */
export async function resolveErrors(db: Db, ids: string[], notes: string | null): Promise<{ id: string; error_message: string }[]> {
  const { rows } = await db.query<{ id: string; error_message: string }>(
    `UPDATE public.error_logs SET resolved = true, resolved_at = now(), notes = $2
      WHERE id = ANY($1::uuid[]) AND NOT resolved RETURNING id, error_message`,
    [ids, notes],
  );
  return rows;
}

/** GET /api/activities: the filters of docs/logs.md, newest first. */
export function activityListSpec(f: ActivityFilters, timezone: string, cap = LOG_COUNT_CAP): ListSpec {
  const w = new Where();
  if (f.activity_type) w.add((p) => `activity_type = ${p}`, f.activity_type);
  if (f.user_email) w.add((p) => `user_email_lc LIKE ${p}`, containsPattern(f.user_email));
  if (f.endpoint) w.add((p) => `endpoint_lc LIKE ${p}`, containsPattern(f.endpoint));
  if (f.start_date) w.add((p) => `created_at >= ${p}`, filterInstant(f.start_date, timezone));
  if (f.end_date) w.add((p) => `created_at <= ${p}`, filterInstant(f.end_date, timezone, true));
  return {
    select: `id::text AS id, activity_type, activity_message, endpoint, created_at, user_id, user_email, user_role,
     host(ip_address) AS ip_address, user_agent, context`,
    from: 'public.activity_logs',
    where: w,
    // activity_logs.id, not the output column "id" (its text): the bigint order of the index.
    order: 'created_at DESC, activity_logs.id DESC',
    page: f.page,
    limit: f.limit,
    cap,
    budgetMs: f.user_email || f.endpoint ? SUBSTRING_COUNT_BUDGET_MS : null,
  };
}

export async function listActivities(db: Db, f: ActivityFilters, timezone: string, cap = LOG_COUNT_CAP): Promise<LogPage<ActivityLogEntry>> {
  const page = await listPage<ActivityRow>(db, activityListSpec(f, timezone, cap));
  return { ...page, data: page.data.map(activityEntry) };
}
