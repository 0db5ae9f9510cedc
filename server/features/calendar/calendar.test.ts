// Calendar feeds on a real database, every feed parsed back with ical.js.
import dayjs from 'dayjs';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch, type MatchRow } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { CALENDAR_MSG, defaultDurationMinutes } from '../../../common/calendar/rules';
import { buildFeed, stampFeed } from './ics';
import type { FeedMatch } from './repo';

const TZ = 'Europe/Rome';
// X-WR-CALNAME is a TEXT value (as Apple and Google read it): let ical.js unescape it like one.
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };
let t: TestApp;
let editor: TestUser;
const today = todayIn(TZ);
const inDays = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
let pulcini: number;
let esordienti: number;

const insert = (r: MatchRow) => insertMatch(t.db.pool, r);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

interface Parsed {
  calendar: ICAL.Component;
  events: Map<string, ICAL.Component>;
}

function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map(calendar.getAllSubcomponents('vevent').map((e) => [String(e.getFirstPropertyValue('uid')), e]));
  return { calendar, events };
}

async function feed(url: string): Promise<Parsed & { text: string }> {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { text: res.body, ...parse(res.body) };
}

const uid = (id: number) => `partita-${id}@localhost`;
const instant = (e: ICAL.Component, name: string) => (e.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
const rome = (date: string, time: string) => dayjs.tz(`${date} ${time}`, TZ).toDate().toISOString();
const text = (e: ICAL.Component, name: string) => e.getFirstPropertyValue(name) as string;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.db.pool, 'editor');
  const { rows } = await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti') RETURNING id`);
  [pulcini, esordienti] = rows.map((r) => r.id);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.pool.query('DELETE FROM public.partite');
  await t.db.pool.query('DELETE FROM public.partite_cancellate');
});

describe('GET /api/calendar.ics and /api/calendar/{id}.ics', () => {
  const MATCHES: MatchRow[] = [
    { data: inDays(3), ora: '15:00', ora_fine: '16:30', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Virtus Lucca', is_house_match: true, spogliatoio_gari: 2, spogliatoio_ospiti: 5, terreno: 'sintetico', campo: 'Campo Garibaldi' },
    { data: inDays(5), ora: '10:00', squadracasa: 'Atletico Pisa', squadratrasferta: 'Garibaldina Pulcini', terreno: 'erba', tipo_gara: 'torneo' },
    { data: inDays(9), ora: '17:30', squadracasa: 'Garibaldina Esordienti', squadratrasferta: 'Pietrasanta', gruppo: 'Esordienti', is_house_match: true, ora_fine: '19:00', tipo_gara: 'amichevole' },
    { data: inDays(-29), ora: '09:00', squadracasa: 'Ancora Dentro', squadratrasferta: 'Garibaldina Esordienti', gruppo: 'Esordienti' },
    // Older than the window: in no feed.
    { data: inDays(-31), ora: '09:00', squadracasa: 'Troppo Vecchia', squadratrasferta: 'Garibaldina Pulcini' },
  ];

  it('the club feed has one event per match of the window, with times and fields equal to the matches', async () => {
    const ids = [];
    for (const m of MATCHES) ids.push(await insert(m));
    const { calendar, events, text: raw } = await feed('/api/calendar.ics');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Partite Garibaldina');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(raw).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n');
    expect(raw).toContain('X-PUBLISHED-TTL:PT6H\r\n');
    expect([...events.keys()].sort()).toEqual(ids.slice(0, 4).map(uid).sort());

    const home = events.get(uid(ids[0]))!;
    expect(text(home, 'summary')).toBe('Garibaldina Pulcini - Virtus Lucca (Pulcini)');
    expect(text(home, 'location')).toBe('Campo Garibaldi');
    expect(text(home, 'description')).toBe('Categoria: Pulcini\nTipo gara: Campionato\nTerreno: Sintetico\nSpogliatoi: 2 squadra di casa, 5 ospiti');
    expect(instant(home, 'dtstart')).toBe(rome(inDays(3), '15:00'));
    expect(instant(home, 'dtend')).toBe(rome(inDays(3), '16:30'));
    expect(home.getFirstPropertyValue('sequence')).toBe(0);
    expect(home.getFirstPropertyValue('status')).toBe('CONFIRMED');

    // Away, no end time: the Pulcini default length; no dressing rooms in the description.
    const away = events.get(uid(ids[1]))!;
    expect(text(away, 'summary')).toBe('Atletico Pisa - Garibaldina Pulcini (Pulcini)');
    expect(text(away, 'description')).toBe('Categoria: Pulcini\nTipo gara: Torneo\nTerreno: Erba');
    expect(instant(away, 'dtstart')).toBe(rome(inDays(5), '10:00'));
    expect(instant(away, 'dtend')).toBe(dayjs(rome(inDays(5), '10:00')).add(defaultDurationMinutes('Pulcini'), 'minute').toISOString());
    expect(defaultDurationMinutes('Pulcini')).toBe(60);
    expect(defaultDurationMinutes('Esordienti B')).toBe(75);
    expect(defaultDurationMinutes('Prima squadra')).toBe(105);

    const past = events.get(uid(ids[3]))!;
    expect(instant(past, 'dtstart')).toBe(rome(inDays(-29), '09:00'));
  });

  it('a category feed has its matches only, ?casa=1 its home matches only; the name is in X-WR-CALNAME', async () => {
    const ids = [];
    for (const m of MATCHES) ids.push(await insert(m));
    const cat = await feed(`/api/calendar/${esordienti}.ics`);
    expect(cat.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Partite Garibaldina - Esordienti');
    expect([...cat.events.keys()].sort()).toEqual([uid(ids[2]), uid(ids[3])].sort());
    const home = await feed(`/api/calendar/${esordienti}.ics?casa=1`);
    expect(home.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Partite Garibaldina - Esordienti (solo casa)');
    expect([...home.events.keys()]).toEqual([uid(ids[2])]);
    const clubHome = await feed('/api/calendar.ics?casa=1');
    expect([...clubHome.events.keys()].sort()).toEqual([uid(ids[0]), uid(ids[2])].sort());
    const all = await feed(`/api/calendar/${pulcini}.ics?casa=0`);
    expect([...all.events.keys()].sort()).toEqual([uid(ids[0]), uid(ids[1])].sort());
  });

  it('renaming a category keeps its feed URL: same events, new names', async () => {
    const id = await insert(MATCHES[2]);
    expect((await feed(`/api/calendar/${esordienti}.ics`)).events.size).toBe(1);
    await t.db.pool.query(`UPDATE public.gruppi SET name = 'Esordienti 2014' WHERE id = $1`, [esordienti]);
    try {
      const after = await feed(`/api/calendar/${esordienti}.ics`);
      expect(after.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Partite Garibaldina - Esordienti 2014');
      expect([...after.events.keys()]).toEqual([uid(id)]);
      expect(text(after.events.get(uid(id))!, 'summary')).toBe('Garibaldina Esordienti - Pietrasanta (Esordienti 2014)');
    } finally {
      await t.db.pool.query(`UPDATE public.gruppi SET name = 'Esordienti' WHERE id = $1`, [esordienti]);
    }
  });

  it('a 10:00 match on the last Saturday and Sunday of March and of October is at 10:00 in Rome', async () => {
    const year = dayjs(today).year() + 1;
    const lastSunday = (month: number) => {
      const end = dayjs(`${year}-${String(month).padStart(2, '0')}-01`).endOf('month').startOf('day');
      return end.subtract(end.day(), 'day');
    };
    const days = [3, 10].flatMap((month) => [lastSunday(month).subtract(1, 'day'), lastSunday(month)]).map((d) => d.format('YYYY-MM-DD'));
    const ids = [];
    for (const data of days) ids.push(await insert({ data, ora: '10:00', ora_fine: '11:15', squadracasa: `Garibaldina ${data}`, squadratrasferta: 'Ospiti', is_house_match: true }));
    const { events } = await feed('/api/calendar.ics');
    const starts = ids.map((id) => events.get(uid(id))!).map((e) => instant(e, 'dtstart'));
    // Saturday before the spring change: CET (UTC+1); the Sunday: CEST (UTC+2). The reverse in October.
    expect(starts).toEqual([`${days[0]}T09:00:00.000Z`, `${days[1]}T08:00:00.000Z`, `${days[2]}T08:00:00.000Z`, `${days[3]}T09:00:00.000Z`]);
    for (const [i, id] of ids.entries()) {
      const e = events.get(uid(id))!;
      expect(dayjs(instant(e, 'dtstart')).tz(TZ).format('YYYY-MM-DD HH:mm')).toBe(`${days[i]} 10:00`);
      expect(dayjs(instant(e, 'dtend')).tz(TZ).format('HH:mm')).toBe('11:15');
    }
  });

  it('an edited match keeps its UID, its SEQUENCE and LAST-MODIFIED grow; a deleted one is CANCELLED, then gone after 30 days', async () => {
    const id = await insert({ data: inDays(4), ora: '15:00', squadracasa: 'Virtus Lucca', squadratrasferta: 'Garibaldina Pulcini', terreno: 'erba' });
    const first = (await feed('/api/calendar.ics')).events.get(uid(id))!;
    const payload = {
      data: inDays(4), ora: '16:00', oraFine: null, squadraCasa: 'Virtus Lucca', squadraTrasferta: 'Garibaldina Pulcini', campo: 'Campo Nuovo',
      gruppo: 'Pulcini', isHouseMatch: false, spogliatoioGari: null, spogliatoioOspiti: null, terreno: 'erba', tipoGara: 'campionato',
    };
    const put = await t.app.inject({ method: 'PUT', url: `/api/partite/${id}`, headers: bearer(editor), payload });
    expect(put.statusCode).toBe(200);
    const edited = (await feed('/api/calendar.ics')).events.get(uid(id))!;
    expect(edited.getFirstPropertyValue('sequence')).toBe(1);
    expect(instant(edited, 'dtstart')).toBe(rome(inDays(4), '16:00'));
    expect(text(edited, 'location')).toBe('Campo Nuovo');
    expect(instant(edited, 'last-modified') > instant(first, 'last-modified')).toBe(true);

    // Saved again unchanged: nothing for the phones to update.
    await t.app.inject({ method: 'PUT', url: `/api/partite/${id}`, headers: bearer(editor), payload });
    const same = (await feed('/api/calendar.ics')).events.get(uid(id))!;
    expect(same.getFirstPropertyValue('sequence')).toBe(1);
    const second = await t.app.inject({ method: 'PUT', url: `/api/partite/${id}`, headers: bearer(editor), payload: { ...payload, ora: '16:30' } });
    expect(second.statusCode).toBe(200);
    const twice = (await feed('/api/calendar.ics')).events.get(uid(id))!;
    expect(twice.getFirstPropertyValue('sequence')).toBe(2);
    expect(instant(twice, 'last-modified') > instant(edited, 'last-modified')).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/partite/${id}`, headers: bearer(editor) });
    expect(del.statusCode).toBe(200);
    for (const url of ['/api/calendar.ics', `/api/calendar/${pulcini}.ics`]) {
      const { events } = await feed(url);
      const cancelled = events.get(uid(id))!;
      expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(cancelled.getFirstPropertyValue('sequence')).toBe(3);
      expect(instant(cancelled, 'dtstart')).toBe(rome(inDays(4), '16:30'));
    }
    expect((await feed(`/api/calendar/${esordienti}.ics`)).events.size).toBe(0);

    // 29 days later it is still there; 31 days later it is gone, and the housekeeping purge forgets it.
    await t.db.pool.query(`UPDATE public.partite_cancellate SET deleted_at = now() - interval '29 days'`);
    expect((await feed('/api/calendar.ics')).events.has(uid(id))).toBe(true);
    await t.db.pool.query(`UPDATE public.partite_cancellate SET deleted_at = now() - interval '31 days'`);
    expect((await feed('/api/calendar.ics')).events.has(uid(id))).toBe(false);
    expect(await t.app.scheduler.runNow('calendar-purge')).toEqual({ status: 'done', result: 1 });
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.partite_cancellate')).rows[0].n).toBe(0);
  });

  it('answers 304 to a repeated request with its ETag or Last-Modified, and 200 again after a change', async () => {
    await insert(MATCHES[0]);
    const first = await get('/api/calendar.ics');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    // Weak: answers differ in DTSTAMP, the time each is sent.
    expect(etag).toMatch(/^W\/".+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    const again = await get('/api/calendar.ics', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/calendar.ics', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    // Another feed's ETag is not this one's.
    expect((await get(`/api/calendar/${pulcini}.ics?casa=1`, { 'if-none-match': etag })).statusCode).toBe(200);
    await insert(MATCHES[1]);
    const changed = await get('/api/calendar.ics', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parse(changed.body).events.size).toBe(2);
  });

  it('an unknown category is a 404 with an Italian message; a bad query a 400', async () => {
    for (const url of ['/api/calendar/2147483647.ics', '/api/calendar/abc.ics', '/api/calendar/0.ics', '/api/calendar/99999999999.ics']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CALENDAR_MSG.unknownCategory });
    }
    const bad = await get('/api/calendar.ics?casa=si');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: CALENDAR_MSG.invalidQuery });
    const unknown = await get('/api/calendar.ics?nome=x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Campo non previsto: nome' });
  });

  it('hostile text (newlines, commas, semicolons, backslashes) stays one valid property', async () => {
    const hostile = 'A\r\nSTATUS:CANCELLED\nDTSTART:19700101T000000Z;x,y\\z';
    const name = 'Gruppo, ; \\ strano';
    await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ($1)`, [name]);
    const id = await insert({ data: inDays(2), ora: '11:00', squadracasa: hostile, squadratrasferta: `B ${'x'.repeat(98)}`, gruppo: name, campo: `${hostile}, campo` });
    const catId = (await t.db.pool.query('SELECT id FROM public.gruppi WHERE name = $1', [name])).rows[0].id;
    const { events, text: raw, calendar } = await feed(`/api/calendar/${catId}.ics`);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`Partite Garibaldina - ${name}`);
    const e = events.get(uid(id))!;
    // A TEXT value has one kind of line break: CRLF comes back as \n, everything else as written.
    const back = hostile.replace('\r\n', '\n');
    expect(text(e, 'summary')).toBe(`${back} - B ${'x'.repeat(98)} (${name})`);
    expect(text(e, 'location')).toBe(`${back}, campo`);
    expect(e.getAllProperties('status').map((p) => p.getFirstValue())).toEqual(['CONFIRMED']);
    expect(e.getAllProperties('dtstart')).toHaveLength(1);
    expect(instant(e, 'dtstart')).toBe(rome(inDays(2), '11:00'));
    assertWellFormed(raw);
  });
});

/** RFC 5545 3.1: CRLF lines of at most 75 octets, continuation lines starting with a space. */
function assertWellFormed(raw: string) {
  expect(raw.endsWith('\r\n')).toBe(true);
  const lines = raw.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
}

describe('buildFeed', () => {
  it('keeps 300-character names with every special character one property each, folded at 75 octets', () => {
    const long = `Squadra; con, virgole\\ e\naccapo ⚽😀 ${'è😀'.repeat(90)}${'è'.repeat(100)}`;
    const m: FeedMatch = {
      id: 7, data: '2027-03-28', ora: '10:00', ora_fine: null, squadracasa: long, squadratrasferta: long, gruppo: long, campo: long,
      is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, terreno: 'erba', tipo_gara: 'torneo', stato: 'programmata', motivo_stato: null,
      data_da_definire: false, data_originale: null, sequence: 4,
      start_at: new Date('2027-03-28T08:00:00Z'), end_at: null, updated_at: new Date('2026-11-01T10:00:00Z'), deleted_at: null,
    };
    const raw = buildFeed({ name: `Partite - ${long}`, host: 'example.it', timezone: TZ, events: [m] });
    assertWellFormed(raw);
    const { calendar, events } = parse(raw);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`Partite - ${long.replace('\n', ' ')}`);
    const e = events.get('partita-7@example.it')!;
    expect(text(e, 'summary')).toBe(`${long} - ${long} (${long})`);
    expect(text(e, 'location')).toBe(long);
    expect(text(e, 'description').split('\n')[0]).toBe('Categoria: Squadra; con, virgole\\ e');
    expect(e.getFirstPropertyValue('sequence')).toBe(4);
    expect(instant(e, 'dtend')).toBe(new Date(Date.parse('2027-03-28T08:00:00Z') + 105 * 60_000).toISOString());
  });

  it('stampFeed writes the time of the answer into every DTSTAMP, and only there', () => {
    const base: FeedMatch = {
      id: 1, data: '2027-03-28', ora: '10:00', ora_fine: null, squadracasa: 'A', squadratrasferta: 'B', gruppo: 'Pulcini', campo: 'C',
      is_house_match: false, spogliatoio_gari: null, spogliatoio_ospiti: null, terreno: null, tipo_gara: 'torneo', stato: 'programmata', motivo_stato: null,
      data_da_definire: false, data_originale: null, sequence: 0,
      start_at: new Date('2027-03-28T08:00:00Z'), end_at: null, updated_at: new Date('2026-11-01T10:00:00Z'), deleted_at: null,
    };
    const hostile = 'X\r\nDTSTAMP:19700101T000000Z\r\nY';
    const raw = buildFeed({ name: 'Partite', host: 'example.it', timezone: TZ, events: [base, { ...base, id: 2, squadracasa: hostile }] });
    const sent = stampFeed(raw, new Date('2026-11-25T09:08:07.654Z'));
    const { events } = parse(sent);
    for (const id of [1, 2]) {
      const e = events.get(`partita-${id}@example.it`)!;
      expect(instant(e, 'dtstamp')).toBe('2026-11-25T09:08:07.000Z');
      expect(instant(e, 'last-modified')).toBe('2026-11-01T10:00:00.000Z');
    }
    expect(text(events.get('partita-2@example.it')!, 'summary')).toBe(`${hostile.replace('\r\n', '\n').replace('\r\n', '\n')} - B (Pulcini)`);
    expect(sent.match(/^DTSTAMP:/gm)).toHaveLength(2);
    assertWellFormed(sent);
  });
});
