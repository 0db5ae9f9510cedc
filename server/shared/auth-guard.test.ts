import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser } from '../../test/users';
import { requireRole } from './auth-guard';

async function addProbe(app: FastifyInstance) {
  app.get('/api/probe-editor', { preHandler: requireRole('editor') }, async (req) => ({ role: req.user!.role }));
}

describe('requireRole', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: {} });
  });
  afterAll(() => t.close());

  it('401 without a token, 403 below the role, 200 at or above it; the stored role wins over the claim', async () => {
    // The probe route is registered on a second app sharing the same database.
    const { buildApp } = await import('../app');
    const app = await buildApp({ ...t.app.deps });
    await addProbe(app);
    await app.ready();
    const reader = await createUser(t.db.pool, 'reader');
    const editor = await createUser(t.db.pool, 'editor');
    expect((await app.inject({ url: '/api/probe-editor' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/probe-editor' })).json()).toEqual({ error: 'Utente non autenticato' });
    expect((await app.inject({ url: '/api/probe-editor', headers: bearer(reader) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/probe-editor', headers: bearer(editor) })).json()).toEqual({ role: 'editor' });
    await t.db.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"reader"}' WHERE id = $1`, [editor.id]);
    expect((await app.inject({ url: '/api/probe-editor', headers: bearer(editor) })).statusCode).toBe(403);
    await t.db.pool.query('DELETE FROM auth.sessions WHERE id = $1', [reader.sessionId]);
    expect((await app.inject({ url: '/api/probe-editor', headers: bearer(reader) })).statusCode).toBe(401);
    await app.close();
  });

  it('suggests a refresh when the stored role no longer matches the token, and not otherwise', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp({ ...t.app.deps });
    await addProbe(app);
    await app.ready();
    const user = await createUser(t.db.pool, 'editor');
    const fresh = await app.inject({ url: '/api/probe-editor', headers: bearer(user) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-refresh-token-suggested']).toBeUndefined();
    // Promoted to admin after the token was issued: still allowed, and told to refresh.
    await t.db.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' WHERE id = $1`, [user.id]);
    const promoted = await app.inject({ url: '/api/probe-editor', headers: bearer(user) });
    expect(promoted.json()).toEqual({ role: 'admin' });
    expect(promoted.headers['x-refresh-token-suggested']).toBe('true');
    // Demoted below the route's role: refused, and told to refresh as well.
    await t.db.pool.query(`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"reader"}' WHERE id = $1`, [user.id]);
    const demoted = await app.inject({ url: '/api/probe-editor', headers: bearer(user) });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.headers['x-refresh-token-suggested']).toBe('true');
    await app.close();
  });
});
