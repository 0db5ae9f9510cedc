import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../../common/core/messages';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createMailer, type Mailer } from '../../mail/mailer';
import { HttpError } from '../../shared/errors';
import { TEST_JWT_SECRET } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { bearer, createUser, type TestUser } from '../../../test/users';

// Server failures the server answers with a 5xx reach the error log (docs/logs.md: the server
// records its own unexpected 5xx): an HttpError of 5xx (the 503 of an invitation whose
// mail cannot go out), and the routes that answer their 5xx themselves (public match listing,
// calendar feed, PostgREST read). The database-down 503 is not recorded: nothing could be written.

let app: FastifyInstance;
let db: TestDatabase;
let admin: TestUser;
let mailFails = false;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'garibaldina-server-failures') });
  const logger = pino({ level: 'silent' });
  const real = createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger });
  const mailer: Mailer = {
    send: async (mail) => {
      if (mailFails) throw new Error('SMTP non raggiungibile');
      return real.send(mail);
    },
    close: () => real.close(),
  };
  app = await buildApp({ config, pool: db.pool, mailer, jwtSecret: TEST_JWT_SECRET, logger });
  app.get('/api/probe/db-down-503', async () => {
    throw new HttpError(503, MSG.http.unavailable);
  });
  await app.ready();
  admin = await createUser(db.pool, 'admin', 'admin-guasti@example.it');
});
afterAll(async () => {
  await app.close();
  await db.drop();
});
afterEach(() => {
  jest.restoreAllMocks();
  mailFails = false;
});

/** The next query of the pool that reads partite fails with `err` (the error log's own writes pass). */
function failNextPartiteQuery(err: Error): { failed: () => boolean } {
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown;
  let failed = false;
  jest.spyOn(db.pool, 'query').mockImplementation(((...args: unknown[]) => {
    const sql = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    if (!failed && /\bpartite\b/.test(sql) && !/error_logs/.test(sql)) {
      failed = true;
      return Promise.reject(err);
    }
    return query(...args);
  }) as never);
  return { failed: () => failed };
}

const rows = async () => (await db.pool.query('SELECT * FROM public.error_logs ORDER BY created_at')).rows;
const rowsAt = async (endpoint: string) => (await rows()).filter((r) => r.endpoint === endpoint);

it('an HttpError of 5xx (invitation mail not sent, 503) leaves one error-log row, counted on repeats', async () => {
  mailFails = true;
  for (const email of ['nuovo1@example.it', 'nuovo2@example.it']) {
    const res = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload: { email, role: 'reader' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(MSG.users.inviteMailFailed);
  }
  const found = await rowsAt('/api/users');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({
    error_type: 'backend',
    error_message: MSG.users.inviteMailFailed,
    method: 'POST',
    status_code: 503,
    occurrence_count: 2,
    user_email: admin.email,
    resolved: false,
  });
});

it('a 4xx HttpError and the database-down 503 leave no row', async () => {
  const before = (await rows()).length;
  const down = await app.inject({ method: 'GET', url: '/api/probe/db-down-503' });
  expect(down.statusCode).toBe(503);
  const bad = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload: { email: 'non-una-email', role: 'reader' } });
  expect(bad.statusCode).toBe(400);
  expect(await rows()).toHaveLength(before);
});

it('a failed public match listing (500) leaves one row; the same failure with the database down (503) none', async () => {
  const probe = failNextPartiteQuery(new Error('lettura partite pubbliche esplosa'));
  const res = await app.inject({ method: 'GET', url: '/api/partite/public?campo=Sonda' });
  expect(probe.failed()).toBe(true);
  expect(res.statusCode).toBe(500);
  expect(res.json()).toMatchObject({ success: false, error: MSG.http.internal });
  const found = await rowsAt('/api/partite/public');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ error_type: 'backend', error_message: 'lettura partite pubbliche esplosa', method: 'GET', status_code: 500, user_email: null });

  jest.restoreAllMocks();
  const downProbe = failNextPartiteQuery(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  const down = await app.inject({ method: 'GET', url: '/api/partite/public?campo=Sonda2' });
  expect(downProbe.failed()).toBe(true);
  expect(down.statusCode).toBe(503);
  expect(await rowsAt('/api/partite/public')).toHaveLength(1);
});

it('a failed calendar feed (500) leaves one row', async () => {
  const probe = failNextPartiteQuery(new Error('lettura calendario esplosa'));
  const res = await app.inject({ method: 'GET', url: '/api/calendar.ics?casa=1' });
  expect(probe.failed()).toBe(true);
  expect(res.statusCode).toBe(500);
  const found = await rowsAt('/api/calendar.ics');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ error_type: 'backend', error_message: 'lettura calendario esplosa', method: 'GET', status_code: 500 });
});

it('a failed PostgREST read (500) leaves one row', async () => {
  const reader = await createUser(db.pool, 'reader', 'lettore-guasti@example.it');
  const probe = failNextPartiteQuery(new Error('lettura PostgREST esplosa'));
  const res = await app.inject({ method: 'GET', url: '/rest/v1/partite?select=*', headers: { ...bearer(reader), 'accept-profile': 'public' } });
  expect(probe.failed()).toBe(true);
  expect(res.statusCode).toBe(500);
  const found = await rowsAt('/rest/v1/partite');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ error_type: 'backend', error_message: 'lettura PostgREST esplosa', status_code: 500, user_email: reader.email });
});
