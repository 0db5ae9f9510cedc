// The private feed of an official's designations (docs/calendar.md): designations made through the
// real route, the feed parsed back with ical.js: exactly the person's designations of the window,
// the invitations' UIDs, UTC instants, 304 on the ETag, 404 for an unknown or revoked token.
import dayjs from 'dayjs';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { todayIn } from '../../../common/core/dates';
import { localInstant } from '../../../common/matches/times';

const TZ = 'Europe/Rome';
let t: TestApp;
let editor: TestUser;
const inDays = (n: number) => dayjs(todayIn(TZ)).add(n, 'day').format('YYYY-MM-DD');

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Allievi') ON CONFLICT DO NOTHING`);
});
afterAll(() => t.close());

async function person(nome: string, email: string): Promise<{ id: number; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dirigenti',
    headers: bearer(editor),
    payload: { nome, cognome: 'Bianchi', email, telefono: null, qualifiche: ['arbitro', 'accompagnatore', 'addetto_arbitro'], attivo: true },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as number;
  const { rows } = await t.db.pool.query('SELECT calendar_token FROM public.dirigenti WHERE id = $1', [id]);
  return { id, token: rows[0].calendar_token };
}

async function designate(partitaId: number, d: Record<string, number | null>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/partite/${partitaId}/designazioni`,
    headers: bearer(editor),
    payload: { arbitro: null, accompagnatore: null, addettoArbitro: null, ...d },
  });
  expect(res.statusCode).toBe(200);
}

describe('GET /api/calendar/dirigente/{token}.ics', () => {
  it("lists exactly the person's designations of the window; ETag and 304; a revoked or unknown token is a 404", async () => {
    const dora = await person('Dora', 'dora@example.it');
    const elio = await person('Elio', 'elio@example.it');
    const m1 = await insertMatch(t.db.pool, { data: inDays(3), ora: '15:00', ora_fine: '16:30', squadracasa: 'Garibaldina', squadratrasferta: 'Ospiti', gruppo: 'Allievi', campo: 'Campo 1', is_house_match: true });
    // Away, no end: Esordienti's 75 minutes.
    const m2 = await insertMatch(t.db.pool, { data: inDays(4), ora: '10:00', squadracasa: 'Audax', squadratrasferta: 'Garibaldina', gruppo: 'Esordienti', campo: 'Campo Audax' });
    const m3 = await insertMatch(t.db.pool, { data: inDays(5), ora: '11:00', ora_fine: '12:00', squadracasa: 'Garibaldina', squadratrasferta: 'Terzi', gruppo: 'Allievi', is_house_match: true });
    const old = await insertMatch(t.db.pool, { data: inDays(-40), ora: '11:00', ora_fine: '12:00', squadracasa: 'Garibaldina', squadratrasferta: 'Vecchi', gruppo: 'Allievi', is_house_match: true });
    await designate(m1, { arbitro: dora.id, accompagnatore: elio.id });
    await designate(m2, { accompagnatore: dora.id, addettoArbitro: dora.id });
    await designate(m3, { accompagnatore: elio.id });
    await designate(old, { accompagnatore: dora.id });

    const url = `/api/calendar/dirigente/${dora.token}.ics`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const cal = new ICAL.Component(ICAL.parse(res.body));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe(`Designazioni ${t.config.clubName} - Dora Bianchi`);
    const events = cal.getAllSubcomponents('vevent').map((e) => ({
      uid: e.getFirstPropertyValue('uid'),
      summary: e.getFirstPropertyValue('summary'),
      location: e.getFirstPropertyValue('location'),
      status: e.getFirstPropertyValue('status'),
      start: (e.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      end: (e.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    }));
    const at = (d: string, h: string) => localInstant(d, h, TZ).instant.toISOString();
    expect(events).toEqual([
      { uid: `designazione-${m1}-arbitro@localhost`, summary: 'Arbitro: Garibaldina - Ospiti', location: 'Campo 1', status: 'CONFIRMED', start: at(inDays(3), '15:00'), end: at(inDays(3), '16:30') },
      { uid: `designazione-${m2}-accompagnatore@localhost`, summary: 'Accompagnatore: Audax - Garibaldina', location: 'Campo Audax', status: 'CONFIRMED', start: at(inDays(4), '10:00'), end: at(inDays(4), '11:15') },
      { uid: `designazione-${m2}-addettoArbitro@localhost`, summary: "Addetto all'arbitro: Audax - Garibaldina", location: 'Campo Audax', status: 'CONFIRMED', start: at(inDays(4), '10:00'), end: at(inDays(4), '11:15') },
    ]);

    // ETag: 304, and a new text once a designation changes.
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await designate(m3, { accompagnatore: dora.id });
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(`UID:designazione-${m3}-accompagnatore@localhost`);
    // Elio's feed no longer has m3.
    const elioFeed = await t.app.inject({ method: 'GET', url: `/api/calendar/dirigente/${elio.token}.ics` });
    expect(new ICAL.Component(ICAL.parse(elioFeed.body)).getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('uid'))).toEqual([`designazione-${m1}-accompagnatore@localhost`]);

    // Revoked (a new token written): the old address is a 404 in Italian; the new one works.
    await t.db.pool.query(`UPDATE public.dirigenti SET calendar_token = encode(sha256('nuovo'::bytea), 'hex') WHERE id = $1`, [dora.id]);
    const revoked = await t.app.inject({ method: 'GET', url });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ error: 'Calendario non trovato: il link non esiste o è stato revocato' });
    for (const bad of ['0'.repeat(64), 'abc', 'Z'.repeat(64)]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/calendar/dirigente/${bad}.ics` });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toBe('Calendario non trovato: il link non esiste o è stato revocato');
    }
    const { rows } = await t.db.pool.query('SELECT calendar_token FROM public.dirigenti WHERE id = $1', [dora.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/dirigente/${rows[0].calendar_token}.ics` })).statusCode).toBe(200);
    // No query parameters.
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/dirigente/${rows[0].calendar_token}.ics?casa=1` })).statusCode).toBe(400);
    // The query is refused before the token is looked at.
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/dirigente/abc.ics?casa=1` })).json()).toEqual({ error: 'Campo non previsto: casa' });
  });
});
