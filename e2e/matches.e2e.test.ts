import dayjs from 'dayjs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { navBar, openNavMenu } from './nav';
import { eventually, expectCount } from './expect';

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let reader: TestUser;
const today = todayIn('Europe/Rome');
const inDays = (n: number) => dayjs(today).add(n, 'day');

async function seed() {
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
  const add = (data: string, ora: string, casa: string, ospite: string, gruppo: string, campo: string, terreno: string | null) => {
    const home = casa.includes('Garibaldina');
    return t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'campionato', $9)`,
      [data, ora, home ? '17:00' : null, casa, ospite, gruppo, campo, terreno, home],
    );
  };
  await add(inDays(-3).format('YYYY-MM-DD'), '10:00', 'Vecchia Partita', 'Passati', 'Pulcini', 'Campo Passato', null);
  await add(inDays(1).format('YYYY-MM-DD'), '15:00', 'Garibaldina Pulcini', 'Lupi Nord', 'Pulcini', 'Stadio Garibaldi', 'erba');
  await add(inDays(2).format('YYYY-MM-DD'), '09:30', 'Aquile', 'Garibaldina Esordienti', 'Esordienti', 'Campo delle Aquile', 'sintetico');
  await add(inDays(5).format('YYYY-MM-DD'), '11:00', 'Garibaldina Pulcini', 'Fortis', 'Pulcini', 'Stadio Garibaldi', 'erba');
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  reader = await createUser(t.db.pool, 'reader');
  await seed();
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const cards = (page: Page) => page.getByTestId('match-card');

/** Types a date or time into an MUI X picker field (sections field: digits fill the sections in order). */
async function typeInPicker(page: Page, label: string, digits: string) {
  const group = page.getByRole('group', { name: label });
  await group.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(digits, { delay: 20 });
}

describe('matches in Chromium', () => {
  it('signed out: the public dashboard lists upcoming matches, filters them, and asks to log in on a click', async () => {
    const page = await newPage(browser);
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Dashboard Partite Garibaldina' }).waitFor();
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
    await expectCount(cards(page), 3);
    await expectCount(page.getByText('Vecchia Partita'), 0);
    await eventually(() => page.getByRole('link', { name: 'Login' }).isVisible(), (v) => expect(v).toBe(true));
    await screenshot(page, 'matches-public');

    await page.getByLabel('Campo', { exact: true }).fill('aquile');
    await page.getByRole('heading', { name: 'Prossime Partite (1)' }).waitFor();
    await eventually(() => cards(page).first().innerText(), (v) => expect(v).toContain('Aquile'));
    await page.getByLabel('Campo', { exact: true }).fill('nessun campo');
    await page.getByText('Nessuna partita corrisponde ai filtri selezionati').waitFor();
    await page.getByRole('button', { name: 'Reset Filtri' }).click();
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();

    await cards(page).first().click();
    await page.getByText('Effettua il login per modificare le partite').waitFor();
    await page.close();
  });

  it('a reader sees no add link and cannot open the add route', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, reader.email, reader.password);
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
    await expectCount(page.getByRole('link', { name: 'Aggiungi Partita' }), 0);
    await navBar(page).getByRole('link', { name: 'Estrazione' }).waitFor();
    // The Partite menu offers a reader what a reader may open: trainings, officials, call-ups.
    const menu = await openNavMenu(page, 'Partite');
    await eventually(() => menu.getByRole('menuitem').allTextContents(), (v) => expect(v).toEqual(['Allenamenti', 'Dirigenti', 'Convocazioni']));
    await page.keyboard.press('Escape');
    await page.goto(`${t.url}/aggiungi-partita`);
    await page.waitForURL(`${t.url}/`);
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();
    await expectCount(page.getByRole('heading', { name: 'Aggiungi Partita' }), 0);
    await page.close();
  });

  it('an editor adds a home match using a suggestion, sees it with its dressing rooms, edits it and deletes it', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Aggiungi Partita' }).click();
    await page.waitForURL(`${t.url}/aggiungi-partita`);
    await page.getByRole('heading', { name: 'Aggiungi Partita' }).waitFor();
    const save = page.locator('button[type="submit"]');
    await eventually(() => save.textContent(), (v) => expect(v).toBe('Completa i campi'));
    await eventually(() => save.isDisabled(), (v) => expect(v).toBe(true));

    const date = inDays(3);
    await typeInPicker(page, 'Data partita', date.format('DDMMYYYY'));
    await typeInPicker(page, 'Ora di inizio', '1630');
    // Suggestions: typing 2+ characters loads them after 300 ms; pick the home team from the list.
    await page.getByLabel('Squadra di casa').fill('Gari');
    await page.getByRole('option', { name: 'Garibaldina Pulcini' }).click();
    await eventually(() => page.getByLabel('Squadra di casa').inputValue(), (v) => expect(v).toBe('Garibaldina Pulcini'));
    await page.getByLabel('Squadra ospite').fill('Volpi Sud');
    await page.getByLabel('Campo').fill('Stadio');
    await page.getByRole('option', { name: 'Stadio Garibaldi' }).click();
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Pulcini' }).click();
    await page.getByRole('combobox', { name: 'Tipo gara' }).click();
    await page.getByRole('option', { name: 'Amichevole' }).click();
    // The club's name made it a home match: end time and the dressing rooms appear; the end is proposed
    // from the category's usual length (Pulcini: 60 minutes), and can be changed.
    await eventually(() => page.locator('input[name="oraFine"]').inputValue(), (v) => expect(v).toBe('17:30'));
    await page.getByText('Proposta dalla durata della categoria (60 min): modificabile').waitFor();
    await typeInPicker(page, 'Ora di fine', '1800');
    await page.getByText('Proposta dalla durata della categoria (60 min): modificabile').waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Spogliatoio Garibaldina' }).click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await page.getByRole('combobox', { name: 'Spogliatoio ospiti' }).click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await page.getByText('I numeri degli spogliatoi devono essere diversi!').waitFor();
    await page.getByRole('combobox', { name: 'Spogliatoio ospiti' }).click();
    await page.getByRole('option', { name: '6', exact: true }).click();
    await eventually(() => save.textContent(), (v) => expect(v).toBe('Salva Partita'));
    await screenshot(page, 'matches-add-form');
    await save.click();
    await page.getByText('Partita aggiunta con successo!').waitFor();
    await page.waitForURL(`${t.url}/`, { timeout: 5000 });

    // The dashboard refreshed through its tag: the new card, with rooms.
    await page.getByRole('heading', { name: 'Prossime Partite (4)' }).waitFor();
    const card = cards(page).filter({ hasText: 'Volpi Sud' });
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('16:30 - 18:00');
    expect(text).toContain('Spogliatoi: Garibaldina 3 · Ospiti 6');
    expect(text).toContain('CASA');
    expect(text).toContain('Amichevole');
    expect(text).toContain(new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long' }).format(date.hour(12).toDate()));
    await screenshot(page, 'matches-dashboard-editor');
    const { rows } = await t.db.pool.query(`SELECT * FROM public.partite WHERE squadratrasferta = 'Volpi Sud'`);
    expect(rows[0]).toMatchObject({ squadracasa: 'Garibaldina Pulcini', campo: 'Stadio Garibaldi', spogliatoio_gari: 3, spogliatoio_ospiti: 6, is_house_match: true });

    // Edit.
    await card.click();
    await page.waitForURL(`${t.url}/modifica-partita/${rows[0].id}`);
    await page.getByRole('heading', { name: 'Modifica Partita' }).waitFor();
    await eventually(() => page.getByLabel('Squadra ospite').inputValue(), (v) => expect(v).toBe('Volpi Sud'));
    await page.getByLabel('Squadra ospite').fill('Volpi Est');
    await page.getByRole('button', { name: 'Salva Modifiche' }).click();
    await page.getByText('Partita aggiornata con successo!').waitFor();
    await page.waitForURL(`${t.url}/`, { timeout: 5000 });
    await cards(page).filter({ hasText: 'Volpi Est' }).waitFor();
    await expectCount(cards(page).filter({ hasText: 'Volpi Sud' }), 0);

    // Delete with confirmation.
    await cards(page).filter({ hasText: 'Volpi Est' }).click();
    await page.getByRole('heading', { name: 'Modifica Partita' }).waitFor();
    await page.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await page.getByText('Partita eliminata con successo!').waitFor();
    await page.waitForURL(`${t.url}/`, { timeout: 5000 });
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
    expect((await t.db.pool.query(`SELECT 1 FROM public.partite WHERE squadratrasferta LIKE 'Volpi%'`)).rowCount).toBe(0);

    // A bad id.
    await page.goto(`${t.url}/modifica-partita/999999`);
    await page.getByText('Partita non trovata!').waitFor();
    await page.close();
  });

  it("editing only the time through the form keeps every stored name byte-identical (apostrophes, quotes, semicolons)", async () => {
    const names = { casa: `A.C. Sant'Ambrogio "Vecchie Glorie"; Calcio`, ospite: `D'Annunzio & Dell'Orto`, campo: `Campo Sant'Angelo; lato "nord"` };
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, is_house_match)
       VALUES ($1, '10:00', $2, $3, 'Esordienti', $4, 'torneo', false) RETURNING id`,
      [inDays(9).format('YYYY-MM-DD'), names.casa, names.ospite, names.campo],
    );
    const id = rows[0].id;
    const page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    // The dashboard shows the names readable (typographic quotes), never cut short.
    await cards(page).filter({ hasText: 'A.C. Sant’Ambrogio ”Vecchie Glorie” Calcio' }).waitFor();
    await page.goto(`${t.url}/modifica-partita/${id}`);
    await page.getByRole('heading', { name: 'Modifica Partita' }).waitFor();
    await eventually(() => page.getByLabel('Squadra di casa').inputValue(), (v) => expect(v).toBe(names.casa));
    await typeInPicker(page, 'Ora di inizio', '1130');
    await page.getByRole('button', { name: 'Salva Modifiche' }).click();
    await page.getByText('Partita aggiornata con successo!').waitFor();
    const after = (await t.db.pool.query('SELECT squadracasa, squadratrasferta, campo, gruppo, ora::text AS ora FROM public.partite WHERE id = $1', [id])).rows[0];
    expect(after).toEqual({ squadracasa: names.casa, squadratrasferta: names.ospite, campo: names.campo, gruppo: 'Esordienti', ora: '11:30:00' });
    await t.db.pool.query('DELETE FROM public.partite WHERE id = $1', [id]);
    await page.close();
  });

  it('when the database is down the dashboard shows the fallback banner and three sample matches, badged, greyed, never opened', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
    const dbName = new URL(t.db.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
      await page.reload();
      await page.getByText('Errore nel caricamento dal database. Mostrando dati di esempio.').waitFor({ timeout: 30000 });
      await page.getByRole('heading', { name: 'Prossime Partite (3)' }).waitFor();
      await expectCount(cards(page).filter({ hasText: 'Esempio' }), 3);
      // Each says 'Esempio' in its badge row, is greyed and is no button: a click opens nothing.
      await expectCount(page.locator('[data-testid="match-card"][data-sample="true"]'), 3);
      await expectCount(cards(page).getByRole('button'), 0);
      await cards(page).first().click();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('heading', { name: 'Modifica Partita' }).waitFor({ state: 'detached' });
      // Nothing acts on them: no selection boxes, the clash switch off.
      await expectCount(page.getByRole('checkbox', { name: /Seleziona/ }), 0);
      await eventually(() => page.getByLabel(/^Solo sovrapposizioni/).isDisabled(), (v) => expect(v).toBe(true));
      await screenshot(page, 'matches-fallback');
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await page.close();
  });
});
