import crypto from 'node:crypto';
import pg from 'pg';
import { createPool, type Pool } from '../server/db/pool';

export interface TestDatabase {
  url: string;
  pool: Pool;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh database with every migration applied, copied from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  const template = process.env.TEST_PG_TEMPLATE;
  if (!adminUrl || !template) throw new Error('test/global-setup.ts did not run');
  // The global setup's pid names the run, so its teardown finds every database of the run.
  const runPid = template.replace('garibaldina_tpl_', '');
  const name = `garibaldina_t${runPid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString());
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
