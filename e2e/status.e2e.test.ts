import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/dates';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

// Issue 16 in Chromium: an editor selects three matches, postpones them by 7 days, sees the toast
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
const longFmt = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
/** The cards' date: 'Sabato 28 novembre 2026'. */
const longIt = (d: dayjs.Dayjs) => {
  const text = longFmt.format(new Date(`${d.format('YYYY-MM-DD')}T12:00:00`));
  return text.charAt(0).toLocaleUpperCase('it') + text.slice(1);
};

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
    await bar.getByText('0 partite selezionate').waitFor();
    await eventually(() => bar.getByRole('button', { name: 'Rinvia' }).isDisabled(), (v) => expect(v).toBe(true));

    await page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - Virtus del ${it_(days[0])}` }).check();
    await bar.getByText('1 partita selezionata').waitFor();
    await bar.getByRole('checkbox', { name: 'Seleziona tutte' }).check();
    await bar.getByText('3 partite selezionate').waitFor();

    await bar.getByRole('button', { name: 'Sposta di N giorni' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The shared schema's rules: no number of days, then a reason too long.
    await dialog.getByRole('button', { name: 'Sposta di N giorni' }).click();
    await dialog.getByText('Indica di quanti giorni spostare le partite.').waitFor();
    await dialog.getByLabel('Numero di giorni').fill('7');
    await dialog.getByLabel('Motivo (facoltativo)').fill('x'.repeat(201));
    await dialog.getByRole('button', { name: 'Sposta di N giorni' }).click();
    await dialog.getByText('Il motivo può contenere al massimo 200 caratteri.').waitFor();
    expect((await dbDates()).map((r) => r.data)).toEqual([days[1], days[2], days[0]].map((d) => d.format('YYYY-MM-DD')));
    await dialog.getByLabel('Motivo (facoltativo)').fill('Campi allagati');
    await dialog.getByRole('button', { name: 'Sposta di N giorni' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const toast = page.getByText('3 partite aggiornate');
    await toast.waitFor();
    const moved = days.map((d) => d.add(7, 'day'));
    // The dashboard shows the new dates, Rinviata, the reason; the selection is cleared.
    await page.getByTestId('match-card').filter({ hasText: 'Lucca' }).getByText('Rinviata').waitFor();
    await bar.getByText('0 partite selezionate').waitFor();
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
    for (const d of days) expect(text).toContain(longIt(d));
    for (const d of moved) expect(text).not.toContain(longIt(d));
    await screenshot(page, 'status-undone');

    const ops = (await t.db.pool.query(`SELECT azione, annullata_il FROM public.partite_operazioni_stato`)).rows;
    expect(ops).toHaveLength(1);
    expect(ops[0].azione).toBe('sposta');
    expect(ops[0].annullata_il).not.toBeNull();
    await page.close();
  });

  it("shows the server's 409 message when the undo is refused (a match edited meanwhile)", async () => {
    const page: Page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    const bar = page.getByTestId('status-actions');
    await page.getByRole('checkbox', { name: `Seleziona Garibaldina 2013 - Pisa del ${it_(days[2])}` }).check();
    await bar.getByRole('button', { name: 'Annulla' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
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
    // A selected card hidden by a filter is neither counted nor changed.
    await page.getByLabel('Squadra ospite').fill('Pisa');
    await bar.getByText('0 partite selezionate').waitFor();
    await eventually(() => bar.getByRole('button', { name: 'Rinvia' }).isDisabled(), (v) => expect(v).toBe(true));
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
    await page.getByTestId('match-card').filter({ hasText: 'Lucca' }).getByText(longIt(target)).waitFor();
    const row = (await t.db.pool.query(`SELECT to_char(data, 'YYYY-MM-DD') AS data, stato FROM public.partite WHERE squadratrasferta = 'Lucca'`)).rows[0];
    expect(row).toEqual({ data: target.format('YYYY-MM-DD'), stato: 'rinviata' });
    await page.close();
  });
});
