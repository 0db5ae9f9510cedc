import dayjs from 'dayjs';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { CHIUSURE_MSG } from '../../../common/closures/messages';
import { weekdayOf, type Allenamento } from '../../../common/trainings/rules';
import type { Chiusura } from '../../../common/closures/rules';

// The club's closures through the real API on a real PostgreSQL (docs/trainings.md, 'Chiusure del
// club'): CRUD, strict validation, roles, the activity log; the trainings of a closed date are
// skipped by the board, the clash checks, the slot finder, the feeds (an EXDATE each, the SEQUENCE
// moved); a match saved in a closure is saved, with the warning.

let t: TestApp;
let reader: TestUser;
let editor: TestUser;
const today = todayIn('Europe/Rome');
/** The first date on weekday g (1 = lunedì) at least `after` days from today. */
const nextOn = (g: number, after = 14) => {
  let d = dayjs(today).add(after, 'day');
  while (weekdayOf(d.format('YYYY-MM-DD')) !== g) d = d.add(1, 'day');
  return d.format('YYYY-MM-DD');
};
const plus = (iso: string, days: number) => dayjs(iso).add(days, 'day').format('YYYY-MM-DD');
const fmt = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
// Wednesdays: w1 trains, w2 and w3 are the first and last day of the closure, w4 trains again.
const w1 = nextOn(3);
const w2 = plus(w1, 7);
const w3 = plus(w1, 14);
const w4 = plus(w1, 21);
const closure = { nome: 'Vacanze di Natale', dal: w2, al: w3 };
const series = (over: Record<string, unknown> = {}) => ({
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  giorno: 3,
  oraInizio: '18:00',
  oraFine: '19:30',
  dal: today,
  al: plus(today, 200),
  spogliatoi: [],
  saltate: [],
  ...over,
});
const match = (data: string, over: Record<string, unknown> = {}) => ({
  data, ora: '18:00', oraFine: '19:30', squadraCasa: 'Garibaldina Allievi', squadraTrasferta: 'Fortis', campo: 'Campo Comunale',
  gruppo: 'Allievi', isHouseMatch: true, spogliatoioGari: null, spogliatoioOspiti: null, terreno: null, tipoGara: 'amichevole', ...over,
});
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const count = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM public.chiusure')).rows[0].n as number;
const lastActivity = async () =>
  (await t.db.pool.query(`SELECT activity_type, activity_message, context FROM public.activity_logs ORDER BY id DESC LIMIT 1`)).rows[0];
async function createClosure(body: object = closure): Promise<Chiusura> {
  const res = await api('POST', '/api/chiusure', editor, body);
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
async function createSeries(over: Record<string, unknown> = {}): Promise<Allenamento> {
  const res = await api('POST', '/api/allenamenti', editor, series(over));
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Allievi')`);
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.pool.query('DELETE FROM public.chiusure');
  await t.db.pool.query('DELETE FROM public.allenamenti');
  await t.db.pool.query('DELETE FROM public.partite');
});

describe('CRUD of /api/chiusure', () => {
  it('creates, lists, updates and deletes a closure, each write in the activity log', async () => {
    const created = await api('POST', '/api/chiusure', editor, { ...closure, nome: '  Vacanze di Natale ' });
    expect(created.statusCode).toBe(201);
    const c = created.json().data as Chiusura;
    expect(c).toEqual({ id: expect.any(Number), ...closure });
    const what = `Vacanze di Natale, ${fmt(w2)}-${fmt(w3)}`;
    expect(await lastActivity()).toMatchObject({ activity_type: 'success', activity_message: `Chiusura del club creata: ${what}`, context: { chiusura: c } });

    const list = await api('GET', '/api/chiusure', reader);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [c], count: 1 });

    const updated = await api('PUT', `/api/chiusure/${c.id}`, editor, { ...closure, nome: 'Natale', al: w2 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toEqual({ id: c.id, nome: 'Natale', dal: w2, al: w2 });
    expect(await lastActivity()).toMatchObject({ activity_type: 'info', activity_message: `Chiusura del club modificata: Natale, ${fmt(w2)}` });

    expect((await api('DELETE', `/api/chiusure/${c.id}`, editor)).json()).toEqual({ success: true, data: { id: c.id } });
    expect(await lastActivity()).toMatchObject({ activity_type: 'warning', activity_message: `Chiusura del club eliminata: Natale, ${fmt(w2)}` });
    expect(await count()).toBe(0);
    expect((await api('DELETE', `/api/chiusure/${c.id}`, editor)).json()).toEqual({ error: CHIUSURE_MSG.notFound });
    expect((await api('PUT', `/api/chiusure/${c.id}`, editor, closure)).statusCode).toBe(404);
  });

  it('refuses bad bodies with the Italian message, changing nothing', async () => {
    const M = CHIUSURE_MSG.invalid;
    const cases: Array<[object, string]> = [
      [{ ...closure, nome: '' }, M.nome],
      [{ ...closure, nome: 'Natale\tCapodanno' }, M.nomeRiga],
      [{ ...closure, nome: 'x'.repeat(101) }, M.nomeLungo(100)],
      [{ ...closure, dal: '2026-02-30' }, M.data],
      [{ ...closure, al: plus(w2, -1) }, M.periodo],
      [{ ...closure, al: plus(w2, 120) }, M.periodoLungo(120)],
      [{ ...closure, al: 'x'.repeat(5000) }, M.data],
    ];
    for (const [body, error] of cases) {
      const res = await api('POST', '/api/chiusure', editor, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect((await api('POST', '/api/chiusure', editor, { ...closure, extra: 1 })).statusCode).toBe(400);
    const c = await createClosure();
    expect((await api('PUT', `/api/chiusure/${c.id}`, editor, { ...closure, al: plus(w2, -1) })).json()).toEqual({ error: M.periodo });
    expect(await count()).toBe(1);
    expect((await api('GET', '/api/chiusure', reader)).json().data).toEqual([c]);
  });

  it('lets readers read, and only editors and administrators write', async () => {
    expect((await api('GET', '/api/chiusure', null)).statusCode).toBe(401);
    const refused = await api('POST', '/api/chiusure', reader, closure);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: CHIUSURE_MSG.forbidden });
    const admin = await createUser(t.db.pool, 'admin');
    expect((await api('POST', '/api/chiusure', admin, closure)).statusCode).toBe(201);
    expect(await count()).toBe(1);
  });
});

describe('trainings in a closure', () => {
  it('the board leaves out the closed dates, first and last day, and names the closure', async () => {
    const s = await createSeries();
    const c = await createClosure();
    const board = (await api('GET', `/api/occupazione?from=${w1}&to=${plus(w1, 13)}`, editor)).json().data;
    expect(board.allenamenti.map((a: { id: number; data: string }) => [a.id, a.data])).toEqual([[s.id, w1]]);
    expect(board.chiusure).toEqual([c]);
    const last = (await api('GET', `/api/occupazione?from=${w3}&to=${w4}`, editor)).json().data;
    expect(last.allenamenti.map((a: { data: string }) => a.data)).toEqual([w4]);
    // The series keeps its own skipped dates: the closure is not written into it.
    expect((await api('GET', '/api/allenamenti', reader)).json().data[0].saltate).toEqual([]);
    // Deleting the closure gives the dates back.
    await api('DELETE', `/api/chiusure/${c.id}`, editor);
    const back = (await api('GET', `/api/occupazione?from=${w1}&to=${plus(w1, 13)}`, editor)).json().data;
    expect(back.allenamenti.map((a: { data: string }) => a.data)).toEqual([w1, w2]);
  });

  it('a match in a closure meets no training there and is saved with the warning; the live check warns before', async () => {
    await createSeries();
    await createClosure();
    const warning = `Il club è chiuso in questa data (Vacanze di Natale, ${fmt(w2)}-${fmt(w3)})`;
    const live = await api('POST', '/api/partite/conflitti', editor, match(w3));
    expect(live.json()).toEqual({ conflitti: [], avviso: warning });
    const saved = await api('POST', '/api/partite', editor, match(w3));
    expect(saved.statusCode).toBe(201);
    expect(saved.json().avviso).toBe(warning);
    expect(saved.json().data).toMatchObject({ data: w3 });
    const edited = await api('PUT', `/api/partite/${saved.json().data.id}`, editor, match(w2, { ora: '10:00', oraFine: '11:30' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().avviso).toBe(warning);
    // Outside the closure: no warning, and the training clashes as before.
    const open = await api('POST', '/api/partite/conflitti', editor, match(w4));
    expect(open.json().avviso).toBeUndefined();
    expect(open.json().conflitti).toEqual([expect.objectContaining({ motivo: 'allenamento' })]);
    const moved = await api('PUT', `/api/partite/${saved.json().data.id}`, editor, match(plus(w4, 1)));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().avviso).toBeUndefined();
  });

  it('a series saved over a match in a closure does not clash with it', async () => {
    await createClosure();
    await insertMatch(t.db.pool, { data: w2, ora: '18:00', ora_fine: '19:30', squadracasa: 'Garibaldina Allievi', squadratrasferta: 'Fortis', campo: 'Campo Comunale', is_house_match: true, gruppo: 'Allievi' });
    expect((await api('POST', '/api/allenamenti', editor, series())).statusCode).toBe(201);
  });

  it('the slot finder proposes nothing in a closure', async () => {
    const saturday = nextOn(6);
    await createClosure({ nome: 'Festa del club', dal: saturday, al: plus(saturday, 1) });
    const res = await api('GET', `/api/slot-liberi?gruppo=Allievi&durata=90&dal=${saturday}&al=${plus(saturday, 2)}&campo=Campo%20Comunale&casa=1`, editor);
    expect(res.statusCode).toBe(200);
    const days = new Set((res.json().data as Array<{ data: string }>).map((s) => s.data));
    expect([...days]).toEqual([plus(saturday, 2)]);
  });

  it('the feed lists the closed dates as EXDATEs, with a higher SEQUENCE, and drops them when the closure goes', async () => {
    const s = await createSeries({ saltate: [w4] });
    const ics = async () => {
      const res = await api('GET', '/api/calendar.ics?allenamenti=1', null);
      expect(res.statusCode).toBe(200);
      const cal = new ICAL.Component(ICAL.parse(res.body));
      const ev = cal.getAllSubcomponents('vevent').find((e) => String(e.getFirstPropertyValue('uid')).startsWith(`allenamento-${s.id}@`))!;
      const exdates = ev.getAllProperties('exdate').flatMap((p) => p.getValues().map((v) => (v as ICAL.Time).toString().slice(0, 10)));
      return { exdates: exdates.sort(), sequence: Number(ev.getFirstPropertyValue('sequence')) };
    };
    const before = await ics();
    expect(before.exdates).toEqual([w4]);
    const c = await createClosure();
    const closed = await ics();
    expect(closed.exdates).toEqual([w2, w3, w4]);
    expect(closed.sequence).toBeGreaterThan(before.sequence);
    await api('DELETE', `/api/chiusure/${c.id}`, editor);
    const reopened = await ics();
    expect(reopened.exdates).toEqual([w4]);
    expect(reopened.sequence).toBeGreaterThan(closed.sequence);
  });

});
