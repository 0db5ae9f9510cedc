import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createPool, type Pool } from '../db/pool';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_JWT_SECRET } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';
import { ACCESS_TOKEN_TTL, signAccessToken } from '../auth/jwt';
import { requireRole, SESSION_CACHE_MAX_AGE_MS } from './auth-guard';
import { pgListenerOf } from './pg-listener';

const CHANNEL = 'auth_changed';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  app: FastifyInstance;
  pool: Pool;
  close(): Promise<void>;
}

/** Another server process on the same database: its own pool, hence its own LISTEN connection and caches. */
async function instance(t: TestApp): Promise<Instance> {
  const pool = createPool(t.db.url);
  const app = await buildApp({ ...t.app.deps, pool });
  app.get('/api/probe-role', { preHandler: requireRole('reader') }, async (req) => ({ role: req.user!.role }));
  await app.ready();
  return {
    app,
    pool,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

/** What the guard of this instance believes now: the role, or the status of the refusal. */
async function seenRole(i: Instance, u: TestUser): Promise<string> {
  const res = await i.app.inject({ url: '/api/probe-role', headers: bearer(u) });
  return res.statusCode === 200 ? res.json().role : String(res.statusCode);
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`condizione non raggiunta in ${timeoutMs} ms`);
    await sleep(5);
  }
  return Date.now() - start;
}

const listening = (i: Instance) => pgListenerOf(i.pool)?.isListening(CHANNEL) === true;

/** Changes a role with the auth_changed trigger switched off: no NOTIFY, so only a cache miss can see it. */
async function silentRoleChange(t: TestApp, userId: string, role: string): Promise<void> {
  const client = await t.db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE auth.users DISABLE TRIGGER users_auth_changed');
    await client.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || jsonb_build_object('role', $2::text) WHERE id = $1`, [
      userId,
      role,
    ]);
    await client.query('ALTER TABLE auth.users ENABLE TRIGGER users_auth_changed');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

describe('session cache of the auth guard (two server instances on one database)', () => {
  let t: TestApp;
  let a: Instance;
  let b: Instance;
  let dbName: string;
  beforeAll(async () => {
    t = await createTestApp();
    dbName = new URL(t.db.url).pathname.slice(1);
    a = await instance(t);
    b = await instance(t);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await t.close();
  });

  it('a demotion made through the other instance reaches this one within 500 ms', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const editor = await createUser(t.db.pool, 'editor');
    expect(await seenRole(a, editor)).toBe('editor');
    await until(() => listening(a), 5000);
    expect(await seenRole(a, editor)).toBe('editor');

    const res = await b.app.inject({ method: 'PUT', url: `/api/users/${editor.id}/role`, headers: bearer(admin), payload: { role: 'reader' } });
    expect(res.statusCode).toBe(200);
    const elapsed = await until(async () => (await seenRole(a, editor)) === 'reader', 500);
    expect(elapsed).toBeLessThan(500);
    // The instance that made the change sees it at once.
    expect(await seenRole(b, editor)).toBe('reader');
  });

  it('a logout and a deletion made through the other instance stop the tokens here within 500 ms', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const leaving = await createUser(t.db.pool, 'reader');
    const deleted = await createUser(t.db.pool, 'editor');
    await until(() => listening(a), 5000);
    expect(await seenRole(a, leaving)).toBe('reader');
    expect(await seenRole(a, deleted)).toBe('editor');

    const logout = await b.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: bearer(leaving) });
    expect(logout.statusCode).toBe(204);
    await until(async () => (await seenRole(a, leaving)) === '401', 500);

    const del = await b.app.inject({ method: 'DELETE', url: `/api/users/${deleted.id}`, headers: bearer(admin) });
    expect(del.statusCode).toBe(200);
    await until(async () => (await seenRole(a, deleted)) === '401', 500);
  });

  it('changes made through this instance, by its routes or straight through its pool, count at its very next request', async () => {
    const admin = await createUser(b.pool, 'admin');
    const editor = await createUser(b.pool, 'editor');
    await until(() => listening(b), 5000);
    expect(await seenRole(b, editor)).toBe('editor');
    const res = await b.app.inject({ method: 'PUT', url: `/api/users/${editor.id}/role`, headers: bearer(admin), payload: { role: 'reader' } });
    expect(res.statusCode).toBe(200);
    expect(await seenRole(b, editor)).toBe('reader');
    await b.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' WHERE id = $1`, [editor.id]);
    expect(await seenRole(b, editor)).toBe('admin');
    await b.pool.query('DELETE FROM auth.sessions WHERE id = $1', [editor.sessionId]);
    expect(await seenRole(b, editor)).toBe('401');
  });

  it('answers from the cache while listening, reads the database on every request while the listener is down, and caches again once it is back', async () => {
    const u = await createUser(t.db.pool, 'editor');
    await until(() => listening(a), 5000);
    expect(await seenRole(a, u)).toBe('editor');
    // Not announced: the cached answer stands (this is what the NOTIFY and the listener protect).
    await silentRoleChange(t, u.id, 'reader');
    expect(await seenRole(a, u)).toBe('editor');

    // Listener down, and kept down: no new connection to this database until allowed again.
    await adminQuery(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    try {
      await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND application_name = 'garibaldina-listen'`);
      await until(() => !listening(a), 5000);
      expect(await seenRole(a, u)).toBe('reader');
      await silentRoleChange(t, u.id, 'admin');
      expect(await seenRole(a, u)).toBe('admin');
      await silentRoleChange(t, u.id, 'editor');
      expect(await seenRole(a, u)).toBe('editor');
      expect(listening(a)).toBe(false);
    } finally {
      await adminQuery(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    }

    // Reconnected (backoff of at most a few seconds): cached again.
    await until(() => listening(a), 10000);
    expect(await seenRole(a, u)).toBe('editor');
    await silentRoleChange(t, u.id, 'reader');
    expect(await seenRole(a, u)).toBe('editor');
  });

  it('an entry older than the maximum age is read again even without a notification', async () => {
    const u = await createUser(t.db.pool, 'editor');
    await until(() => listening(a), 5000);
    expect(await seenRole(a, u)).toBe('editor');
    await silentRoleChange(t, u.id, 'reader');
    expect(await seenRole(a, u)).toBe('editor');
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + SESSION_CACHE_MAX_AGE_MS + 1000);
    try {
      expect(await seenRole(a, u)).toBe('reader');
    } finally {
      spy.mockRestore();
    }
  });

  it('a token seen before still stops at its exp, and a tampered copy of it is refused', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const now = Math.floor(Date.now() / 1000);
    // Issued so that it expires 2 s from now.
    const { token, expiresAt } = await signAccessToken(
      TEST_JWT_SECRET,
      'http://localhost:3000/auth/v1',
      { sub: u.id, email: u.email, session_id: u.sessionId, app_role: 'reader', app_metadata: { role: 'reader' }, user_metadata: {} },
      now - ACCESS_TOKEN_TTL + 2,
    );
    const short = { ...u, token };
    expect(await seenRole(a, short)).toBe('reader');
    expect(await seenRole(a, short)).toBe('reader');
    const [h, p, sig] = token.split('.');
    const other = sig[0] === 'A' ? 'B' : 'A';
    expect(await seenRole(a, { ...u, token: `${h}.${p}.${other}${sig.slice(1)}` })).toBe('401');
    // Real time (the JWT library reads its own clock): wait for exp to pass.
    await sleep(Math.max(0, expiresAt * 1000 - Date.now()) + 50);
    expect(await seenRole(a, short)).toBe('401');
  });

  it('one LISTEN connection per instance serves both the listing cache and the session cache, and closes with the app', async () => {
    const c = await instance(t);
    const u = await createUser(t.db.pool, 'reader');
    for (const i of [a, b, c]) expect(await seenRole(i, u)).toBe('reader');
    expect((await c.app.inject({ url: '/api/partite/public' })).statusCode).toBe(200);
    await until(() => listening(a) && listening(b) && listening(c), 5000);
    await until(() => pgListenerOf(c.pool)?.isListening('partite_changed') === true, 5000);
    const listeners = async () =>
      (
        await t.db.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'garibaldina-listen'`, [
          dbName,
        ])
      ).rows[0].n as number;
    expect(await listeners()).toBe(3);
    await c.close();
    await until(async () => (await listeners()) === 2, 2000);
  });
});
