import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { LOGS_MSG } from '../../../common/logs/messages';
import { type ActivityLogEntry, type ErrorLogEntry, type ErrorStat, type LogPage } from '../../../common/logs/rules';
import { MSG } from '../../../common/core/messages';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let ipSeq = 1;
/** Each test reports from its own address, so the per-IP limit is only met where a test wants it. */
const freshIp = () => `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin', 'capo-log@example.it');
  editor = await createUser(t.db.pool, 'editor', 'Editor.Log@example.it');
});
afterAll(() => t.close());

const report = (payload: unknown, opts: { ip?: string; user?: TestUser } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/error-logs',
    payload: payload as object,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.user ? bearer(opts.user) : {},
  });
const get = (url: string, u: TestUser = admin) => t.app.inject({ method: 'GET', url, headers: bearer(u) });
const put = (url: string, payload: object, u: TestUser = admin) => t.app.inject({ method: 'PUT', url, headers: bearer(u), payload });
const rowsByMessage = async (message: string) =>
  (await t.db.pool.query('SELECT * FROM public.error_logs WHERE error_message = $1 ORDER BY created_at', [message])).rows;
const activities = async (like: string) =>
  (await t.db.pool.query('SELECT * FROM public.activity_logs WHERE activity_message LIKE $1 ORDER BY id', [like])).rows;

describe('POST /api/error-logs (intake)', () => {
  it('accepts an anonymous report: 201 { success: true }, severity by the rule, no user', async () => {
    const res = await report({ message: 'TypeError: Failed to fetch', type: 'api', context: { url: '/api/partite/7', method: 'get', status: 0 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    const [row] = await rowsByMessage('TypeError: Failed to fetch');
    expect(row).toMatchObject({ error_type: 'api', severity: 'high', user_email: null, user_role: null, occurrence_count: 1, resolved: false });
    expect(row.endpoint).toBe('/api/partite/7');
    expect(row.method).toBe('GET');
    expect(row.error_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a signed-in report carries the user; a bad token does not fail the report', async () => {
    expect((await report({ message: 'utente presente', type: 'frontend', severity: 'medium' }, { user: editor })).statusCode).toBe(201);
    const [row] = await rowsByMessage('utente presente');
    expect(row).toMatchObject({ user_email: editor.email, user_role: 'editor', user_id: editor.id, severity: 'medium' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/error-logs',
      payload: { message: 'token scaduto', type: 'frontend' },
      headers: { authorization: 'Bearer not.a.token' },
      remoteAddress: freshIp(),
    });
    expect(bad.statusCode).toBe(201);
    expect((await rowsByMessage('token scaduto'))[0].user_email).toBeNull();
  });

  it('validates: strict body, Italian messages, types and severities', async () => {
    const cases: [unknown, string][] = [
      [{}, LOGS_MSG.server.messageRequired],
      [{ message: 'x', type: 'frontend', extra: 1 }, 'Campo non previsto: extra'],
      [{ message: 'x', type: 'database' }, LOGS_MSG.server.typeInvalid],
      [{ message: 'x', type: 'frontend', severity: 'critical' }, LOGS_MSG.server.severityInvalid],
      [{ message: 'x'.repeat(1001), type: 'frontend' }, LOGS_MSG.server.messageTooLong],
      [{ message: 'x', type: 'frontend', context: 'testo' }, LOGS_MSG.server.contextInvalid],
      [{ message: 'x', type: 'frontend', context: { a: 'x'.repeat(5000) } }, LOGS_MSG.server.contextTooLarge],
    ];
    for (const [payload, message] of cases) {
      const res = await report(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/api/error-logs', payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(notJson.statusCode).toBe(415);
    expect((await t.db.pool.query("SELECT count(*)::int AS n FROM public.error_logs WHERE error_message = 'x'")).rows[0].n).toBe(0);
  });

  it('caps: the stack kept to 20 lines, bodies over 16 KiB refused (413)', async () => {
    const stack = ['Error: pila lunga', ...Array.from({ length: 60 }, (_, i) => `    at f${i} (app.js:${i}:1)`)].join('\n');
    expect((await report({ message: 'pila lunga', type: 'frontend', stack })).statusCode).toBe(201);
    const [row] = await rowsByMessage('pila lunga');
    expect(row.error_stack.split('\n')).toHaveLength(20);
    const big = await report({ message: 'grande', type: 'frontend', stack: 'y'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: MSG.http.payloadTooLarge });
  });

  it('secrets in the context are dropped', async () => {
    const res = await report({
      message: 'contesto con segreti',
      type: 'api',
      context: { password: 'Hunter2!x', nested: { access_token: 'abc', Authorization: 'Bearer zzz', ok: 1 }, note: 'Bearer eyJhbGciOi.abc.def' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsByMessage('contesto con segreti');
    expect(row.context).toEqual({ nested: { ok: 1 }, note: 'Bearer [redatto]' });
  });

  it('dedupe under concurrency: N parallel reports of one error make one row with occurrence_count N', async () => {
    const N = 40;
    const stack = 'Error: doppio\n    at boom (app.js:1:1)\n    at run (app.js:2:2)';
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => report({ message: 'errore ripetuto', type: 'frontend', stack: i % 2 ? stack : `${stack}\n    at extra (x.js:9:9)` })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await rowsByMessage('errore ripetuto');
    expect(rows).toHaveLength(1);
    expect(rows[0].occurrence_count).toBe(N);
    // A burst may be one group-commit batch (intake.ts): a later report moves last_occurred_at on.
    await new Promise((r) => setTimeout(r, 20));
    expect((await report({ message: 'errore ripetuto', type: 'frontend', stack })).statusCode).toBe(201);
    const [later] = await rowsByMessage('errore ripetuto');
    expect(later.occurrence_count).toBe(N + 1);
    expect(new Date(later.last_occurred_at).getTime()).toBeGreaterThan(new Date(later.first_occurred_at).getTime());
    // Another first frame is another error.
    await report({ message: 'errore ripetuto', type: 'frontend', stack: 'Error\n    at other (b.js:1:1)' });
    expect(await rowsByMessage('errore ripetuto')).toHaveLength(2);
  });

  it('a resolved error that happens again opens a new row', async () => {
    await report({ message: 'ritorna', type: 'frontend' });
    const [first] = await rowsByMessage('ritorna');
    expect((await put(`/api/error-logs/${first.id}/resolve`, {})).statusCode).toBe(200);
    await report({ message: 'ritorna', type: 'frontend' });
    await report({ message: 'ritorna', type: 'frontend' });
    const rows = await rowsByMessage('ritorna');
    expect(rows.map((r) => [r.resolved, r.occurrence_count])).toEqual([
      [true, 1],
      [false, 2],
    ]);
  });

  it('rate limited per IP: 60 a minute, then 429 with an Italian message', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await report({ message: `limite ${i % 3}`, type: 'frontend' }, { ip })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
    const limited = await report({ message: 'limite 0', type: 'frontend' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: LOGS_MSG.server.tooManyReports });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await report({ message: 'limite 0', type: 'frontend' })).statusCode).toBe(201);
  });
});

describe('POST /api/error-logs: the ceiling of anonymous reports', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { ANON_ERROR_REPORTS_PER_MINUTE: '5' } });
  });
  afterAll(() => small.close());
  const send = (n: number, user?: TestUser) =>
    small.app.inject({ method: 'POST', url: '/api/error-logs', payload: { message: `anonimo ${n}`, type: 'frontend' }, remoteAddress: `10.8.0.${n + 1}`, headers: user ? bearer(user) : {} });

  it('takes ANON_ERROR_REPORTS_PER_MINUTE signed-out reports a minute from all addresses together, then 429 in Italian; signed-in ones still pass', async () => {
    const statuses: number[] = [];
    // Each from its own address: the per-address limit never applies.
    for (let i = 0; i < 5; i++) statuses.push((await send(i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await send(5);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: LOGS_MSG.server.tooManyReports });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Nothing of the refused report was stored.
    expect((await small.db.pool.query(`SELECT 1 FROM public.error_logs WHERE error_message = 'anonimo 5'`)).rowCount).toBe(0);
    // The ceiling comes before the body's schema, as it came before the parse: a malformed report past it is a 429 too.
    const malformed = await small.app.inject({ method: 'POST', url: '/api/error-logs', payload: { type: 'frontend' }, remoteAddress: '10.8.0.99' });
    expect(malformed.statusCode).toBe(429);
    const member = await createUser(small.db.pool, 'reader', 'lettore-limite@example.it');
    expect((await send(6, member)).statusCode).toBe(201);
  });
});

describe('admin API', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    await t.db.pool.query('DELETE FROM public.error_logs');
    // A fixed set: type, severity, resolved, email, message, last occurrence.
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.error_logs (error_type, severity, error_message, error_hash, user_email, user_role, resolved, resolved_at,
                                      first_occurred_at, last_occurred_at, occurrence_count)
       SELECT v.type, v.sev, v.msg, encode(sha256(v.msg::bytea), 'hex'), v.email, v.role, v.resolved, CASE WHEN v.resolved THEN now() END,
              v.at::timestamptz, v.at::timestamptz, v.n
         FROM (VALUES
           ('frontend', 'low', 'Cannot read properties of undefined', 'Mario.Rossi@example.it', 'editor', false, '2026-03-01T10:00:00Z', 1),
           ('api', 'high', 'Failed to fetch partite', NULL, NULL, false, '2026-03-02T10:00:00Z', 5),
           ('backend', 'critical', 'Disk full 100%_', NULL, NULL, true, '2026-03-03T10:00:00Z', 1),
           ('database', 'medium', 'relation does not exist', 'anna@example.it', 'admin', false, '2026-03-04T10:00:00Z', 2),
           ('frontend', 'low', 'Script error', 'mario.rossi@example.it', 'reader', true, '2026-03-05T10:00:00Z', 1),
           ('frontend', 'high', 'Network error', NULL, NULL, false, '2026-03-06T10:00:00Z', 1)
         ) AS v(type, sev, msg, email, role, resolved, at, n)
       RETURNING id, error_message`,
    );
    ids = Object.fromEntries(rows.map((r) => [r.error_message, r.id]));
  });

  const list = async (query = '') => {
    const res = await get(`/api/error-logs${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as LogPage<ErrorLogEntry>;
  };
  const messages = (page: LogPage<ErrorLogEntry>) => page.data.map((r) => r.error_message);

  it('lists newest occurrence first with data, count, page, totalPages and every field of an error record', async () => {
    const page = await list();
    expect(page).toMatchObject({ count: 6, page: 1, totalPages: 1 });
    expect(messages(page)[0]).toBe('Network error');
    expect(messages(page)[5]).toBe('Cannot read properties of undefined');
    expect(Object.keys(page.data[0])).toEqual(
      expect.arrayContaining([
        'id', 'error_type', 'severity', 'error_message', 'error_stack', 'endpoint', 'method', 'status_code', 'occurrence_count',
        'first_occurred_at', 'last_occurred_at', 'created_at', 'error_hash', 'context', 'user_email', 'user_role', 'resolved',
        'resolved_at', 'notes',
      ]),
    );
    expect(typeof page.data[0].occurrence_count).toBe('number');
  });

  it('each filter', async () => {
    expect(messages(await list('?error_type=frontend'))).toEqual(['Network error', 'Script error', 'Cannot read properties of undefined']);
    expect(messages(await list('?severity=high'))).toEqual(['Network error', 'Failed to fetch partite']);
    expect((await list('?resolved=true')).count).toBe(2);
    expect((await list('?resolved=false')).count).toBe(4);
    expect(messages(await list('?user_email=MARIO.rossi'))).toEqual(['Script error', 'Cannot read properties of undefined']);
    expect(messages(await list('?error_message=FETCH'))).toEqual(['Failed to fetch partite']);
    // LIKE wildcards typed by the admin are plain characters.
    expect(messages(await list(`?error_message=${encodeURIComponent('100%_')}`))).toEqual(['Disk full 100%_']);
    expect((await list(`?error_message=${encodeURIComponent('%')}`)).count).toBe(1);
    expect(messages(await list('?start_date=2026-03-02T10:00:00Z&end_date=2026-03-04T10:00:00Z'))).toEqual([
      'relation does not exist',
      'Disk full 100%_',
      'Failed to fetch partite',
    ]);
    // A date alone: whole days in APP_TIMEZONE; a local date-time: the club's clock (11:00 in Rome = 10:00Z).
    expect((await list('?start_date=2026-03-05&end_date=2026-03-05')).count).toBe(1);
    expect(messages(await list('?start_date=2026-03-06T11:00'))).toEqual(['Network error']);
    expect(messages(await list('?error_type=frontend&resolved=false&start_date=2026-03-01'))).toEqual(['Network error', 'Cannot read properties of undefined']);
  });

  it('paging', async () => {
    const p1 = await list('?limit=10&page=1');
    expect(p1.totalPages).toBe(1);
    await t.db.pool.query(
      `INSERT INTO public.error_logs (error_type, severity, error_message, error_hash, first_occurred_at, last_occurred_at)
       SELECT 'performance', 'low', 'lento ' || i, encode(sha256(('lento ' || i)::bytea), 'hex'), '2025-01-01'::timestamptz + i * interval '1 minute',
              '2025-01-01'::timestamptz + i * interval '1 minute'
         FROM generate_series(1, 24) i`,
    );
    const p2 = await list('?limit=10&page=3');
    expect(p2).toMatchObject({ count: 30, page: 3, totalPages: 3 });
    expect(messages(p2)).toEqual(['lento 10', 'lento 9', 'lento 8', 'lento 7', 'lento 6', 'lento 5', 'lento 4', 'lento 3', 'lento 2', 'lento 1']);
    expect((await list('?limit=25&page=2')).data).toHaveLength(5);
    expect((await list('?page=9')).data).toEqual([]);
    const bad = await get('/api/error-logs?limit=30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: LOGS_MSG.server.limitInvalid });
    expect((await get('/api/error-logs?colore=rosso')).json()).toEqual({ error: 'Campo non previsto: colore' });
    await t.db.pool.query("DELETE FROM public.error_logs WHERE error_type = 'performance'");
  });

  it('stats: groups by type and severity, largest first, numbers', async () => {
    await t.db.pool.query(
      `INSERT INTO public.error_logs (error_type, severity, error_message, error_hash, resolved, resolved_at)
       VALUES ('frontend', 'low', 'altro', encode(sha256('altro'::bytea), 'hex'), false, NULL)`,
    );
    const res = await get('/api/error-stats');
    expect(res.statusCode).toBe(200);
    const data = res.json() as ErrorStat[];
    expect(data[0]).toEqual({ error_type: 'frontend', severity: 'low', total_errors: 3, unresolved_errors: 2 });
    expect(data).toContainEqual({ error_type: 'backend', severity: 'critical', total_errors: 1, unresolved_errors: 0 });
    expect(data).toHaveLength(5);
    await t.db.pool.query("DELETE FROM public.error_logs WHERE error_message = 'altro'");
  });

  it('single resolve: the row and the message; one way (409); unknown id 404; an activity record', async () => {
    const id = ids['Failed to fetch partite'];
    const res = await put(`/api/error-logs/${id}/resolve`, { notes: 'Rete del campo sistemata' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: ErrorLogEntry; message: string };
    expect(body.message).toBe('Errore risolto con successo');
    expect(body.data).toMatchObject({ id, resolved: true, notes: 'Rete del campo sistemata' });
    expect(body.data.resolved_at).toBeTruthy();
    const again = await put(`/api/error-logs/${id}/resolve`, { notes: 'altre note' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: LOGS_MSG.server.alreadyResolved });
    expect((await t.db.pool.query('SELECT notes FROM public.error_logs WHERE id = $1', [id])).rows[0].notes).toBe('Rete del campo sistemata');
    expect((await put('/api/error-logs/00000000-0000-4000-8000-000000000000/resolve', {})).statusCode).toBe(404);
    expect((await put('/api/error-logs/non-un-id/resolve', {})).json()).toEqual({ error: LOGS_MSG.server.errorNotFound });
    expect((await put(`/api/error-logs/${id}/resolve`, { nota: 'x' })).statusCode).toBe(400);
    const [act] = await activities('Errore risolto: Failed to fetch partite');
    expect(act).toMatchObject({ activity_type: 'success', user_email: admin.email, user_role: 'admin', endpoint: 'PUT /api/error-logs/:id/resolve' });
    expect(act.context).toMatchObject({ error_id: id, notes: 'Rete del campo sistemata' });
  });

  it('bulk resolve: only the open ones, already resolved ignored; none open -> the message that all are already resolved', async () => {
    const bad = await put('/api/error-logs/resolve-multiple', { errorIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Array di ID errori richiesto' });
    expect((await put('/api/error-logs/resolve-multiple', {})).json()).toEqual({ error: 'Array di ID errori richiesto' });
    const selection = [ids['Cannot read properties of undefined'], ids['relation does not exist'], ids['Script error'], ids['Disk full 100%_']];
    const res = await put('/api/error-logs/resolve-multiple', { errorIds: selection, notes: 'pulizia' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resolved_count: 2, message: '2 errori risolti con successo' });
    const rows = (await t.db.pool.query('SELECT error_message, resolved, notes FROM public.error_logs WHERE id = ANY($1)', [selection])).rows;
    expect(rows.every((r) => r.resolved)).toBe(true);
    expect(rows.find((r) => r.error_message === 'Script error').notes).toBeNull();
    const [act] = await activities('2 errori risolti');
    expect(act.context).toMatchObject({ resolved_count: 2 });
    const none = await put('/api/error-logs/resolve-multiple', { errorIds: selection });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ resolved_count: 0, message: 'Tutti gli errori selezionati sono già risolti' });
  });

  it('admin only, with Italian messages', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/error-logs' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ error: MSG.http.notAuthenticated });
    const denied = await get('/api/activities', editor);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: LOGS_MSG.server.forbidden });
  });
});

describe('GET /api/activities', () => {
  beforeAll(async () => {
    await t.db.pool.query('DELETE FROM public.activity_logs');
    await t.db.pool.query(
      `INSERT INTO public.activity_logs (activity_type, activity_message, endpoint, user_email, user_role, ip_address, created_at)
       VALUES ('success', 'uno', 'POST /api/partite', 'Mario@example.it', 'editor', '10.0.0.1', '2026-04-01T10:00:00Z'),
              ('warning', 'due', 'POST /api/login', 'x@example.it', NULL, '10.0.0.2', '2026-04-02T10:00:00Z'),
              ('info', 'tre', NULL, NULL, NULL, NULL, '2026-04-03T10:00:00Z')`,
    );
  });
  const list = async (query = '') => {
    const res = await get(`/api/activities${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as LogPage<ActivityLogEntry>;
  };
  const msgs = (p: LogPage<ActivityLogEntry>) => p.data.map((r) => r.activity_message);

  it('newest first, each filter, paging', async () => {
    const all = await list();
    expect(all).toMatchObject({ count: 3, page: 1, totalPages: 1 });
    expect(msgs(all)).toEqual(['tre', 'due', 'uno']);
    expect(all.data[1]).toMatchObject({ ip_address: '10.0.0.2', endpoint: 'POST /api/login', activity_type: 'warning' });
    expect(typeof all.data[0].id).toBe('string');
    expect(msgs(await list('?activity_type=warning'))).toEqual(['due']);
    expect(msgs(await list('?user_email=mario'))).toEqual(['uno']);
    expect(msgs(await list('?endpoint=%2Fapi%2Fpartite'))).toEqual(['uno']);
    expect(msgs(await list('?start_date=2026-04-02T00:00:00Z&end_date=2026-04-02T23:59:59Z'))).toEqual(['due']);
    const p2 = await list('?limit=10&page=2');
    expect(p2).toMatchObject({ data: [], count: 3, page: 2, totalPages: 1 });
    expect((await get('/api/activities?activity_type=errore')).json()).toEqual({ error: LOGS_MSG.server.activityTypeInvalid });
  });
});
