// Designation mails on the REAL SMTP server (docs/notifications.md): designations made through the real
// route (PUT /api/partite/{id}/designazioni), the queue's jobs sent by its worker through the real
// mailer, each mail parsed with mailparser and its iCalendar attachment with ical.js.
import dayjs from 'dayjs';
import ICAL from 'ical.js';
import pino from 'pino';
import { simpleParser } from 'mailparser';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { insertMatch } from '../../../test/matches';
import { createMailer } from '../../mail/mailer';
import { todayIn } from '../../../common/core/dates';
import { localInstant } from '../../../common/matches/times';
// The queue's worker, driven by hand as notifications.test.ts does (the app's scheduler polls every 5 s).
// eslint-disable-next-line import-x/no-restricted-paths
import { designationCancels, designationUpdates, runOnce, type WorkerDeps } from '../../features/notifications/worker';
import type { ReceivedMail } from '../../../test/smtp';

let t: TestApp;
let editor: TestUser;
let deps: WorkerDeps;
const logger = pino({ level: 'silent' });
const TZ = 'Europe/Rome';
const inDays = (n: number) => dayjs(todayIn(TZ)).add(n, 'day').format('YYYY-MM-DD');
const HOST = 'localhost';

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Pulcini') ON CONFLICT DO NOTHING`);
  deps = { pool: t.db.pool, mailer: createMailer({ smtpUrl: t.smtp.url, from: t.config.mailFrom, dataDir: '/tmp', logger }), config: t.config, jwtSecret: TEST_JWT_SECRET };
});
afterAll(async () => {
  deps.mailer.close();
  await t.close();
});

async function person(nome: string, email: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dirigenti',
    headers: bearer(editor),
    payload: { nome, cognome: 'Rossi', email, telefono: null, qualifiche: ['arbitro', 'accompagnatore', 'addetto_arbitro'], attivo: true },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function designate(partitaId: number, d: { arbitro?: number | null; accompagnatore?: number | null; addettoArbitro?: number | null }) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/partite/${partitaId}/designazioni`,
    headers: bearer(editor),
    payload: { arbitro: null, accompagnatore: null, addettoArbitro: null, ...d },
  });
  expect(res.statusCode).toBe(200);
}

/** The mails the worker sends now, by recipient. */
async function deliver(): Promise<ReceivedMail[]> {
  const before = t.smtp.mails.length;
  await runOnce(deps, new Date());
  return t.smtp.mails.slice(before);
}

/** The VEVENT of a mail's iCalendar attachment, with its METHOD and the attachment's Content-Type. */
async function invitation(mail: ReceivedMail) {
  const parsed = await simpleParser(mail.raw);
  const att = parsed.attachments.filter((a) => a.contentType === 'text/calendar');
  expect(att).toHaveLength(1);
  const cal = new ICAL.Component(ICAL.parse(att[0].content.toString('utf8')));
  const vevents = cal.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const ev = vevents[0];
  const start = ev.getFirstPropertyValue('dtstart') as ICAL.Time;
  const end = ev.getFirstPropertyValue('dtend') as ICAL.Time;
  return {
    method: cal.getFirstPropertyValue('method'),
    contentType: att[0].headers.get('content-type'),
    uid: ev.getFirstPropertyValue('uid'),
    sequence: Number(ev.getFirstPropertyValue('sequence')),
    status: ev.getFirstPropertyValue('status'),
    summary: ev.getFirstPropertyValue('summary'),
    location: ev.getFirstPropertyValue('location'),
    organizer: String(ev.getFirstPropertyValue('organizer')),
    attendee: String(ev.getFirstPropertyValue('attendee')),
    start: start.toJSDate(),
    startIsUtc: start.zone?.tzid === 'UTC',
    end: end.toJSDate(),
    raw: att[0].content.toString('utf8'),
  };
}

describe('designation mails', () => {
  it('designating sends REQUEST; changing the person sends CANCEL (higher SEQUENCE) to the old one and REQUEST to the new; removal sends CANCEL', async () => {
    const anna = await person('Anna', 'anna@example.it');
    const bruno = await person('Bruno', 'bruno@example.it');
    const data = inDays(5);
    // An away match of Esordienti without an end: 75 minutes.
    const id = await insertMatch(t.db.pool, { data, ora: '15:00', squadracasa: 'Audax', squadratrasferta: 'Garibaldina', gruppo: 'Esordienti', campo: 'Campo Audax' });
    const start = localInstant(data, '15:00', TZ).instant;

    await designate(id, { arbitro: anna });
    const first = await deliver();
    expect(first.map((m) => m.to)).toEqual([['anna@example.it']]);
    const dmy = dayjs(data).format('DD/MM/YYYY');
    expect(first[0].subject).toBe(`Designazione: Arbitro di Audax - Garibaldina il ${dmy}`);
    expect(first[0].text).toContain('Ciao Anna,');
    expect(first[0].text).toContain('Ora: 15:00');
    expect(first[0].text).toContain('Campo: Campo Audax');
    expect(first[0].text).toContain(`Data: ${dayjs(data).locale('it').format('dddd DD/MM/YYYY')}`);
    // No unsubscribe link: the mail is about the person's own designation.
    expect(first[0].raw).not.toContain('List-Unsubscribe');
    const req = await invitation(first[0]);
    expect(req.method).toBe('REQUEST');
    expect(req.contentType).toMatchObject({ value: 'text/calendar', params: expect.objectContaining({ method: 'REQUEST' }) });
    expect(req.uid).toBe(`designazione-${id}-arbitro@${HOST}`);
    expect(req.status).toBe('CONFIRMED');
    expect(req.summary).toBe('Arbitro: Audax - Garibaldina');
    expect(req.location).toBe('Campo Audax');
    expect(req.start.toISOString()).toBe(start.toISOString());
    expect(req.startIsUtc).toBe(true);
    expect(req.end.getTime() - req.start.getTime()).toBe(75 * 60_000);
    expect(req.organizer.toLowerCase()).toBe('mailto:noreply@localhost');
    expect(req.attendee.toLowerCase()).toBe('mailto:anna@example.it');

    // Anna -> Bruno: CANCEL to Anna, REQUEST to Bruno, same UID, a higher SEQUENCE.
    await designate(id, { arbitro: bruno });
    const second = await deliver();
    expect(second.map((m) => m.to[0]).sort()).toEqual(['anna@example.it', 'bruno@example.it']);
    const cancel = await invitation(second.find((m) => m.to[0] === 'anna@example.it')!);
    const toBruno = await invitation(second.find((m) => m.to[0] === 'bruno@example.it')!);
    expect(second.find((m) => m.to[0] === 'anna@example.it')!.subject).toBe(`Designazione annullata: Arbitro di Audax - Garibaldina il ${dmy}`);
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: req.uid });
    expect(cancel.sequence).toBeGreaterThan(req.sequence);
    expect(toBruno).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', uid: req.uid, sequence: cancel.sequence });
    expect(toBruno.start.toISOString()).toBe(start.toISOString());

    // Saving the same designations again sends nothing.
    await designate(id, { arbitro: bruno });
    expect(await deliver()).toEqual([]);

    // A match moved: Bruno gets the updated invitation (once the change is past the grouping delay).
    await t.db.pool.query(`UPDATE public.partite SET ora = '16:30', campo = 'Campo 2' WHERE id = $1`, [id]);
    await t.db.pool.query(`UPDATE public.partite SET ora = '17:00' WHERE id = $1`, [id]);
    expect(await designationUpdates(deps, new Date())).toBe(0);
    expect(await designationUpdates(deps, new Date(Date.now() + (t.config.notifyDelaySeconds + 1) * 1000))).toBe(1);
    const moved = await deliver();
    expect(moved.map((m) => m.to)).toEqual([['bruno@example.it']]);
    expect(moved[0].subject).toBe(`Designazione aggiornata: Arbitro di Audax - Garibaldina il ${dmy}`);
    const update = await invitation(moved[0]);
    expect(update).toMatchObject({ method: 'REQUEST', uid: req.uid, location: 'Campo 2' });
    expect(update.sequence).toBeGreaterThan(toBruno.sequence);
    expect(update.start.toISOString()).toBe(localInstant(data, '17:00', TZ).instant.toISOString());

    // Removal: CANCEL to Bruno, higher SEQUENCE again.
    await designate(id, {});
    const third = await deliver();
    expect(third.map((m) => m.to)).toEqual([['bruno@example.it']]);
    const removed = await invitation(third[0]);
    expect(removed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: req.uid });
    expect(removed.sequence).toBeGreaterThan(update.sequence);
    // Designated again later: the SEQUENCE never goes back.
    await designate(id, { arbitro: anna });
    const again = await invitation((await deliver())[0]);
    expect(again.sequence).toBeGreaterThan(removed.sequence);

    // Every mail went through the queue and is recorded like the other notifications.
    const { rows } = await t.db.pool.query(`SELECT stato, count(*)::int AS n FROM public.notifiche_job WHERE tipo = 'designazione' GROUP BY stato`);
    expect(rows).toEqual([{ stato: 'inviata', n: 6 }]);
  });

  it('a name cannot rewrite the invitation: CN is written per RFC 6868 and read back whole by ical.js; RSVP=FALSE (no-reply organiser)', async () => {
    const names = ['Mario "Ma;ri:o, jr"', 'x";PARTSTAT=ACCEPTED;ROLE=CHAIR;X="', 'Zoë ^n^\'\\ Ñ'];
    const id = await insertMatch(t.db.pool, { data: inDays(6), ora: '10:00', squadracasa: 'Audax', squadratrasferta: 'Garibaldina', gruppo: 'Pulcini', campo: 'Campo Audax' });
    for (const [i, nome] of names.entries()) {
      const who = await person(nome, `nome${i}@example.it`);
      await designate(id, { accompagnatore: who });
      const mails = await deliver();
      const mail = mails.find((m) => m.to[0] === `nome${i}@example.it`)!;
      const { raw } = await invitation(mail);
      // No backslash escapes inside a quoted parameter (RFC 5545 has none): a quote is ^'.
      expect(raw).not.toContain('\\"');
      const cal = new ICAL.Component(ICAL.parse(raw));
      const ev = cal.getFirstSubcomponent('vevent')!;
      const attendees = ev.getAllProperties('attendee');
      expect(attendees).toHaveLength(1);
      const [, params] = attendees[0].toJSON() as [string, Record<string, unknown>, string, string];
      expect(params).toEqual({ cn: `${nome} Rossi`, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION', rsvp: 'FALSE' });
      expect(String(attendees[0].getFirstValue()).toLowerCase()).toBe(`mailto:nome${i}@example.it`);
      const organizer = ev.getFirstProperty('organizer')!.toJSON() as [string, Record<string, unknown>];
      expect(Object.keys(organizer[1])).toEqual(['cn']);
      // Every line is folded within 75 octets and ends in CRLF.
      for (const line of raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    }
  });

  it('a refused send is retried by the queue like any notification', async () => {
    const carla = await person('Carla', 'carla@example.it');
    const id = await insertMatch(t.db.pool, { data: inDays(6), ora: '10:00', ora_fine: '11:00', squadracasa: 'Garibaldina', squadratrasferta: 'Ospiti', gruppo: 'Pulcini', is_house_match: true });
    await designate(id, { accompagnatore: carla });
    let refuse = 1;
    const flaky = { ...deps, mailer: { async send(m: Parameters<typeof deps.mailer.send>[0]) { if (refuse-- > 0) throw new Error('451 prova più tardi'); await deps.mailer.send(m); }, close() {} } };
    const before = t.smtp.mails.length;
    await runOnce(flaky, new Date());
    expect(t.smtp.mails.length).toBe(before);
    await runOnce(flaky, new Date(Date.now() + 61_000));
    const mail = await t.smtp.waitFor('carla@example.it', 5000, before);
    const inv = await invitation(mail);
    expect(inv).toMatchObject({ method: 'REQUEST', uid: `designazione-${id}-accompagnatore@${HOST}` });
    expect(inv.end.getTime() - inv.start.getTime()).toBe(60 * 60_000);
    const { rows } = await t.db.pool.query(`SELECT stato, tentativi FROM public.notifiche_job WHERE email = 'carla@example.it'`);
    expect(rows).toEqual([{ stato: 'inviata', tentativi: 2 }]);
  });

  it('deleting a match (DELETE /api/partite/{id}) sends each designated person a CANCEL: same UID, higher SEQUENCE', async () => {
    const dario = await person('Dario', 'dario@example.it');
    const elena = await person('Elena', 'elena@example.it');
    const data = inDays(4);
    const id = await insertMatch(t.db.pool, { data, ora: '09:30', ora_fine: '10:45', squadracasa: 'Garibaldina', squadratrasferta: 'Virtus', gruppo: 'Pulcini', is_house_match: true, campo: 'Campo 1' });
    await designate(id, { arbitro: dario, accompagnatore: elena });
    const invited = await deliver();
    expect(invited.map((m) => m.to[0]).sort()).toEqual(['dario@example.it', 'elena@example.it']);
    const reqDario = await invitation(invited.find((m) => m.to[0] === 'dario@example.it')!);
    const reqElena = await invitation(invited.find((m) => m.to[0] === 'elena@example.it')!);
    // An edit after the invitation raises the match's SEQUENCE; the updated REQUEST is mailed too.
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Campo 3' WHERE id = $1`, [id]);
    await designationUpdates(deps, new Date(Date.now() + (t.config.notifyDelaySeconds + 1) * 1000));
    const updated = await deliver();
    const updDario = await invitation(updated.find((m) => m.to[0] === 'dario@example.it')!);
    expect(updDario.sequence).toBeGreaterThan(reqDario.sequence);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/partite/${id}`, headers: bearer(editor) });
    expect(res.statusCode).toBe(200);
    const { rows: left } = await t.db.pool.query('SELECT count(*)::int AS n FROM public.designazioni WHERE partita_id = $1', [id]);
    expect(left).toEqual([{ n: 0 }]);

    const gone = await deliver();
    expect(gone.map((m) => m.to[0]).sort()).toEqual(['dario@example.it', 'elena@example.it']);
    const dmy = dayjs(data).format('DD/MM/YYYY');
    const toDario = gone.find((m) => m.to[0] === 'dario@example.it')!;
    // The removal's texts, with the match as it was.
    expect(toDario.subject).toBe(`Designazione annullata: Arbitro di Garibaldina - Virtus il ${dmy}`);
    expect(toDario.text).toContain('Ciao Dario,');
    expect(toDario.text).toContain('Campo: Campo 3');
    const cancelDario = await invitation(toDario);
    expect(cancelDario).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: `designazione-${id}-arbitro@${HOST}`, location: 'Campo 3' });
    expect(cancelDario.uid).toBe(reqDario.uid);
    expect(cancelDario.sequence).toBeGreaterThan(updDario.sequence);
    expect(cancelDario.start.toISOString()).toBe(localInstant(data, '09:30', TZ).instant.toISOString());
    expect(cancelDario.attendee.toLowerCase()).toBe('mailto:dario@example.it');
    const cancelElena = await invitation(gone.find((m) => m.to[0] === 'elena@example.it')!);
    expect(cancelElena).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: reqElena.uid });
    expect(cancelElena.sequence).toBeGreaterThan(reqElena.sequence);

    // Sent once: the next pass has nothing left.
    expect(await deliver()).toEqual([]);
    const { rows: pending } = await t.db.pool.query('SELECT count(*)::int AS n FROM public.designazioni_cancellate');
    expect(pending).toEqual([{ n: 0 }]);
  });

  it('deleting a match without designations, or one already played, queues nothing', async () => {
    const jobs = async () => (await t.db.pool.query(`SELECT count(*)::int AS n FROM public.notifiche_job WHERE tipo = 'designazione'`)).rows[0].n as number;
    const before = await jobs();
    const empty = await insertMatch(t.db.pool, { data: inDays(3), ora: '11:00', ora_fine: '12:00', squadracasa: 'Garibaldina', squadratrasferta: 'Ospiti', gruppo: 'Pulcini', is_house_match: true });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/partite/${empty}`, headers: bearer(editor) })).statusCode).toBe(200);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.designazioni_cancellate')).rows[0].n).toBe(0);
    expect(await designationCancels(deps, new Date())).toBe(0);
    expect(await jobs()).toBe(before);

    // A past match: its designated person is not mailed about its deletion.
    const fabio = await person('Fabio', 'fabio@example.it');
    const past = await insertMatch(t.db.pool, { data: inDays(-10), ora: '11:00', ora_fine: '12:00', squadracasa: 'Garibaldina', squadratrasferta: 'Ospiti', gruppo: 'Pulcini', is_house_match: true });
    await t.db.pool.query(`INSERT INTO public.designazioni (partita_id, ruolo, dirigente_id) VALUES ($1, 'accompagnatore', $2)`, [past, fabio]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/partite/${past}`, headers: bearer(editor) })).statusCode).toBe(200);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.designazioni_cancellate')).rows[0].n).toBe(1);
    expect(await designationCancels(deps, new Date())).toBe(0);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.designazioni_cancellate')).rows[0].n).toBe(0);
    expect(await jobs()).toBe(before);
    expect(await deliver()).toEqual([]);
  });
});
