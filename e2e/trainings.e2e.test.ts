import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { firstWeekday, insertMatch } from '../test/matches';
import { CLIENT_DIR, launchBrowser, screenshot } from './browser';
import { signedInPage } from './session';
import { goThroughNav } from './nav';
import { eventually } from './expect';

// Trainings in Chromium (docs/trainings.md), as an editor plans them at 1366 x 768: a weekly
// series entered on the Allenamenti screen, then seen on the occupancy board; a match on that pitch
// at that time gets the training clash in its form; the match is postponed with 'Trova uno slot'
// from 'Rinvia' (the whole slot applied), and the match, opened in the edit form, saves without a clash.
jest.setTimeout(180_000);

const today = dayjs(todayIn('Europe/Rome'));
/** The first Wednesday at least 8 days away. */
const wednesday = firstWeekday(today.add(8, 'day'), 3);
const WED = wednesday.format('YYYY-MM-DD');
const ddmmyyyy = (d: dayjs.Dayjs) => d.format('DD/MM/YYYY');

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let page: Page;
let matchId: number;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Allievi')`);
  // A home match of the Allievi that Wednesday evening, on the pitch the Esordienti will train on.
  matchId = await insertMatch(t.db.pool, {
    data: WED, ora: '19:00', ora_fine: '20:45', squadracasa: 'Garibaldina Allievi', squadratrasferta: 'Fortis Juventus', gruppo: 'Allievi',
    campo: 'Campo Comunale', is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, tipo_gara: 'amichevole',
  });
  page = await signedInPage(browser, t.url, editor);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Types digits into an MUI X picker field (its sections fill in order). */
async function typeInPicker(label: string, digits: string) {
  await page.getByRole('dialog').getByRole('group', { name: label }).locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(digits, { delay: 20 });
}

describe('trainings in Chromium', () => {
  it('an editor plans a weekly series on the Allenamenti screen', async () => {
    await goThroughNav(page, 'Partite', 'Allenamenti');
    await page.getByRole('heading', { name: 'Allenamenti', level: 1 }).waitFor();
    await page.getByTestId('page-header').getByRole('button', { name: 'Nuovo allenamento' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Esordienti' }).click();
    await dialog.getByRole('combobox', { name: 'Campo' }).fill('Campo Comunale');
    await dialog.getByRole('combobox', { name: 'Giorno' }).click();
    await page.getByRole('option', { name: 'Mercoledì' }).click();
    await typeInPicker('Ora di inizio', '1800');
    await typeInPicker('Ora di fine', '1930');
    await dialog.getByRole('button', { name: 'Salva', exact: true }).click();
    // The Allievi's match that Wednesday at 19:00 on the same pitch: the save asks first, naming it.
    const ask = page.getByRole('dialog').filter({ hasText: 'Campo già occupato dalle 19:00 alle 20:45 da Garibaldina Allievi - Fortis Juventus' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Salva comunque' }).click();
    await page.getByText('Allenamento creato').first().waitFor();
    const block = page.getByTestId('allenamento-block');
    await block.first().waitFor();
    await eventually(() => block.first().innerText(), (v) => expect(v).toMatch(/18:00.*19:30[\s\S]*Esordienti/));
    const stored = (await t.db.pool.query(`SELECT gruppo, campo, giorno, to_char(ora_inizio, 'HH24:MI') AS ora FROM public.allenamenti`)).rows;
    expect(stored).toEqual([{ gruppo: 'Esordienti', campo: 'Campo Comunale', giorno: 3, ora: '18:00' }]);
    await screenshot(page, 'allenamenti-grid');
  });

  it('the occupancy board shows the training beside the match, both outlined as clashing', async () => {
    await page.goto(`${t.url}/occupazione`);
    const dateField = page.getByRole('group', { name: 'Data' });
    await dateField.locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(wednesday.format('DDMMYYYY'), { delay: 20 });
    const training = page.getByTestId('occupancy-training').first();
    await training.waitFor();
    await eventually(() => training.innerText(), (v) => expect(v).toMatch(/Esordienti/));
    await eventually(() => page.getByText(/\d+ sovrapposizion/).first().innerText(), (v) => expect(v).toMatch(/^2 sovrapposizioni$/));
    await screenshot(page, 'allenamenti-board');
  });

  it("the match's edit form names the training among its clashes", async () => {
    await page.goto(`${t.url}/modifica-partita/${matchId}`);
    const warnings = page.getByTestId('clash-warnings');
    await warnings.waitFor();
    await eventually(() => warnings.innerText(), (v) => expect(v).toContain('Allenamento Esordienti 18:00-19:30 su Campo Comunale'));
  });

  it("'Trova uno slot' from 'Rinvia' proposes a free slot, applied whole; opened in the edit form it saves without a clash", async () => {
    await page.goto(`${t.url}/`);
    await page.getByRole('checkbox', { name: `Seleziona Garibaldina Allievi - Fortis Juventus del ${ddmmyyyy(wednesday)}` }).check();
    const bar = page.getByTestId('status-actions');
    await bar.getByText('1 partita selezionata').waitFor();
    await bar.getByRole('button', { name: 'Rinvia' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Trova uno slot' }).click();
    const slot = page.getByTestId('slot-item').first();
    await slot.waitFor();
    await slot.getByRole('button', { name: /^Scegli/ }).click();
    await page.getByTestId('rinvia-slot-note').waitFor();
    await dialog.getByRole('button', { name: 'Rinvia 1 partita' }).click();
    await page.getByText('1 partita aggiornata').waitFor();
    // The postponement applied the whole slot (docs/matches.md, status): the match opens with its time and pitch.
    await page.getByRole('link', { name: 'Apri la partita' }).click();
    await eventually(() => page.getByRole('group', { name: 'Ora di inizio' }).innerText(), (v) => expect(v.replace(/\s+/g, '')).toContain('17:00'));
    // No clash with the slot's values: the form's live check says nothing, and the save goes through.
    await page.getByRole('button', { name: 'Salva Modifiche' }).click();
    await page.getByText('Partita aggiornata con successo!').waitFor();
    const row = (
      await t.db.pool.query(`SELECT to_char(data, 'YYYY-MM-DD') AS data, to_char(ora, 'HH24:MI') AS ora, campo, stato FROM public.partite WHERE id = $1`, [matchId])
    ).rows[0];
    // The day after the match's date, from the first playing hour (weekdays 17:00): nothing trains there then.
    expect(row).toEqual({ data: wednesday.add(1, 'day').format('YYYY-MM-DD'), ora: '17:00', campo: 'Campo Comunale', stato: 'rinviata' });
    expect(row.stato).toBe('rinviata');
    // Saved as proposed, with no 'Salvare comunque?' on the way: the slot clashes with nothing.
    expect(await page.getByText('Salvare comunque?').count()).toBe(0);
    expect(row.campo).toBe('Campo Comunale');
    await screenshot(page, 'allenamenti-slot-saved');
  });
});
