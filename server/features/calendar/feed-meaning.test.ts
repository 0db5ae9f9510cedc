// Issue 24 in the calendar feeds, parsed back with ical.js: the status of each match as
// common/matches/meaning.ts reads it (items 3 and 7), the times of the daylight-saving Sundays and the
// end of a match (item 4, common/matches/times.ts), DTSTAMP and the conditional requests (item 7).
import dayjs from 'dayjs';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { MSG } from '../../../common/core/messages';

const TZ = 'Europe/Rome';
let t: TestApp;
let editor: TestUser;
const today = todayIn(TZ);
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
const ddmmyyyy = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
// Next year's change days in Europe/Rome: the last Sunday of March (spring forward, 02:00-02:59
// does not exist) and of October (fall back, 02:00-02:59 twice). Always ahead of today.
const lastSunday = (month: number) => {
  const end = dayjs(`${dayjs(today).year() + 1}-${String(month).padStart(2, '0')}-01`).endOf('month').startOf('day');
  return end.subtract(end.day(), 'day').format('YYYY-MM-DD');
};
const SPRING = lastSunday(3);
const AUTUMN = lastSunday(10);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const stato = (payload: object) => t.app.inject({ method: 'POST', url: '/api/partite/stato', headers: bearer(editor), payload });
const uid = (id: number) => `partita-${id}@localhost`;

async function feed(url = '/api/calendar.ics') {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = new Map(calendar.getAllSubcomponents('vevent').map((e) => [String(e.getFirstPropertyValue('uid')), e]));
  return { res, events };
}
const instant = (e: ICAL.Component, name: string) => (e.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
const prop = (e: ICAL.Component, name: string) => e.getFirstPropertyValue(name);

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.pool.query('DELETE FROM public.partite');
  await t.db.pool.query('DELETE FROM public.partite_cancellate');
});

describe('the status of a match in the feeds (common/matches/meaning.ts)', () => {
  it('one match in each meaning: STATUS, SUMMARY prefix, DESCRIPTION', async () => {
    const day = inDays(10);
    const names = ['Programmata', 'Spostata', 'DaDefinire', 'Sospesa', 'Annullata'];
    const ids: Record<string, number> = {};
    for (const [i, name] of names.entries()) {
      ids[name] = await insertMatch(t.db.pool, { data: day, ora: `1${i}:00`, squadracasa: `${name} Casa`, squadratrasferta: `Ospiti ${i}`, campo: `Campo ${i}` });
    }
    expect((await stato({ ids: [ids.Spostata], azione: 'rinvia', nuovaData: inDays(20), motivo: 'Campo impraticabile' })).statusCode).toBe(200);
    expect((await stato({ ids: [ids.DaDefinire], azione: 'rinvia', motivo: 'Neve' })).statusCode).toBe(200);
    expect((await stato({ ids: [ids.Sospesa], azione: 'sospendi' })).statusCode).toBe(200);
    expect((await stato({ ids: [ids.Annullata], azione: 'annulla', motivo: 'Ritiro' })).statusCode).toBe(200);

    const { events } = await feed();
    const ev = (name: string) => events.get(uid(ids[name]))!;
    const read = (name: string) => [prop(ev(name), 'status'), prop(ev(name), 'summary'), String(prop(ev(name), 'description')).split('\n')[0]];
    expect(read('Programmata')).toEqual(['CONFIRMED', 'Programmata Casa - Ospiti 0 (Pulcini)', 'Categoria: Pulcini']);
    // Moved to a new date: played there, no prefix, the first date in the description.
    expect(read('Spostata')).toEqual(['CONFIRMED', 'Spostata Casa - Ospiti 1 (Pulcini)', `Stato: In programma - Spostata dal ${ddmmyyyy(day)}`]);
    expect(String(prop(ev('Spostata'), 'description'))).toContain('\nMotivo: Campo impraticabile\n');
    expect(instant(ev('Spostata'), 'dtstart')).toBe(dayjs.tz(`${inDays(20)} 11:00`, TZ).toISOString());
    expect(read('DaDefinire')).toEqual(['CANCELLED', 'RINVIATA: DaDefinire Casa - Ospiti 2 (Pulcini)', 'Stato: Rinviata - data da definire']);
    expect(read('Sospesa')).toEqual(['CONFIRMED', 'SOSPESA: Sospesa Casa - Ospiti 3 (Pulcini)', 'Stato: Sospesa']);
    expect(read('Annullata')).toEqual(['CANCELLED', 'ANNULLATA: Annullata Casa - Ospiti 4 (Pulcini)', 'Stato: Annullata']);
  });

  it('a match whose date is to be set comes back with the same UID, a higher SEQUENCE and CONFIRMED when it gets a date', async () => {
    const day = inDays(6);
    const viaStatus = await insertMatch(t.db.pool, { data: day, ora: '10:00', squadracasa: 'Virtus Lucca', squadratrasferta: 'Garibaldina Pulcini' });
    const viaEdit = await insertMatch(t.db.pool, { data: day, ora: '15:00', squadracasa: 'Atletico Pisa', squadratrasferta: 'Garibaldina Pulcini', campo: 'Campo Pisa' });
    expect((await stato({ ids: [viaStatus, viaEdit], azione: 'rinvia' })).statusCode).toBe(200);
    const before = (await feed()).events;
    const seq = (events: Map<string, ICAL.Component>, id: number) => Number(prop(events.get(uid(id))!, 'sequence'));
    for (const id of [viaStatus, viaEdit]) {
      expect(prop(before.get(uid(id))!, 'status')).toBe('CANCELLED');
      expect(String(prop(before.get(uid(id))!, 'summary'))).toMatch(/^RINVIATA: /);
    }

    // A date through 'Rinvia' with a date, and through the edit form.
    expect((await stato({ ids: [viaStatus], azione: 'rinvia', nuovaData: inDays(13) })).statusCode).toBe(200);
    const payload = {
      data: inDays(14), ora: '15:00', oraFine: null, squadraCasa: 'Atletico Pisa', squadraTrasferta: 'Garibaldina Pulcini', campo: 'Campo Pisa',
      gruppo: 'Pulcini', isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null, terreno: null, tipoGara: 'campionato',
    };
    expect((await t.app.inject({ method: 'PUT', url: `/api/partite/${viaEdit}`, headers: bearer(editor), payload })).statusCode).toBe(200);

    const after = (await feed()).events;
    for (const [id, data, ora] of [[viaStatus, inDays(13), '10:00'], [viaEdit, inDays(14), '15:00']] as const) {
      const e = after.get(uid(id))!;
      expect(seq(after, id)).toBeGreaterThan(seq(before, id));
      expect(prop(e, 'status')).toBe('CONFIRMED');
      expect(String(prop(e, 'summary'))).not.toMatch(/RINVIATA/);
      expect(String(prop(e, 'description'))).toMatch(new RegExp(`^Stato: In programma - Spostata dal ${ddmmyyyy(day)}\n`));
      expect(instant(e, 'dtstart')).toBe(dayjs.tz(`${data} ${ora}`, TZ).toISOString());
    }
  });
});

describe('times', () => {
  const valid = (over: Record<string, unknown>) => ({
    data: inDays(8), ora: '12:00', oraFine: '13:30', squadraCasa: 'Garibaldina Pulcini', squadraTrasferta: 'Virtus Lucca', campo: 'Campo Garibaldi',
    gruppo: 'Pulcini', isHouseMatch: true, spogliatoioGari: null, spogliatoioOspiti: null, terreno: 'erba', tipoGara: 'campionato', ...over,
  });
  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/partite', headers: bearer(editor), payload });
  const count = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM public.partite')).rows[0].n as number;

  it.each([
    ['an end before the start', { ora: '12:00', oraFine: '10:00' }, MSG.match.endNotAfterStart],
    ['an end after midnight', { ora: '23:30', oraFine: '00:45' }, MSG.match.endNotAfterStart],
    ['an end equal to the start', { ora: '15:00', oraFine: '15:00' }, MSG.match.endNotAfterStart],
    ['a start in the spring-forward hour', { data: SPRING, ora: '02:30', oraFine: '04:00' }, MSG.match.startMissing('02:30', ddmmyyyy(SPRING))],
    ['an end in the spring-forward hour', { data: SPRING, ora: '01:30', oraFine: '02:45' }, MSG.match.endMissing('02:45', ddmmyyyy(SPRING))],
  ])('refuses %s with an Italian 400; nothing stored', async (_name, over, message) => {
    const res = await create(valid(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await count()).toBe(0);
    // The same on edit.
    const ok = await create(valid({}));
    expect(ok.statusCode).toBe(201);
    const put = await t.app.inject({ method: 'PUT', url: `/api/partite/${ok.json().data.id}`, headers: bearer(editor), payload: valid(over) });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ error: message });
  });

  it('the spring message says the hour does not exist that day', () => {
    expect(MSG.match.startMissing('02:30', '28/03/2027')).toBe(
      "L'ora di inizio 02:30 non esiste il 28/03/2027: è il giorno del passaggio all'ora legale e le lancette saltano quell'ora",
    );
  });

  it('the autumn 02:30 is saved and is its first occurrence in the feed (02:30 CEST = 00:30Z)', async () => {
    const res = await create(valid({ data: AUTUMN, ora: '02:30', oraFine: '03:30' }));
    expect(res.statusCode).toBe(201);
    const e = (await feed()).events.get(uid(res.json().data.id))!;
    expect(instant(e, 'dtstart')).toBe(`${AUTUMN}T00:30:00.000Z`);
    // 03:30 exists once, in CET.
    expect(instant(e, 'dtend')).toBe(`${AUTUMN}T02:30:00.000Z`);
  });

  it('every half hour of both change days has the right instant in the feed', async () => {
    const halfHours = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    // The answers dayjs.tz cannot give whatever the date it runs on (it guesses from today's offset):
    // the autumn hour is its first occurrence (CEST); the spring hour that does not exist (refused
    // from now on, but a row saved before may hold it) reads with the offset before the gap (RFC 5545 3.3.5).
    const special: Record<string, string> = {
      [`${AUTUMN} 02:00`]: `${AUTUMN}T00:00:00.000Z`,
      [`${AUTUMN} 02:30`]: `${AUTUMN}T00:30:00.000Z`,
      [`${SPRING} 02:00`]: `${SPRING}T01:00:00.000Z`,
      [`${SPRING} 02:30`]: `${SPRING}T01:30:00.000Z`,
    };
    const ids = new Map<number, string>();
    for (const data of [AUTUMN, SPRING]) {
      for (const ora of halfHours) {
        const id = await insertMatch(t.db.pool, { data, ora, squadracasa: `Casa ${data} ${ora}`, squadratrasferta: 'Ospiti' });
        ids.set(id, `${data} ${ora}`);
      }
    }
    const { events } = await feed();
    const got = [...ids].map(([id, local]) => [local, instant(events.get(uid(id))!, 'dtstart')]);
    const expected = [...ids.values()].map((local) => [local, special[local] ?? dayjs.tz(local, TZ).toISOString()]);
    expect(got).toEqual(expected);
    // Sanity of the oracle: every other half hour reads back as itself in Rome.
    for (const [local, at] of got) if (!special[local]) expect(dayjs(at).tz(TZ).format('YYYY-MM-DD HH:mm')).toBe(local);
  });

  it('a home match ends at its end time on the same day; a row saved before the rule never runs into the next day', async () => {
    const day = inDays(9);
    const normal = await insertMatch(t.db.pool, { data: day, ora: '21:00', ora_fine: '23:45', squadracasa: 'Garibaldina A', squadratrasferta: 'X', is_house_match: true });
    const late = await insertMatch(t.db.pool, { data: day, ora: '23:30', ora_fine: '00:45', squadracasa: 'Garibaldina B', squadratrasferta: 'Y', is_house_match: true });
    const reversed = await insertMatch(t.db.pool, { data: day, ora: '12:00', ora_fine: '10:00', squadracasa: 'Garibaldina C', squadratrasferta: 'Z', is_house_match: true });
    const { events } = await feed();
    const span = (id: number) => [instant(events.get(uid(id))!, 'dtstart'), instant(events.get(uid(id))!, 'dtend')];
    const rome = (date: string, time: string) => dayjs.tz(`${date} ${time}`, TZ).toISOString();
    expect(span(normal)).toEqual([rome(day, '21:00'), rome(day, '23:45')]);
    // Was 01:15 of the next day (the category's 60 minutes): now cut at midnight.
    expect(span(late)).toEqual([rome(day, '23:30'), rome(inDays(10), '00:00')]);
    // Was the 60 minutes already; kept (an end before the start is no end).
    expect(span(reversed)).toEqual([rome(day, '12:00'), rome(day, '13:00')]);
  });
});

describe('DTSTAMP and conditional requests', () => {
  const stampOf = (body: string) => [...body.matchAll(/\r\nDTSTAMP:(\d{8}T\d{6}Z)\r\n/g)].map((m) => m[1]);
  const parseStamp = (s: string) => Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);

  it("DTSTAMP is the time the feed is sent, LAST-MODIFIED the row's; the ETag does not move with DTSTAMP", async () => {
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, updated_at)
       VALUES ($1, '15:00', 'Virtus Lucca', 'Garibaldina Pulcini', 'Pulcini', 'Stadio', 'campionato', date_trunc('second', now()) - interval '3 days')
       RETURNING id, updated_at`,
      [inDays(4)],
    );
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const first = await feed();
    const t1 = Date.now();
    const e = first.events.get(uid(rows[0].id))!;
    expect(instant(e, 'last-modified')).toBe((rows[0].updated_at as Date).toISOString());
    const stamps = stampOf(first.res.body);
    expect(stamps).toHaveLength(1);
    expect(parseStamp(stamps[0])).toBeGreaterThanOrEqual(t0);
    expect(parseStamp(stamps[0])).toBeLessThanOrEqual(t1);
    expect(instant(e, 'dtstamp')).toBe(new Date(parseStamp(stamps[0])).toISOString());
    const etag = String(first.res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    // A second later, from the cache and rebuilt after a NOTIFY: a new DTSTAMP, the same ETag.
    await new Promise((r) => setTimeout(r, 1100));
    const cached = await get('/api/calendar.ics');
    await t.db.pool.query('NOTIFY calendar_changed');
    const rebuilt = await get('/api/calendar.ics');
    for (const res of [cached, rebuilt]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(etag);
      expect(parseStamp(stampOf(res.body)[0])).toBeGreaterThan(parseStamp(stamps[0]));
      expect(res.body.replace(/DTSTAMP:\w+/g, '')).toBe(first.res.body.replace(/DTSTAMP:\w+/g, ''));
    }
  });

  it("If-None-Match '*', the weak ETag, its strong form or a list holding it answer 304; another tag 200", async () => {
    await insertMatch(t.db.pool, { data: inDays(3), ora: '15:00', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Virtus Lucca' });
    for (const url of ['/api/calendar.ics', '/api/calendar.ics?casa=1']) {
      const first = await get(url);
      const etag = String(first.headers.etag);
      const strong = etag.replace(/^W\//, '');
      for (const inm of ['*', etag, strong, `"altro", ${etag}`, `W/"altro", ${strong}`]) {
        const res = await get(url, { 'if-none-match': inm });
        expect([inm, res.statusCode, res.body]).toEqual([inm, 304, '']);
        expect(res.headers.etag).toBe(etag);
      }
      expect((await get(url, { 'if-none-match': 'W/"altro"' })).statusCode).toBe(200);
    }
  });
});
