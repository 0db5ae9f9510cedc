// Training series in the calendar feeds (?allenamenti=1, docs/calendar.md): series made through the
// real API (POST /api/allenamenti as an editor), the feed parsed back with ical.js and its recurrence
// expanded with the feed's own VTIMEZONE (ical.js reads the TZID from the component tree): the dates
// are the series' weekdays within dal..al minus the skipped dates, the local time stays 18:00 across
// both daylight-saving changes, SEQUENCE follows the edits, the UID stays.
import dayjs from 'dayjs';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { CALENDAR_MSG, feedPath, feedUrls, trainingUid } from '../../../common/calendar/rules';
import { occurrencesOf, type Allenamento } from '../../../common/trainings/rules';
import { vtimezone } from './vtimezone';

const TZ = 'Europe/Rome';
let t: TestApp;
let editor: TestUser;
let esordienti: number;
let pulcini: number;

const today = todayIn(TZ);
const YEAR = dayjs(today).year() + 1;
/** The last Sunday of a month of next year: the spring (3) and autumn (10) changes in Europe/Rome. */
const lastSunday = (month: number) => {
  const end = dayjs(`${YEAR}-${String(month).padStart(2, '0')}-01`).endOf('month').startOf('day');
  return end.subtract(end.day(), 'day').format('YYYY-MM-DD');
};
const SPRING = lastSunday(3);
const AUTUMN = lastSunday(10);
/** `days` after a date: from a Sunday, 3 is the Wednesday after. */
const plus = (iso: string, days: number) => dayjs(iso).add(days, 'day').format('YYYY-MM-DD');
/** The first date of a month of next year on a weekday (0 = Sunday, as Day.js counts). */
const firstOn = (month: number, weekday: number) => {
  const d = dayjs(`${YEAR}-${String(month).padStart(2, '0')}-01`);
  return d.add((weekday - d.day() + 7) % 7, 'day').format('YYYY-MM-DD');
};

// Wednesdays 18:00-19:30 from March to November of next year: both changes inside. Skipped: the
// Wednesday right after each change, and the first one of May.
const SKIPPED = [plus(SPRING, 3), firstOn(5, 3), plus(AUTUMN, 3)].sort();
const series = (over: Record<string, unknown> = {}) => ({
  gruppo: 'Esordienti',
  campo: 'Campo Comunale',
  giorno: 3,
  oraInizio: '18:00',
  oraFine: '19:30',
  dal: `${YEAR}-03-01`,
  al: `${YEAR}-11-30`,
  spogliatoi: [3, 4],
  saltate: SKIPPED,
  ...over,
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(editor), ...(payload ? { payload } : {}) });
async function create(over: Record<string, unknown> = {}): Promise<Allenamento> {
  const res = await api('POST', '/api/allenamenti', series(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as Allenamento;
}

async function feed(url: string) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = new Map(calendar.getAllSubcomponents('vevent').map((e) => [String(e.getFirstPropertyValue('uid')), e]));
  return { res, calendar, events };
}
const prop = (e: ICAL.Component, name: string) => e.getFirstPropertyValue(name);
const trainingUids = (events: Map<string, ICAL.Component>) => [...events.keys()].filter((u) => u.startsWith('allenamento-')).sort();

/** Every occurrence of a recurring VEVENT, as instants (ISO, UTC) and as local dates and times in the club's timezone. */
function expand(e: ICAL.Component) {
  const event = new ICAL.Event(e);
  const it = event.iterator();
  const out: Array<{ instant: string; date: string; time: string; end: string; utcHour: number }> = [];
  for (let next = it.next(); next; next = it.next()) {
    const start = next.toJSDate();
    const end = event.getOccurrenceDetails(next).endDate.toJSDate();
    const local = dayjs(start).tz(TZ);
    out.push({ instant: start.toISOString(), date: local.format('YYYY-MM-DD'), time: local.format('HH:mm'), end: dayjs(end).tz(TZ).format('HH:mm'), utcHour: start.getUTCHours() });
    if (out.length > 500) throw new Error('runaway recurrence');
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.db.pool, 'editor');
  const { rows } = await t.db.pool.query<{ id: number; name: string }>(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Pulcini') RETURNING id, name`);
  esordienti = rows.find((r) => r.name === 'Esordienti')!.id;
  pulcini = rows.find((r) => r.name === 'Pulcini')!.id;
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.pool.query('DELETE FROM public.allenamenti');
  await t.db.pool.query('DELETE FROM public.partite');
});

describe('training series in the feeds (?allenamenti=1)', () => {
  it('one recurring VEVENT per series: its weekdays within dal..al minus the skipped dates, 18:00-19:30 local on both sides of each change', async () => {
    expect(SKIPPED.map((d) => dayjs(d).day())).toEqual([3, 3, 3]);
    const s = await create();
    const { res, calendar, events } = await feed(`/api/calendar/${esordienti}.ics?allenamenti=1`);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(prop(calendar, 'x-wr-calname')).toBe(CALENDAR_MSG.calendarNameWithTrainings(t.config.clubName, 'Esordienti', false));
    expect(trainingUids(events)).toEqual([trainingUid(s.id, 'localhost')]);
    const e = events.get(`allenamento-${s.id}@localhost`)!;

    // The properties.
    expect(prop(e, 'summary')).toBe('Allenamento Esordienti');
    expect(prop(e, 'location')).toBe('Campo Comunale');
    expect(String(prop(e, 'description'))).toBe('Categoria: Esordienti\nOgni mercoledì 18:00-19:30\nSpogliatoi: 3, 4');
    expect(prop(e, 'status')).toBe('CONFIRMED');
    expect(Number(prop(e, 'sequence'))).toBe(0);
    const row = (await t.db.pool.query('SELECT updated_at FROM public.allenamenti WHERE id = $1', [s.id])).rows[0];
    expect((prop(e, 'last-modified') as ICAL.Time).toJSDate().getTime()).toBe(Math.floor(row.updated_at.getTime() / 1000) * 1000);
    // Local times with the club's TZID, described by a VTIMEZONE of the same name; UNTIL the end of 'al' (UTC).
    const first = occurrencesOf({ ...s, saltate: [] }, s.dal, s.al)[0];
    expect(e.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(TZ);
    expect(e.getFirstProperty('dtend')!.getParameter('tzid')).toBe(TZ);
    expect(res.body).toContain(`\r\nDTSTART;TZID=${TZ}:${first.replace(/-/g, '')}T180000\r\n`);
    expect(res.body).toContain(`\r\nDTEND;TZID=${TZ}:${first.replace(/-/g, '')}T193000\r\n`);
    expect(res.body).toContain(`\r\nRRULE:FREQ=WEEKLY;UNTIL=${YEAR}1130T225959Z\r\n`);
    expect(res.body).toContain(`\r\nEXDATE;TZID=${TZ}:${SKIPPED.map((d) => `${d.replace(/-/g, '')}T180000`).join(',')}\r\n`);
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => prop(z, 'tzid'))).toEqual([TZ]);

    // The expansion: the series' own dates, nothing else, all at 18:00-19:30 in Rome.
    const occ = expand(e);
    expect(occ.map((o) => o.date)).toEqual(occurrencesOf(s, s.dal, s.al));
    expect(occ.every((o) => dayjs(o.date).day() === 3 && o.date >= s.dal && o.date <= s.al && !SKIPPED.includes(o.date))).toBe(true);
    expect(new Set(occ.map((o) => `${o.time}-${o.end}`))).toEqual(new Set(['18:00-19:30']));
    // Around each change the instant moves by an hour while the local time does not (17:00Z in winter, 16:00Z in summer).
    const around = (sunday: string) => [occ.filter((o) => o.date < sunday).at(-1)!, occ.find((o) => o.date > sunday)!];
    const [beforeSpring, afterSpring] = around(SPRING);
    expect([beforeSpring.time, afterSpring.time]).toEqual(['18:00', '18:00']);
    expect([beforeSpring.utcHour, afterSpring.utcHour]).toEqual([17, 16]);
    const [beforeAutumn, afterAutumn] = around(AUTUMN);
    expect([beforeAutumn.time, afterAutumn.time]).toEqual(['18:00', '18:00']);
    expect([beforeAutumn.utcHour, afterAutumn.utcHour]).toEqual([16, 17]);
    // The skipped Wednesdays right after the changes are gone, the next ones are there.
    expect(afterSpring.date).toBe(plus(SPRING, 10));
    expect(afterAutumn.date).toBe(plus(AUTUMN, 10));
  });

  it('the VTIMEZONE has the two changes of each year, at 02:00 CET and 03:00 CEST', () => {
    const text = vtimezone(TZ)!;
    const zone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${text}END:VCALENDAR\r\n`)).getFirstSubcomponent('vtimezone')!);
    const offset = (iso: string) => zone.utcOffset(ICAL.Time.fromDateTimeString(iso)) / 3600;
    // The last Sunday of March and of October, every year: the offset changes there and not a day before.
    expect([offset(`${SPRING}T01:59:00`), offset(`${SPRING}T03:00:00`)]).toEqual([1, 2]);
    expect([offset(`${AUTUMN}T01:30:00`), offset(`${AUTUMN}T03:30:00`)]).toEqual([2, 1]);
    expect([offset(`${YEAR}-01-15T12:00:00`), offset(`${YEAR}-07-15T12:00:00`), offset(`${YEAR}-12-15T12:00:00`)]).toEqual([1, 2, 1]);
    expect(vtimezone('UTC')).toBeNull();
  });

  it('a category feed has its own series only; the club feed every category; without the flag (or with 0) no training at all', async () => {
    const a = await create();
    const b = await create({ gruppo: 'Pulcini', giorno: 5, campo: 'Campo Nord', spogliatoi: [], saltate: [], oraInizio: '17:00', oraFine: '18:00' });
    // A series that ended before the feed's window (30 days ago) is left out.
    await t.db.pool.query(`INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al) VALUES ('Pulcini', 'Vecchio', 1, '18:00', '19:00', $1, $2)`, [
      dayjs(today).subtract(200, 'day').format('YYYY-MM-DD'),
      dayjs(today).subtract(31, 'day').format('YYYY-MM-DD'),
    ]);
    const match = await insertMatch(t.db.pool, { data: dayjs(today).add(5, 'day').format('YYYY-MM-DD'), ora: '10:00', squadracasa: 'Virtus', squadratrasferta: 'Garibaldina Pulcini', gruppo: 'Pulcini' });

    expect(trainingUids((await feed(`/api/calendar/${esordienti}.ics?allenamenti=1`)).events)).toEqual([`allenamento-${a.id}@localhost`]);
    const pulciniFeed = (await feed(`/api/calendar/${pulcini}.ics?allenamenti=1`)).events;
    expect(trainingUids(pulciniFeed)).toEqual([`allenamento-${b.id}@localhost`]);
    expect(pulciniFeed.has(`partita-${match}@localhost`)).toBe(true);
    // No rooms: no rooms line.
    expect(String(prop(pulciniFeed.get(`allenamento-${b.id}@localhost`)!, 'description'))).toBe('Categoria: Pulcini\nOgni venerdì 17:00-18:00');
    const club = await feed('/api/calendar.ics?allenamenti=1');
    expect(trainingUids(club.events)).toEqual([`allenamento-${a.id}@localhost`, `allenamento-${b.id}@localhost`].sort());
    // ?casa=1 narrows the matches, not the trainings (they are the club's own pitches).
    expect(trainingUids((await feed(`/api/calendar/${pulcini}.ics?casa=1&allenamenti=1`)).events)).toEqual([`allenamento-${b.id}@localhost`]);

    for (const url of [`/api/calendar/${pulcini}.ics`, `/api/calendar/${pulcini}.ics?allenamenti=0`, '/api/calendar.ics', '/api/calendar.ics?casa=1']) {
      const { res, events, calendar } = await feed(url);
      expect(trainingUids(events)).toEqual([]);
      expect(res.body).not.toMatch(/Allenamento|VTIMEZONE|TZID/);
      expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(0);
    }
    expect((await feed(`/api/calendar/${pulcini}.ics`)).events.has(`partita-${match}@localhost`)).toBe(true);
  });

  it('an edit or a skipped date raises SEQUENCE and moves LAST-MODIFIED with the same UID; a deleted series leaves the feed', async () => {
    const s = await create({ saltate: [] });
    const url = `/api/calendar/${esordienti}.ics?allenamenti=1`;
    const uid = `allenamento-${s.id}@localhost`;
    const before = (await feed(url)).events.get(uid)!;
    expect(Number(prop(before, 'sequence'))).toBe(0);

    const put = await api('PUT', `/api/allenamenti/${s.id}`, series({ oraInizio: '17:30', saltate: [] }));
    expect(put.statusCode).toBe(200);
    const edited = (await feed(url)).events.get(uid)!;
    expect(Number(prop(edited, 'sequence'))).toBe(1);
    expect((prop(edited, 'last-modified') as ICAL.Time).toJSDate() > (prop(before, 'last-modified') as ICAL.Time).toJSDate()).toBe(true);
    expect(new Set(expand(edited).map((o) => `${o.time}-${o.end}`))).toEqual(new Set(['17:30-19:30']));

    // 'Salta questo allenamento': one more EXDATE, one more SEQUENCE.
    const day = occurrencesOf(s, s.dal, s.al)[4];
    expect((await api('POST', `/api/allenamenti/${s.id}/salta`, { data: day })).statusCode).toBe(200);
    const skipped = (await feed(url)).events.get(uid)!;
    expect(Number(prop(skipped, 'sequence'))).toBe(2);
    expect(expand(skipped).map((o) => o.date)).toEqual(occurrencesOf({ ...s, saltate: [day] }, s.dal, s.al));

    // Saving it unchanged changes nothing.
    expect((await api('PUT', `/api/allenamenti/${s.id}`, series({ oraInizio: '17:30', saltate: [day] }))).statusCode).toBe(200);
    expect(Number(prop((await feed(url)).events.get(uid)!, 'sequence'))).toBe(2);

    expect((await api('DELETE', `/api/allenamenti/${s.id}`)).statusCode).toBe(200);
    expect(trainingUids((await feed(url)).events)).toEqual([]);
  });

  it('a series with no date to train on (all skipped, or no such weekday in its period) is no event', async () => {
    const monday = firstOn(4, 1);
    // Monday and Tuesday only, on Wednesdays.
    await create({ dal: monday, al: plus(monday, 1), giorno: 3, saltate: [] });
    // One Friday, skipped.
    await create({ dal: monday, al: plus(monday, 6), giorno: 5, saltate: [plus(monday, 4)], campo: 'Altro' });
    // One Friday, kept.
    const kept = await create({ dal: monday, al: plus(monday, 6), giorno: 5, saltate: [], campo: 'Terzo' });
    const { events } = await feed(`/api/calendar/${esordienti}.ics?allenamenti=1`);
    expect(trainingUids(events)).toEqual([`allenamento-${kept.id}@localhost`]);
    expect(expand(events.get(`allenamento-${kept.id}@localhost`)!).map((o) => o.date)).toEqual([plus(monday, 4)]);
  });

  it('the query stays strict, and the flag is part of the cache key and of the ETag', async () => {
    await create();
    const bad = await get(`/api/calendar/${esordienti}.ics?allenamenti=si`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: CALENDAR_MSG.invalidTrainingsQuery });
    expect((await get('/api/calendar.ics?allenamenti=true')).statusCode).toBe(400);
    const unknown = await get(`/api/calendar/${esordienti}.ics?allenamenti=1&training=1`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/training/);
    expect((await get('/api/calendar/99999.ics?allenamenti=1')).statusCode).toBe(404);

    // Alternating requests: each answer from its own cache entry.
    const plain = await get(`/api/calendar/${esordienti}.ics`);
    const withTrainings = await get(`/api/calendar/${esordienti}.ics?allenamenti=1`);
    const plainAgain = await get(`/api/calendar/${esordienti}.ics`);
    expect(plain.body).not.toContain('allenamento-');
    expect(withTrainings.body).toContain('allenamento-');
    expect(plainAgain.body).not.toContain('allenamento-');
    expect(withTrainings.headers.etag).not.toBe(plain.headers.etag);
    expect(plainAgain.headers.etag).toBe(plain.headers.etag);
    // 304 on the ETag; a feed with trainings has no Last-Modified (a deleted series could not date it).
    expect(withTrainings.headers['last-modified']).toBeUndefined();
    expect(plain.headers['last-modified']).toBeDefined();
    expect((await get(`/api/calendar/${esordienti}.ics?allenamenti=1`, { 'if-none-match': String(withTrainings.headers.etag) })).statusCode).toBe(304);
    expect((await get(`/api/calendar/${esordienti}.ics?allenamenti=1`, { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() })).statusCode).toBe(200);
    expect((await get(`/api/calendar/${esordienti}.ics`, { 'if-none-match': String(withTrainings.headers.etag) })).statusCode).toBe(200);
  });

  it('feedPath and feedUrls: the address with the trainings', () => {
    expect(feedPath(12, false, true)).toBe('/api/calendar/12.ics?allenamenti=1');
    expect(feedPath(12, true, true)).toBe('/api/calendar/12.ics?casa=1&allenamenti=1');
    expect(feedPath(null, false, true)).toBe('/api/calendar.ics?allenamenti=1');
    expect(feedPath(12, true)).toBe('/api/calendar/12.ics?casa=1');
    expect(feedUrls('https://calendario.garibaldina.it/', 3, false, true)).toEqual({
      https: 'https://calendario.garibaldina.it/api/calendar/3.ics?allenamenti=1',
      webcal: 'webcal://calendario.garibaldina.it/api/calendar/3.ics?allenamenti=1',
    });
  });
});
