import pg from 'pg';
import type { Logger } from 'pino';

// date and time columns come back as the strings PostgreSQL prints ('2026-11-21', '15:00:00'),
// never as JS Dates shifted by the server's timezone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Pool = pg.Pool;
export type Db = pg.Pool | pg.PoolClient;

/**
 * How long the app waits for the database, so that every request answers (success or the Italian
 * 503) within about 5 s whatever PostgreSQL does, a stall (a stopped or frozen server) included:
 * - acquireMs: a free pool client, or a new connection, arrives in this time or the request gets 503;
 * - statementMs / lockMs: the server cancels a statement (or its wait for a lock) past these;
 * - queryMs: the client gives up on a statement that got no answer at all (the server is frozen, so
 *   its own timeouts cannot fire): the statement fails with 'Query read timeout' and its connection
 *   is dropped (see isStuckConnection); a little longer than statementMs, so that a server that
 *   answers always cancels first;
 * - idleInTransactionMs: a transaction left open holds no locks longer than this.
 * Work that may legitimately run longer (migrations, export streams) raises them for itself.
 */
export interface DbLimits {
  acquireMs: number;
  statementMs: number;
  lockMs: number;
  queryMs: number;
  idleInTransactionMs: number;
}

export const REQUEST_LIMITS: DbLimits = {
  acquireMs: 2000,
  statementMs: 2500,
  lockMs: 2000,
  queryMs: 3000,
  idleInTransactionMs: 15000,
};

export function createPool(connectionString: string, logger?: Logger, limits: DbLimits = REQUEST_LIMITS): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: limits.acquireMs,
    idleTimeoutMillis: 30000,
    statement_timeout: limits.statementMs,
    lock_timeout: limits.lockMs,
    query_timeout: limits.queryMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    application_name: 'garibaldina',
  });
  // Without a listener an idle client's error (database restart) would crash the process.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'errore di una connessione inattiva al database'));
  // A client in use meets a lost connection with an 'error' event of its own (e.g. 'terminating connection
  // due to unexpected postmaster exit' between two statements of a transaction): without a listener that
  // ends the process. Its statements fail anyway, so the request answers 503, and the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.warn({ err: err.message }, 'connessione al database persa durante una richiesta'));
  });
  return pool;
}

/**
 * Long enough for any statement the app runs outside a request (a migration, an export stream):
 * pg applies the pool's query_timeout to every statement and treats 0 as "use the pool's", so the
 * way out is a large value passed with the statement (`{ text, values, query_timeout }`).
 */
export const LONG_QUERY_MS = 60 * 60 * 1000;

/** A statement exempt from the client-side query_timeout (see LONG_QUERY_MS). */
export function longQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(client: pg.PoolClient, text: string, values?: unknown[]) {
  // query_timeout per statement is read by pg but missing from @types/pg's QueryConfig.
  return client.query<R>({ text, values, query_timeout: LONG_QUERY_MS } as pg.QueryConfig);
}

/**
 * True when the statement got no answer within the client-side query_timeout: the connection still
 * waits for that answer, so nothing else can run on it. Release it broken (`release(true)`), never
 * roll back on it (the ROLLBACK would queue behind the lost answer).
 */
export function isStuckConnection(err: unknown): boolean {
  return (err as { message?: string })?.message === 'Query read timeout';
}

/**
 * Rolls back the client's transaction; false when even that failed, i.e. the connection itself is gone
 * (then release it with `release(true)`, so the pool closes it instead of handing it out again).
 */
export function rollback(client: pg.PoolClient, cause?: unknown): Promise<boolean> {
  if (isStuckConnection(cause)) return Promise.resolve(false);
  return client.query('ROLLBACK').then(
    () => true,
    () => false,
  );
}

/** Runs fn inside one transaction: every write in it commits together or not at all. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    broken = !(await rollback(client, err));
    throw err;
  } finally {
    client.release(broken);
  }
}
