import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

// Clashes (docs/occupancy.md) in Chromium: an editor plans a match on a pitch already taken, sees the warning under
// the fields, confirms in the dialog; the occupancy board shows both in red; a click opens the form.
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let editor: TestUser;
const day = dayjs(todayIn('Europe/Rome')).add(4, 'day');
const DAY = day.format('YYYY-MM-DD');
let firstId: number;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Pulcini')`);
  const { rows } = await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara)
     VALUES ($1, '10:00', '11:30', 'Garibaldina 2013', 'Virtus', 'Esordienti', 'Campo 1', true, 1, 2, 'campionato') RETURNING id`,
    [DAY],
  );
  firstId = rows[0].id;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function typeInPicker(page: Page, label: string, digits: string) {
  const group = page.getByRole('group', { name: label });
  await group.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(digits, { delay: 20 });
}

describe('clashes in the browser', () => {
  let page: Page;

  it('an editor plans a clashing match, sees the warning under the fields and confirms it', async () => {
    page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    await page.goto(`${t.url}/aggiungi-partita`);
    await page.getByRole('heading', { name: 'Aggiungi Partita' }).waitFor();
    await typeInPicker(page, 'Data partita', day.format('DDMMYYYY'));
    await typeInPicker(page, 'Ora di inizio', '1100');
    await page.getByLabel('Squadra di casa').fill('Garibaldina 2014');
    await page.getByLabel('Squadra ospite').fill('Lucca');
    await page.getByLabel('Campo').fill('campo 1');
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Pulcini' }).click();
    await page.getByRole('combobox', { name: 'Tipo gara' }).click();
    await page.getByRole('option', { name: 'Amichevole' }).click();
    await typeInPicker(page, 'Ora di fine', '1200');
    await page.getByRole('combobox', { name: 'Spogliatoio ospiti' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();

    const warnings = page.getByTestId('clash-warnings');
    await warnings.getByText('Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Virtus').waitFor();
    await warnings.getByText('Spogliatoio 2 già assegnato a Garibaldina 2013 - Virtus dalle 10:00 alle 11:30').waitFor();
    await eventually(() => warnings.getByRole('link', { name: 'Apri la partita' }).first().getAttribute('href'), (v) => expect(v).toBe(`/modifica-partita/${firstId}`));
    await screenshot(page, 'clashes-form-warnings');

    await page.locator('button[type="submit"]').click();
    const dialog = page.getByRole('dialog', { name: 'Salvare comunque?' });
    await dialog.getByText('Campo già occupato dalle 10:00 alle 11:30 da Garibaldina 2013 - Virtus').waitFor();
    // Annulla keeps the form and saves nothing.
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(Number((await t.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count)).toBe(1);

    await page.locator('button[type="submit"]').click();
    await dialog.getByRole('button', { name: 'Salva comunque' }).click();
    await page.getByText('Partita aggiunta con successo!').waitFor();
    const saved = await t.db.pool.query(`SELECT id FROM public.partite WHERE squadracasa = 'Garibaldina 2014'`);
    expect(saved.rowCount).toBe(1);
    const log = await t.db.pool.query(`SELECT user_email, context FROM public.activity_logs WHERE activity_type = 'warning'`);
    expect(log.rows).toEqual([expect.objectContaining({ user_email: editor.email, context: expect.objectContaining({ confermatoDa: editor.email }) })]);
  });

  it('the occupancy board shows both matches in red with the reason, and a click opens the edit form', async () => {
    await page.goto(`${t.url}/occupazione?data=${DAY}`);
    await page.getByRole('heading', { name: 'Occupazione campi' }).waitFor();
    const blocks = page.getByTestId('occupancy-block');
    await blocks.first().waitFor();
    // Campo 1 (both), Spogliatoio 1 (first), Spogliatoio 2 (both): 5 blocks, all outlined red.
    await eventually(
      () => page.getByTestId('occupancy-column').allTextContents(),
      (columns) => expect(columns.map((c) => c.split(/\d\d:\d\d/)[0])).toEqual(['Campo 1', 'Spogliatoio 1', 'Spogliatoio 2']),
    );
    await expectCount(blocks, 5);
    await expectCount(page.locator('[data-testid="occupancy-block"][data-clash="true"]'), 5);
    const firstBlock = page.locator(`[data-testid="occupancy-block"][data-match-id="${firstId}"]`).first();
    await eventually(() => firstBlock.getAttribute('aria-label'), (v) => expect(v).toContain('Campo già occupato dalle 11:00 alle 12:00 da Garibaldina 2014 - Lucca'));
    const color = await firstBlock.evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(color).toMatch(/rgb\((2\d\d), (\d+), (\d+)\)/);
    await firstBlock.hover();
    await page.getByRole('tooltip').getByText('Spogliatoio 2 già assegnato a Garibaldina 2014 - Lucca dalle 11:00 alle 12:00').waitFor();
    await screenshot(page, 'clashes-board-day');

    // Week view: the same matches in their day, still red.
    await page.getByRole('button', { name: 'Settimana' }).click();
    await page.getByTestId('occupancy-week').waitFor();
    await expectCount(page.locator('[data-testid="occupancy-block"][data-clash="true"]'), 2);
    // Previous/next move by a week; back to the day.
    await page.getByRole('button', { name: 'Giorno' }).click();
    await page.getByTestId('occupancy-day').waitFor();
    await page.getByRole('button', { name: 'Successivo' }).click();
    await page.getByText('Nessuna partita in casa').waitFor();
    await page.getByRole('button', { name: 'Precedente' }).click();
    await page.getByTestId('occupancy-day').waitFor();

    await page.locator(`[data-testid="occupancy-block"][data-match-id="${firstId}"]`).first().click();
    await page.waitForURL(`${t.url}/modifica-partita/${firstId}`);
    await page.getByRole('heading', { name: 'Modifica Partita' }).waitFor();
    // The edit form warns too (the match itself left out): the other match takes campo and room 2.
    await page.getByTestId('clash-warnings').getByText('Campo già occupato dalle 11:00 alle 12:00 da Garibaldina 2014 - Lucca').waitFor();
  });

  it("the signed-in dashboard marks clashing matches and filters them with 'Solo sovrapposizioni'", async () => {
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
       VALUES ($1, '15:00', '16:00', 'Garibaldina 2012', 'Pisa', 'Pulcini', 'Campo 1', true, 'torneo')`,
      [DAY],
    );
    await page.goto(`${t.url}/`);
    // The signed-in dashboard (not the public list of the server's page) with its marks drawn.
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();
    await page.getByText('Solo sovrapposizioni (2)').waitFor();
    await expectCount(page.getByTestId('match-card'), 3);
    const marked = page.getByTestId('clash-card');
    await expectCount(marked, 2);
    await eventually(() => marked.first().textContent(), (v) => expect(v).toContain('Campo già occupato dalle 11:00 alle 12:00 da Garibaldina 2014 - Lucca'));
    await page.getByLabel('Solo sovrapposizioni (2)').check();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="match-card"]').length === 2);
    await expectCount(page.getByTestId('match-card').filter({ hasText: 'Garibaldina 2012' }), 0);
    await screenshot(page, 'clashes-dashboard');
  });

  it('the board fits one landscape A4 page when printed', async () => {
    await page.goto(`${t.url}/occupazione?data=${DAY}`);
    await page.getByTestId('occupancy-day').waitFor();
    const pdf = await page.pdf({ format: 'A4', landscape: true, preferCSSPageSize: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBe(1);
  });

  it("a card with more than three clashes lists three, then 'e un'altra sovrapposizione'", async () => {
    // Another day: three home matches at one time on one campo and rooms 5 and 6; each clashes with the two others on both (4).
    const other = day.add(1, 'day').format('YYYY-MM-DD');
    for (const ospiti of ['Alfa', 'Beta', 'Gamma']) {
      await t.db.pool.query(
        `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara)
         VALUES ($1, '16:00', '17:00', $2, $3, 'Pulcini', 'Campo 7', true, 5, 6, 'torneo')`,
        [other, `Garibaldina ${ospiti}`, ospiti],
      );
    }
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();
    // Each of the three (the other cards' clashes name them too).
    const cards = page.getByTestId('clash-card').filter({ hasText: "e un'altra sovrapposizione" });
    await expectCount(cards, 3);
    for (const text of await cards.allTextContents()) expect(text).toMatch(/4 sovrapposizioni: Campo già occupato [^·]+ · Spogliatoi 5, 6 [^·]+ · Campo già occupato [^·]+ · e un'altra sovrapposizione$/);
  });
});
