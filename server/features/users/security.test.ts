import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '../../../common/core/messages';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import { usersRoutes } from './routes';

// The role matrix (docs/users.md, roles) and changes that take effect at once (deletion and demotion, docs/auth.md) for the users routes.
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin');
  editor = await createUser(t.db.pool, 'editor');
  reader = await createUser(t.db.pool, 'reader');
});
afterAll(() => t.close());

const ZERO = '00000000-0000-4000-8000-000000000000';

/** Every users route, with a request that an admin may make without changing anything that matters. */
const ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; url: () => string; body?: () => unknown; forbidden: string; adminStatus: number }> = [
  { method: 'GET', path: '/api/users', url: () => '/api/users', forbidden: MSG.users.forbiddenList, adminStatus: 200 },
  { method: 'POST', path: '/api/users', url: () => '/api/users', body: () => ({ email: 'nuovo@example.it', extra: 1 }), forbidden: MSG.users.forbiddenInvite, adminStatus: 400 },
  { method: 'PUT', path: '/api/users/:id/role', url: () => `/api/users/${reader.id}/role`, body: () => ({ role: 'reader' }), forbidden: MSG.users.forbiddenRoleChange, adminStatus: 200 },
  { method: 'DELETE', path: '/api/users/:id', url: () => `/api/users/${ZERO}`, forbidden: MSG.users.forbiddenDelete, adminStatus: 404 },
  { method: 'POST', path: '/api/users/sync', url: () => '/api/users/sync', forbidden: MSG.users.forbiddenSync, adminStatus: 200 },
  { method: 'POST', path: '/api/users/:id/unlock', url: () => `/api/users/${ZERO}/unlock`, body: () => ({}), forbidden: MSG.users.forbiddenUnlock, adminStatus: 404 },
  { method: 'POST', path: '/api/users/:id/reinvito', url: () => `/api/users/${ZERO}/reinvito`, body: () => ({}), forbidden: MSG.users.forbiddenReinvite, adminStatus: 404 },
  { method: 'GET', path: '/api/user-audit', url: () => '/api/user-audit', forbidden: MSG.users.forbiddenAudit, adminStatus: 200 },
  // The categories a user follows (docs/players.md).
  { method: 'PUT', path: '/api/users/:id/gruppi', url: () => `/api/users/${reader.id}/gruppi`, body: () => ({ gruppi: [] }), forbidden: GIOCATORI_MSG.forbiddenTies, adminStatus: 200 },
];

describe('role matrix', () => {
  for (const r of ROUTES) {
    const name = `${r.method} ${r.path}`;
    it(`${name}: anonymous 401, reader 403, editor 403, admin allowed`, async () => {
      const call = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: r.method, url: r.url(), headers, ...(r.body ? { payload: r.body() as object } : {}) });
      const anon = await call();
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ error: MSG.http.notAuthenticated });
      for (const u of [reader, editor]) {
        const res = await call(bearer(u));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: r.forbidden });
      }
      const ok = await call(bearer(admin));
      expect(ok.statusCode).toBe(r.adminStatus);
    });
  }

  it('covers every route of the users feature (a new route without a row fails)', async () => {
    const registered = new Set<string>();
    const probe = Fastify();
    probe.decorate('deps', t.app.deps);
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD') registered.add(`${m} ${r.url}`);
    });
    await probe.register(usersRoutes, { prefix: '/api' });
    await probe.ready();
    await probe.close();
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    expect([...registered].sort()).toEqual([...covered].sort());
  });
});

describe('changes take effect at once', () => {
  it("a deleted user's token stops working immediately", async () => {
    const victim = await createUser(t.db.pool, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(victim) })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers: bearer(admin) });
    expect(del.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(victim) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: MSG.http.sessionExpired });
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1', [victim.id]);
    expect(rows[0].n).toBe(0);
  });

  it('a demoted admin loses the admin routes with the same token', async () => {
    const other = await createUser(t.db.pool, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/user-audit', headers: bearer(other) })).statusCode).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: `/api/users/${other.id}/role`, headers: bearer(admin), payload: { role: 'editor' } });
    expect(put.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user-audit', headers: bearer(other) });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ error: MSG.users.forbiddenAudit });
    // ... and the promoted reader gains them at once too.
    const promoted = await createUser(t.db.pool, 'reader');
    await t.app.inject({ method: 'PUT', url: `/api/users/${promoted.id}/role`, headers: bearer(admin), payload: { role: 'admin' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(promoted) })).statusCode).toBe(200);
  });
});
