import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createMailer } from '../../mail/mailer';
import { requireRole } from '../../shared/auth-guard';
import { TEST_JWT_SECRET } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { bearer, createUser, TEST_PASSWORD, type TestUser } from '../../../test/users';

// The server's own error recording (default ErrorRecorder of buildApp) and docs/logs.md's rule: no password,
// token or Authorization value in error_logs, activity_logs or the pino logs.

let app: FastifyInstance;
let db: TestDatabase;
let user: TestUser;
const logLines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: path.join(os.tmpdir(), 'garibaldina-logs-probe') });
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger });
  app = await buildApp({ config, pool: db.pool, mailer, jwtSecret: TEST_JWT_SECRET, logger });
  app.get('/api/probe/boom', { preHandler: requireRole('reader') }, async () => {
    throw new Error('esploso nel gestore');
  });
  app.get('/api/probe/anon', async () => {
    throw new Error(`con credenziali Bearer ${'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJh'}`);
  });
  app.get('/api/probe/sql', async () => db.pool.query('SELECT * FROM tabella_inesistente'));
  await app.ready();
  user = await createUser(db.pool, 'editor', 'sonda@example.it');
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const errors = async (like: string) => (await db.pool.query('SELECT * FROM public.error_logs WHERE error_message LIKE $1', [like])).rows;

it('an unexpected 5xx is recorded as backend, with endpoint, method, status, user; repeats count up', async () => {
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/probe/boom', headers: bearer(user) });
    expect(res.statusCode).toBe(500);
  }
  const rows = await errors('esploso nel gestore');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    error_type: 'backend',
    severity: 'low',
    endpoint: '/api/probe/boom',
    method: 'GET',
    status_code: 500,
    occurrence_count: 2,
    user_email: user.email,
    user_role: 'editor',
    resolved: false,
  });
  expect(rows[0].error_stack).toContain('esploso nel gestore');
  expect(rows[0].context.requestId).toMatch(/^[0-9a-f-]{36}$/);
});

it('a PostgreSQL error is recorded as database, with its SQLSTATE', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/probe/sql' });
  expect(res.statusCode).toBe(500);
  const [row] = await errors('%tabella_inesistente%');
  expect(row).toMatchObject({ error_type: 'database', endpoint: '/api/probe/sql', status_code: 500, user_email: null });
  expect(row.context.code).toBe('42P01');
});

it('no password, token or Authorization value in error_logs, activity_logs or the pino logs', async () => {
  const wrong = 'Sbagliata7!qq';
  // Sign in the way the SPA does, fail once, report errors with secrets in their context, provoke a 5xx.
  expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  const grant = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: user.email, password: TEST_PASSWORD } });
  expect(grant.statusCode).toBe(200);
  const { access_token: access, refresh_token: refresh } = grant.json();
  expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: wrong } })).statusCode).toBe(401);
  const report = await app.inject({
    method: 'POST',
    url: '/api/error-logs',
    headers: { authorization: `Bearer ${access}` },
    payload: {
      message: 'Sessione scaduta',
      type: 'auth',
      context: { password: TEST_PASSWORD, refresh_token: refresh, headers: { Authorization: `Bearer ${access}` }, note: `token=Bearer ${access}` },
    },
  });
  expect(report.statusCode).toBe(201);
  expect((await app.inject({ method: 'GET', url: '/api/probe/boom', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(500);
  expect((await app.inject({ method: 'GET', url: '/api/probe/anon' })).statusCode).toBe(500);

  const dump = JSON.stringify([
    (await db.pool.query('SELECT * FROM public.error_logs')).rows,
    (await db.pool.query('SELECT * FROM public.activity_logs')).rows,
  ]);
  // The rows were written (the test would pass vacuously otherwise).
  expect(dump).toContain('Sessione scaduta');
  expect(dump).toContain(`Accesso non riuscito: ${user.email}`);
  expect(dump).toContain(`Accesso effettuato: ${user.email}`);
  expect(dump).toContain('con credenziali Bearer [redatto]');
  const logs = logLines.join('\n');
  expect(logs).toContain('errore imprevisto');
  for (const secret of [TEST_PASSWORD, wrong, access, refresh]) {
    expect(dump).not.toContain(secret);
    expect(logs).not.toContain(secret);
  }
  // A token inside an exception's own message is redacted in the error log. (The pino line of
  // server/shared/errors.ts logs err as is: not redacted there: a known limit, docs/logs.md.)
  expect(dump).not.toContain('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0');
});
