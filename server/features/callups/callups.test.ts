// Call-ups on the real database and the REAL SMTP server (docs/callups.md): the coach's API through
// its routes, the families' mails sent by the queue's worker (driven by hand, as the notification
// tests do) and parsed with mailparser and ical.js, the answer page by plain form POSTs, the reminders,
// the re-ask after a time change and the news of a cancellation, privacy and the limit on guesses.
import crypto from 'node:crypto';
import dayjs from 'dayjs';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { linkIn, type ReceivedMail } from '../../../test/smtp';
import { todayIn } from '../../../common/core/dates';
import { localInstant } from '../../../common/matches/times';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import { GUESS_LIMIT } from './page-routes';
import { pdfPages } from '../../../test/exports';
// The queue's worker, driven by hand as notifications.test.ts does (the app's scheduler polls every 5 s).
// eslint-disable-next-line import-x/no-restricted-paths
import { callupReminders, callupUpdates, notificheJobs, REMINDER_POLL_MS, runOnce, type WorkerDeps } from '../notifications/worker';

const M = CONVOCAZIONI_MSG;
const TZ = 'Europe/Rome';
const inDays = (n: number) => dayjs(todayIn(TZ)).add(n, 'day').format('YYYY-MM-DD');
const HOST = 'localhost';

let t: TestApp;
let deps: WorkerDeps;
let admin: TestUser;
let coach: TestUser;
let coachEsordienti: TestUser;
let readerPulcini: TestUser;
let readerNone: TestUser;

/** The seeded players: unusual surnames, searched for in pages, mails and tables. */
const P = {
  marco: { nome: 'Marco', cognome: 'Ferraresqui', contatti: [{ nome: 'Laura', email: 'laura.f@example.it' }, { nome: 'Paolo', email: 'paolo.f@example.it' }] },
  giulia: { nome: 'Giulia', cognome: 'Antonellazzi', contatti: [{ nome: 'Sara', relazione: 'mamma', email: 'sara.a@example.it' }] },
  tommaso: { nome: 'Tommaso', cognome: 'Quarantottini', contatti: [{ nome: 'Nonno Ugo', telefono: '3331234567' }] },
  elia: { nome: 'Elia', cognome: 'Brambillasca', gruppo: 'Esordienti', dataNascita: '2013-05-01', contatti: [{ nome: 'Nadia', email: 'nadia.b@example.it' }] },
};
const ids: Record<keyof typeof P, number> = { marco: 0, giulia: 0, tommaso: 0, elia: 0 };
const SURNAMES = Object.values(P).map((p) => p.cognome);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (who: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A home match of Pulcini at 15:00-16:30 in `days` days. */
const homeMatch = (days = 5, over: Record<string, unknown> = {}) =>
  insertMatch(t.db.pool, { data: inDays(days), ora: '15:00', ora_fine: '16:30', squadracasa: 'Garibaldina', squadratrasferta: 'Fortis Juventus', campo: 'Stadio Bozzi', is_house_match: true, ...over });

async function callUp(partitaId: number, giocatori: number[], over: Record<string, unknown> = {}, who: TestUser = coach) {
  const res = await api(who, 'PUT', `/api/partite/${partitaId}/convocazione`, { giocatori, ...over });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const send = async (partitaId: number, who: TestUser = coach) => {
  const res = await api(who, 'POST', `/api/partite/${partitaId}/convocazione/invia`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const view = async (partitaId: number, who: TestUser = coach) => (await api(who, 'GET', `/api/partite/${partitaId}/convocazione`)).json().data;

/** The mails the worker sends at `now`. */
async function deliver(now = new Date()): Promise<ReceivedMail[]> {
  const before = t.smtp.mails.length;
  await runOnce(deps, now);
  return t.smtp.mails.slice(before);
}
const to = (mails: ReceivedMail[], email: string) => mails.filter((m) => m.to.includes(email));

/** The path /c/{token} of a mail's link. */
const pathOf = (mail: ReceivedMail) => new URL(linkIn(mail)).pathname;

/** The VEVENT of a mail's iCalendar attachment, parsed with ical.js. */
async function invitation(mail: ReceivedMail) {
  const parsed = await simpleParser(mail.raw);
  const att = parsed.attachments.filter((a) => a.contentType === 'text/calendar');
  expect(att).toHaveLength(1);
  const cal = new ICAL.Component(ICAL.parse(att[0].content.toString('utf8')));
  const [ev] = cal.getAllSubcomponents('vevent');
  return {
    method: cal.getFirstPropertyValue('method'),
    contentType: att[0].headers.get('content-type'),
    uid: ev.getFirstPropertyValue('uid'),
    sequence: Number(ev.getFirstPropertyValue('sequence')),
    status: ev.getFirstPropertyValue('status'),
    summary: String(ev.getFirstPropertyValue('summary')),
    location: ev.getFirstPropertyValue('location'),
    description: String(ev.getFirstPropertyValue('description')),
    attendee: String(ev.getFirstPropertyValue('attendee')),
    start: (ev.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    end: (ev.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate(),
  };
}

const form = (path: string, body: string, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body, ...(remoteAddress ? { remoteAddress } : {}) });
const page = (path: string, remoteAddress?: string) => t.app.inject({ url: path, ...(remoteAddress ? { remoteAddress } : {}) });

const activities = async () => (await t.db.pool.query<{ activity_message: string; context: Record<string, unknown> }>('SELECT activity_message, context FROM public.activity_logs ORDER BY id')).rows;

/** Every text, json and array column of every table holding `needle`: `schema.table.column`. */
async function everywhere(needle: string): Promise<string[]> {
  const { rows } = await t.db.pool.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema IN ('public', 'auth') AND c.data_type IN ('text', 'jsonb', 'json', 'character varying', 'ARRAY', 'USER-DEFINED', 'bytea')`,
  );
  const found: string[] = [];
  for (const c of rows) {
    const q = `SELECT count(*)::int AS n FROM "${c.table_schema}"."${c.table_name}" WHERE "${c.column_name}"::text ILIKE $1`;
    if ((await t.db.pool.query(q, [`%${needle}%`])).rows[0].n > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return found;
}

beforeAll(async () => {
  // The worker asks again as soon as a change is made (no grouping window in these tests).
  t = await createTestApp({ env: { NOTIFY_DELAY_SECONDS: '0' } });
  deps = { pool: t.db.pool, mailer: t.app.deps.mailer, config: t.config, jwtSecret: TEST_JWT_SECRET };
  admin = await createUser(t.db.pool, 'admin');
  [coach, coachEsordienti, readerPulcini, readerNone] = await Promise.all([
    createUser(t.db.pool, 'editor'),
    createUser(t.db.pool, 'editor'),
    createUser(t.db.pool, 'reader'),
    createUser(t.db.pool, 'reader'),
  ]);
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
  for (const [u, gruppi] of [
    [coach, ['Pulcini', 'Esordienti']],
    [coachEsordienti, ['Esordienti']],
    [readerPulcini, ['Pulcini']],
  ] as const) {
    expect((await api(admin, 'PUT', `/api/users/${u.id}/gruppi`, { gruppi })).statusCode).toBe(200);
  }
  for (const [k, p] of Object.entries(P)) {
    const res = await api(admin, 'POST', '/api/giocatori', { dataNascita: '2016-03-10', gruppo: 'Pulcini', ...p });
    expect(res.statusCode).toBe(201);
    ids[k as keyof typeof P] = res.json().data.id;
  }
}, 60_000);
afterAll(() => t.close());

describe('the call-up of a match (GET/PUT /api/partite/:id/convocazione)', () => {
  it('before any save: the defaults (ritrovo 45 minutes before at the pitch, deadline 24 hours before it), nobody called', async () => {
    const id = await homeMatch();
    const data = await view(id);
    const ritrovo = new Date(localInstant(inDays(5), '15:00', TZ).instant.getTime() - 45 * 60_000);
    expect(data).toEqual({
      partitaId: id,
      partita: { data: inDays(5), ora: '15:00', squadracasa: 'Garibaldina', squadratrasferta: 'Fortis Juventus', gruppo: 'Pulcini', campo: 'Stadio Bozzi', stato: null },
      salvata: false,
      giocatori: [],
      ritrovo: { ora: '14:15', luogo: 'Stadio Bozzi' },
      scadenza: dayjs(ritrovo.getTime() - 24 * 3600_000).tz(TZ).format('YYYY-MM-DDTHH:mm:ssZ'),
      note: null,
      inviataIl: null,
      chiusa: false,
      conteggi: { convocati: 0, si: 0, no: 0, inAttesa: 0 },
    });
  });

  it('saves the players called (a player of another category is "fuori quota"), the ritrovo, the deadline and a note; an activity record names ids only', async () => {
    const id = await homeMatch();
    const scadenza = `${inDays(4)}T18:00:00${dayjs.tz(`${inDays(4)} 18:00`, TZ).format('Z')}`;
    const data = await callUp(id, [ids.marco, ids.elia, ids.tommaso], { ritrovo: { ora: '14:00', luogo: 'Sede del club' }, scadenza, note: 'Portare la borraccia' });
    expect(data).toMatchObject({ partitaId: id, salvata: true, ritrovo: { ora: '14:00', luogo: 'Sede del club' }, scadenza, note: 'Portare la borraccia', inviataIl: null, chiusa: false });
    expect(data.conteggi).toEqual({ convocati: 3, si: 0, no: 0, inAttesa: 3 });
    // By surname, then name.
    expect(data.giocatori.map((g: { cognome: string }) => g.cognome)).toEqual(['Brambillasca', 'Ferraresqui', 'Quarantottini']);
    expect(data.giocatori[0]).toEqual({
      id: ids.elia,
      nome: 'Elia',
      cognome: 'Brambillasca',
      gruppo: 'Esordienti',
      fuoriQuota: true,
      risposta: null,
      nota: null,
      rispostoIl: null,
      rispostaStaff: false,
      avvisabile: true,
      invitatoIl: null,
      promemoriaIl: null,
    });
    expect(data.giocatori[2]).toMatchObject({ id: ids.tommaso, fuoriQuota: false, avvisabile: false });
    // Saved again without the ritrovo and deadline: the defaults; Elia taken off.
    const again = await callUp(id, [ids.marco, ids.tommaso]);
    expect(again).toMatchObject({ ritrovo: { ora: '14:15', luogo: 'Stadio Bozzi' }, note: null, conteggi: { convocati: 2, si: 0, no: 0, inAttesa: 2 } });
    const log = (await activities()).filter((a) => a.activity_message.startsWith('Convocazione salvata'));
    expect(log.at(-1)).toMatchObject({ context: { partita: id, giocatori: [ids.marco, ids.tommaso], aggiunti: [], tolti: [ids.elia] } });
    for (const a of log) for (const s of SURNAMES) expect(a.activity_message).not.toContain(s);
  });

  it('refuses what it cannot be: a ritrovo after the kick-off or too early, a deadline after the ritrovo or too early, an unknown or repeated player', async () => {
    const id = await homeMatch();
    const put = (body: object) => api(coach, 'PUT', `/api/partite/${id}/convocazione`, body);
    const expect400 = async (body: object, message: string) => {
      const res = await put(body);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 400, error: message });
    };
    await expect400({ giocatori: [ids.marco], ritrovo: { ora: '15:01' } }, M.invalid.ritrovoDopo);
    await expect400({ giocatori: [ids.marco], ritrovo: { ora: '08:59' } }, M.invalid.ritrovoPresto(6));
    await expect400({ giocatori: [ids.marco], ritrovo: { ora: '14:00', luogo: 'a\nb' } }, M.invalid.ritrovoLuogoRiga);
    await expect400({ giocatori: [ids.marco], ritrovo: { ora: '25:00' } }, M.invalid.ritrovoOra);
    await expect400({ giocatori: [ids.marco], scadenza: `${inDays(5)}T14:16:00${dayjs.tz(`${inDays(5)} 12:00`, TZ).format('Z')}` }, M.invalid.scadenzaDopo);
    await expect400({ giocatori: [ids.marco], scadenza: `${inDays(-10)}T10:00:00Z` }, M.invalid.scadenzaPresto(14));
    await expect400({ giocatori: [ids.marco], scadenza: '2026-02-30T10:00:00Z' }, M.invalid.scadenza);
    await expect400({ giocatori: [ids.marco], scadenza: `${inDays(4)} 10:00` }, M.invalid.scadenza);
    await expect400({ giocatori: [2147483000] }, M.giocatoreNotFound(2147483000));
    await expect400({ giocatori: [ids.marco, ids.marco] }, M.invalid.doppio);
    await expect400({ giocatori: 'tutti' }, M.invalid.giocatori);
    await expect400({}, M.invalid.giocatori);
    await expect400({ giocatori: [], extra: 1 }, 'Campo non previsto: extra');
    expect((await view(id)).salvata).toBe(false);
  });

  it('access: admins and editors who follow the category change it; readers who follow it read; others are refused; anonymous 401', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.marco], {}, admin);
    expect((await api(readerPulcini, 'GET', `/api/partite/${id}/convocazione`)).statusCode).toBe(200);
    const readerPut = await api(readerPulcini, 'PUT', `/api/partite/${id}/convocazione`, { giocatori: [] });
    expect({ status: readerPut.statusCode, error: readerPut.json().error }).toEqual({ status: 403, error: M.forbiddenWrite });
    const none = await api(readerNone, 'GET', `/api/partite/${id}/convocazione`);
    expect({ status: none.statusCode, error: none.json().error }).toEqual({ status: 403, error: M.notFollowed('Pulcini') });
    expect((await api(coachEsordienti, 'PUT', `/api/partite/${id}/convocazione`, { giocatori: [ids.elia] })).statusCode).toBe(403);
    expect((await api(coachEsordienti, 'POST', `/api/partite/${id}/convocazione/invia`)).statusCode).toBe(403);
    expect((await api(null, 'GET', `/api/partite/${id}/convocazione`)).statusCode).toBe(401);
    // A coach of Pulcini only cannot call a player of a category they do not follow.
    const onlyPulcini = await createUser(t.db.pool, 'editor');
    await api(admin, 'PUT', `/api/users/${onlyPulcini.id}/gruppi`, { gruppi: ['Pulcini'] });
    const res = await api(onlyPulcini, 'PUT', `/api/partite/${id}/convocazione`, { giocatori: [ids.marco, ids.elia] });
    expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 403, error: M.notFollowed('Esordienti') });
    expect((await api(coach, 'GET', '/api/partite/2147483000/convocazione')).statusCode).toBe(404);
  });
});

describe('the whole flow on the real SMTP server', () => {
  it('send: one mail per guardian address with the personal link and the ritrovo invitation (ical.js); "da avvisare a voce" listed; no other child named', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.marco, ids.giulia, ids.tommaso], { note: 'Portare i parastinchi' });
    const sent = await send(id);
    expect(sent).toEqual({ inviate: 3, daAvvisare: [{ id: ids.tommaso, nome: 'Tommaso', cognome: 'Quarantottini' }] });
    const mails = await deliver();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['laura.f@example.it', 'paolo.f@example.it', 'sara.a@example.it']);
    const laura = to(mails, 'laura.f@example.it')[0];
    const giorno = dayjs(inDays(5)).locale('it');
    expect(laura.subject).toBe(`Convocazione: Garibaldina - Fortis Juventus, ${giorno.format('dddd DD/MM')}`);
    expect(laura.text).toContain('Ciao Laura,');
    expect(laura.text).toContain('Marco Ferraresqui è nella convocazione per questa partita:');
    expect(laura.text).toContain(`Data: ${giorno.format('dddd DD/MM/YYYY')}`);
    expect(laura.text).toContain("Calcio d'inizio: 15:00");
    expect(laura.text).toContain('Ritrovo: 14:15, Stadio Bozzi');
    expect(laura.text).toContain("Note dell'allenatore: Portare i parastinchi");
    for (const other of ['Antonellazzi', 'Quarantottini', 'Brambillasca']) expect(laura.text).not.toContain(other);
    expect(linkIn(laura)).toMatch(/^http:\/\/localhost:3000\/c\/[A-Za-z0-9_-]{43}$/);
    // The two guardians of one child share the child's one link; another child has another.
    expect(pathOf(to(mails, 'paolo.f@example.it')[0])).toBe(pathOf(laura));
    expect(pathOf(to(mails, 'sara.a@example.it')[0])).not.toBe(pathOf(laura));
    const ev = await invitation(laura);
    expect(ev).toMatchObject({ method: 'REQUEST', uid: `convocazione-${id}-${ids.marco}@${HOST}`, sequence: 0, status: 'CONFIRMED', location: 'Stadio Bozzi' });
    expect(ev.contentType).toMatchObject({ value: 'text/calendar', params: expect.objectContaining({ method: 'REQUEST' }) });
    expect(ev.summary).toBe('Convocazione Marco Ferraresqui: Garibaldina - Fortis Juventus');
    expect(ev.attendee.toLowerCase()).toBe('mailto:laura.f@example.it');
    expect(ev.start.toISOString()).toBe(new Date(localInstant(inDays(5), '14:15', TZ).instant).toISOString());
    expect(ev.end.toISOString()).toBe(new Date(localInstant(inDays(5), '16:30', TZ).instant).toISOString());
    expect(ev.description).toContain(linkIn(laura));
    // The coach's view: asked, and the send's activity record.
    const data = await view(id);
    expect(data.inviataIl).not.toBeNull();
    expect(data.giocatori.map((g: { cognome: string; invitatoIl: string | null }) => [g.cognome, g.invitatoIl !== null])).toEqual([
      ['Antonellazzi', true],
      ['Ferraresqui', true],
      ['Quarantottini', false],
    ]);
    expect((await activities()).some((a) => a.activity_message === `Convocazione inviata: Garibaldina - Fortis Juventus (Pulcini) del ${dayjs(inDays(5)).format('DD/MM/YYYY')} ore 15:00 (3 mail, 1 da avvisare a voce)`)).toBe(true);
    // Sent again: nobody is asked twice.
    expect(await send(id)).toEqual({ inviate: 0, daAvvisare: [{ id: ids.tommaso, nome: 'Tommaso', cognome: 'Quarantottini' }] });
    expect(await deliver()).toEqual([]);
  });

  it('the link is stored only hashed: neither the database nor the queue holds it', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.giulia]);
    await send(id);
    const [mail] = await deliver();
    const token = pathOf(mail).slice(3);
    expect(await everywhere(token)).toEqual([]);
    const { rows } = await t.db.pool.query('SELECT encode(token_hash, $2) AS h FROM public.convocazioni_giocatori WHERE partita_id = $1', [id, 'hex']);
    expect(rows[0].h).toBe(crypto.createHash('sha256').update(token).digest('hex'));
  });

  it('answer by plain form POST (no script): 303 back to the page, the page shows the answer; changed before the deadline; the coach counts move', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.marco, ids.giulia]);
    await send(id);
    const mails = await deliver();
    const path = pathOf(to(mails, 'sara.a@example.it')[0]);

    const first = await page(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.body).toContain('<html lang="it">');
    expect(first.body).toContain('Convocazione di Giulia Antonellazzi');
    expect(first.body).toContain('Garibaldina - Fortis Juventus');
    expect(first.body).toContain('alle 14:15, Stadio Bozzi');
    expect(first.body).toContain('nessuna risposta ancora');
    expect(first.body).toContain('<button class="s" type="submit" name="risposta" value="si">Ci sarà</button>');
    expect(first.body).not.toContain('<script');
    expect(Buffer.byteLength(first.body)).toBeLessThan(15_000);

    const yes = await form(path, 'risposta=si&nota=Arriva+con+la+nonna');
    expect(yes.statusCode).toBe(303);
    expect(yes.headers.location).toBe(`${path.slice(3)}?salvata=1`);
    const after = await page(`${path}?salvata=1`);
    expect(after.body).toContain(M.page.salvata);
    expect(after.body).toMatch(/Risposta attuale:<\/strong> Ci sarà \(il \d\d\/\d\d\/\d{4} alle \d\d:\d\d\) — Arriva con la nonna/);
    let data = await view(id);
    expect(data.conteggi).toEqual({ convocati: 2, si: 1, no: 0, inAttesa: 1 });
    expect(data.giocatori.find((g: { id: number }) => g.id === ids.giulia)).toMatchObject({ risposta: 'si', nota: 'Arriva con la nonna', rispostaStaff: false });

    // Changed before the deadline.
    expect((await form(path, 'risposta=no')).statusCode).toBe(303);
    data = await view(id);
    expect(data.conteggi).toEqual({ convocati: 2, si: 0, no: 1, inAttesa: 1 });
    expect(data.giocatori.find((g: { id: number }) => g.id === ids.giulia)).toMatchObject({ risposta: 'no', nota: null });
    const { rows } = await t.db.pool.query(
      `SELECT r.risposta, r.nota, r.origine FROM public.convocazioni_risposte r JOIN public.convocazioni_giocatori cg ON cg.id = r.convocato_id WHERE cg.partita_id = $1 ORDER BY r.id`,
      [id],
    );
    expect(rows).toEqual([
      { risposta: 'si', nota: 'Arriva con la nonna', origine: 'famiglia' },
      { risposta: 'no', nota: null, origine: 'famiglia' },
    ]);
    // A form without a choice: the page again, with the reason, nothing changed.
    const bad = await form(path, 'nota=boh');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(M.page.scegli);
    expect(bad.body).toContain('value="boh"');
    expect((await view(id)).conteggi.no).toBe(1);
    // The calendar link of the page: the same event, METHOD:PUBLISH.
    const ics = await page(`${path}/calendario`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const cal = new ICAL.Component(ICAL.parse(ics.body));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid')).toBe(`convocazione-${id}-${ids.giulia}@${HOST}`);
    expect(ics.body).not.toContain('Ferraresqui');
  });

  it('after the deadline: the page says answers are closed and shows no form; a POST is refused and changes nothing', async () => {
    const id = await homeMatch(2);
    await callUp(id, [ids.giulia]);
    await send(id);
    const path = pathOf((await deliver())[0]);
    expect((await form(path, 'risposta=si')).statusCode).toBe(303);
    // The coach closes the answers: a deadline a minute ago.
    await callUp(id, [ids.giulia], { scadenza: new Date(Date.now() - 60_000).toISOString() });
    const closed = await page(path);
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toContain(M.chiusa);
    expect(closed.body).not.toContain('<form');
    const late = await form(path, 'risposta=no');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(M.chiusa);
    expect((await view(id)).giocatori[0].risposta).toBe('si');
    expect((await view(id)).chiusa).toBe(true);
  });

  it('an answer set by the staff on a family\'s behalf is marked as such, also after the deadline, with an activity record', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.tommaso, ids.giulia]);
    await send(id);
    const path = pathOf((await deliver())[0]);
    const res = await api(coach, 'PUT', `/api/partite/${id}/convocazione/giocatori/${ids.giulia}`, { risposta: 'no', nota: 'Telefonato alla mamma' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.giocatori.find((g: { id: number }) => g.id === ids.giulia)).toMatchObject({ risposta: 'no', nota: 'Telefonato alla mamma', rispostaStaff: true });
    expect((await page(path)).body).toContain(M.rispostaStaff);
    const log = (await activities()).at(-1)!;
    expect(log.activity_message).toContain(`giocatore id ${ids.giulia}: Non ci sarà`);
    expect(log.activity_message).not.toContain('Antonellazzi');
    // A player not called, a reader, a bad answer.
    expect((await api(coach, 'PUT', `/api/partite/${id}/convocazione/giocatori/${ids.marco}`, { risposta: 'si' })).statusCode).toBe(404);
    expect((await api(readerPulcini, 'PUT', `/api/partite/${id}/convocazione/giocatori/${ids.giulia}`, { risposta: 'si' })).statusCode).toBe(403);
    const bad = await api(coach, 'PUT', `/api/partite/${id}/convocazione/giocatori/${ids.giulia}`, { risposta: 'forse' });
    expect({ status: bad.statusCode, error: bad.json().error }).toEqual({ status: 400, error: M.invalid.risposta });
    // Cleared by the staff.
    const cleared = await api(coach, 'PUT', `/api/partite/${id}/convocazione/giocatori/${ids.giulia}`, { risposta: null });
    expect(cleared.json().data.conteggi).toEqual({ convocati: 2, si: 0, no: 0, inAttesa: 2 });
  });

  it('reminder: once per player, 24 hours before the deadline, never at night; not to those who answered; "Sollecita" counts as it', async () => {
    // Day 12: no other test's deadline falls near this one's.
    const id = await homeMatch(12);
    await callUp(id, [ids.marco, ids.giulia]);
    await send(id);
    const path = pathOf(to(await deliver(), 'sara.a@example.it')[0]);
    expect((await form(path, 'risposta=si')).statusCode).toBe(303);
    const scadenza = new Date((await view(id)).scadenza);
    // The deadline is at 14:15 the day before the match: 24 hours before it, 14:15; 02:15 is night.
    const night = new Date(scadenza.getTime() - 12 * 3600_000);
    const morning = new Date(scadenza.getTime() - 6 * 3600_000);
    const tooEarly = new Date(scadenza.getTime() - 25 * 3600_000);
    expect(await callupReminders(deps, tooEarly)).toBe(0);
    expect(await callupReminders(deps, night)).toBe(0);
    expect(await callupReminders(deps, morning)).toBe(2);
    expect(await callupReminders(deps, new Date(morning.getTime() + 3600_000))).toBe(0);
    const mails = await deliver(morning);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['laura.f@example.it', 'paolo.f@example.it']);
    expect(mails[0].subject).toMatch(/^Promemoria convocazione: Garibaldina - Fortis Juventus/);
    expect(mails[0].text).toContain('non abbiamo ancora la risposta per Marco Ferraresqui');
    expect(pathOf(mails[0])).toBe(pathOf(to(mails, 'paolo.f@example.it')[0]));
    expect((await view(id)).giocatori.find((g: { id: number }) => g.id === ids.marco).promemoriaIl).not.toBeNull();
    expect((await activities()).some((a) => a.activity_message.startsWith('Promemoria della convocazione: Garibaldina - Fortis Juventus') && a.context.partita === id)).toBe(true);

    // 'Sollecita' on another call-up: the families without an answer, now; the automatic reminder does not follow.
    const other = await homeMatch(12, { squadratrasferta: 'Pro Livorno' });
    await callUp(other, [ids.marco, ids.tommaso]);
    await send(other);
    await deliver();
    const solleciti = await api(coach, 'POST', `/api/partite/${other}/convocazione/sollecita`);
    expect(solleciti.json()).toEqual({ data: { inviate: 2, daAvvisare: [{ id: ids.tommaso, nome: 'Tommaso', cognome: 'Quarantottini' }] } });
    const chased = await deliver();
    expect(chased.map((m) => m.to[0]).sort()).toEqual(['laura.f@example.it', 'paolo.f@example.it']);
    expect(chased[0].text).toContain("l'allenatore aspetta la risposta per Marco Ferraresqui");
    const otherScadenza = new Date((await view(other)).scadenza);
    expect(await callupReminders(deps, new Date(otherScadenza.getTime() - 6 * 3600_000))).toBe(0);
    expect((await api(readerPulcini, 'POST', `/api/partite/${other}/convocazione/sollecita`)).statusCode).toBe(403);
    // The scheduler's job of the worker's app (start.ts) looks every minute.
    expect(notificheJobs(deps).find((j) => j.name === 'convocazioni-promemoria')?.intervalMs).toBe(REMINDER_POLL_MS);
  });

  it('re-ask after a time change: every family is told what changed and asked again; the answers go to the history; the invitation moves (higher SEQUENCE)', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.marco, ids.giulia]);
    await send(id);
    const sent = await deliver();
    const path = pathOf(to(sent, 'sara.a@example.it')[0]);
    expect((await form(path, 'risposta=si')).statusCode).toBe(303);

    // The match moves to 16:30 through the match API (a save of the edit screen).
    const move = await api(admin, 'PUT', `/api/partite/${id}`, {
      data: inDays(5),
      ora: '16:30',
      oraFine: '18:00',
      squadraCasa: 'Garibaldina',
      squadraTrasferta: 'Fortis Juventus',
      campo: 'Stadio Bozzi',
      gruppo: 'Pulcini',
      isHouseMatch: true,
      tipoGara: 'campionato',
      confermaSovrapposizioni: true,
    });
    expect(move.statusCode).toBe(200);
    expect(await callupUpdates(deps)).toBe(3);
    const mails = await deliver();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['laura.f@example.it', 'paolo.f@example.it', 'sara.a@example.it']);
    const sara = to(mails, 'sara.a@example.it')[0];
    expect(sara.subject).toMatch(/^Partita cambiata, rispondi di nuovo: Garibaldina - Fortis Juventus/);
    expect(sara.text).toContain("Calcio d'inizio: prima 15:00, ora 16:30");
    expect(sara.text).toContain(M.mail.cambioRispondi);
    expect(sara.text).toContain('Ritrovo: 15:45, Stadio Bozzi');
    expect(pathOf(sara)).toBe(path);
    const ev = await invitation(sara);
    expect(ev.sequence).toBe(1);
    expect(ev.start.toISOString()).toBe(localInstant(inDays(5), '15:45', TZ).instant.toISOString());
    const data = await view(id);
    expect(data.ritrovo).toEqual({ ora: '15:45', luogo: 'Stadio Bozzi' });
    expect(data.conteggi).toEqual({ convocati: 2, si: 0, no: 0, inAttesa: 2 });
    const { rows } = await t.db.pool.query(
      `SELECT r.risposta, r.origine FROM public.convocazioni_risposte r JOIN public.convocazioni_giocatori cg ON cg.id = r.convocato_id WHERE cg.partita_id = $1 ORDER BY r.id`,
      [id],
    );
    expect(rows).toEqual([
      { risposta: 'si', origine: 'famiglia' },
      { risposta: null, origine: 'cambio' },
    ]);
    // The page shows the new time and asks again.
    const again = await page(path);
    expect(again.body).toContain('alle 15:45, Stadio Bozzi');
    expect(again.body).toContain('nessuna risposta ancora');
    expect((await activities()).some((a) => a.activity_message.startsWith('Partita cambiata, convocazione richiesta di nuovo') && a.context.partita === id)).toBe(true);
    // Nothing more to say: a second pass mails nobody; an edit back and forth mails nobody either.
    expect(await callupUpdates(deps)).toBe(0);
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Campo 2' WHERE id = $1`, [id]);
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Stadio Bozzi' WHERE id = $1`, [id]);
    expect(await callupUpdates(deps)).toBe(0);
  });

  it('told after a cancellation: a mail with the calendar cancellation; the link says so and takes no answer', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.giulia]);
    await send(id);
    const path = pathOf((await deliver())[0]);
    const res = await api(admin, 'POST', '/api/partite/stato', { ids: [id], azione: 'annulla', motivo: 'Campo impraticabile' });
    expect(res.statusCode).toBe(200);
    expect(await callupUpdates(deps)).toBe(1);
    const [mail] = await deliver();
    expect(mail.to).toEqual(['sara.a@example.it']);
    expect(mail.subject).toMatch(/^Annullata: Garibaldina - Fortis Juventus/);
    expect(mail.text).toContain('la partita della convocazione di Giulia Antonellazzi è stata annullata.');
    const ev = await invitation(mail);
    expect(ev).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1, uid: `convocazione-${id}-${ids.giulia}@${HOST}` });
    const shown = await page(path);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(M.page.annullata);
    expect(shown.body).not.toContain('<form');
    expect((await form(path, 'risposta=si')).statusCode).toBe(409);
    // Nothing to send or chase for a cancelled match.
    expect((await api(coach, 'POST', `/api/partite/${id}/convocazione/invia`)).statusCode).toBe(409);
    expect((await activities()).some((a) => a.activity_message.startsWith('Famiglie avvisate (Annullata)') && a.context.partita === id)).toBe(true);
  });

  it('a ritrovo changed after sending: the families are told with the updated invitation; answers stay', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.giulia]);
    await send(id);
    const path = pathOf((await deliver())[0]);
    await form(path, 'risposta=si');
    await callUp(id, [ids.giulia], { ritrovo: { ora: '14:00', luogo: 'Parcheggio del palazzetto' } });
    const [mail] = await deliver();
    expect(mail.subject).toMatch(/^Ritrovo cambiato/);
    expect(mail.text).toContain('Ritrovo: prima 14:15, Stadio Bozzi, ora 14:00, Parcheggio del palazzetto');
    expect((await invitation(mail)).location).toBe('Parcheggio del palazzetto');
    expect((await view(id)).conteggi.si).toBe(1);
  });
});

describe('privacy and guessing', () => {
  it("one child's page names no other child, no contact and no other match", async () => {
    const id = await homeMatch();
    await homeMatch(5, { squadratrasferta: 'Altra Squadra Segreta' });
    await callUp(id, [ids.marco, ids.giulia, ids.tommaso, ids.elia]);
    await send(id);
    const mails = await deliver();
    const res = await page(pathOf(to(mails, 'nadia.b@example.it')[0]));
    expect(res.body).toContain('Brambillasca');
    for (const s of ['Ferraresqui', 'Antonellazzi', 'Quarantottini', 'Laura', 'Sara', 'Nadia', '@example.it', '3331234567', 'Altra Squadra Segreta']) expect(res.body).not.toContain(s);
    // Each family's mail names its own child only, in its text and in its invitation.
    const childOf: Record<string, string> = { 'laura.f@example.it': 'Ferraresqui', 'paolo.f@example.it': 'Ferraresqui', 'sara.a@example.it': 'Antonellazzi', 'nadia.b@example.it': 'Brambillasca' };
    expect(mails).toHaveLength(4);
    for (const m of mails) {
      const own = childOf[m.to[0]];
      const ev = await invitation(m);
      const written = `${m.text}\n${ev.summary}\n${ev.description}`;
      expect(written).toContain(own);
      for (const s of SURNAMES) if (s !== own) expect(written).not.toContain(s);
    }
  });

  it('a wrong or expired link is a 404 in Italian; a link opens until the end of its match day', async () => {
    const wrong = await page(`/c/${'x'.repeat(43)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(wrong.body).toContain(M.page.invalidTitle);
    expect(wrong.body).toContain('<html lang="it">');
    expect((await page('/c/corto')).statusCode).toBe(404);
    const id = await homeMatch(3);
    await callUp(id, [ids.giulia]);
    await send(id);
    const path = pathOf((await deliver())[0]);
    await callUp(id, [ids.giulia], { scadenza: new Date(Date.now() - 60_000).toISOString() });
    // Today: still open (the deadline passed: it says so).
    await t.db.pool.query(`UPDATE public.partite SET data = $2 WHERE id = $1`, [id, inDays(0)]);
    expect((await page(path)).statusCode).toBe(200);
    // Yesterday's match: the link is over.
    await t.db.pool.query(`UPDATE public.partite SET data = $2 WHERE id = $1`, [id, inDays(-1)]);
    const expired = await page(path);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain(M.page.invalidText);
  });

  it('100 guessed links from one address meet 429; another address is not held back', async () => {
    const id = await homeMatch();
    await callUp(id, [ids.giulia]);
    await send(id);
    const path = pathOf((await deliver())[0]);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await page(`/c/${Buffer.from(`guess-${i}-`.padEnd(32, 'x')).toString('base64url').slice(0, 43)}`, '10.9.8.7')).statusCode);
    expect(statuses.slice(0, GUESS_LIMIT.max)).toEqual(Array(GUESS_LIMIT.max).fill(404));
    expect(statuses.slice(GUESS_LIMIT.max)).toEqual(Array(100 - GUESS_LIMIT.max).fill(429));
    const held = await page(path, '10.9.8.7');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toMatch(/^\d+$/);
    expect(held.body).toContain(M.page.tooManyTitle);
    expect((await form(path, 'risposta=si', '10.9.8.7')).statusCode).toBe(429);
    expect((await page(path, '10.9.8.6')).statusCode).toBe(200);
  });

  it('erasing a player takes their call-up rows, answers and mails with them: nothing of them is left', async () => {
    const res = await api(admin, 'POST', '/api/giocatori', { nome: 'Ugo', cognome: 'Zqxwyllantone', dataNascita: '2016-01-01', gruppo: 'Pulcini', contatti: [{ nome: 'Ada', email: 'ada.z@example.it' }] });
    const ugo = res.json().data.id;
    const id = await homeMatch();
    await callUp(id, [ugo, ids.giulia]);
    await send(id);
    const [mail] = to(await deliver(), 'ada.z@example.it');
    expect((await form(pathOf(mail), 'risposta=si&nota=Zqxwyllantone+arriva')).statusCode).toBe(303);
    expect((await api(admin, 'DELETE', `/api/giocatori/${ugo}`)).statusCode).toBe(200);
    expect(await everywhere('Zqxwyllantone')).toEqual([]);
    expect(await everywhere('ada.z@example.it')).toEqual([]);
    expect((await page(pathOf(mail))).statusCode).toBe(404);
    expect((await view(id)).giocatori.map((g: { id: number }) => g.id)).toEqual([ids.giulia]);
  });
});

describe('GET /api/convocazioni (the dashboard card and the Convocazioni screen)', () => {
  it('the counts of the call-ups of a period, only for the categories the caller follows; never on the public list', async () => {
    const day = 9;
    const id = await homeMatch(day);
    await callUp(id, [ids.marco, ids.giulia, ids.tommaso]);
    await api(coach, 'PUT', `/api/partite/${id}/convocazione/giocatori/${ids.marco}`, { risposta: 'si' });
    await api(coach, 'PUT', `/api/partite/${id}/convocazione/giocatori/${ids.giulia}`, { risposta: 'no' });
    const url = `/api/convocazioni?from=${inDays(day)}&to=${inDays(day)}`;
    const res = await api(readerPulcini, 'GET', url);
    expect(res.statusCode).toBe(200);
    const partita = { data: inDays(day), ora: '15:00', squadracasa: 'Garibaldina', squadratrasferta: 'Fortis Juventus', gruppo: 'Pulcini', campo: 'Stadio Bozzi', stato: null };
    expect(res.json().data[id]).toEqual({ convocati: 3, si: 1, no: 1, inAttesa: 1, salvata: true, inviataIl: null, scadenza: (await view(id)).scadenza, partita });
    expect((await view(id, readerPulcini)).partita).toEqual(partita);
    expect(M.cardLine(3, 1, 1)).toBe('Convocati 3 · sì 1 · no 1');
    expect((await api(readerNone, 'GET', url)).json()).toEqual({ data: {} });
    expect((await api(coachEsordienti, 'GET', url)).json()).toEqual({ data: {} });
    const bad = await api(readerPulcini, 'GET', `/api/convocazioni?from=${inDays(0)}&to=${inDays(90)}`);
    expect({ status: bad.statusCode, error: bad.json().error }).toEqual({ status: 400, error: M.invalid.periodo });
    const pub = await t.app.inject({ url: '/api/partite/public' });
    for (const s of [...SURNAMES, 'convocat']) expect(pub.body.toLowerCase()).not.toContain(s.toLowerCase());
  });
});

describe('GET /api/convocazioni?partite=tutte (the Convocazioni screen)', () => {
  it('adds the matches of the followed categories without a call-up (nobody called, the default deadline) and says how each match stands', async () => {
    const day = 11;
    const [withCallup, without, cancelled] = [await homeMatch(day), await homeMatch(day, { ora: '17:00', ora_fine: '18:30' }), await homeMatch(day, { ora: '18:00', ora_fine: '19:30' })];
    await t.db.pool.query(`UPDATE public.partite SET stato = 'annullata' WHERE id = $1`, [cancelled]);
    const esordienti = await homeMatch(day, { gruppo: 'Esordienti', ora: '10:00', ora_fine: '11:30' });
    await callUp(withCallup, [ids.marco]);
    const url = `/api/convocazioni?from=${inDays(day)}&to=${inDays(day)}`;
    // Without the parameter, as before: only the call-ups saved.
    expect(Object.keys((await api(readerPulcini, 'GET', url)).json().data)).toEqual([String(withCallup)]);
    const res = await api(readerPulcini, 'GET', `${url}&partite=tutte`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Only Pulcini for its reader, in the order of the day.
    expect(Object.keys(data).map(Number).sort((a, b) => a - b)).toEqual([withCallup, without, cancelled].sort((a, b) => a - b));
    expect(data[without]).toMatchObject({ salvata: false, convocati: 0, si: 0, no: 0, inAttesa: 0, inviataIl: null, scadenza: (await view(without)).scadenza });
    expect(data[without].partita).toMatchObject({ ora: '17:00', stato: null });
    expect(data[cancelled].partita.stato).toBe('Annullata');
    expect(data[withCallup]).toMatchObject({ salvata: true, convocati: 1 });
    expect(Object.keys((await api(coachEsordienti, 'GET', `${url}&partite=tutte`)).json().data)).toEqual([String(esordienti)]);
    expect((await api(readerNone, 'GET', `${url}&partite=tutte`)).json()).toEqual({ data: {} });
    const bad = await api(readerPulcini, 'GET', `${url}&partite=alcune`);
    expect({ status: bad.statusCode, error: bad.json().error }).toEqual({ status: 400, error: M.invalid.partite });
  });
});

describe('feeds and sheets', () => {
  it("a sent call-up's ritrovo is in the category feed's event and beside the kick-off on the day and week sheets; a draft's is not; no child named", async () => {
    const day = 11;
    const sent = await homeMatch(day, { ora: '10:00', ora_fine: '11:30', squadratrasferta: 'Ritrovo Inviato' });
    const draft = await homeMatch(day, { ora: '17:00', ora_fine: '18:30', squadratrasferta: 'Ritrovo Bozza' });
    await callUp(sent, [ids.giulia], { ritrovo: { ora: '09:00', luogo: 'Sede del club' } });
    await send(sent);
    await callUp(draft, [ids.marco], { ritrovo: { ora: '16:00' } });
    await deliver();
    const gruppo = (await t.db.pool.query(`SELECT id FROM public.gruppi WHERE name = 'Pulcini'`)).rows[0].id;
    const feed = await t.app.inject({ url: `/api/calendar/${gruppo}.ics` });
    expect(feed.statusCode).toBe(200);
    const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent');
    const description = (id: number) => String(events.find((e) => e.getFirstPropertyValue('uid') === `partita-${id}@${HOST}`)?.getFirstPropertyValue('description'));
    expect(description(sent)).toContain('Ritrovo: 09:00, Sede del club');
    expect(description(draft)).not.toContain('Ritrovo');
    for (const s of SURNAMES) expect(feed.body).not.toContain(s);

    const reader = await createUser(t.db.pool, 'reader');
    const sheet = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(reader), payload });
      expect(res.statusCode).toBe(200);
      return (await pdfPages(res.rawPayload)).join(' ').replace(/\s+/g, ' ');
    };
    const dayText = await sheet('/api/exports/day.pdf', { date: inDays(day) });
    expect(dayText).toContain('10:00 - 11:30 (ritrovo 09:00)');
    expect(dayText).toContain('Ritrovo: Sede del club');
    expect(dayText).toContain('17:00 - 18:30 Garibaldina - Ritrovo Bozza');
    const weekText = await sheet('/api/exports/week.pdf', { weekStart: inDays(day) });
    expect(weekText).toContain('10:00 - 11:30 (ritrovo 09:00)');
    for (const s of SURNAMES) expect(`${dayText} ${weekText}`).not.toContain(s);
  });
});
