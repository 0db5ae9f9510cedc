import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { bearer, createUser } from '../../test/users';
import { acquirePgListener, type PgListenerLease } from '../shared/pg-listener';

/*
 * The LISTEN connection of shared/pg-listener (docs/performance.md: cache barriers, LISTENs of late
 * subscribers) must never have two queries in flight. pg 8 emits the process warning 'Calling
 * client.query() when the client is already executing a query is deprecated and will be removed
 * in pg@9.0' when client.query() is called while another query waits in the client's queue (pg 9
 * will refuse it). Jest's sandbox does not receive the process 'warning' events of the modules it
 * loads, so the test watches client.query() itself: every call on the LISTEN client is recorded
 * with the number of its queries still running, and with pg's own condition for that warning.
 */

interface Call {
  sql: string;
  inFlight: number;
  queued: number;
}
const calls: Call[] = [];
const inFlight = new WeakMap<pg.Client, number>();
const originalQuery = pg.Client.prototype.query;

beforeAll(() => {
  pg.Client.prototype.query = function watched(this: pg.Client, ...args: unknown[]) {
    const self = this as pg.Client & { connectionParameters?: { application_name?: string }; _queryQueue?: unknown[] };
    if (self.connectionParameters?.application_name !== 'garibaldina-listen') return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    const sql = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
    calls.push({ sql, inFlight: inFlight.get(this) ?? 0, queued: self._queryQueue?.length ?? 0 });
    inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
    const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const result = (originalQuery as (...a: unknown[]) => unknown).apply(this, args) as Promise<unknown>;
    result.then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
});
afterAll(() => {
  pg.Client.prototype.query = originalQuery;
});

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condizione non raggiunta in ${timeoutMs} ms`);
    await sleep(5);
  }
}

describe('PgListener on a real PostgreSQL', () => {
  let db: TestDatabase;
  let lease: PgListenerLease;
  beforeAll(async () => {
    db = await createTestDatabase();
    lease = acquirePgListener(db.pool, log);
  });
  afterAll(async () => {
    await lease.release();
    await db.drop();
  });

  it('barriers wanted after every release and LISTENs of late subscribers never overlap on the connection', async () => {
    const { listener } = lease;
    const noop = { notify: () => undefined, reset: () => undefined };
    listener.subscribe('e_first', noop);
    await until(() => listener.isListening('e_first'));
    calls.length = 0;
    // Every release of a pool client wants a barrier at once, as a request of a signed-in user does.
    const syncs: Promise<boolean>[] = [];
    const onRelease = () => syncs.push(listener.sync());
    db.pool.on('release', onRelease);
    try {
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 40; i++) {
        work.push(db.pool.query('SELECT pg_sleep(0.002)'));
        // New subscribers while barriers are on the wire: their LISTENs go on the same connection.
        if (i % 10 === 5) listener.subscribe(`e_late_${i}`, noop);
      }
      await Promise.all(work);
      expect(await Promise.all(syncs)).not.toContain(false);
      await until(() => [5, 15, 25, 35].every((i) => listener.isListening(`e_late_${i}`)));
    } finally {
      db.pool.off('release', onRelease);
    }
    expect(calls.filter((c) => c.sql === 'SELECT 1').length).toBeGreaterThan(1);
    expect(calls.filter((c) => c.sql.startsWith('LISTEN')).length).toBe(4);
    // pg's condition for the deprecation warning, and the stricter rule: one query at a time.
    expect(calls.filter((c) => c.queued > 0)).toEqual([]);
    expect(calls.filter((c) => c.inFlight > 0)).toEqual([]);
  });

  it('a barrier still delivers every notification committed before the call, also when it joins a queued barrier', async () => {
    const { listener } = lease;
    const seen = new Set<string>();
    listener.subscribe('e_notes', { notify: (p) => seen.add(p), reset: () => undefined });
    await until(() => listener.isListening('e_notes'));
    calls.length = 0;
    const rounds = Array.from({ length: 30 }, async (_, i) => {
      await db.pool.query(`SELECT pg_notify('e_notes', $1)`, [String(i)]);
      expect(await listener.sync()).toBe(true);
      // The barrier resolved: the notification of this commit has arrived.
      expect(seen.has(String(i))).toBe(true);
    });
    await Promise.all(rounds);
    expect(calls.filter((c) => c.inFlight > 0)).toEqual([]);
  });
});

describe('the app under overlapping requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signed-in and public requests with writes in between: no overlap, and a promotion or demotion is seen by the next request', async () => {
    const [editor, admin, reader] = [await createUser(t.db.pool, 'editor'), await createUser(t.db.pool, 'admin'), await createUser(t.db.pool, 'reader')];
    calls.length = 0;
    for (let wave = 0; wave < 8; wave++) {
      const jobs: Promise<number>[] = [];
      for (let i = 0; i < 16; i++) {
        jobs.push(t.app.inject({ url: '/api/gruppi', headers: bearer(i % 2 ? editor : admin) }).then((r) => r.statusCode));
        if (i % 4 === 0) jobs.push(t.app.inject({ url: '/api/partite/public' }).then((r) => r.statusCode));
      }
      expect((await Promise.all(jobs)).filter((c) => c !== 200)).toEqual([]);
    }
    for (let i = 0; i < 6; i++) {
      const role = i % 2 ? 'reader' : 'admin';
      await t.db.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || jsonb_build_object('role', $2::text) WHERE id = $1`, [
        reader.id,
        role,
      ]);
      // /api/users is for admins only: 200 right after the promotion, 403 right after the demotion.
      const [res] = await Promise.all([
        t.app.inject({ url: '/api/users', headers: bearer(reader) }),
        t.app.inject({ url: '/api/gruppi', headers: bearer(editor) }),
      ]);
      expect(res.statusCode).toBe(role === 'admin' ? 200 : 403);
    }
    expect(calls.filter((c) => c.sql === 'SELECT 1').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.inFlight > 0)).toEqual([]);
  });
});
