import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, TEST_PASSWORD, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';

// The activity records the server writes (docs/logs.md), each in the transaction of its action:
// a refused or rolled-back action leaves none.

let t: TestApp;
let admin: TestUser;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin', 'capo-att@example.it');
  editor = await createUser(t.db.pool, 'editor', 'editor-att@example.it');
});
afterAll(() => t.close());

const count = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM public.activity_logs')).rows[0].n as number;
const last = async () => (await t.db.pool.query('SELECT *, host(ip_address) AS ip FROM public.activity_logs ORDER BY id DESC LIMIT 1')).rows[0];
const since = async (n: number) => (await t.db.pool.query('SELECT * FROM public.activity_logs ORDER BY id OFFSET $1', [n])).rows;
const as = (u: TestUser) => ({
  post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...bearer(u), 'user-agent': 'Prova/1.0' }, payload }),
  put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: bearer(u), payload }),
  del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(u) }),
});

describe('sign-in', () => {
  it('a password sign-in (session started) is a success record naming the user, endpoint, IP and user agent', async () => {
    const user = await createUser(t.db.pool, 'reader', 'lettore-att@example.it');
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 prova' },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    expect(await last()).toMatchObject({
      activity_type: 'success',
      activity_message: `Accesso effettuato: ${user.email}`,
      endpoint: 'POST /auth/v1/token',
      user_id: user.id,
      user_email: user.email,
      user_role: 'reader',
      ip: '10.1.2.3',
      user_agent: 'Mozilla/5.0 prova',
    });
    // POST /api/login only checks the credentials before that grant: no second record.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('failures are warnings (never with the password); the fifth locks the account, and tries while locked are recorded', async () => {
    const user = await createUser(t.db.pool, 'reader', 'bersaglio@example.it');
    const before = await count();
    const wrong = 'Sbagliata9!zz';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: wrong } });
      expect(res.statusCode).toBe(401);
    }
    const rows = await since(before);
    expect(rows.map((r) => r.activity_message)).toEqual([
      ...Array(5).fill(`Accesso non riuscito: ${user.email}`),
      `Account bloccato per troppi tentativi falliti: ${user.email}`,
    ]);
    expect(rows.every((r) => r.activity_type === 'warning' && r.user_id === user.id && r.endpoint === 'POST /api/login')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(wrong);
    const locked = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(await last()).toMatchObject({ activity_type: 'warning', activity_message: `Tentativo di accesso su account bloccato: ${user.email}`, endpoint: 'POST /auth/v1/token' });
    // An unknown address is named too, without a user id.
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nessuno@example.it', password: wrong } });
    expect(await last()).toMatchObject({ activity_message: 'Accesso non riuscito: nessuno@example.it', user_id: null, user_email: 'nessuno@example.it' });
  });
});

describe('matches and categories', () => {
  const day = dayjs(todayIn('Europe/Rome')).add(10, 'day');
  const match = (over: Record<string, unknown> = {}) => ({
    data: day.format('YYYY-MM-DD'),
    ora: '15:00',
    oraFine: null,
    squadraCasa: 'Virtus Lucca',
    squadraTrasferta: 'Atletico Pisa',
    campo: 'Stadio Comunale',
    gruppo: 'Esordienti',
    isHouseMatch: false,
    spogliatoioGari: null,
    spogliatoioOspiti: null,
    terreno: 'erba',
    tipoGara: 'campionato',
    ...over,
  });
  const gruppo = (name: string) => ({ name, components: [{ nome: 'Mario', cognome: 'Rossi', telefono: '3331234567' }] });

  it('category create, update (before/after), refused delete (no record), match create/update/delete, delete', async () => {
    let n = await count();
    const created = await as(admin).post('/api/gruppi', gruppo('Esordienti'));
    expect(created.statusCode).toBe(201);
    const gid = created.json().data.id;
    expect(await last()).toMatchObject({ activity_type: 'success', activity_message: 'Categoria creata: Esordienti', user_email: admin.email, endpoint: 'POST /api/gruppi' });
    // A duplicate is refused: nothing recorded.
    expect((await as(admin).post('/api/gruppi', gruppo('Esordienti'))).statusCode).toBe(409);
    expect(await count()).toBe(n + 1);

    // An unknown category: the match is refused, nothing recorded.
    expect((await as(editor).post('/api/partite', match({ gruppo: 'Inesistenti' }))).statusCode).toBe(400);
    expect(await count()).toBe(n + 1);

    const m = await as(editor).post('/api/partite', match());
    expect(m.statusCode).toBe(201);
    const id = m.json().data.id;
    const date = day.format('DD/MM/YYYY');
    expect(await last()).toMatchObject({
      activity_type: 'success',
      activity_message: `Partita creata: Virtus Lucca - Atletico Pisa (Esordienti) del ${date} ore 15:00`,
      user_email: editor.email,
      user_role: 'editor',
      endpoint: 'POST /api/partite',
      user_agent: 'Prova/1.0',
    });
    expect((await as(editor).put(`/api/partite/${id}`, match({ campo: 'Campo Nuovo', ora: '16:30' }))).statusCode).toBe(200);
    const upd = await last();
    expect(upd).toMatchObject({ activity_type: 'info', endpoint: 'PUT /api/partite/:id' });
    expect(upd.activity_message).toContain('ore 16:30');
    expect(upd.context.changes).toEqual({ campo: { from: 'Stadio Comunale', to: 'Campo Nuovo' }, ora: { from: '15:00:00', to: '16:30:00' } });
    // An update of an unknown match: 404, nothing recorded.
    n = await count();
    expect((await as(editor).put('/api/partite/999999', match())).statusCode).toBe(404);
    expect(await count()).toBe(n);

    // The category still has a match: delete refused (409), nothing recorded.
    expect((await as(admin).del(`/api/gruppi/${gid}`)).statusCode).toBe(409);
    expect(await count()).toBe(n);

    expect((await as(editor).put(`/api/gruppi/${gid}`, gruppo('Esordienti B'))).statusCode).toBe(200);
    const g = await last();
    expect(g).toMatchObject({ activity_type: 'info', activity_message: 'Categoria aggiornata: Esordienti → Esordienti B' });
    expect(g.context.before.name).toBe('Esordienti');
    expect(g.context.after.name).toBe('Esordienti B');

    expect((await as(editor).del(`/api/partite/${id}`)).statusCode).toBe(200);
    expect(await last()).toMatchObject({ activity_type: 'warning', activity_message: expect.stringContaining('Partita eliminata: Virtus Lucca - Atletico Pisa (Esordienti B)') });
    expect((await as(admin).del(`/api/gruppi/${gid}`)).statusCode).toBe(200);
    expect(await last()).toMatchObject({ activity_type: 'warning', activity_message: 'Categoria eliminata: Esordienti B', endpoint: 'DELETE /api/gruppi/:id' });
  });
});

describe('users', () => {
  it('invitation, role change, deletion; a refused invitation and an invitation whose mail fails (rolled back) leave none', async () => {
    const inv = await as(admin).post('/api/users', { email: 'nuovo-att@example.it', role: 'editor' });
    expect(inv.statusCode).toBe(201);
    const uid = inv.json().data.id;
    expect(await last()).toMatchObject({ activity_type: 'success', activity_message: 'Utente invitato: nuovo-att@example.it (Editor)', user_email: admin.email });
    const n = await count();
    expect((await as(admin).post('/api/users', { email: 'nuovo-att@example.it', role: 'reader' })).statusCode).toBe(409);
    expect(await count()).toBe(n);

    expect((await as(admin).put(`/api/users/${uid}/role`, { role: 'reader' })).statusCode).toBe(200);
    expect(await last()).toMatchObject({
      activity_type: 'info',
      activity_message: 'Ruolo di nuovo-att@example.it cambiato da Editor a Lettore',
      context: { user_id: uid, email: 'nuovo-att@example.it', role: { from: 'editor', to: 'reader' } },
    });
    // Unchanged role: nothing happens, nothing recorded.
    expect((await as(admin).put(`/api/users/${uid}/role`, { role: 'reader' })).statusCode).toBe(200);
    expect(await count()).toBe(n + 1);

    expect((await as(admin).del(`/api/users/${uid}`)).statusCode).toBe(200);
    expect(await last()).toMatchObject({ activity_type: 'warning', activity_message: 'Utente eliminato: nuovo-att@example.it' });

    // The mail server goes away: the invitation is rolled back after its activity record was written.
    const m = await count();
    await t.smtp.close();
    const failed = await as(admin).post('/api/users', { email: 'senza-mail@example.it', role: 'reader' });
    expect(failed.statusCode).toBe(503);
    expect(await count()).toBe(m);
  }, 30_000);

  it('a user sync: one info record with the counts, the admin as user, even when it finds nothing to change', async () => {
    await t.db.pool.query("INSERT INTO auth.users (email, raw_app_meta_data) VALUES ('sync-att@example.it', '{\"role\":\"editor\"}')");
    let n = await count();
    const res = await as(admin).post('/api/users/sync', {});
    expect(res.statusCode).toBe(200);
    const { added, updated, removed, count: total } = res.json();
    expect(added).toBeGreaterThanOrEqual(1);
    let rows = await since(n);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      activity_type: 'info',
      activity_message: `Sincronizzazione utenti: ${added} aggiunti, ${updated} aggiornati, ${removed} rimossi`,
      endpoint: 'POST /api/users/sync',
      user_id: admin.id,
      user_email: admin.email,
      user_role: 'admin',
      context: { added, updated, removed, count: total },
    });
    n = await count();
    expect((await as(admin).post('/api/users/sync', {})).statusCode).toBe(200);
    rows = await since(n);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ activity_message: 'Sincronizzazione utenti: 0 aggiunti, 0 aggiornati, 0 rimossi' });
    // Refused (an editor): nothing recorded.
    n = await count();
    expect((await as(editor).post('/api/users/sync', {})).statusCode).toBe(403);
    expect(await count()).toBe(n);
  });
});
