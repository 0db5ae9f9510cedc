import dayjs from 'dayjs';
import type pg from 'pg';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { todayIn } from '../../../common/core/dates';

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
let admin: TestUser;
const today = todayIn('Europe/Rome');
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
const DAY = inDays(10);

const homeMatch = (over: Record<string, unknown> = {}) => ({
  data: DAY,
  ora: '10:00',
  oraFine: '11:30',
  squadraCasa: 'Garibaldina 2013',
  squadraTrasferta: 'Virtus',
  campo: 'Campo 1',
  gruppo: 'Esordienti',
  isHouseMatch: true,
  spogliatoioGari: 1,
  spogliatoioOspiti: 2,
  terreno: 'erba',
  tipoGara: 'campionato',
  ...over,
});
// Another pair of teams and rooms: clashes with homeMatch only on what a test changes.
const second = (over: Record<string, unknown> = {}) =>
  homeMatch({ squadraCasa: 'Garibaldina 2014', squadraTrasferta: 'Lucca', campo: 'Campo 2', spogliatoioGari: 3, spogliatoioOspiti: 4, ...over });

const post = (url: string, payload: object, user: TestUser = editor) => t.app.inject({ method: 'POST', url, headers: bearer(user), payload });
const put = (id: number, payload: object, user: TestUser = editor) => t.app.inject({ method: 'PUT', url: `/api/partite/${id}`, headers: bearer(user), payload });
const count = async () => Number((await t.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count);
const warnings = async () =>
  (await t.db.pool.query(`SELECT activity_message, user_email, user_role, context FROM public.activity_logs WHERE activity_type = 'warning' ORDER BY id`)).rows;

let first: { id: number };

beforeAll(async () => {
  t = await createTestApp({ env: { CLUB_NAME: 'Garibaldina' } });
  [reader, editor, admin] = await Promise.all([createUser(t.db.pool, 'reader'), createUser(t.db.pool, 'editor'), createUser(t.db.pool, 'admin')]);
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Pulcini')`);
  const res = await post('/api/partite', homeMatch());
  expect(res.statusCode).toBe(201);
  first = res.json().data;
});
afterAll(() => t.close());

describe('POST /api/partite/conflitti', () => {
  it('lists the clashes of a candidate with motivo, message and the other match', async () => {
    const res = await post('/api/partite/conflitti', second({ campo: ' campo 1 ', ora: '11:00', oraFine: '12:00' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      conflitti: [
        {
          id: first.id,
          motivo: 'campo',
          messaggio: 'Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Virtus',
          partita: expect.objectContaining({ id: first.id, squadracasa: 'Garibaldina 2013', campo: 'Campo 1' }),
        },
      ],
    });
  });

  it('rooms with the changeover margin, teams; none for touching times on the pitch', async () => {
    const rooms = await post('/api/partite/conflitti', second({ spogliatoioOspiti: 1, ora: '11:50', oraFine: '13:00' }), admin);
    expect(rooms.json().conflitti.map((c: { messaggio: string }) => c.messaggio)).toEqual([
      'Spogliatoio 1 già assegnato a Garibaldina 2013 - Virtus dalle 10:00 alle 11:30',
    ]);
    const touching = await post('/api/partite/conflitti', second({ campo: 'Campo 1', ora: '11:30', oraFine: '12:30' }));
    expect(touching.json()).toEqual({ conflitti: [] });
    const team = await post('/api/partite/conflitti', second({ squadraTrasferta: 'VIRTUS', ora: '11:00', oraFine: '12:00' }));
    expect(team.json().conflitti.map((c: { motivo: string }) => c.motivo)).toEqual(['squadra']);
  });

  it('leaves out the match being edited (id), and answers [] while date or time is incomplete', async () => {
    expect((await post('/api/partite/conflitti', homeMatch({ id: first.id }))).json()).toEqual({ conflitti: [] });
    expect((await post('/api/partite/conflitti', homeMatch())).json().conflitti).toHaveLength(3);
    expect((await post('/api/partite/conflitti', { data: DAY, campo: 'Campo 1' })).json()).toEqual({ conflitti: [] });
  });

  it('refuses unknown fields and readers', async () => {
    const res = await post('/api/partite/conflitti', { ...homeMatch(), extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/extra/);
    expect((await post('/api/partite/conflitti', homeMatch(), reader)).statusCode).toBe(403);
  });
});

describe('saves re-check their clashes', () => {
  it('POST: 409 with the list and nothing saved; confirmed: saved and the override logged with who confirmed', async () => {
    const before = await count();
    const clashing = second({ campo: 'Campo 1', ora: '11:00', oraFine: '12:00' });
    const refused = await post('/api/partite', clashing);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'La partita si sovrappone ad altre partite: conferma per salvarla comunque',
      conflitti: [expect.objectContaining({ id: first.id, motivo: 'campo' })],
    });
    expect(await count()).toBe(before);
    expect(await warnings()).toEqual([]);

    const saved = await post('/api/partite', { ...clashing, confermaSovrapposizioni: true });
    expect(saved.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
    const logged = await warnings();
    expect(logged).toEqual([
      {
        activity_message: `Sovrapposizione confermata per Garibaldina 2014 - Lucca (Esordienti) del ${DAY.split('-').reverse().join('/')} ore 11:00`,
        user_email: editor.email,
        user_role: 'editor',
        context: {
          id: saved.json().data.id,
          confermatoDa: editor.email,
          conflitti: [{ id: first.id, motivo: 'campo', messaggio: 'Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Virtus' }],
        },
      },
    ]);
    await t.db.pool.query('DELETE FROM public.partite WHERE id = $1', [saved.json().data.id]);
    await t.db.pool.query('DELETE FROM public.activity_logs');
  });

  it('confermaSovrapposizioni must be a boolean; false is no confirmation', async () => {
    expect((await post('/api/partite', { ...second({ campo: 'Campo 1' }), confermaSovrapposizioni: 'si' })).statusCode).toBe(400);
    expect((await post('/api/partite', { ...second({ campo: 'Campo 1' }), confermaSovrapposizioni: false })).statusCode).toBe(409);
  });

  it('PUT: a match saved unchanged does not clash with itself; moved onto another: 409, confirmed: 200 and logged', async () => {
    const other = await post('/api/partite', second({ ora: '15:00', oraFine: '16:00' }));
    expect(other.statusCode).toBe(201);
    const id = other.json().data.id;
    expect((await put(id, second({ ora: '15:00', oraFine: '16:00' }))).statusCode).toBe(200);
    const moved = second({ ora: '10:30', oraFine: '11:00', spogliatoioGari: 2 });
    const refused = await put(id, moved);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflitti.map((c: { motivo: string }) => c.motivo)).toEqual(['spogliatoio']);
    expect((await t.db.pool.query('SELECT ora FROM public.partite WHERE id = $1', [id])).rows[0].ora).toBe('15:00:00');
    const saved = await put(id, { ...moved, confermaSovrapposizioni: true }, admin);
    expect(saved.statusCode).toBe(200);
    const logged = await warnings();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ user_email: admin.email, context: { id, confermatoDa: admin.email, conflitti: [{ id: first.id, motivo: 'spogliatoio' }] } });
    await t.db.pool.query('DELETE FROM public.partite WHERE id = $1', [id]);
  });

  it('two clashing saves at the same moment: the day lock makes the second see the first (one 201, one 409)', async () => {
    const day = inDays(20);
    // Hold the day's lock so both requests queue on it, then let them go together.
    const holder: pg.PoolClient = await t.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock($1, ($2::date - date '2000-01-01'))`, [0x434c15, day]);
      const a = post('/api/partite', homeMatch({ data: day, squadraCasa: 'Garibaldina 2015', squadraTrasferta: 'Pisa' }));
      const b = post('/api/partite', second({ data: day, campo: 'Campo 1' }));
      const deadline = Date.now() + 5000;
      for (;;) {
        const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM pg_locks
             WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
        if (rows[0].n >= 2) break;
        if (Date.now() > deadline) throw new Error('the saves did not wait for the day lock');
        await new Promise((r) => setTimeout(r, 20));
      }
      await holder.query('COMMIT');
      const statuses = (await Promise.all([a, b])).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      expect(Number((await t.db.pool.query('SELECT count(*) FROM public.partite WHERE data = $1', [day])).rows[0].count)).toBe(1);
    } finally {
      holder.release();
    }
  });

  it('a cancelled match, or one postponed with the date to be set, frees its campo; a suspended one, or one postponed to this date, does not', async () => {
    const day = inDays(25);
    const taken = (await post('/api/partite', homeMatch({ data: day }))).json().data;
    const candidate = second({ data: day, campo: 'Campo 1' });
    expect((await post('/api/partite/conflitti', candidate)).json().conflitti).toHaveLength(1);
    const cases = [['annullata', false, 0], ['rinviata', true, 0], ['rinviata', false, 1], ['sospesa', false, 1]] as const;
    for (const [stato, daDefinire, n] of cases) {
      await t.db.pool.query('UPDATE public.partite SET stato = $1, data_da_definire = $2 WHERE id = $3', [stato, daDefinire, taken.id]);
      expect([stato, daDefinire, (await post('/api/partite/conflitti', candidate)).json().conflitti.length]).toEqual([stato, daDefinire, n]);
    }
    await t.db.pool.query(`UPDATE public.partite SET stato = 'annullata' WHERE id = $1`, [taken.id]);
    expect((await post('/api/partite', candidate)).statusCode).toBe(201);
    const board = await t.app.inject({ method: 'GET', url: `/api/occupazione?from=${day}&to=${day}`, headers: bearer(editor) });
    expect(board.json().data.partite.map((p: { squadracasa: string; conflitti: unknown[] }) => [p.squadracasa, p.conflitti.length])).toEqual([['Garibaldina 2014', 0]]);
  });

  it('different days do not wait for each other', async () => {
    const holder: pg.PoolClient = await t.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock($1, ($2::date - date '2000-01-01'))`, [0x434c15, inDays(30)]);
      const res = await post('/api/partite', homeMatch({ data: inDays(31) }));
      expect(res.statusCode).toBe(201);
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
  });
});

describe('a postponed match at its new date', () => {
  const stato = (body: object) => post('/api/partite/stato', body);
  const board = async (day: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/occupazione?from=${day}&to=${day}`, headers: bearer(editor) })).json().data.partite.map(
      (p: { squadracasa: string; conflitti: Array<{ motivo: string }> }) => [p.squadracasa, p.conflitti.map((c) => c.motivo)],
    );
  const flag = async (id: number) => (await t.db.pool.query('SELECT data_da_definire FROM public.partite WHERE id = $1', [id])).rows[0].data_da_definire;

  it("'rinvia' with a new date holds campo and rooms there: a new match on them is 409, the board and the dashboard read show it", async () => {
    const [from, to] = [inDays(60), inDays(61)];
    const moved = (await post('/api/partite', homeMatch({ data: from }))).json().data;
    expect((await stato({ ids: [moved.id], azione: 'rinvia', nuovaData: to })).statusCode).toBe(200);
    expect(await flag(moved.id)).toBe(false);
    const res = await post('/api/partite', second({ data: to, campo: 'Campo 1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().conflitti.map((c: { id: number; motivo: string }) => [c.id, c.motivo])).toEqual([[moved.id, 'campo']]);
    // Confirmed: both stand on the board at the new date, outlined.
    expect((await post('/api/partite', { ...second({ data: to, campo: 'Campo 1' }), confermaSovrapposizioni: true })).statusCode).toBe(201);
    expect(await board(to)).toEqual([
      ['Garibaldina 2013', ['campo']],
      ['Garibaldina 2014', ['campo']],
    ]);
    expect(await board(from)).toEqual([]);
    // The read shape carries the flag, so the dashboard marks follow the same rule.
    const read = await t.app.inject({ method: 'GET', url: `/api/partite/${moved.id}`, headers: bearer(editor) });
    expect(read.json().data).toMatchObject({ stato: 'rinviata', data: to, data_da_definire: false });
  });

  it("'rinvia' keeping the date frees it: a new match there saves without a warning and the board leaves it out; 'ripristina' takes it back", async () => {
    const day = inDays(62);
    const kept = (await post('/api/partite', homeMatch({ data: day }))).json().data;
    expect((await stato({ ids: [kept.id], azione: 'rinvia' })).statusCode).toBe(200);
    expect(await flag(kept.id)).toBe(true);
    expect((await post('/api/partite/conflitti', second({ data: day, campo: 'Campo 1' }))).json().conflitti).toEqual([]);
    const other = await post('/api/partite', second({ data: day, campo: 'Campo 1' }));
    expect(other.statusCode).toBe(201);
    expect(await board(day)).toEqual([['Garibaldina 2014', []]]);
    // Back to In programma: it holds its place again, so the request is checked (409).
    const back = await stato({ ids: [kept.id], azione: 'ripristina' });
    expect(back.statusCode).toBe(409);
    expect((await stato({ ids: [kept.id], azione: 'ripristina', confermaSovrapposizioni: true })).statusCode).toBe(200);
    expect(await flag(kept.id)).toBe(false);
  });

  it('editing the date of a match postponed with the date to be set makes it hold its facilities at the new date; an edit keeping the date does not', async () => {
    const [day, next] = [inDays(64), inDays(65)];
    const m = (await post('/api/partite', homeMatch({ data: day, squadraTrasferta: 'Rinviati' }))).json().data;
    await stato({ ids: [m.id], azione: 'rinvia' });
    expect((await put(m.id, homeMatch({ data: day, squadraTrasferta: 'Rinviati FC' }))).statusCode).toBe(200);
    expect(await flag(m.id)).toBe(true);
    expect((await put(m.id, homeMatch({ data: next, squadraTrasferta: 'Rinviati FC' }))).statusCode).toBe(200);
    expect(await flag(m.id)).toBe(false);
    expect((await post('/api/partite', second({ data: next, campo: 'Campo 1' }))).statusCode).toBe(409);
  });
});

describe('GET /api/occupazione', () => {
  it("each match of the period with its clashes with the others of its day", async () => {
    const day = inDays(40);
    const a = (await post('/api/partite', homeMatch({ data: day }))).json().data;
    const b = (await post('/api/partite', { ...second({ data: day, campo: 'Campo 1', ora: '11:00', oraFine: '12:00' }), confermaSovrapposizioni: true })).json().data;
    const c = (await post('/api/partite', second({ data: inDays(41), ora: '11:00', oraFine: '12:00' }))).json().data;
    const res = await t.app.inject({ method: 'GET', url: `/api/occupazione?from=${day}&to=${inDays(46)}`, headers: bearer(editor) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ from: day, to: inDays(46), margin: 15 });
    expect(data.partite.map((p: { id: number }) => p.id)).toEqual([a.id, b.id, c.id]);
    expect(data.partite[0].conflitti).toEqual([{ id: b.id, motivo: 'campo', messaggio: 'Campo già occupato dalle 11:00 alle 12:00 da Garibaldina 2014 - Lucca' }]);
    expect(data.partite[1].conflitti).toEqual([{ id: a.id, motivo: 'campo', messaggio: 'Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Virtus' }]);
    expect(data.partite[2].conflitti).toEqual([]);
  });

  it("a crowded day: each match lists its first three clashes (matches by time, then trainings) and counts the rest in 'altre'", async () => {
    const day = inDays(50);
    // Five matches at one time on one campo, in rooms 5 and 6, of one team: each clashes with the four others thrice.
    const partite = Array.from({ length: 5 }, (_, i) => homeMatch({ data: day, campo: 'Campo 9', spogliatoioGari: 5, spogliatoioOspiti: 6, squadraTrasferta: `Ospiti ${i}` }));
    const imported = await post('/api/partite/import', { partite, confermaSovrapposizioni: true });
    expect(imported.statusCode).toBe(201);
    const ids: number[] = imported.json().ids;
    // And the category trains there then (docs/trainings.md): one clash more for each.
    await t.db.pool.query(
      `INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al) VALUES ('Esordienti', 'Campo 9', $1, '09:30', '11:00', $2, $2)`,
      [dayjs(day).day() || 7, day],
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/occupazione?from=${day}&to=${day}`, headers: bearer(editor) });
    const board = res.json().data.partite as Array<{ id: number; conflitti: Array<{ id: number; motivo: string; messaggio: string }>; altre?: number }>;
    expect(board.map((p) => p.id)).toEqual(ids);
    for (const p of board) {
      expect(p.conflitti).toHaveLength(3);
      expect(p.altre).toBe(4 * 3 + 1 - 3);
    }
    expect(board[0].conflitti).toEqual([
      { id: ids[1], motivo: 'campo', messaggio: 'Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Ospiti 1' },
      { id: ids[1], motivo: 'spogliatoio', messaggio: 'Spogliatoi 5, 6 già assegnati a Garibaldina 2013 - Ospiti 1 dalle 10:00 alle 11:30' },
      { id: ids[1], motivo: 'squadra', messaggio: 'La squadra Garibaldina 2013 (Esordienti) gioca già alle 10:00 (Garibaldina 2013 - Ospiti 1)' },
    ]);
    await t.db.pool.query('DELETE FROM public.allenamenti');
  });

  it('refuses bad or too long periods, unknown parameters and readers', async () => {
    const get = (q: string, user: TestUser = editor) => t.app.inject({ method: 'GET', url: `/api/occupazione${q}`, headers: bearer(user) });
    for (const q of ['', `?from=${DAY}`, `?from=${DAY}&to=${inDays(9)}`, `?from=${DAY}&to=${inDays(24)}`, `?from=2026-02-30&to=2026-03-01`, `?from=${DAY}&to=${DAY}&x=1`]) {
      expect([q, (await get(q)).statusCode]).toEqual([q, 400]);
    }
    expect((await get(`?from=${DAY}&to=${inDays(23)}`)).statusCode).toBe(200);
    expect((await get(`?from=${DAY}&to=${DAY}`, reader)).statusCode).toBe(403);
  });
});
