import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbedded } from '../server/db/embedded';
import { createPool } from '../server/db/pool';
import { migrate } from '../server/db/migrate';

/**
 * Once per `jest` run: a PostgreSQL for the tests (the one of DATABASE_URL, else an embedded
 * one in a temporary folder) and a template database with every migration applied, which each
 * test file copies into a database of its own (test/db.ts).
 */
export default async function globalSetup(): Promise<void> {
  const logger = pino({ level: 'warn' });
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'garibaldina-test-'));
    await fs.chmod(dir, 0o755);
    const db = await startEmbedded(dir, logger);
    adminUrl = db.url;
    (globalThis as Record<string, unknown>).__EMBEDDED_PG__ = { db, dir };
  }
  const template = `garibaldina_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  const adminDbName = url.pathname.slice(1);
  url.pathname = `/${template}`;
  const pool = createPool(url.toString());
  await migrate(pool);
  await pool.end();
  process.env.TEST_PG_ADMIN_URL = adminUrl;
  process.env.TEST_PG_ADMIN_DB = adminDbName;
  process.env.TEST_PG_TEMPLATE = template;
}
