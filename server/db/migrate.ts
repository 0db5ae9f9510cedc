import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { longQuery } from './pool';

export const MIGRATIONS_DIR = path.resolve('server/db/migrations');
// Any constant works: it only has to be the same for every process of this app.
const MIGRATION_LOCK = 7_042_026;

/**
 * Applies the numbered SQL files of server/db/migrations in order, each in its own
 * transaction, under an advisory lock so that two processes never migrate at once. A migration may
 * take long (an index on a big table; another process holding the lock): the request limits of the
 * pool do not apply to it, and its connection is closed afterwards rather than handed out again.
 */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f)).sort();
  const client = await pool.connect();
  const query = (text: string, values?: unknown[]) => longQuery(client, text, values);
  const applied: string[] = [];
  try {
    await query('SET statement_timeout = 0');
    await query('SET lock_timeout = 0');
    await query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await query(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
      name text PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await query('SELECT name FROM public.schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(dir, file), 'utf8');
      await query('BEGIN');
      try {
        await query(sql);
        await query('INSERT INTO public.schema_migrations (name) VALUES ($1)', [file]);
        await query('COMMIT');
        applied.push(file);
      } catch (err) {
        await query('ROLLBACK');
        throw new Error(`Migrazione ${file} non riuscita: ${(err as Error).message}`);
      }
    }
  } finally {
    await query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release(true);
  }
  return applied;
}
