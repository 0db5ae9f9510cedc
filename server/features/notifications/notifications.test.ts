import dayjs from 'dayjs';
import pg from 'pg';
import pino from 'pino';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { linkIn } from '../../../test/smtp';
import { createMailer, type Mailer } from '../../mail/mailer';
import { todayIn } from '../../../common/core/dates';
import { digestJobs, groupChanges, runOnce, sendOne, type WorkerDeps } from './worker';
import { SignJWT } from 'jose';
import { UNSUBSCRIBE_TOKEN_DAYS, unsubscribeToken } from './mail';
import { NOTIFICHE_MSG } from '../../../common/notifications/rules';

let t: TestApp;
let admin: TestUser;
let deps: WorkerDeps;
const logger = pino({ level: 'silent' });
const inDays = (n: number) => dayjs(todayIn('Europe/Rome')).add(n, 'day').format('YYYY-MM-DD');
const later = (s: number) => new Date(Date.now() + s * 1000);

/** A category with its referents, made by an admin through the API (of `app`, by default the file's). */
async function category(name: string, referents: Array<{ email: string | null; notifiche?: string }>, app = t, by = admin) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/gruppi',
    headers: bearer(by),
    payload: { name, components: referents.map((r, i) => ({ nome: `Nome${i}`, cognome: `Cognome${i}`, ...r })) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; components: Array<{ email: string | null; notifiche: string }> };
}

async function match(gruppo: string, data: string, ora = '10:00', app = t): Promise<number> {
  const { rows } = await app.db.pool.query<{ id: number }>(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
     VALUES ($1, $2, '11:30', 'Garibaldina', 'Ospiti FC', $3, 'Campo 1', true, 'campionato') RETURNING id`,
    [data, ora, gruppo],
  );
  return rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin');
  deps = {
    pool: t.db.pool,
    mailer: createMailer({ smtpUrl: t.smtp.url, from: 'test@example.it', dataDir: '/tmp', logger }),
    config: t.config,
    jwtSecret: TEST_JWT_SECRET,
    // The exports feature's week sheet, as the app's notifiche jobs get it.
    weekPdf: t.weekPdf,
  };
});
afterAll(async () => {
  deps.mailer.close();
  await t.close();
});
beforeEach(async () => {
  // Each test sees only its own changes and jobs.
  await t.db.pool.query('UPDATE public.notifiche_modifiche SET raggruppata_il = now() WHERE raggruppata_il IS NULL');
});

describe('referent fields in the categories API', () => {
  it('stores email and choice, defaults the choice, refuses a bad email or choice in Italian', async () => {
    const g = await category('Campi API', [{ email: ' Mister@Example.IT ', notifiche: 'settimanale' }, { email: null }]);
    expect(g.components[0]).toMatchObject({ email: 'mister@example.it', notifiche: 'settimanale' });
    expect(g.components[1]).toMatchObject({ email: null, notifiche: 'nessuna' }); // no address, no mail
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/gruppi',
      headers: bearer(admin),
      payload: { name: 'Campi API 2', components: [{ nome: 'A', cognome: 'B', email: 'non-una-mail' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Il referente 1 ha un indirizzo email non valido');
    const badChoice = await t.app.inject({
      method: 'POST',
      url: '/api/gruppi',
      headers: bearer(admin),
      payload: { name: 'Campi API 3', components: [{ nome: 'A', cognome: 'B', notifiche: 'sempre' }] },
    });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json().error).toBe('Il referente 1 ha una scelta di notifiche non valida');
  });
});

describe('change mails', () => {
  it('three edits in a minute make one mail with before and after; a match beyond 14 days makes none; other choices get none', async () => {
    await category('Pulcini', [
      { email: 'coach@example.it', notifiche: 'ogni_modifica' },
      { email: 'weekly@example.it', notifiche: 'settimanale' },
      { email: 'none@example.it', notifiche: 'nessuna' },
    ]);
    const id = await match('Pulcini', inDays(3));
    const far = await match('Pulcini', inDays(20));
    await t.db.pool.query(`UPDATE public.partite SET ora = '15:00' WHERE id = $1`, [id]);
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Campo 2' WHERE id = $1`, [id]);
    await t.db.pool.query(`UPDATE public.partite SET ora = '16:00' WHERE id = $1`, [far]);
    const before = t.smtp.mails.length;
    // Inside the window nothing is grouped yet.
    expect(await groupChanges(deps, new Date())).toBe(0);
    await runOnce(deps, later(301));
    const mails = t.smtp.mails.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail.to).toEqual(['coach@example.it']);
    expect(mail.subject).toBe('Partite modificate: Pulcini');
    expect(mail.text).toContain('Nuova partita: Garibaldina - Ospiti FC');
    expect(mail.text).toContain('15:00');
    expect(mail.text).toContain('Campo 2');
    expect(mail.text).not.toContain('16:00');
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http[^>]+disiscrivi\?t=/);
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // An edit of an existing match shows before and after; nothing is sent twice.
    await t.db.pool.query(`UPDATE public.partite SET ora = '17:00', spogliatoio_gari = 3 WHERE id = $1`, [id]);
    await runOnce(deps, later(301));
    await runOnce(deps, later(301));
    const next = t.smtp.mails.slice(before + 1);
    expect(next).toHaveLength(1);
    expect(next[0].text).toContain('Partita modificata: Garibaldina - Ospiti FC');
    expect(next[0].text).toContain('Ora: prima 15:00, dopo 17:00');
    expect(next[0].text).toContain('Spogliatoio casa: prima -, dopo 3');

    // Only a change of the far match: no mail.
    await t.db.pool.query(`UPDATE public.partite SET ora = '18:00' WHERE id = $1`, [far]);
    await runOnce(deps, later(301));
    expect(t.smtp.mails.length).toBe(before + 2);
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM public.activity_logs WHERE activity_message = 'Notifica inviata a coach@example.it (Pulcini)'`);
    expect(rows[0].n).toBe(2);
  });

  it('lists the matches by date and time, not in the order they were changed', async () => {
    await category('Piccoli Amici', [{ email: 'ordine@example.it', notifiche: 'ogni_modifica' }]);
    const third = await match('Piccoli Amici', inDays(9), '09:00');
    const first = await match('Piccoli Amici', inDays(2), '18:00');
    const second = await match('Piccoli Amici', inDays(4), '10:00');
    const before = t.smtp.mails.length;
    await runOnce(deps, later(301));
    expect(t.smtp.mails.length).toBe(before + 1);
    // Changed in the order third, first, second; first moves to second's day, before it.
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Campo T' WHERE id = $1`, [third]);
    await t.db.pool.query(`UPDATE public.partite SET ora = '08:30', data = $2 WHERE id = $1`, [first, inDays(4)]);
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Campo S' WHERE id = $1`, [second]);
    await runOnce(deps, later(301));
    const mails = t.smtp.mails.slice(before + 1);
    expect(mails).toHaveLength(1);
    const text = mails[0].text!;
    // first (day 4 at 08:30) before second (day 4 at 10:00) before third (day 9).
    const idx = [text.indexOf('Ora: prima 18:00, dopo 08:30'), text.indexOf('Campo: prima Campo 1, dopo Campo S'), text.indexOf('Campo: prima Campo 1, dopo Campo T')];
    expect(idx.every((i) => i >= 0)).toBe(true);
    expect([...idx].sort((a, b) => a - b)).toEqual(idx);
  });

  it("a status move reads as every output reads it (docs/matches.md, status): moved, date to be set, suspended, cancelled", async () => {
    await category('Under 14 Stati', [{ email: 'stati@example.it', notifiche: 'ogni_modifica' }]);
    const ids = await Promise.all([3, 4, 5, 6].map((n, i) => match('Under 14 Stati', inDays(n), `1${i}:00`)));
    await runOnce(deps, later(301));
    const before = t.smtp.mails.length;
    const move = async (body: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/partite/stato', headers: bearer(admin), payload: body });
      expect(res.statusCode).toBe(200);
    };
    await move({ ids: [ids[0]], azione: 'sposta', giorni: 7 });
    await move({ ids: [ids[1]], azione: 'rinvia', motivo: 'Campo impraticabile' });
    await move({ ids: [ids[2]], azione: 'sospendi' });
    await move({ ids: [ids[3]], azione: 'annulla' });
    await runOnce(deps, later(301));
    const mails = t.smtp.mails.slice(before).filter((m) => m.to.includes('stati@example.it'));
    expect(mails).toHaveLength(1);
    const dmy = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
    expect(mails[0].text).toContain(`Stato: prima In programma, dopo In programma - Spostata dal ${dmy(inDays(3))}`);
    expect(mails[0].text).toContain('Stato: prima In programma, dopo Rinviata - data da definire');
    expect(mails[0].text).toContain('Stato: prima In programma, dopo Sospesa');
    expect(mails[0].text).toContain('Stato: prima In programma, dopo Annullata');
    expect(mails[0].text).not.toMatch(/dopo rinviata/);
  });

  it('SMTP refuses then accepts: retried with backoff, sent once, activity records; the last retry fails', async () => {
    await category('Esordienti', [{ email: 'retry@example.it' }]);
    await match('Esordienti', inDays(2));
    let refuse = 2;
    const flaky: Mailer = {
      async send(mail) {
        if (refuse-- > 0) throw new Error('451 prova più tardi');
        await deps.mailer.send(mail);
      },
      close() {},
    };
    const before = t.smtp.mails.length;
    const d = { ...deps, mailer: flaky };
    await runOnce(d, later(301)); // attempt 1 fails
    await runOnce(d, later(302)); // not due yet (1 minute backoff)
    expect(refuse).toBe(1);
    await runOnce(d, later(301 + 61)); // attempt 2 fails, next in 2 minutes
    await runOnce(d, later(301 + 61 + 121)); // attempt 3 succeeds
    await runOnce(d, later(10_000));
    expect(t.smtp.mails.slice(before).filter((m) => m.to.includes('retry@example.it'))).toHaveLength(1);
    const { rows } = await t.db.pool.query(`SELECT stato, tentativi FROM public.notifiche_job WHERE email = 'retry@example.it'`);
    expect(rows).toEqual([{ stato: 'inviata', tentativi: 3 }]);
    const acts = await t.db.pool.query(`SELECT activity_message FROM public.activity_logs WHERE activity_message LIKE '%retry@example.it%' ORDER BY id`);
    expect(acts.rows.map((r) => r.activity_message)).toEqual([
      'Notifica a retry@example.it (Esordienti) non inviata, nuovo tentativo 2',
      'Notifica a retry@example.it (Esordienti) non inviata, nuovo tentativo 3',
      'Notifica inviata a retry@example.it (Esordienti)',
    ]);

    // A server that never accepts: failed after the last attempt, visible to admins.
    await category('Allievi', [{ email: 'dead@example.it' }]);
    await match('Allievi', inDays(1));
    const dead: Mailer = { send: async () => Promise.reject(new Error('550 rifiutata')), close() {} };
    for (let i = 0; i < 10; i++) await runOnce({ ...deps, mailer: dead }, later(301 + i * 3600));
    const failed = await t.db.pool.query(`SELECT stato, tentativi FROM public.notifiche_job WHERE email = 'dead@example.it'`);
    expect(failed.rows).toEqual([{ stato: 'fallita', tentativi: 5 }]);
    const logs = await t.app.inject({ method: 'GET', url: '/api/activities?limit=100', headers: bearer(admin) });
    expect(logs.statusCode).toBe(200);
    expect(JSON.stringify(logs.json())).toContain("Notifica a dead@example.it (Allievi) non inviata dopo l'ultimo tentativo");
  });

  it('two processes on one database send each mail once; a process dying mid-send loses nothing', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `due${i}@example.it`);
    await category('Giovanissimi', emails.map((email) => ({ email })));
    await match('Giovanissimi', inDays(5));
    await groupChanges(deps, later(301));
    const before = t.smtp.mails.length;

    // Process A: its own connections; it hangs inside SMTP on its second mail and is killed.
    const poolA = new pg.Pool({ connectionString: t.db.url, max: 2, application_name: 'processo-a' });
    poolA.on('connect', (client) => client.on('error', () => undefined));
    let sentByA = 0;
    let hung!: () => void;
    const hanging = new Promise<void>((resolve) => (hung = resolve));
    const mailerA: Mailer = {
      async send(mail) {
        if (sentByA === 1) {
          hung();
          await new Promise(() => undefined); // never answers
        }
        await deps.mailer.send(mail);
        sentByA++;
      },
      close() {},
    };
    poolA.on('error', () => undefined);
    void sendOne({ ...deps, pool: poolA, mailer: mailerA }, later(301)).then(() => sendOne({ ...deps, pool: poolA, mailer: mailerA }, later(301))).catch(() => undefined);
    await hanging;
    // Process B works while A holds one job locked.
    const poolB = new pg.Pool({ connectionString: t.db.url, max: 2 });
    const b = { ...deps, pool: poolB };
    const c = { ...deps, pool: t.db.pool };
    await Promise.all([runOnce(b, later(301)), runOnce(c, later(301))]);
    expect(t.smtp.mails.length - before).toBe(5); // A's locked job is not sent by anyone else
    // A dies: its connections go, its transaction rolls back, the job is due again.
    await t.db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'processo-a'`);
    void poolA.end().catch(() => undefined); // its hung client is never released: do not wait
    await Promise.all([runOnce(b, later(301)), runOnce(c, later(301))]);
    await poolB.end();
    const got = t.smtp.mails.slice(before).flatMap((m) => m.to);
    expect(got.sort()).toEqual([...emails].sort());
  });
});

describe('unsubscribe', () => {
  it('GET only asks (a scanner opening the link changes nothing); the page button and the RFC 8058 POST set Nessuna; a forged token is refused', async () => {
    const g = await category('Juniores', [{ email: 'a@example.it' }, { email: 'b@example.it' }]);
    await match('Juniores', inDays(1));
    const before = t.smtp.mails.length;
    await runOnce(deps, later(301));
    const mailA = await t.smtp.waitFor('a@example.it', 5000, before);
    const url = new URL(linkIn(mailA));
    const choices = async () => {
      const list = await t.app.inject({ method: 'GET', url: '/api/gruppi', headers: bearer(admin) });
      return list.json().data.find((x: { name: string }) => x.name === 'Juniores').components.map((r: { notifiche: string }) => r.notifiche);
    };
    // Opened twice (a scanner, then the person): still subscribed, the page asks to confirm.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Disattivare le notifiche?');
      expect(res.body).toContain('a@example.it non riceverà più email sulla categoria Juniores.');
      expect(res.body).not.toContain('Notifiche disattivate');
      expect(res.body).not.toMatch(/<script/i);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("form-action 'self'");
    }
    expect(await choices()).toEqual(['ogni_modifica', 'ogni_modifica']);
    // The page's button: a form POSTing to the same URL (relative action), no script.
    const page = (await t.app.inject({ method: 'GET', url: url.pathname + url.search })).body;
    const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page);
    expect(form).not.toBeNull();
    expect(form![2]).toContain('Disattiva le notifiche');
    const action = new URL(form![1].replace(/&#38;/g, '&'), url);
    expect(action.pathname + action.search).toBe(url.pathname + url.search);
    const fields = [...form![2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((m) => `${m[1]}=${m[2]}`).join('&');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: action.pathname + action.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toContain('text/html');
    expect(confirmed.body).toContain('Notifiche disattivate');
    expect(confirmed.body).toContain('a@example.it non riceverà più email sulla categoria Juniores.');
    expect(await choices()).toEqual(['nessuna', 'ogni_modifica']);

    const tokenB = await unsubscribeToken(TEST_JWT_SECRET, g.id, 'b@example.it');
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/notifiche/disiscrivi?t=${encodeURIComponent(tokenB)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(await choices()).toEqual(['nessuna', 'nessuna']);
    const acts = await t.db.pool.query(`SELECT count(*)::int AS n FROM public.activity_logs WHERE activity_message LIKE '%ha disattivato le notifiche della categoria Juniores'`);
    expect(acts.rows[0].n).toBe(2);

    const forged = await unsubscribeToken('another-secret-another-secret-another-secret-0', g.id, 'c@example.it');
    for (const tok of [forged, 'x.y.z', tokenB.slice(0, -2) + 'aa']) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await t.app.inject({ method, url: `/api/notifiche/disiscrivi?t=${encodeURIComponent(tok)}` });
        expect(r.statusCode).toBe(400);
        expect(r.body).toContain('Link non valido o scaduto');
      }
    }
    // A session token is not an unsubscribe token.
    const session = await t.app.inject({ method: 'GET', url: `/api/notifiche/disiscrivi?t=${admin.token}` });
    expect(session.statusCode).toBe(400);
    // No token, a repeated one, another parameter: the same page of an invalid link, never a JSON error.
    for (const search of ['', `?t=${encodeURIComponent(tokenB)}&t=${encodeURIComponent(tokenB)}`, '?x=1']) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await t.app.inject({ method, url: `/api/notifiche/disiscrivi${search}` });
        expect(r.statusCode).toBe(400);
        expect(r.headers['content-type']).toContain('text/html');
        expect(r.body).toContain('Link non valido o scaduto');
      }
    }
  });

  it('a link expires after a year, and then says where a new one is; the first mails\' links (no expiry of their own) too', async () => {
    const g = await category('Allievi Scadenze', [{ email: 'd@example.it', notifiche: 'ogni_modifica' }]);
    const yearAgo = new Date(Date.now() - (UNSUBSCRIBE_TOKEN_DAYS * 86_400_000 + 60_000));
    const old = await unsubscribeToken(TEST_JWT_SECRET, g.id, 'd@example.it', yearAgo);
    // As the first mails signed them: an issue date and no expiry.
    const legacy = await new SignJWT({ g: g.id, e: 'd@example.it' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('notifiche-disiscrizione')
      .setIssuedAt(yearAgo)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const tok of [old, legacy]) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await t.app.inject({ method, url: `/api/notifiche/disiscrivi?t=${encodeURIComponent(tok)}` });
        expect(r.statusCode).toBe(410);
        expect(r.body).toContain(NOTIFICHE_MSG.expiredLink);
        expect(r.body).toContain('usa quello della mail più recente');
      }
    }
    const current = await unsubscribeToken(TEST_JWT_SECRET, g.id, 'd@example.it', new Date(Date.now() - 300 * 86_400_000));
    expect((await t.app.inject({ url: `/api/notifiche/disiscrivi?t=${encodeURIComponent(current)}` })).statusCode).toBe(200);
  });
});

describe('background worker', () => {
  it('runs only in an app that asks for it (start.ts does); other test apps mail nobody', async () => {
    const env = { NOTIFY_DELAY_SECONDS: '0' };
    const [on, off] = await Promise.all([createTestApp({ env, deps: { notifyWorker: true } }), createTestApp({ env })]);
    try {
      const queueJobs = (app: TestApp) => app.app.scheduler.jobs().filter((j) => j.name.startsWith('notifiche')).map((j) => j.name).sort();
      expect(queueJobs(on)).toEqual(['notifiche', 'notifiche-riepilogo']);
      expect(queueJobs(off)).toEqual([]);
      for (const app of [on, off]) {
        await category('Allievi', [{ email: 'anna@example.it' }], app, await createUser(app.db.pool, 'admin'));
        await match('Allievi', inDays(2), '10:00', app);
      }
      // The loop looks every 5 s: the app with the worker mails within two rounds...
      const mail = await on.smtp.waitFor('anna@example.it', 12_000);
      expect(mail.raw).toContain('Allievi');
      // ...and the one without it has had as long, and sent nothing, queued nothing.
      await new Promise((r) => setTimeout(r, 1000));
      expect(off.smtp.mails).toHaveLength(0);
      const jobs = await off.db.pool.query(`SELECT count(*)::int AS n FROM public.notifiche_job`);
      expect(jobs.rows[0].n).toBe(0);
    } finally {
      await Promise.all([on.close(), off.close()]);
    }
  }, 30_000);
});

describe('weekly digest', () => {
  it('Monday 8:00 (APP_TIMEZONE, fake clock): once a week per referent, the week\'s matches in the body and the week PDF attached, on the real SMTP server', async () => {
    const tz = t.config.timezone;
    const today = dayjs(todayIn(tz));
    const monday = today.subtract((today.day() + 6) % 7, 'day');
    const at = (day: dayjs.Dayjs, hhmm: string) => dayjs.tz(`${day.format('YYYY-MM-DD')} ${hhmm}`, 'YYYY-MM-DD HH:mm', tz).toDate();
    await category('Digest U15', [{ email: 'weekly-digest@example.it', notifiche: 'settimanale' }, { email: 'every@example.it' }]);
    await match('Digest U15', monday.add(2, 'day').format('YYYY-MM-DD'), '17:30');
    await match('Digest U15', monday.add(9, 'day').format('YYYY-MM-DD'), '18:00'); // next week: not in this digest

    // Sunday evening and Monday 7:59 are too early.
    expect(await digestJobs(deps, at(monday.subtract(1, 'day'), '20:00'))).toBe(0);
    expect(await digestJobs(deps, at(monday, '07:59'))).toBe(0);
    const eight = at(monday, '08:00');
    expect(await digestJobs(deps, eight)).toBeGreaterThanOrEqual(1);
    // A second pass (or process) the same week adds no job.
    const count = async () =>
      (await t.db.pool.query(`SELECT count(*)::int AS n FROM public.notifiche_job WHERE tipo = 'riepilogo' AND email = 'weekly-digest@example.it'`)).rows[0].n;
    expect(await count()).toBe(1);
    await digestJobs(deps, at(monday, '15:00'));
    expect(await count()).toBe(1);

    // A referent added after the week's digest was made starts with the next week.
    await t.db.pool.query(
      `INSERT INTO public.gruppi_referenti (gruppo_id, position, nome, cognome, email, notifiche)
       SELECT id, 9, 'Arrivato', 'Dopo', 'late-weekly@example.it', 'settimanale' FROM public.gruppi WHERE name = 'Digest U15'`,
    );
    expect(await digestJobs(deps, at(monday.add(2, 'day'), '10:00'))).toBe(0);

    const before = t.smtp.mails.length;
    while (await sendOne(deps, eight));
    const mail = await t.smtp.waitFor('weekly-digest@example.it', 5000, before);
    const d = (x: dayjs.Dayjs) => x.format('DD/MM/YYYY');
    expect(mail.raw).toContain('Riepilogo settimanale Digest U15');
    const body = mail.raw.replace(/=\r?\n/g, '');
    expect(body).toContain(`dal ${d(monday)} al ${d(monday.add(6, 'day'))}`);
    expect(body).toContain('ore 17:30');
    expect(body).not.toContain('ore 18:00');
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(`partite_settimanali_${monday.format('YYYY-MM-DD')}_${monday.add(6, 'day').format('YYYY-MM-DD')}.pdf`);
    // The attachment is a real PDF (base64 of "%PDF-").
    expect(mail.raw).toContain('JVBERi0');
    expect(t.smtp.mails.slice(before).some((m) => m.to.includes('every@example.it'))).toBe(false);
  });

  it("the category's expired and expiring certificates (30 days), name and date only, read when sent; other categories' players and change mails name none", async () => {
    const tz = t.config.timezone;
    const today = dayjs(todayIn(tz));
    const monday = today.subtract((today.day() + 6) % 7, 'day');
    const at = (day: dayjs.Dayjs, hhmm: string) => dayjs.tz(`${day.format('YYYY-MM-DD')} ${hhmm}`, 'YYYY-MM-DD HH:mm', tz).toDate();
    const day = (n: number) => monday.add(n, 'day').format('YYYY-MM-DD');
    const dmy = (n: number) => monday.add(n, 'day').format('DD/MM/YYYY');
    await category('Certificati U12', [
      { email: 'cert-weekly@example.it', notifiche: 'settimanale' },
      { email: 'cert-every@example.it', notifiche: 'ogni_modifica' },
    ]);
    await category('Certificati U14', [{ email: 'cert-other@example.it', notifiche: 'settimanale' }]);
    const player = async (gruppo: string, nome: string, cognome: string, scadenza: string | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/giocatori',
        headers: bearer(admin),
        payload: {
          nome,
          cognome,
          dataNascita: '2014-05-06',
          gruppo,
          numeroTessera: 'TX98765',
          certificato: scadenza ? { tipo: 'agonistico', scadenza } : null,
          contatti: [{ nome: 'Genitore', email: 'genitore-riservato@example.it', telefono: '3339876543' }],
          note: 'Nota riservata',
        },
      });
      expect(res.statusCode).toBe(201);
    };
    // Searched for whole: a random token (the unsubscribe link's JWT) may well hold 'Zq'.
    const SEEDED_SURNAMES = /Zqscaduto|Zqoggi|Zqtrenta|Zqtrentuno|Zqsenza|Zqaltro/;
    await player('Certificati U12', 'Ada', 'Zqscaduto', day(-1));
    await player('Certificati U12', 'Bea', 'Zqoggi', day(0));
    await player('Certificati U12', 'Carlo', 'Zqtrenta', day(30));
    await player('Certificati U12', 'Dario', 'Zqtrentuno', day(31));
    await player('Certificati U12', 'Elio', 'Zqsenza', null);
    await player('Certificati U14', 'Fabio', 'Zqaltro', day(3));
    // A match of U12 this week: in the digest, and a change mail to the other referent.
    await match('Certificati U12', inDays(2));

    const eight = at(monday, '08:00');
    expect(await digestJobs(deps, eight)).toBeGreaterThanOrEqual(2);
    // The queued digest holds no child's name: the lines are read when it is sent.
    const queued = await t.db.pool.query(`SELECT testo, dati::text FROM public.notifiche_job WHERE email LIKE 'cert-%'`);
    expect(queued.rows).toHaveLength(2);
    expect(JSON.stringify(queued.rows)).not.toMatch(SEEDED_SURNAMES);

    const before = t.smtp.mails.length;
    while (await sendOne(deps, eight));
    const text = (m: { text: string }) => m.text.replace(/\r\n/g, '\n');
    const weekly = text(await t.smtp.waitFor('cert-weekly@example.it', 5000, before));
    expect(weekly).toContain(
      [
        'Certificati medici da rinnovare:',
        `- Certificato scaduto: Ada Zqscaduto, il ${dmy(-1)}`,
        `- Certificato in scadenza: Bea Zqoggi, il ${dmy(0)}`,
        `- Certificato in scadenza: Carlo Zqtrenta, il ${dmy(30)}`,
        '',
      ].join('\n'),
    );
    // Nothing else of them, and no other player: not expiring within 30 days, no certificate, another category.
    for (const other of ['Zqtrentuno', 'Zqsenza', 'Zqaltro', 'TX98765', 'genitore-riservato', '3339876543', 'Nota riservata', '06/05/2014', '2014-05-06']) {
      expect([other, weekly.includes(other)]).toEqual([other, false]);
    }
    const otherDigest = text(await t.smtp.waitFor('cert-other@example.it', 5000, before));
    expect(otherDigest).toContain(`- Certificato in scadenza: Fabio Zqaltro, il ${dmy(3)}`);
    expect(otherDigest).not.toMatch(/Zqscaduto|Zqoggi|Zqtrenta/);
    // The sent record names the address and the category, and counts the players named.
    const { rows } = await t.db.pool.query(
      `SELECT context FROM public.activity_logs WHERE activity_message = 'Notifica inviata a cert-weekly@example.it (Certificati U12)'`,
    );
    expect(rows.map((r) => r.context.certificati)).toEqual([3]);
    expect(JSON.stringify(rows)).not.toMatch(SEEDED_SURNAMES);

    // A change mail names no player.
    const changes = t.smtp.mails.length;
    await runOnce(deps, later(301));
    const every = text(await t.smtp.waitFor('cert-every@example.it', 5000, changes));
    expect(every).toContain('Nuova partita: Garibaldina - Ospiti FC');
    expect(every).not.toMatch(SEEDED_SURNAMES);
    expect(every).not.toMatch(/Certificato|medici/);
  });

  it('a Monday with no process running: the digest is made at the first pass later that week, not on Sunday', async () => {
    const tz = t.config.timezone;
    const today = dayjs(todayIn(tz));
    // Next week, so the first test's digest of this week is not in the way.
    const monday = today.subtract((today.day() + 6) % 7, 'day').add(7, 'day');
    const at = (day: dayjs.Dayjs, hhmm: string) => dayjs.tz(`${day.format('YYYY-MM-DD')} ${hhmm}`, 'YYYY-MM-DD HH:mm', tz).toDate();
    await category('Recupero U13', [{ email: 'catch-up@example.it', notifiche: 'settimanale' }]);
    const jobs = async () =>
      (
        await t.db.pool.query(`SELECT chiave FROM public.notifiche_job WHERE tipo = 'riepilogo' AND email = 'catch-up@example.it'`)
      ).rows.map((r) => r.chiave as string);
    // Sunday of that week (the server was down all week until then): too late, nothing.
    expect(await digestJobs(deps, at(monday.add(6, 'day'), '09:00'))).toBe(0);
    expect(await jobs()).toEqual([]);
    // Wednesday of that week: the missed digest of that week.
    expect(await digestJobs(deps, at(monday.add(2, 'day'), '09:00'))).toBeGreaterThanOrEqual(1);
    expect((await jobs()).filter((k) => k.startsWith(`riepilogo:${monday.format('YYYY-MM-DD')}:`))).toHaveLength(1);
    // Later passes that week add nothing.
    await digestJobs(deps, at(monday.add(4, 'day'), '09:00'));
    expect(await jobs()).toHaveLength(1);
  });
});
