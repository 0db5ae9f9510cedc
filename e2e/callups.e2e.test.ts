import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/app';
import { bearer, createUser, follow, type TestUser } from '../test/users';
import { insertMatch } from '../test/matches';
import { linkIn } from '../test/smtp';
import { todayIn } from '../common/core/dates';
import { CONVOCAZIONI_MSG as M } from '../common/callups/messages';
import { runOnce, type WorkerDeps } from '../server/features/notifications/worker';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { goThroughNav } from './nav';

// docs/callups.md: a coach calls up a category on the match's edit screen and sends it; a family answers on a
// 390 x 844 phone through the link of the mail received by the test SMTP server; the coach's count moves.
// A call-up typed and not saved asks before the page is left (docs/screens.md).
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let deps: WorkerDeps;
let admin: TestUser;
let coach: TestUser;
let reader: TestUser;
const pages: Page[] = [];

beforeAll(async () => {
  // The worker mails at once (no grouping window); it is driven by hand as the server tests do.
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR, env: { NOTIFY_DELAY_SECONDS: '0' } });
  deps = { pool: t.db.pool, mailer: t.app.deps.mailer, config: t.config, jwtSecret: TEST_JWT_SECRET };
  browser = await launchBrowser();
  admin = await createUser(t.db.pool, 'admin');
  coach = await createUser(t.db.pool, 'editor', 'mister.pulcini@example.it');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  const api = (method: 'PUT' | 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(admin), payload });
  reader = await createUser(t.db.pool, 'reader', 'dirigente.pulcini@example.it');
  await follow(t.app, admin, coach, ['Pulcini']);
  await follow(t.app, admin, reader, ['Pulcini']);
  for (const p of [
    { nome: 'Marco', cognome: 'Ferraresqui', contatti: [{ nome: 'Laura', email: 'laura.f@example.it' }] },
    { nome: 'Giulia', cognome: 'Antonellazzi', contatti: [{ nome: 'Sara', email: 'sara.a@example.it' }] },
  ]) {
    expect((await api('POST', '/api/giocatori', { dataNascita: '2016-03-10', gruppo: 'Pulcini', ...p })).statusCode).toBe(201);
  }
}, 60_000);
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  pages.push(page);
  return page;
}

describe('call-ups', () => {
  it('a coach calls up the category and sends; a family answers on a phone from the mail; the coach’s count moves', async () => {
    const day = dayjs(todayIn('Europe/Rome')).add(5, 'day').format('YYYY-MM-DD');
    const id = await insertMatch(t.db.pool, {
      data: day, ora: '15:00', ora_fine: '16:30', squadracasa: 'Garibaldina', squadratrasferta: 'Fortis Juventus', gruppo: 'Pulcini', campo: 'Stadio Bozzi', is_house_match: true,
    });
    const page = await newPage(browser);
    pages.push(page);
    await signIn(page, t.url, coach.email, coach.password);
    await page.goto(`${t.url}/modifica-partita/${id}`);
    const section = page.getByRole('region', { name: M.screen.title });
    await section.getByRole('checkbox', { name: 'Ferraresqui Marco' }).check();
    await section.getByRole('checkbox', { name: 'Antonellazzi Giulia' }).check();
    await section.getByRole('button', { name: M.screen.salva }).click();
    await page.getByText(M.screen.salvata).waitFor();
    const counts = section.getByTestId('callup-counts');
    await counts.getByText('In attesa 2').waitFor();
    await section.getByRole('button', { name: M.screen.invia }).click();
    await page.getByText(M.screen.inviata(2)).waitFor();

    // The queue's worker mails the families; Laura opens her link on her phone and answers.
    const before = t.smtp.mails.length;
    await runOnce(deps, new Date());
    const mail = t.smtp.mails.slice(before).find((m) => m.to.includes('laura.f@example.it'));
    expect(mail).toBeDefined();
    const phone = await phonePage();
    await phone.goto(linkIn(mail!));
    await phone.getByText('Ferraresqui', { exact: false }).first().waitFor();
    expect(await phone.content()).not.toContain('Antonellazzi');
    await phone.getByRole('button', { name: M.risposte.si, exact: true }).tap();
    await phone.getByText(M.page.salvata).waitFor();
    await screenshot(phone, 'callup-answer-phone');

    // The coach's screen, still open, shows the answer (read again every 30 s while open; a reload reads it at once, with no wait).
    await page.reload();
    await counts.getByText('Sì 1').waitFor();
    await counts.getByText('In attesa 1').waitFor();
    await section.getByRole('listitem').filter({ hasText: 'Ferraresqui Marco' }).getByText(M.risposte.si, { exact: true }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'callup-coach');
  });

  it('a reader tied to the category opens Convocazioni, sees the counts, opens the call-up read-only; the count moves when a family answers', async () => {
    const day = dayjs(todayIn('Europe/Rome')).add(6, 'day').format('YYYY-MM-DD');
    const id = await insertMatch(t.db.pool, {
      data: day, ora: '10:30', ora_fine: '12:00', squadracasa: 'Garibaldina', squadratrasferta: 'Virtus Lupi', gruppo: 'Pulcini', campo: 'Stadio Bozzi', is_house_match: true,
    });
    // The coach called up and sent through the API; the worker mails the families.
    const { rows } = await t.db.pool.query<{ id: number }>(`SELECT id FROM public.giocatori ORDER BY cognome`);
    const asCoach = (method: 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(coach), ...(payload ? { payload } : {}) });
    expect((await asCoach('PUT', `/api/partite/${id}/convocazione`, { giocatori: rows.map((r) => r.id) })).statusCode).toBe(200);
    expect((await asCoach('POST', `/api/partite/${id}/convocazione/invia`)).statusCode).toBe(200);
    const before = t.smtp.mails.length;
    await runOnce(deps, new Date());
    const mail = t.smtp.mails.slice(before).find((m) => m.to.includes('sara.a@example.it'));
    expect(mail).toBeDefined();

    const page = await newPage(browser);
    pages.push(page);
    await signIn(page, t.url, reader.email, reader.password);
    await goThroughNav(page, 'Partite', M.title);
    await page.getByRole('heading', { level: 1, name: M.title }).waitFor();
    const card = page.getByTestId('convocazione-voce').filter({ hasText: 'Virtus Lupi' });
    await card.getByText('Convocati 2 · sì 0 · no 0').waitFor();
    await screenshot(page, 'convocazioni-list');
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Garibaldina – Virtus Lupi' }).waitFor();
    const section = page.getByRole('region', { name: M.screen.title });
    const counts = section.getByTestId('callup-counts');
    await counts.getByText('In attesa 2').waitFor();
    await section.getByText(M.screen.sola).waitFor();
    expect(await section.getByRole('checkbox').count()).toBe(0);
    expect(await section.getByRole('combobox').count()).toBe(0);

    // Sara answers on her phone; the reader's screen, left open, shows it at its next read (every 30 s).
    const phone = await phonePage();
    await phone.goto(linkIn(mail!));
    await phone.getByLabel(M.page.nota).fill('Arriva con la nonna');
    await phone.getByRole('button', { name: M.risposte.no, exact: true }).tap();
    await phone.getByText(M.page.salvata).waitFor();
    await counts.getByText('No 1').waitFor({ timeout: 45_000 });
    await counts.getByText('In attesa 1').waitFor();
    await section.getByRole('listitem').filter({ hasText: 'Antonellazzi Giulia' }).getByText('Arriva con la nonna').waitFor();
    await screenshot(page, 'convocazione-reader');
    // Back to the list: the line moved too.
    await page.getByRole('link', { name: M.elenco.indietro }).click();
    await card.getByText('Convocati 2 · sì 0 · no 1').waitFor();
  });

  it('a coach types a note on the call-up, clicks a menu link, is asked, stays and saves: the note is stored', async () => {
    const day = dayjs(todayIn('Europe/Rome')).add(7, 'day').format('YYYY-MM-DD');
    const id = await insertMatch(t.db.pool, {
      data: day, ora: '11:00', ora_fine: '12:30', squadracasa: 'Garibaldina', squadratrasferta: 'Aurora Sud', gruppo: 'Pulcini', campo: 'Stadio Bozzi', is_house_match: true,
    });
    const page = await newPage(browser);
    pages.push(page);
    await signIn(page, t.url, coach.email, coach.password);
    await page.goto(`${t.url}/convocazioni/${id}`);
    const section = page.getByRole('region', { name: M.screen.title });
    await section.getByRole('checkbox', { name: 'Ferraresqui Marco' }).check();
    await section.getByRole('textbox', { name: M.screen.note }).fill('Portare i parastinchi');
    await goThroughNav(page, 'Partite', M.title);
    const question = page.getByRole('dialog', { name: 'Modifiche non salvate' });
    await question.getByText('Ci sono modifiche non salvate. Uscire senza salvare?').waitFor();
    await screenshot(page, 'callup-unsaved-question');
    await question.getByRole('button', { name: 'Continua a modificare' }).click();
    await question.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${t.url}/convocazioni/${id}`);
    expect(await section.getByRole('textbox', { name: M.screen.note }).inputValue()).toBe('Portare i parastinchi');
    await section.getByRole('button', { name: M.screen.salva }).click();
    await page.getByText(M.screen.salvata).waitFor();
    const stored = await t.app.inject({ method: 'GET', url: `/api/partite/${id}/convocazione`, headers: bearer(coach) });
    expect(stored.json().data).toMatchObject({ note: 'Portare i parastinchi', giocatori: [expect.objectContaining({ cognome: 'Ferraresqui' })] });
    // Saved: the bar leaves at once.
    await goThroughNav(page, 'Partite', M.title);
    await page.getByRole('heading', { level: 1, name: M.title }).waitFor();
    expect(await question.count()).toBe(0);
  });
});
