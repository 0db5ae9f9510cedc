import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { insertCallup, insertMatch } from '../test/matches';
import { DISTINTA_MSG as M } from '../common/teamsheet/messages';
import { TEAMSHEET_UI as UI } from '../src/components/teamsheet/messages';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn, signedInPage } from './session';

// The team sheet in Chromium (docs/teamsheet.md): from a call-up with answers an administrator opens
// the match's 'Distinta', numbers the players, sees the blocked one refused with its reason, takes it
// off, saves, and prints the PDF.
jest.setTimeout(180_000);

const DAY = '2027-04-10';
let t: TestApp;
let browser: Browser;
let admin: TestUser;
let page: Page;
let matchId: number;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  admin = await createUser(t.db.pool, 'admin');
  const db = t.db.pool;
  const gruppo = (await db.query(`INSERT INTO public.gruppi (name, anno_da, anno_a) VALUES ('Pulcini', 2016, 2017) RETURNING id`)).rows[0].id as number;
  const acc = (await db.query(`INSERT INTO public.dirigenti (nome, cognome, email, qualifiche, numero_tessera, attivo) VALUES ('Anna', 'Neri', 'anna@example.it', '{accompagnatore}', 'D1', true) RETURNING id`)).rows[0].id as number;
  matchId = await insertMatch(db, { data: DAY, ora: '10:00', ora_fine: '11:15', squadracasa: 'Garibaldina', squadratrasferta: 'Lupi', gruppo: 'Pulcini', campo: 'Stadio Comunale', is_house_match: true, tipo_gara: 'campionato' });
  await db.query(`INSERT INTO public.designazioni (partita_id, ruolo, dirigente_id) VALUES ($1, 'accompagnatore', $2)`, [matchId, acc]);
  const player = async (nome: string, cognome: string, scadenza: string) =>
    (
      await db.query(
        `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, numero_tessera, certificato_tipo, certificato_scadenza) VALUES ($1, $2, '2016-09-01', $3, $4, 'non_agonistico', $5) RETURNING id`,
        [nome, cognome, gruppo, `T-${cognome}`, scadenza],
      )
    ).rows[0].id as number;
  const rossi = await player('Luca', 'Rossi', '2027-09-01');
  const bianchi = await player('Marco', 'Bianchi', '2027-09-01');
  // Expired the day before the match: blocked.
  const verdi = await player('Paolo', 'Verdi', '2027-04-09');
  await insertCallup(db, matchId, [[rossi, 'si'], [verdi, 'si'], [bianchi, null]]);
  page = await signedInPage(browser, t.url, admin);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the team sheet in Chromium', () => {
  it("on a phone (390x844): the rows fit the screen, 'Numera in ordine' numbers them, the blocked player's reason is under its name", async () => {
    const phone = await newPage(browser);
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      await signIn(phone, t.url, admin.email, admin.password);
      await phone.goto(`${t.url}/modifica-partita/${matchId}`);
      await phone.getByTestId('distinta-section').getByRole('button', { name: UI.open }).click();
      const dialog = phone.getByRole('dialog', { name: M.title });
      const verdi = dialog.getByTestId(/^distinta-riga-/).filter({ hasText: 'Verdi Paolo' });
      await verdi.getByText(M.motivi.scaduto('2027-04-09')).waitFor();
      await dialog.getByRole('button', { name: UI.numberAll(3) }).click();
      await dialog.getByRole('button', { name: /^Numera in ordine/ }).waitFor({ state: 'detached' });
      expect(await dialog.getByRole('textbox', { name: UI.numberOf('Rossi Luca') }).inputValue()).toBe('1');
      // Nothing wider than the screen: every number, radio and button of the rows within its width (once the dialog has come in).
      await phone.waitForFunction(
        () => {
          const controls = [...document.querySelectorAll('[role=dialog] [data-testid^="distinta-riga-"] :is(input, button)')];
          return controls.length === 12 && controls.every((c) => c.getBoundingClientRect().right <= window.innerWidth);
        },
        undefined,
        { timeout: 10_000 },
      );
      const widths = await dialog.locator('.MuiDialogContent-root').evaluate((c) => [c.scrollWidth, c.clientWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]);
      await phone.screenshot({ path: 'e2e/screenshots/distinta-telefono.png' });
    } finally {
      await phone.close();
    }
  });

  it('builds the sheet from the call-up, refuses the blocked player with its reason, and prints the PDF', async () => {
    await page.goto(`${t.url}/modifica-partita/${matchId}`);
    const section = page.getByTestId('distinta-section');
    await section.getByText(UI.summary(3, false), { exact: false }).waitFor();
    await section.getByRole('button', { name: UI.open }).click();
    const dialog = page.getByRole('dialog', { name: M.title });
    await dialog.waitFor();
    const motivo = M.motivi.scaduto('2027-04-09');
    await dialog.getByText(motivo).waitFor();
    await dialog.getByRole('textbox', { name: UI.numberOf('Rossi Luca') }).fill('10');
    await dialog.getByRole('textbox', { name: UI.numberOf('Verdi Paolo') }).fill('7');
    await dialog.getByRole('textbox', { name: UI.numberOf('Bianchi Marco') }).fill('4');
    await dialog.getByRole('radio', { name: UI.captainOf('Rossi Luca'), exact: true }).check();
    await dialog.getByRole('radio', { name: UI.viceOf('Bianchi Marco'), exact: true }).check();
    await dialog.getByRole('button', { name: UI.save }).click();
    // The server refuses the blocked player, named with its reason beside it.
    await dialog.getByTestId(/^distinta-riga-/).filter({ hasText: 'Verdi Paolo' }).getByRole('alert').filter({ hasText: motivo }).waitFor();
    await dialog.getByText(M.rifiutata(M.rifiutataVoce('Verdi Paolo', motivo))).waitFor();
    await screenshot(page, 'distinta-rifiutata');
    await dialog.getByRole('button', { name: UI.removeOf('Verdi Paolo') }).click();
    await dialog.getByRole('button', { name: UI.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText(UI.summary(2, true), { exact: false }).waitFor();
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), section.getByRole('button', { name: UI.print }).click()]);
    expect(dl.suggestedFilename()).toBe(M.pdf.nomeFile(DAY, matchId));
    await section.getByText(UI.printed).waitFor();
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM public.distinte_stampe')).rows[0].n).toBe(1);
  });
});
