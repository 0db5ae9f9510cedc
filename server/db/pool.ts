import pg from 'pg';
import type { Logger } from 'pino';

// date and time columns come back as the strings PostgreSQL prints ('2026-11-21', '15:00:00'),
// never as JS Dates shifted by the server's timezone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Pool = pg.Pool;
export type Db = pg.Pool | pg.PoolClient;

export function createPool(connectionString: string, logger?: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    statement_timeout: 10000,
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
 * Rolls back the client's transaction; false when even that failed, i.e. the connection itself is gone
 * (then release it with `release(true)`, so the pool closes it instead of handing it out again).
 */
export function rollback(client: pg.PoolClient): Promise<boolean> {
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
    broken = !(await rollback(client));
    throw err;
  } finally {
    client.release(broken);
  }
}
