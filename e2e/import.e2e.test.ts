import fs from 'node:fs';
import dayjs from 'dayjs';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { goThroughNav, navBar, openNavMenu } from './nav';
import { todayIn } from '../common/core/dates';
import { IMPORT_MAX_ROWS } from '../common/import/constants';
import { IMPORT_MSG } from '../common/import/messages';
import { eventually, expectCount } from './expect';

// Fixture import in a real browser, through the real server and database (docs/import.md): cells pasted
// from a spreadsheet, one column mapped by hand, each row's problems named, the valid rows imported
// in one go and then listed on the dashboard.
jest.setTimeout(180_000);

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let page: Page;
const today = todayIn('Europe/Rome');
const day = (n: number) => dayjs(today).add(n, 'day');
const dmy = (n: number) => day(n).format('DD/MM/YYYY');

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor', 'segreteria@example.it');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
     VALUES ($1, '10:00', 'Leoni Esistenti', 'Tigri', 'Pulcini', 'Campo Vecchio', false, 'campionato')`,
    [day(9).format('YYYY-MM-DD')],
  );
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const count = async () => Number((await t.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count);

/** Puts `text` on the clipboard and pastes it into `field` with Ctrl+V, as from a spreadsheet; waits until it is in. */
async function pasteInto(p: Page, field: Locator, text: string): Promise<void> {
  await p.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  await p.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await p.keyboard.press('ControlOrMeta+V');
  // Its length first: a failure does not print 140 kB of cells.
  await eventually(async () => (await field.inputValue()).length, (n) => expect(n).toBe(text.length));
  expect((await field.inputValue()) === text).toBe(true);
}

// As Excel copies cells: tab separated, a header the screen cannot guess ('Squadra A'), Italian formats.
const PASTED = [
  ['Giorno', 'Ora', 'Squadra A', 'Ospiti', 'Campo', 'Categoria', 'Tipo', 'Terreno'],
  [dmy(5), '9.30', 'Volpi Import', 'Aquile', 'Comunale Nord', 'pulcini', 'Campionato', 'Erba'],
  [day(6).format('D/M/YY'), '15:00', 'Lupi Import', 'Orsi', 'Comunale Sud', 'ESORDIENTI', 'amichevole', 'sintetico'],
  [dmy(7), '16.00', 'Cervi', 'Daini', 'Campo 3', 'Esordient', 'Torneo', ''],
  [dmy(9), '10:00', 'Leoni Esistenti', 'Tigri', 'Campo Vecchio', 'Pulcini', 'Campionato', ''],
  [dmy(-2), '11:00', 'Passato', 'Remoto', 'Campo 4', 'Pulcini', 'Campionato', ''],
]
  .map((r) => r.join('\t'))
  .join('\n');

describe('fixture import in the browser', () => {
  it('paste cells, fix a mapping, see the errors, import the valid rows, see them on the dashboard', async () => {
    page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    await goThroughNav(page, 'Partite', 'Importa partite');
    await page.waitForURL(`${t.url}/importa`);
    await page.getByRole('heading', { name: 'Importa partite' }).waitFor();

    await page.getByLabel('Incolla qui le celle (con la riga di intestazione)').fill(PASTED);
    await page.getByRole('button', { name: 'Leggi dati' }).click();
    await page.getByText('5 righe lette · separatore tabulazione · codifica UTF-8').waitFor();

    // 'Squadra A' is not a known name: every row misses its home team until the column is mapped.
    await page.getByText('Valide: 0 · Con errori: 5 · Duplicate: 0').waitFor();
    await expectCount(page.getByText('Campi obbligatori mancanti: Squadra di casa'), 4);
    await screenshot(page, 'import-1-unmapped');

    await page.getByRole('combobox', { name: 'Squadra A' }).click();
    await page.getByRole('option', { name: 'Casa', exact: true }).click();
    await page.getByText('Valide: 2 · Con errori: 3 · Duplicate: 1').waitFor();
    await page.getByText('Categoria inesistente: "Esordient". Forse Esordienti?', { exact: false }).waitFor();
    await page.getByText('Partita già presente (stessa data, ora e squadre)').waitFor();
    await page.getByText('La data deve essere futura!').waitFor();
    await screenshot(page, 'import-2-preview');

    // Only the rows with problems.
    await page.getByLabel('Solo righe con errori').check();
    const grid = page.getByRole('grid');
    await expectCount(grid.getByText('Volpi Import'), 0);
    await expectCount(grid.getByText('Cervi'), 1);
    await page.getByLabel('Solo righe con errori').uncheck();
    await grid.getByText('Volpi Import').waitFor();

    // The mapping is remembered for the next paste with the same header.
    const saved = await page.evaluate(() => localStorage.getItem('garibaldina.import.mapping'));
    expect(JSON.parse(saved ?? '{}')['squadra a']).toBe('squadraCasa');

    expect(await count()).toBe(1);
    await page.getByRole('button', { name: 'Importa 2 partite valide' }).click();
    await page.getByRole('heading', { name: 'Partite create' }).waitFor();
    const links = page.getByRole('list', { name: 'Partite create' }).getByRole('link');
    await expectCount(links, 2);
    await eventually(() => links.first().textContent(), (v) => expect(v).toBe(`${dmy(5)} 09:30 · Volpi Import - Aquile`));
    const { rows } = await t.db.pool.query(
      `SELECT id, to_char(data, 'YYYY-MM-DD') AS data, to_char(ora, 'HH24:MI') AS ora, squadracasa, gruppo, tipo_gara, terreno FROM public.partite WHERE squadracasa LIKE '%Import' ORDER BY data`,
    );
    expect(rows).toEqual([
      { id: expect.any(Number), data: day(5).format('YYYY-MM-DD'), ora: '09:30', squadracasa: 'Volpi Import', gruppo: 'Pulcini', tipo_gara: 'campionato', terreno: 'erba' },
      { id: expect.any(Number), data: day(6).format('YYYY-MM-DD'), ora: '15:00', squadracasa: 'Lupi Import', gruppo: 'Esordienti', tipo_gara: 'amichevole', terreno: 'sintetico' },
    ]);
    await eventually(() => links.first().getAttribute('href'), (v) => expect(v).toBe(`/modifica-partita/${rows[0].id}`));
    await screenshot(page, 'import-3-result');
    const act = await t.db.pool.query(`SELECT activity_message FROM public.activity_logs WHERE activity_message LIKE 'Importate%'`);
    expect(act.rows).toEqual([{ activity_message: `Importate 2 partite (dal ${dmy(5)} al ${dmy(6)})` }]);

    // The dashboard lists them.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('Volpi Import').first().waitFor();
    await page.getByText('Lupi Import').first().waitFor();
    await screenshot(page, 'import-4-dashboard');

    // The next paste with the same header starts from the remembered mapping: 'Squadra A' is the home
    // team at once, and the rows just imported are duplicates now.
    await goThroughNav(page, 'Partite', 'Importa partite');
    await page.getByLabel('Incolla qui le celle (con la riga di intestazione)').fill(PASTED);
    await page.getByRole('button', { name: 'Leggi dati' }).click();
    await page.getByText('Valide: 0 · Con errori: 5 · Duplicate: 3').waitFor();
    await eventually(() => page.getByRole('combobox', { name: 'Squadra A' }).textContent(), (v) => expect(v).toBe('Casa'));
  });

  it('a .csv saved by Excel on Italian Windows (Windows-1252, semicolons) is read with its accents', async () => {
    const p = await newPage(browser);
    await signIn(p, t.url, editor.email, editor.password);
    // The fixture's dates are in March 2027: the page's "today" is pinned before them.
    await p.clock.setFixedTime(new Date('2026-11-23T10:00:00Z'));
    await p.goto(`${t.url}/importa`);
    await p.getByTestId('import-file').setInputFiles('test/fixtures/import/windows-1252.csv');
    await p.getByText('File: windows-1252.csv').waitFor();
    await p.getByText('2 righe lette · separatore punto e virgola · codifica Windows-1252').waitFor();
    await p.getByRole('grid').getByText('Società Sportiva Forlì').waitFor();
    await p.getByRole('grid').getByText('Comunale di Cantù').waitFor();
    // Both rows valid: 'ésordienti' is the category Esordienti.
    await p.getByText('Valide: 2 · Con errori: 0 · Duplicate: 0').waitFor();
    await screenshot(p, 'import-5-cp1252-file');
  });

  it("a category's fixture list with no Categoria or Tipo column: one value for every row, then the rows are valid", async () => {
    const p = await newPage(browser);
    await signIn(p, t.url, editor.email, editor.password);
    await p.goto(`${t.url}/importa`);
    const list = [
      'Data\tOra\tCasa\tOspiti',
      [dmy(12), '10:00', 'Falchi Lista', 'Gufi'].join('\t'),
      [dmy(19), '10:30', 'Passeri', 'Falchi Lista'].join('\t'),
    ].join('\n');
    await p.getByLabel('Incolla qui le celle (con la riga di intestazione)').fill(list);
    await p.getByRole('button', { name: 'Leggi dati' }).click();
    await p.getByText('Valide: 0 · Con errori: 2 · Duplicate: 0').waitFor();
    const fixed = p.getByRole('region', { name: IMPORT_MSG.fixedTitle });
    for (const [field, option] of [['Categoria', 'Esordienti'], ['Tipo', 'Campionato']]) {
      await fixed.getByRole('combobox', { name: field }).click();
      await p.getByRole('option', { name: option, exact: true }).click();
    }
    await fixed.getByLabel('Campo').fill('Comunale Ovest');
    await p.getByText('Valide: 2 · Con errori: 0 · Duplicate: 0').waitFor();
    await screenshot(p, 'import-6-fixed-values');
    await p.getByRole('button', { name: IMPORT_MSG.importButton(2) }).click();
    await p.getByRole('heading', { name: 'Partite create' }).waitFor();
    const { rows } = await t.db.pool.query(
      `SELECT squadracasa, gruppo, tipo_gara, campo FROM public.partite WHERE 'Falchi Lista' IN (squadracasa, squadratrasferta) ORDER BY data`,
    );
    expect(rows).toEqual([
      { squadracasa: 'Falchi Lista', gruppo: 'Esordienti', tipo_gara: 'campionato', campo: 'Comunale Ovest' },
      { squadracasa: 'Passeri', gruppo: 'Esordienti', tipo_gara: 'campionato', campo: 'Comunale Ovest' },
    ]);
  });

  it('over 2,000 valid rows: the page says so and offers no import (the server would refuse them all)', async () => {
    const p = await newPage(browser);
    await signIn(p, t.url, editor.email, editor.password);
    await p.goto(`${t.url}/importa`);
    const lines = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) =>
      [dmy(20 + (i % 200)), '10:00', `Casa ${i}`, `Ospiti ${i}`, 'Campo Lontano', 'Pulcini', 'Campionato'].join('\t'),
    );
    // Pasted as a person does (Ctrl+V, one insertion): fill() would insert it line by line, laying out
    // the growing area after each of the 4,000 insertions (10-20 s of Chromium's own work on this machine).
    await pasteInto(p, p.getByLabel('Incolla qui le celle (con la riga di intestazione)'), ['Data\tOra\tCasa\tOspiti\tCampo\tCategoria\tTipo', ...lines].join('\n'));
    await p.getByRole('button', { name: 'Leggi dati' }).click();
    await p.getByText(`Valide: ${IMPORT_MAX_ROWS + 1} · Con errori: 0 · Duplicate: 0`).waitFor();
    await p.getByText(IMPORT_MSG.tooManyValid(IMPORT_MAX_ROWS + 1, IMPORT_MAX_ROWS)).waitFor();
    await eventually(() => p.getByRole('button', { name: IMPORT_MSG.importButton(IMPORT_MAX_ROWS + 1) }).isDisabled(), (v) => expect(v).toBe(true));
  });

  it('what failed stays: problems whole, the file\'s text for a bad date, corrected in the grid and imported, or downloaded as CSV', async () => {
    await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Giovanissimi'), ('Allievi'), ('Juniores'), ('Primi Calci'), ('Piccoli Amici')`);
    const p = await newPage(browser);
    await signIn(p, t.url, editor.email, editor.password);
    await p.goto(`${t.url}/importa`);
    const bad = '31/02/2027';
    const cells = [
      ['Data', 'Ora', 'Casa', 'Ospiti', 'Campo', 'Categoria', 'Tipo', 'Terreno'],
      [dmy(30), '10:00', 'Resta Valida', 'Ospite Uno', 'Campo Nord', 'Pulcini', 'Campionato', ''],
      [bad, '11:00', 'Data Sbagliata', 'Ospite Due', 'Campo Nord', 'Pulcini', 'Campionato', ''],
      [dmy(31), '25:99', 'Tanti Problemi', 'Ospite Tre', 'Campo Nord', 'Categoria Che Non Esiste Proprio', 'Coppa Del Nonno', 'Terra Battuta'],
      [dmy(32), '15:00', 'Quasi Giusta', 'Ospite Quattro', 'Campo Nord', 'Esordient', 'Torneo', ''],
    ];
    await p.getByLabel('Incolla qui le celle (con la riga di intestazione)').fill(cells.map((r) => r.join('\t')).join('\n'));
    await p.getByRole('button', { name: 'Leggi dati' }).click();
    await p.getByText('Valide: 1 · Con errori: 3 · Duplicate: 0').waitFor();
    const grid = p.getByRole('grid');
    // The date that is not one shows what the file said.
    const badRow = grid.getByRole('row').filter({ hasText: 'Data Sbagliata' });
    await badRow.getByRole('gridcell', { name: bad, exact: true }).waitFor();
    await badRow.getByText(IMPORT_MSG.badDate(bad)).waitFor();
    // Every problem is there, whole: no text cut or hidden by its cell.
    await grid.getByText('Categoria inesistente: "Categoria Che Non Esiste Proprio"', { exact: false }).waitFor();
    const clipped = await p.$$eval('[data-testid="row-errors"]', (boxes) =>
      boxes.flatMap((box) => {
        const cell = box.closest('[role="gridcell"]')!;
        const c = cell.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        const cut = b.bottom > c.bottom + 1 || b.right > c.right + 1 || box.scrollWidth > box.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1;
        return cut ? [box.textContent] : [];
      }),
    );
    expect(clipped).toEqual([]);
    await screenshot(p, 'import-7-problems');

    // Import the valid row: the other three stay, with their problems; the result says both numbers.
    await p.getByRole('button', { name: IMPORT_MSG.importButton(1) }).click();
    await p.getByTestId('import-result').getByText(IMPORT_MSG.doneWithRemaining(1, 3)).waitFor();
    await expectCount(p.getByRole('list', { name: 'Partite create' }).getByRole('link'), 1);
    await p.getByText('Valide: 0 · Con errori: 3 · Duplicate: 0').waitFor();
    await expectCount(grid.getByText('Resta Valida'), 0);
    await badRow.getByText(IMPORT_MSG.badDate(bad)).waitFor();
    await screenshot(p, 'import-8-after-import');

    // The rows with problems as a CSV the import reads back.
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: IMPORT_MSG.downloadFailedRows(3) }).click()]);
    expect(download.suggestedFilename()).toBe('importazione_righe_con_errori.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFData;Inizio;Fine;Casa;Ospiti;Campo;Categoria;Tipo;Terreno;Casa/Trasferta;Spogliatoio Garibaldina;Spogliatoio ospiti;Problemi;Riga');
    expect(lines[1].startsWith(`${bad};11:00;;Data Sbagliata;Ospite Due;Campo Nord;Pulcini;Campionato;`)).toBe(true);
    expect(lines[1]).toContain(IMPORT_MSG.badDate(bad).replace(/"/g, '""'));
    expect(lines.filter(Boolean)).toHaveLength(4);

    // Corrected in the grid (double click, type, Enter): the rows become valid and are imported.
    const fix = async (row: string, column: number, text: string) => {
      await grid.getByRole('row').filter({ hasText: row }).locator(`[role="gridcell"][aria-colindex="${column}"]`).dblclick();
      const input = grid.locator('input').first();
      await input.fill(text);
      await input.press('Enter');
    };
    await fix('Data Sbagliata', 2, dmy(33));
    await p.getByText('Valide: 1 · Con errori: 2 · Duplicate: 0').waitFor();
    await fix('Quasi Giusta', 8, 'Esordienti');
    await p.getByText('Valide: 2 · Con errori: 1 · Duplicate: 0').waitFor();
    await p.getByRole('button', { name: IMPORT_MSG.importButton(2) }).click();
    await p.getByTestId('import-result').getByText(IMPORT_MSG.doneWithRemaining(3, 1)).waitFor();
    await expectCount(p.getByRole('list', { name: 'Partite create' }).getByRole('link'), 3);
    const { rows } = await t.db.pool.query(
      `SELECT to_char(data, 'YYYY-MM-DD') AS data, squadracasa, gruppo FROM public.partite WHERE squadratrasferta LIKE 'Ospite %' ORDER BY data`,
    );
    expect(rows).toEqual([
      { data: day(30).format('YYYY-MM-DD'), squadracasa: 'Resta Valida', gruppo: 'Pulcini' },
      { data: day(32).format('YYYY-MM-DD'), squadracasa: 'Quasi Giusta', gruppo: 'Esordienti' },
      { data: day(33).format('YYYY-MM-DD'), squadracasa: 'Data Sbagliata', gruppo: 'Pulcini' },
    ]);
    await p.getByText('Valide: 0 · Con errori: 1 · Duplicate: 0').waitFor();
    await grid.getByText('Tanti Problemi').waitFor();
  });

  it('readers have no import link and the screen refuses them', async () => {
    const reader = await createUser(t.db.pool, 'reader', 'lettore@example.it');
    const p = await newPage(browser);
    await signIn(p, t.url, reader.email, reader.password);
    await navBar(p).getByRole('link', { name: 'Estrazione' }).waitFor();
    // The Partite menu holds only what a reader may open: trainings, officials, call-ups.
    const menu = await openNavMenu(p, 'Partite');
    await eventually(() => menu.getByRole('menuitem').allTextContents(), (v) => expect(v).toEqual(['Allenamenti', 'Dirigenti', 'Convocazioni']));
    await p.keyboard.press('Escape');
    await p.goto(`${t.url}/importa`);
    await expectCount(p.getByRole('heading', { name: 'Importa partite' }), 0);
  });
});
