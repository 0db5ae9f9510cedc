import crypto from 'node:crypto';
import pg from 'pg';
import { createPool, REQUEST_LIMITS, type Pool } from '../server/db/pool';

/**
 * The pool of a test database seeds thousands of rows in one statement and serves apps while two
 * busy processes load the machine (npm run test:stress): the request limits stay, longer. The
 * production limits themselves are exercised by the tests that run `npm start` (server/platform).
 */
const TEST_LIMITS = { ...REQUEST_LIMITS, acquireMs: 10_000, statementMs: 30_000, queryMs: 35_000 };

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
  const pool = createPool(url.toString(), undefined, TEST_LIMITS);
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
