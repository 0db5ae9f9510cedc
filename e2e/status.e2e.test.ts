import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { theme } from '../src/app/theme';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

// The status actions (docs/matches.md, status) in Chromium: an editor selects three matches, postpones them by 7 days, sees the toast
// with 'Annulla operazione', undoes, and the dashboard (and the database) show the original dates.
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let reader: TestUser;
const today = dayjs(todayIn('Europe/Rome'));
const days = [3, 4, 5].map((n) => today.add(n, 'day'));
const it_ = (d: dayjs.Dayjs) => d.format('DD/MM/YYYY');
const names = ['Virtus', 'Lucca', 'Pisa'];

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  reader = await createUser(t.db.pool, 'reader');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti')`);
  for (const [i, d] of days.entries()) {
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
       VALUES ($1, '10:00', 'Garibaldina 2013', $2, 'Esordienti', $3, false, 'amichevole')`,
      [d.format('YYYY-MM-DD'), names[i], `Campo ${i + 1}`],
    );
  }
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** '#d32f2f' as getComputedStyle writes it: 'rgb(211, 47, 47)'. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const dbDates = async () =>
  (await t.db.pool.query(`SELECT to_char(data, 'YYYY-MM-DD') AS data, stato FROM public.partite ORDER BY squadratrasferta`)).rows;

describe('match status in the browser', () => {
  it('a reader sees no checkboxes nor action bar', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, reader.email, reader.password);
    await page.getByTestId('match-card').first().waitFor();
    await expectCount(page.getByTestId('match-card'), 3);
    await expectCount(page.getByRole('checkbox'), 0);
    await expectCount(page.getByTestId('status-actions'), 0);
    await page.close();
  });

  it('an editor postpones three matches by 7 days, then undoes it from the toast', async () => {
    const page: Page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    const bar = page.getByTestId('status-actions');
    await bar.waitFor();
    // Nothing selected: only 'Seleziona tutte'; the count and the actions come with the first selection.
    await bar.getByRole('checkbox', { name: 'Seleziona tutte' }).waitFor();
    await expectCount(bar.getByRole('button'), 0);
    await expectCount(bar.getByText('0 partite selezionate'), 0);

    await page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - Virtus del ${it_(days[0])}` }).check();
    await bar.getByText('1 partita selezionata').waitFor();
    await bar.getByRole('checkbox', { name: 'Seleziona tutte' }).check();
    await bar.getByText('3 partite selezionate').waitFor();

    await bar.getByRole('button', { name: 'Sposta di N giorni' }).click();
    const dialog = page.getByRole('dialog', { name: 'Di quanti giorni spostare 3 partite?' });
    await dialog.waitFor();
    // The shared schema's rules: no number of days, then a reason too long.
    await dialog.getByRole('button', { name: 'Sposta 3 partite', exact: true }).click();
    await dialog.getByText('Indica di quanti giorni spostare le partite.').waitFor();
    await dialog.getByLabel('Numero di giorni').fill('7');
    // The title and the button now say the number chosen.
    const moving = page.getByRole('dialog', { name: 'Spostare 3 partite di 7 giorni?' });
    await moving.waitFor();
    await moving.getByLabel('Motivo (facoltativo)').fill('x'.repeat(201));
    await moving.getByRole('button', { name: 'Sposta 3 partite di 7 giorni' }).click();
    await moving.getByText('Il motivo può contenere al massimo 200 caratteri.').waitFor();
    expect((await dbDates()).map((r) => r.data)).toEqual([days[1], days[2], days[0]].map((d) => d.format('YYYY-MM-DD')));
    await moving.getByLabel('Motivo (facoltativo)').fill('Campi allagati');
    await moving.getByRole('button', { name: 'Sposta 3 partite di 7 giorni' }).click();
    await moving.waitFor({ state: 'hidden' });

    const toast = page.getByText('3 partite aggiornate');
    await toast.waitFor();
    const moved = days.map((d) => d.add(7, 'day'));
    // The dashboard shows the new dates, 'Spostata dal' the first one (docs/matches.md, status: moved, played there), the reason; the selection is cleared.
    await page.getByTestId('match-card').filter({ hasText: 'Lucca' }).getByText(`Spostata dal ${it_(days[1])}`).waitFor();
    // The selection is cleared: the bar is back to 'Seleziona tutte' alone.
    await expectCount(bar.getByRole('button'), 0);
    await expectCount(page.getByTestId('match-card').filter({ hasText: 'Campi allagati' }), 3);
    const rows = await dbDates();
    expect(rows.map((r) => r.stato)).toEqual(['rinviata', 'rinviata', 'rinviata']);
    // ORDER BY squadratrasferta: Lucca (day 4), Pisa (day 5), Virtus (day 3).
    expect(rows.map((r) => r.data)).toEqual([moved[1], moved[2], moved[0]].map((d) => d.format('YYYY-MM-DD')));
    await screenshot(page, 'status-postponed-toast');

    await page.getByRole('button', { name: 'Annulla operazione' }).click();
    await page.getByText('Operazione annullata: le partite sono tornate come prima').waitFor();
    await page.getByTestId('match-card').filter({ hasText: 'Lucca' }).and(page.locator('[data-stato="programmata"]')).waitFor();
    const back = await dbDates();
    expect(back.map((r) => r.stato)).toEqual(['programmata', 'programmata', 'programmata']);
    expect(back.map((r) => r.data)).toEqual([days[1], days[2], days[0]].map((d) => d.format('YYYY-MM-DD')));
    // The cards show the original dates again.
    const cards = page.getByTestId('match-card');
    const text = (await cards.allTextContents()).join(' ');
    await expectCount(cards, 3);
    expect(text).not.toContain('Campi allagati');
    expect(text).not.toContain('Rinviata');
    // Each card's checkbox names its date (however the cards show it).
    for (const [i, d] of days.entries()) await page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - ${names[i]} del ${it_(d)}` }).waitFor();
    for (const [i, d] of moved.entries()) await expectCount(page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - ${names[i]} del ${it_(d)}` }), 0);
    await screenshot(page, 'status-undone');

    const ops = (await t.db.pool.query(`SELECT azione, annullata_il FROM public.partite_operazioni_stato`)).rows;
    expect(ops).toHaveLength(1);
    expect(ops[0].azione).toBe('sposta');
    expect(ops[0].annullata_il).not.toBeNull();
    await page.close();
  });

  it("bulk cancel lists the selected matches, confirms with a red button not labelled 'Annulla'; 'Annulla' closes changing nothing", async () => {
    const page: Page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    const bar = page.getByTestId('status-actions');
    await bar.getByRole('checkbox', { name: 'Seleziona tutte' }).check();
    await bar.getByText('3 partite selezionate').waitFor();
    const operations = async () => Number((await t.db.pool.query(`SELECT count(*) FROM public.partite_operazioni_stato`)).rows[0].count);
    const opsBefore = await operations();
    const before = await dbDates();
    expect(before.map((r) => r.stato)).toEqual(['programmata', 'programmata', 'programmata']);

    await bar.getByRole('button', { name: 'Segna come annullate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Segnare come annullate 3 partite?' });
    await dialog.waitFor();
    // Every selected match, by date, time and teams, in the dashboard's order.
    const list = dialog.getByRole('list', { name: 'Partite interessate' });
    await eventually(
      () => list.getByRole('listitem').allInnerTexts(),
      (v) => expect(v.map((s) => s.replace(/\s+/g, ' '))).toEqual(days.map((d, i) => `${it_(d)} 10:00 Garibaldina 2013 - ${names[i]}`)),
    );
    const style = await list.evaluate((el) => ({ overflowY: getComputedStyle(el).overflowY, maxHeight: getComputedStyle(el).maxHeight }));
    expect(style).toEqual({ overflowY: 'auto', maxHeight: '220px' });

    // Two buttons: 'Annulla' closes; the confirm names the action and the count, in the theme's error red.
    await eventually(() => dialog.getByRole('button').allInnerTexts(), (v) => expect(v.map((s) => s.toLocaleLowerCase('it'))).toEqual(['annulla', 'segna 3 partite come annullate']));
    const confirm = dialog.getByRole('button', { name: 'Segna 3 partite come annullate' });
    expect((await confirm.innerText()).toLocaleLowerCase('it')).not.toMatch(/^annulla/);
    const background = await confirm.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe(rgb(theme.palette.error.main));
    // The dialog's opening transition done, so the picture shows it whole.
    await dialog.evaluate((el) => Promise.all(el.closest('.MuiDialog-root')!.getAnimations({ subtree: true }).map((a) => a.finished)));
    await screenshot(page, 'status-cancel-dialog');

    await dialog.getByRole('button', { name: 'Annulla', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing changed: the rows, no operation recorded, the cards as before, the selection kept.
    expect(await dbDates()).toEqual(before);
    expect(await operations()).toBe(opsBefore);
    await expectCount(page.locator('[data-testid="match-card"][data-stato="annullata"]'), 0);
    await bar.getByText('3 partite selezionate').waitFor();
    await page.close();
  });

  it("shows the server's 409 message when the undo is refused (a match edited meanwhile)", async () => {
    const page: Page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    const bar = page.getByTestId('status-actions');
    await page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - Pisa del ${it_(days[2])}` }).check();
    await bar.getByRole('button', { name: 'Segna come annullate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Segnare come annullata 1 partita?' });
    await dialog.getByRole('button', { name: 'Segna 1 partita come annullata' }).click();
    await page.getByText('1 partita aggiornata').waitFor();
    await page.getByTestId('match-card').filter({ hasText: 'Pisa' }).and(page.locator('[data-stato="annullata"]')).waitFor();
    // Someone edits the match before the undo.
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Campo 9' WHERE squadratrasferta = 'Pisa'`);
    await page.getByRole('button', { name: 'Annulla operazione' }).click();
    await page
      .getByText("Impossibile annullare l'operazione: una o più partite sono state modificate o eliminate nel frattempo. Nessuna partita è stata modificata.")
      .waitFor();
    expect((await t.db.pool.query(`SELECT stato FROM public.partite WHERE squadratrasferta = 'Pisa'`)).rows[0].stato).toBe('annullata');
    await page.close();
  });

  it('an editor postpones one match to a new date chosen with the Italian picker', async () => {
    const page: Page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    const bar = page.getByTestId('status-actions');
    await page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - Lucca del ${it_(days[1])}` }).check();
    await bar.getByText('1 partita selezionata').waitFor();
    // A selected card hidden by a filter is neither counted nor changed. The signed-in dashboard may
    // fold its filters behind 'Filtri' at every width (docs/planning.md); the button is hidden when it does not.
    const filtersToggle = page.getByTestId('filters-toggle');
    if (await filtersToggle.isVisible()) await filtersToggle.click();
    await page.getByLabel('Squadra ospite').fill('Pisa');
    // Nothing selected: only 'Seleziona tutte'; the count and the actions come with the first selection.
    await bar.getByRole('checkbox', { name: 'Seleziona tutte' }).waitFor();
    await expectCount(bar.getByRole('button'), 0);
    await expectCount(bar.getByText('0 partite selezionate'), 0);
    await page.getByLabel('Squadra ospite').fill('');
    await bar.getByText('1 partita selezionata').waitFor();
    await bar.getByRole('button', { name: 'Rinvia' }).click();
    const dialog = page.getByRole('dialog');
    const target = today.add(20, 'day');
    const group = dialog.getByRole('group', { name: 'Nuova data (facoltativa)' });
    await group.locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(target.format('DDMMYYYY'), { delay: 20 });
    await dialog.getByRole('button', { name: 'Rinvia' }).click();
    await page.getByText('1 partita aggiornata').waitFor();
    await page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - Lucca del ${it_(target)}` }).waitFor();
    const row = (await t.db.pool.query(`SELECT to_char(data, 'YYYY-MM-DD') AS data, stato FROM public.partite WHERE squadratrasferta = 'Lucca'`)).rows[0];
    expect(row).toEqual({ data: target.format('YYYY-MM-DD'), stato: 'rinviata' });
    await page.close();
  });
});
