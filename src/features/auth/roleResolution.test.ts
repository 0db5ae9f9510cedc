import { resolveRole, cachedRole, clearRoleCache } from './roleResolution';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;

describe('role resolution order (roles: docs/users.md)', () => {
  const user = { id: 'u1', role: 'authenticated', app_metadata: {}, user_metadata: {} };

  it('reads the app_role claim first', () => {
    const s = { access_token: jwt({ app_role: 'editor', role: 'admin' }), user: { ...user, role: 'admin', app_metadata: { role: 'admin' } } };
    expect(resolveRole(s)).toBe('editor');
  });

  it('then the legacy role claim, the user role, app_metadata.role, user_metadata.role', () => {
    expect(resolveRole({ access_token: jwt({ role: 'admin' }), user: { ...user, app_metadata: { role: 'reader' } } })).toBe('admin');
    expect(resolveRole({ access_token: jwt({ role: 'authenticated' }), user: { ...user, role: 'editor', app_metadata: { role: 'admin' } } })).toBe('editor');
    expect(resolveRole({ access_token: jwt({ role: 'authenticated' }), user: { ...user, app_metadata: { role: 'admin' }, user_metadata: { role: 'editor' } } })).toBe('admin');
    expect(resolveRole({ access_token: jwt({ role: 'authenticated' }), user: { ...user, user_metadata: { role: 'editor' } } })).toBe('editor');
  });

  it('defaults to reader when nothing valid is found or anything fails', () => {
    expect(resolveRole({ access_token: jwt({ role: 'authenticated' }), user })).toBe('reader');
    expect(resolveRole({ access_token: 'not-a-jwt', user: { ...user, app_metadata: { role: 'superuser' } } })).toBe('reader');
    expect(resolveRole(null)).toBe('reader');
    expect(resolveRole({ access_token: jwt({ role: 'authenticated' }), user: { id: 'x', get app_metadata(): Record<string, unknown> { throw new Error('boom'); } } })).toBe('reader');
  });

  it('caches the role of a session for 15 minutes, and reads a refreshed token again at once', () => {
    clearRoleCache();
    const t0 = 1_000_000;
    const token = jwt({ role: 'authenticated' });
    expect(cachedRole({ access_token: token, user: { ...user, app_metadata: { role: 'admin' } } }, t0)).toBe('admin');
    // Same token, user object now saying another role: the cached answer stands for 15 minutes.
    const other = { ...user, app_metadata: { role: 'reader' } };
    expect(cachedRole({ access_token: token, user: other }, t0 + 14 * 60_000)).toBe('admin');
    expect(cachedRole({ access_token: token, user: other }, t0 + 15 * 60_000)).toBe('reader');
    // A refreshed token after a role change carries the new role: no waiting for the cache.
    expect(cachedRole({ access_token: jwt({ app_role: 'editor' }), user }, t0 + 15 * 60_000 + 1)).toBe('editor');
    clearRoleCache();
  });
});
