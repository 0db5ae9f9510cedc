import pino from 'pino';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { MSG } from '../../../common/core/messages';
import type { User, UserAuditRecord } from '../../../common/users/rules';
import { createMailer } from '../../mail/mailer';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin', 'segreteria@example.it');
});
afterAll(() => t.close());

const get = (url: string, u: TestUser = admin) => t.app.inject({ method: 'GET', url, headers: bearer(u) });
const auditCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM public.user_audit')).rows[0].n as number;

describe('GET /api/user-audit', () => {
  let other: TestUser;
  let r1: TestUser;
  let r2: TestUser;

  beforeAll(async () => {
    other = await createUser(t.db.pool, 'admin', 'presidente@example.it');
    r1 = await createUser(t.db.pool, 'reader', 'uno@example.it');
    r2 = await createUser(t.db.pool, 'reader', 'due@example.it');
    const put = (by: TestUser, u: TestUser, role: string) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${u.id}/role`, headers: bearer(by), payload: { role } });
    expect((await put(admin, r1, 'editor')).statusCode).toBe(200);
    expect((await put(other, r1, 'reader')).statusCode).toBe(200);
    expect((await put(other, r2, 'editor')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${r2.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    // One record of an older day, written by the system (no performer).
    await t.db.pool.query(
      `INSERT INTO public.user_audit (created_at, action_type, target_user_id, target_user_email, target_user_role_after, changes)
       VALUES ('2024-03-10 12:00:00+01', 'CREATE', $1, $2, 'admin', '{"source":"sync"}')`,
      [other.id, other.email],
    );
  });

  it('answers { data, count, totalPages, page }, newest first, with the fields of docs/users.md (user audit)', async () => {
    const res = await get('/api/user-audit');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: UserAuditRecord[]; count: number; totalPages: number; page: number };
    expect(body).toMatchObject({ count: 5, totalPages: 1, page: 1 });
    expect(body.data.map((r) => r.action_type)).toEqual(['DELETE', 'ROLE_CHANGE', 'ROLE_CHANGE', 'ROLE_CHANGE', 'CREATE']);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'id',
        'created_at',
        'ip_address',
        'action_type',
        'target_user_id',
        'target_user_email',
        'target_user_role_before',
        'target_user_role_after',
        'performed_by_user_id',
        'performed_by_email',
        'performed_by_role',
        'changes',
      ].sort(),
    );
    expect(body.data[0]).toMatchObject({
      target_user_id: r2.id,
      target_user_email: 'due@example.it',
      target_user_role_before: 'editor',
      performed_by_email: admin.email,
      ip_address: '127.0.0.1',
    });
    expect(body.data[4]).toMatchObject({ performed_by_user_id: null, performed_by_email: null, changes: { source: 'sync' } });
  });

  it.each([
    ['action_type=ROLE_CHANGE', 3],
    ['action_type=DELETE', 1],
    ['action_type=UPDATE', 0],
  ])('filters by %s', async (query, count) => {
    const body = (await get(`/api/user-audit?${query}`)).json();
    expect(body.count).toBe(count);
    expect(body.data).toHaveLength(count);
  });

  it('filters by target and by performer, combined with AND', async () => {
    const byTarget = (await get(`/api/user-audit?target_user_id=${r1.id}`)).json();
    expect(byTarget.count).toBe(2);
    expect(byTarget.data.every((r: UserAuditRecord) => r.target_user_id === r1.id)).toBe(true);
    const byPerformer = (await get(`/api/user-audit?performed_by_user_id=${other.id}`)).json();
    expect(byPerformer.data.map((r: UserAuditRecord) => r.target_user_email)).toEqual(['due@example.it', 'uno@example.it']);
    const both = (await get(`/api/user-audit?performed_by_user_id=${other.id}&target_user_id=${r1.id}&action_type=ROLE_CHANGE`)).json();
    expect(both.count).toBe(1);
    expect(both.data[0]).toMatchObject({ target_user_role_before: 'editor', target_user_role_after: 'reader' });
  });

  it('filters by dates: whole days in the club timezone, end day included', async () => {
    const day = (await get('/api/user-audit?start_date=2024-03-10&end_date=2024-03-10')).json();
    expect(day.count).toBe(1);
    expect(day.data[0].action_type).toBe('CREATE');
    expect((await get('/api/user-audit?end_date=2024-03-09')).json().count).toBe(0);
    expect((await get('/api/user-audit?start_date=2024-03-11')).json().count).toBe(4);
    expect((await get('/api/user-audit?start_date=2024-03-10T11:30:00Z&end_date=2024-03-10T11:00:00.000%2B00:00')).statusCode).toBe(200);
    expect((await get('/api/user-audit?start_date=2024-03-10T10:59:00Z&end_date=2024-03-10T11:01:00Z')).json().count).toBe(1);
  });

  it('pages with page and limit (default 50, max 100)', async () => {
    const p1 = (await get('/api/user-audit?limit=2')).json();
    expect(p1).toMatchObject({ count: 5, totalPages: 3, page: 1 });
    expect(p1.data).toHaveLength(2);
    const p3 = (await get('/api/user-audit?limit=2&page=3')).json();
    expect(p3).toMatchObject({ count: 5, totalPages: 3, page: 3 });
    expect(p3.data).toHaveLength(1);
    expect(p3.data[0].action_type).toBe('CREATE');
    const all = (await get('/api/user-audit?limit=100')).json();
    const ids = [...p1.data, ...(await get('/api/user-audit?limit=2&page=2')).json().data, ...p3.data].map((r: UserAuditRecord) => r.id);
    expect(ids).toEqual(all.data.map((r: UserAuditRecord) => r.id));
    expect((await get('/api/user-audit?page=9')).json()).toMatchObject({ data: [], count: 5, page: 9 });
  });

  it('has 50 rows per page by default', async () => {
    await t.db.pool.query(
      "INSERT INTO public.user_audit (action_type, target_user_email) SELECT 'UPDATE', 'massa' || g || '@example.it' FROM generate_series(1, 60) g",
    );
    const body = (await get('/api/user-audit?action_type=UPDATE')).json();
    expect(body).toMatchObject({ count: 60, totalPages: 2, page: 1 });
    expect(body.data).toHaveLength(50);
    expect((await get('/api/user-audit?action_type=UPDATE&page=2')).json().data).toHaveLength(10);
  });

  it.each([
    ['limit=101', MSG.users.limitInvalid],
    ['limit=0', MSG.users.limitInvalid],
    ['limit=abc', MSG.users.limitInvalid],
    ['page=0', MSG.users.pageInvalid],
    ['page=-1', MSG.users.pageInvalid],
    ['action_type=DROP', MSG.users.actionInvalid],
    ["action_type=CREATE'%20OR%201=1--", MSG.users.actionInvalid],
    ['target_user_id=123', MSG.users.idInvalid],
    ["performed_by_user_id=x'%3BDROP%20TABLE%20public.user_audit--", MSG.users.idInvalid],
    ['start_date=10/03/2024', MSG.users.dateInvalid],
    ['end_date=2024-02-31x', MSG.users.dateInvalid],
    ['start_date=2024-03-11&end_date=2024-03-10', MSG.users.dateOrder],
    ['sort=created_at', MSG.http.unknownField('sort')],
  ])('refuses %s with 400', async (query, message) => {
    const res = await get(`/api/user-audit?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await auditCount()).toBeGreaterThan(0);
  });

  it('offers no way to change or delete records', async () => {
    const { id } = (await get('/api/user-audit?limit=1')).json().data[0];
    const before = await auditCount();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/user-audit', `/api/user-audit/${id}`]) {
        const res = await t.app.inject({ method, url, headers: bearer(admin), payload: { action_type: 'UPDATE' } });
        expect(res.statusCode).toBe(404);
      }
    }
    expect(await auditCount()).toBe(before);
    // Not even SQL can rewrite the trail.
    await expect(t.db.pool.query('DELETE FROM public.user_audit')).rejects.toThrow(/append-only/);
    await expect(t.db.pool.query("UPDATE public.user_audit SET performed_by_email = 'x'")).rejects.toThrow(/append-only/);
  });
});

describe('POST /api/users/sync', () => {
  it('adds missing accounts (role from app_metadata, else reader), refreshes emails, roles and sign-ins, and audits each change', async () => {
    // An account created behind the list's back (as an import into auth.users would).
    const created = await t.db.pool.query(
      `INSERT INTO auth.users (email, raw_app_meta_data, last_sign_in_at) VALUES ('importato@example.it', '{"role":"editor"}', now()) RETURNING id`,
    );
    const imported = created.rows[0].id as string;
    const plain = (await t.db.pool.query("INSERT INTO auth.users (email) VALUES ('senzaruolo@example.it') RETURNING id")).rows[0].id as string;
    // An account whose email and role changed in auth.users only.
    const drifted = await createUser(t.db.pool, 'reader', 'vecchia@example.it');
    await t.db.pool.query(
      `UPDATE auth.users SET email = 'nuova@example.it', raw_app_meta_data = raw_app_meta_data || '{"role":"editor"}', last_sign_in_at = now() WHERE id = $1`,
      [drifted.id],
    );
    // An account whose only news is a sign-in: refreshed, not audited.
    const signedIn = await createUser(t.db.pool, 'reader');
    await t.db.pool.query("UPDATE auth.users SET last_sign_in_at = '2025-01-02T03:04:05Z' WHERE id = $1", [signedIn.id]);

    const before = await auditCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/users/sync', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ added: 2, updated: 1, removed: 0, message: MSG.users.synced(2, 1, 0) });

    const list = (await get('/api/users')).json() as { data: User[]; count: number };
    expect(body.count).toBe(list.count);
    const byId = new Map(list.data.map((u) => [u.id, u]));
    expect(byId.get(imported)).toMatchObject({ email: 'importato@example.it', role: 'editor' });
    expect(byId.get(imported)!.last_sign_in_at).not.toBeNull();
    expect(byId.get(plain)).toMatchObject({ email: 'senzaruolo@example.it', role: 'reader' });
    expect(byId.get(drifted.id)).toMatchObject({ email: 'nuova@example.it', role: 'editor' });
    expect(Date.parse(byId.get(signedIn.id)!.last_sign_in_at!)).toBe(Date.parse('2025-01-02T03:04:05Z'));

    expect(await auditCount()).toBe(before + 3);
    const audit = (await get('/api/user-audit?limit=3')).json().data as UserAuditRecord[];
    const update = audit.find((r) => r.action_type === 'UPDATE')!;
    expect(update).toMatchObject({
      target_user_id: drifted.id,
      target_user_email: 'nuova@example.it',
      target_user_role_before: 'reader',
      target_user_role_after: 'editor',
      performed_by_user_id: admin.id,
      changes: { source: 'sync', email: { from: 'vecchia@example.it', to: 'nuova@example.it' }, role: { from: 'reader', to: 'editor' } },
    });
    expect(audit.filter((r) => r.action_type === 'CREATE').map((r) => r.target_user_id).sort()).toEqual([imported, plain].sort());

    // A second sync finds nothing to do and records nothing.
    const again = await t.app.inject({ method: 'POST', url: '/api/users/sync', headers: bearer(admin) });
    expect(again.json()).toMatchObject({ added: 0, updated: 0, removed: 0 });
    expect(await auditCount()).toBe(before + 3);
  });

  it('removes rows of vanished accounts and audits the removal', async () => {
    const gone = await createUser(t.db.pool, 'editor', 'sparito@example.it');
    // Rows left behind by an import without the foreign key: emulate by deleting the account with the FK check deferred off.
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL session_replication_role = 'replica'");
      await client.query('DELETE FROM auth.users WHERE id = $1', [gone.id]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await t.db.pool.query('SELECT 1 FROM public.users WHERE user_id = $1', [gone.id])).rows).toHaveLength(1);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/sync', headers: bearer(admin) });
    expect(res.json()).toMatchObject({ added: 0, updated: 0, removed: 1 });
    expect((await t.db.pool.query('SELECT 1 FROM public.users WHERE user_id = $1', [gone.id])).rows).toHaveLength(0);
    const audit = (await get(`/api/user-audit?target_user_id=${gone.id}`)).json().data;
    expect(audit).toEqual([expect.objectContaining({ action_type: 'DELETE', target_user_email: 'sparito@example.it', target_user_role_before: 'editor' })]);
  });

  it('refuses a body with fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/sync', headers: bearer(admin), payload: { all: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.http.unknownField('all') });
  });
});

describe('invitation when the mail cannot be sent', () => {
  it('answers 503 with a clear message and leaves no account, token or audit record behind', async () => {
    const logger = pino({ level: 'silent' });
    const t2 = await createTestApp({
      deps: { mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x@localhost', dataDir: '/tmp', logger }) },
    });
    try {
      const a = await createUser(t2.db.pool, 'admin');
      const res = await t2.app.inject({ method: 'POST', url: '/api/users', headers: bearer(a), payload: { email: 'irraggiungibile@example.it' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: MSG.users.inviteMailFailed });
      const q = async (sql: string) => (await t2.db.pool.query(sql)).rows[0].n;
      expect(await q("SELECT count(*)::int AS n FROM auth.users WHERE email = 'irraggiungibile@example.it'")).toBe(0);
      expect(await q('SELECT count(*)::int AS n FROM auth.one_time_tokens')).toBe(0);
      expect(await q('SELECT count(*)::int AS n FROM public.user_audit')).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
