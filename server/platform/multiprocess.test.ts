import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import pg from 'pg';
import { todayIn } from '../../common/core/dates';
import { freePort } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/users';
import { createPool, type Pool } from '../db/pool';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../test/server-process';

/*
 * Several server processes on one database (docs/operations.md, "External PostgreSQL").
 * Two real server processes (`node server/main.ts`, as `npm start`) start at the same moment on
 * one fresh, empty DATABASE_URL; what is done through one is honoured by the other at its next
 * request, and the limits count the requests made to both.
 */
jest.setTimeout(120000);

const ADMIN_EMAIL = 'presidente@garibaldina.example.it';
const ADMIN_PASSWORD = 'Presidente1!';
const migrationFiles = fs.readdirSync(path.resolve(__dirname, '../db/migrations')).filter((f) => f.endsWith('.sql')).sort();

type Server = ServerProcess & { url: string };
let dbName: string;
let dbUrl: string;
let pool: Pool;
let a: Server;
let b: Server;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // An empty database, not the migrated template: the two starts must migrate it. The name has
  // the run's prefix, so the global teardown drops it even if this file fails half-way.
  const runPid = process.env.TEST_PG_TEMPLATE!.replace('garibaldina_tpl_', '');
  dbName = `garibaldina_t${runPid}_mp${crypto.randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(process.env.TEST_PG_ADMIN_URL!);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  const env = { DATABASE_URL: dbUrl, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'info' };
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([startServerProcess({ ...env, PORT: String(portA) }), startServerProcess({ ...env, PORT: String(portB) })]);
  pool = createPool(dbUrl);
});

afterAll(async () => {
  const exits = await Promise.all([a, b].filter(Boolean).map((s) => stopServerProcess(s)));
  await pool?.end();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  for (const exit of exits) expect(exit).toEqual({ code: 0, signal: null });
});

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

async function call(server: Server, method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body, headers: res.headers };
}

const signIn = (server: Server, email: string, password = TEST_PASSWORD) =>
  call(server, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password } });

async function tokenOf(server: Server, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await signIn(server, email, password);
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

it('both processes, started at the same moment on an empty database, apply every migration once and create one admin', async () => {
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM public.schema_migrations ORDER BY name');
  expect(rows.map((r) => r.name)).toEqual(migrationFiles);
  const outputs = [a.output(), b.output()];
  expect(outputs.filter((o) => o.includes('migrazioni applicate'))).toHaveLength(1);
  const admins = await pool.query("SELECT email FROM auth.users WHERE raw_app_meta_data->>'role' = 'admin'");
  expect(admins.rows).toEqual([{ email: ADMIN_EMAIL }]);
  // One JWT secret for both: a token issued by one is valid on the other.
  const token = await tokenOf(a, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect((await call(b, 'GET', '/api/me', { token })).body.email).toBe(ADMIN_EMAIL);
});

describe('a change made through one process is honoured by the other at its next request', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await tokenOf(a, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it('sign-out through A: the session is refused by B', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await createUser(pool, 'reader');
      const token = await tokenOf(b, u.email);
      // B has verified (and cached) the session.
      expect((await call(b, 'GET', '/api/me', { token })).status).toBe(200);
      expect((await call(b, 'GET', '/api/me', { token })).status).toBe(200);
      expect((await call(a, 'POST', '/auth/v1/logout', { token })).status).toBe(204);
      expect((await call(b, 'GET', '/api/me', { token })).status).toBe(401);
    }
  });

  it('role change through A: B applies the new role', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await createUser(pool, 'editor');
      const token = await tokenOf(a, u.email);
      expect((await call(b, 'GET', '/api/gruppi', { token })).status).toBe(200);
      expect((await call(b, 'GET', '/api/gruppi', { token })).status).toBe(200);
      const res = await call(a, 'PUT', `/api/users/${u.id}/role`, { token: adminToken, body: { role: 'reader' } });
      expect(res.status).toBe(200);
      expect((await call(b, 'GET', '/api/gruppi', { token })).status).toBe(403);
      expect((await call(b, 'GET', '/api/me', { token })).body.role).toBe('reader');
    }
  });

  it('user deletion through A: B refuses the deleted user', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await createUser(pool, 'editor');
      const token = await tokenOf(b, u.email);
      expect((await call(b, 'GET', '/api/me', { token })).status).toBe(200);
      expect((await call(b, 'GET', '/api/me', { token })).status).toBe(200);
      expect((await call(a, 'DELETE', `/api/users/${u.id}`, { token: adminToken })).status).toBe(200);
      expect((await call(b, 'GET', '/api/me', { token })).status).toBe(401);
      expect((await call(b, 'GET', '/api/gruppi', { token })).status).toBe(401);
    }
  });

  it('a match created through A is in B\'s public list at once, with a new ETag', async () => {
    await pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini') ON CONFLICT DO NOTHING`);
    const date = dayjs(todayIn('Europe/Rome')).add(5, 'day').format('YYYY-MM-DD');
    for (let round = 0; round < 3; round++) {
      const first = await call(b, 'GET', '/api/partite/public');
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      // Cached on B: a repeat is a 304.
      expect((await call(b, 'GET', '/api/partite/public', { headers: { 'if-none-match': etag } })).status).toBe(304);
      const squadra = `Lupi ${round} ${crypto.randomBytes(2).toString('hex')}`;
      const created = await call(a, 'POST', '/api/partite', {
        token: adminToken,
        body: { data: date, ora: '15:00', oraFine: null, squadraCasa: squadra, squadraTrasferta: `Aquile ${round}`, campo: 'Comunale', gruppo: 'Pulcini', isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null, terreno: 'erba', tipoGara: 'campionato' },
      });
      expect(created.status).toBe(201);
      // B learns of the change through PostgreSQL's NOTIFY, which crosses processes in milliseconds
      // but not synchronously: allow it up to 2 s on a loaded machine before calling it stale.
      let after = await call(b, 'GET', '/api/partite/public', { headers: { 'if-none-match': etag } });
      for (const until = Date.now() + 2000; after.status === 304 && Date.now() < until; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await call(b, 'GET', '/api/partite/public', { headers: { 'if-none-match': etag } });
      }
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(after.body.data.map((m: { squadracasa: string }) => m.squadracasa)).toContain(squadra);
    }
  });
});

describe('limits count the requests made to both processes', () => {
  it('sign-in lock-out: 5 failures split over A and B lock the account on both', async () => {
    const u = await createUser(pool, 'reader');
    for (const server of [a, b, a, b, a]) expect((await signIn(server, u.email, 'Sbagliata1!')).status).toBe(400);
    // The right password now: locked on both.
    for (const server of [b, a]) {
      const res = await signIn(server, u.email);
      expect(res.status).toBe(429);
      expect(res.body.isRateLimited).toBe(true);
    }
  });

  it('per-IP limit: 30 password-recovery requests per 5 minutes, counted over A and B together', async () => {
    const ask = (server: Server) => call(server, 'POST', '/api/forgot-password', { body: { email: 'nessuno@example.it' } });
    for (let i = 0; i < 30; i++) expect((await ask(i % 2 ? a : b)).status).toBe(200);
    expect((await ask(a)).status).toBe(429);
    expect((await ask(b)).status).toBe(429);
  });
});
