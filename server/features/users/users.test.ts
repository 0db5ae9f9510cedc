import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { MSG } from '../../../common/core/messages';
import type { User, UserAuditRecord } from '../../../common/users/rules';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin', 'capo@example.it');
});
afterAll(() => t.close());

const auditCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM public.user_audit')).rows[0].n as number;
const lastAudit = async () =>
  (await t.db.pool.query('SELECT *, host(ip_address) AS ip FROM public.user_audit ORDER BY id DESC LIMIT 1')).rows[0];
const authRole = async (id: string) =>
  (await t.db.pool.query("SELECT raw_app_meta_data->>'role' AS role FROM auth.users WHERE id = $1", [id])).rows[0]?.role;
const listRole = async (id: string) => (await t.db.pool.query('SELECT role FROM public.users WHERE user_id = $1', [id])).rows[0]?.role;

const as = (u: TestUser) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(u) }),
  post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: bearer(u), ...(payload ? { payload } : {}) }),
  put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: bearer(u), payload }),
  del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(u) }),
});

describe('GET /api/user-audit date filters', () => {
  it('a date that does not exist (2024-02-30) is a 400 with an Italian message, not a database error', async () => {
    for (const q of ['start_date=2024-02-30', 'end_date=2023-02-29', 'start_date=2024-04-31T10:00:00Z']) {
      const res = await as(admin).get(`/api/user-audit?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.users.dateInvalid });
    }
    const leap = await as(admin).get('/api/user-audit?start_date=2024-02-29&end_date=2024-02-29');
    expect(leap.statusCode).toBe(200);
    expect(leap.json()).toMatchObject({ data: [], count: 0 });
  });
});

describe('GET /api/users', () => {
  it('lists the accounts with data, count and message', async () => {
    const reader = await createUser(t.db.pool, 'reader');
    const res = await as(admin).get('/api/users');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: User[]; count: number; message: string };
    expect(body.count).toBe(body.data.length);
    expect(body.message).toBe(MSG.users.listLoaded(body.count));
    const row = body.data.find((u) => u.id === reader.id)!;
    expect(row).toMatchObject({ id: reader.id, user_id: reader.id, email: reader.email, role: 'reader', last_sign_in_at: null });
    expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
    expect(Number.isNaN(Date.parse(row.last_updated))).toBe(false);
  });
});

describe('POST /api/users (invite)', () => {
  it('creates the account as reader by default, mails the invitation and writes one CREATE record', async () => {
    const before = await auditCount();
    const res = await as(admin).post('/api/users', { email: '  Nuova.Persona@Example.IT ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MSG.users.invited('nuova.persona@example.it'));
    expect(body.data).toMatchObject({ email: 'nuova.persona@example.it', role: 'reader' });
    const id = body.data.id as string;
    expect(await authRole(id)).toBe('reader');
    expect(await listRole(id)).toBe('reader');
    const { rows } = await t.db.pool.query('SELECT encrypted_password, invited_at FROM auth.users WHERE id = $1', [id]);
    expect(rows[0].encrypted_password).toBeNull();
    expect(rows[0].invited_at).not.toBeNull();

    const mail = await t.smtp.waitFor('nuova.persona@example.it');
    expect(mail.text).toMatch(/https?:\/\//);
    const tokens = await t.db.pool.query("SELECT count(*)::int AS n FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = 'invite'", [id]);
    expect(tokens.rows[0].n).toBe(1);

    expect(await auditCount()).toBe(before + 1);
    const a = await lastAudit();
    expect(a).toMatchObject({
      action_type: 'CREATE',
      target_user_id: id,
      target_user_email: 'nuova.persona@example.it',
      target_user_role_before: null,
      target_user_role_after: 'reader',
      performed_by_user_id: admin.id,
      performed_by_email: admin.email,
      performed_by_role: 'admin',
      ip: '127.0.0.1',
    });
    expect(a.changes).toMatchObject({ email: 'nuova.persona@example.it', role: 'reader' });
  });

  it('invites with the chosen role', async () => {
    const res = await as(admin).post('/api/users', { email: 'allenatore@example.it', role: 'editor' });
    expect(res.statusCode).toBe(201);
    expect(await authRole(res.json().data.id)).toBe('editor');
  });

  it('refuses an existing email (any case) with 409 and writes nothing', async () => {
    const existing = await createUser(t.db.pool, 'reader');
    const before = await auditCount();
    const mails = t.smtp.mails.length;
    const res = await as(admin).post('/api/users', { email: existing.email.toUpperCase(), role: 'editor' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MSG.users.exists });
    expect(await auditCount()).toBe(before);
    expect(await authRole(existing.id)).toBe('reader');
    await new Promise((r) => setTimeout(r, 200));
    expect(t.smtp.mails.length).toBe(mails);
  });

  it.each([
    [{}, MSG.users.emailRequired],
    [{ email: '' }, MSG.users.emailRequired],
    [{ email: '   ' }, MSG.users.emailRequired],
    [{ email: 'senza-chiocciola.it' }, MSG.users.emailInvalid],
    [{ email: 'a@b' }, MSG.users.emailInvalid],
    [{ email: 'a b@c.it' }, MSG.users.emailInvalid],
    [{ email: 42 }, MSG.users.emailRequired],
    [{ email: `${'a'.repeat(250)}@example.it` }, MSG.users.emailTooLong],
    [{ email: 'x@example.it', role: 'superuser' }, MSG.users.roleInvalid],
    [{ email: 'x@example.it', role: 'reader', isAdmin: true }, MSG.http.unknownField('isAdmin')],
  ])('bad input %j -> 400 %s, nothing created', async (payload, message) => {
    const before = await auditCount();
    const users = (await t.db.pool.query('SELECT count(*)::int AS n FROM auth.users')).rows[0].n;
    const res = await as(admin).post('/api/users', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await auditCount()).toBe(before);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM auth.users')).rows[0].n).toBe(users);
  });
});

describe('PUT /api/users/{id}/role', () => {
  it('changes the role in auth.users and public.users and writes one ROLE_CHANGE record', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const before = await auditCount();
    const res = await as(admin).put(`/api/users/${u.id}/role`, { role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.users.roleUpdated('editor'), data: { id: u.id, role: 'editor' } });
    expect(await authRole(u.id)).toBe('editor');
    expect(await listRole(u.id)).toBe('editor');
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      action_type: 'ROLE_CHANGE',
      target_user_id: u.id,
      target_user_email: u.email,
      target_user_role_before: 'reader',
      target_user_role_after: 'editor',
      performed_by_user_id: admin.id,
      performed_by_email: admin.email,
      performed_by_role: 'admin',
      changes: { role: { from: 'reader', to: 'editor' } },
      ip: '127.0.0.1',
    });
  });

  it('asking for the current role changes and records nothing', async () => {
    const u = await createUser(t.db.pool, 'editor');
    const before = await auditCount();
    const res = await as(admin).put(`/api/users/${u.id}/role`, { role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it.each([
    ['as stored', (id: string) => id],
    ['in upper case', (id: string) => id.toUpperCase()],
  ])("refuses one's own role (id %s) with 'Non puoi cambiare il tuo ruolo' and writes nothing", async (_, spell) => {
    const before = await auditCount();
    const res = await as(admin).put(`/api/users/${spell(admin.id)}/role`, { role: 'reader' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MSG.users.cannotChangeOwnRole });
    expect(await authRole(admin.id)).toBe('admin');
    expect(await auditCount()).toBe(before);
  });

  it.each([
    ['not-a-uuid', { role: 'editor' }, 400, MSG.users.idInvalid],
    // A bad id is named before a bad body.
    ['not-a-uuid', { role: 'owner' }, 400, MSG.users.idInvalid],
    ['00000000-0000-4000-8000-000000000000', { role: 'editor' }, 404, MSG.users.notFound],
    [null, { role: 'owner' }, 400, MSG.users.roleInvalid],
    [null, {}, 400, MSG.users.roleInvalid],
    [null, { role: 'editor', email: 'x@y.it' }, 400, MSG.http.unknownField('email')],
  ])('bad request (%s, %j) -> %i, nothing changed', async (id, payload, status, message) => {
    const u = await createUser(t.db.pool, 'reader');
    const before = await auditCount();
    const res = await as(admin).put(`/api/users/${id ?? u.id}/role`, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: message });
    expect(await authRole(u.id)).toBe('reader');
    expect(await auditCount()).toBe(before);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes the account and its sessions and writes one DELETE record', async () => {
    const u = await createUser(t.db.pool, 'editor');
    const before = await auditCount();
    const res = await as(admin).del(`/api/users/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.users.deleted(u.email) });
    expect(await authRole(u.id)).toBeUndefined();
    expect(await listRole(u.id)).toBeUndefined();
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1', [u.id])).rows[0].n).toBe(0);
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      action_type: 'DELETE',
      target_user_id: u.id,
      target_user_email: u.email,
      target_user_role_before: 'editor',
      target_user_role_after: null,
      performed_by_user_id: admin.id,
      performed_by_email: admin.email,
      performed_by_role: 'admin',
    });
    // The record survives the account it names.
    const audit = await as(admin).get(`/api/user-audit?target_user_id=${u.id}`);
    expect(audit.json().data.map((r: UserAuditRecord) => r.action_type)).toEqual(['DELETE']);
    // Deleting again: the account is gone.
    const again = await as(admin).del(`/api/users/${u.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MSG.users.notFound });
  });

  it.each([
    ['as stored', (id: string) => id],
    ['in upper case', (id: string) => id.toUpperCase()],
  ])("refuses one's own account (id %s) with 'Non puoi eliminare il tuo stesso account!'", async (_, spell) => {
    const before = await auditCount();
    const res = await as(admin).del(`/api/users/${spell(admin.id)}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MSG.users.cannotDeleteSelf });
    expect(await authRole(admin.id)).toBe('admin');
    expect(await auditCount()).toBe(before);
  });

  it('refuses a bad id with 400', async () => {
    const res = await as(admin).del('/api/users/1%27%20OR%201=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.users.idInvalid });
  });
});

describe('the last admin', () => {
  // With self-changes refused, an admin only ever acts on another admin while two exist; the last
  // admin is reached when two admins act on each other at the same moment.
  let t2: TestApp;
  beforeEach(async () => {
    t2 = await createTestApp();
  });
  afterEach(() => t2.close());
  const adminsLeft = async () =>
    (await t2.db.pool.query("SELECT count(*)::int AS n FROM auth.users WHERE raw_app_meta_data->>'role' = 'admin'")).rows[0].n;
  const audits = async () => (await t2.db.pool.query('SELECT count(*)::int AS n FROM public.user_audit')).rows[0].n;

  /**
   * Runs the requests so that they truly overlap: the test holds the users change lock until every
   * request has passed its guard and waits for the lock, then lets them go. With `inOrder`, each
   * request is sent only once the one before it waits for the lock, so they are granted it in that
   * order (PostgreSQL's lock queue is first come, first served).
   */
  async function atOnce<T>(requests: Array<() => Promise<T>>, { inOrder = false } = {}): Promise<T[]> {
    const holder = await t2.db.pool.connect();
    const waiting = async (n: number) => {
      for (let i = 0; i < 500; i++) {
        const { rows } = await t2.db.pool.query(`SELECT count(*)::int AS n FROM pg_locks
           WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
        if (rows[0].n >= n) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`${n} requests never waited for the lock`);
    };
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(7042006)');
      const pending: Array<Promise<T>> = [];
      for (const request of requests) {
        pending.push(request());
        if (inOrder) await waiting(pending.length);
      }
      await waiting(requests.length);
      await holder.query('COMMIT');
      return await Promise.all(pending);
    } finally {
      holder.release();
    }
  }

  it('cannot be demoted: two admins demoting each other at once leave exactly one admin', async () => {
    const a = await createUser(t2.db.pool, 'admin');
    const b = await createUser(t2.db.pool, 'admin');
    const put = (by: TestUser, target: TestUser) =>
      t2.app.inject({ method: 'PUT', url: `/api/users/${target.id}/role`, headers: bearer(by), payload: { role: 'reader' } });
    const results = await atOnce([() => put(a, b), () => put(b, a)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ error: MSG.users.lastAdminDemote });
    expect(await adminsLeft()).toBe(1);
    expect(await audits()).toBe(1);
  });

  it('cannot be deleted: two admins deleting each other at once leave exactly one admin', async () => {
    const a = await createUser(t2.db.pool, 'admin');
    const b = await createUser(t2.db.pool, 'admin');
    const del = (by: TestUser, target: TestUser) => t2.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers: bearer(by) });
    const results = await atOnce([() => del(a, b), () => del(b, a)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ error: MSG.users.lastAdminDelete });
    expect(await adminsLeft()).toBe(1);
    expect(await audits()).toBe(1);
  });

  it('an admin demoted while their request waited is refused (403), though their token says admin', async () => {
    const a = await createUser(t2.db.pool, 'admin');
    const b = await createUser(t2.db.pool, 'admin');
    await createUser(t2.db.pool, 'admin');
    const r = await createUser(t2.db.pool, 'reader');
    // a's demotion of b takes the lock first, b's promotion of r waits behind it.
    const results = await atOnce(
      [
        () => t2.app.inject({ method: 'PUT', url: `/api/users/${b.id}/role`, headers: bearer(a), payload: { role: 'editor' } }),
        () => t2.app.inject({ method: 'PUT', url: `/api/users/${r.id}/role`, headers: bearer(b), payload: { role: 'admin' } }),
      ],
      { inOrder: true },
    );
    expect(results.map((x) => x.statusCode)).toEqual([200, 403]);
    expect(results[1].json()).toEqual({ error: MSG.users.forbiddenRoleChange });
    const rRole = (await t2.db.pool.query("SELECT raw_app_meta_data->>'role' AS role FROM auth.users WHERE id = $1", [r.id])).rows[0].role;
    expect(rRole).toBe('reader');
    expect(await audits()).toBe(1);
  });
});
