import dayjs from 'dayjs';
import 'dayjs/locale/it';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { firstWeekday, insertMatch } from '../test/matches';
import { CLIENT_DIR, launchBrowser, screenshot } from './browser';
import { signedInPage } from './session';
import { eventually } from './expect';

// 'Rinvia' with 'Trova uno slot' in Chromium (docs/matches.md, status; docs/trainings.md, slot finder): the
// editor picks a slot under 'Altri orari' on another pitch; the dialog says the whole slot, and after
// 'Rinvia 1 partita' the match reads the slot's date, time, pitch and rooms (card, database, edit form);
// 'Annulla operazione' in the toast puts all of them back.
jest.setTimeout(180_000);

const today = dayjs(todayIn('Europe/Rome'));
/** The first Saturday at least 8 days away: the match's date; the search starts the day after (Sunday). */
const saturday = firstWeekday(today.add(8, 'day'), 6);
const sunday = saturday.add(1, 'day');
const SAT = saturday.format('YYYY-MM-DD');
const SUN = sunday.format('YYYY-MM-DD');
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
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Allievi'), ('Pulcini')`);
  const home = { is_house_match: true, spogliatoio_gari: 1, spogliatoio_ospiti: 2, tipo_gara: 'amichevole' };
  matchId = await insertMatch(t.db.pool, { ...home, data: SAT, ora: '10:00', ora_fine: '11:30', squadracasa: 'Garibaldina Allievi', squadratrasferta: 'Fortis Juventus', gruppo: 'Allievi', campo: 'Campo Nord' });
  // Sunday morning Campo Nord is taken until 12:00 with rooms 1 and 2; Campo Sud is a pitch of the club (a match far ahead).
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara)
     VALUES ($1, '09:00', '12:00', 'Garibaldina Pulcini', 'Lupi', 'Pulcini', 'Campo Nord', true, 1, 2, 'amichevole'),
            ($2, '09:00', '10:00', 'Garibaldina Pulcini', 'Falchi', 'Pulcini', 'Campo Sud', true, 1, 2, 'amichevole')`,
    [SUN, saturday.add(100, 'day').format('YYYY-MM-DD')],
  );
  page = await signedInPage(browser, t.url, editor);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const stored = async () =>
  (
    await t.db.pool.query(
      `SELECT to_char(data, 'YYYY-MM-DD') AS data, to_char(ora, 'HH24:MI') AS ora, to_char(ora_fine, 'HH24:MI') AS fine, campo,
              spogliatoio_gari AS gari, spogliatoio_ospiti AS ospiti, stato FROM public.partite WHERE id = $1`,
      [matchId],
    )
  ).rows[0];
const card = () => page.getByTestId('match-card').filter({ hasText: 'Fortis Juventus' });

async function openRinvia(on: dayjs.Dayjs) {
  await page.getByRole('checkbox', { name: `Seleziona Garibaldina Allievi - Fortis Juventus del ${ddmmyyyy(on)}` }).check();
  const bar = page.getByTestId('status-actions');
  await bar.getByText('1 partita selezionata').waitFor();
  await bar.getByRole('button', { name: 'Rinvia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rinviare 1 partita?' });
  await dialog.getByRole('button', { name: 'Trova uno slot' }).click();
  const finder = page.getByRole('dialog', { name: 'Slot liberi' });
  await finder.getByTestId('slot-day').first().waitFor();
  return { dialog, finder };
}

describe("'Rinvia' applies the whole slot", () => {
  it("a slot under 'Altri orari' on another pitch: the match reads its date, time, pitch and rooms; the undo restores them", async () => {
    await page.goto(`${t.url}/`);
    await eventually(() => card().innerText(), (v) => expect(v).toMatch(/10:00 - 11:30[\s\S]*Campo: Campo Nord[\s\S]*1 · .* 2/));
    const { dialog, finder } = await openRinvia(saturday);
    // Breadth: several days, the first (Sunday) with the earliest slot on each pitch.
    const days = finder.getByTestId('slot-day');
    await eventually(() => days.count(), (n) => expect(n).toBeGreaterThan(5));
    const first = days.first();
    await eventually(
      () => first.getByTestId('slot-item').allInnerTexts(),
      (v) => expect(v.map((s) => s.replace(/\s+/g, ' ').replace(/ ?Scegli$/i, ''))).toEqual(['09:00-10:30 · Campo Sud · spogliatoi 3 e 4', '12:00-13:30 · Campo Nord · spogliatoi 3 e 4']),
    );
    await screenshot(page, 'reschedule-finder');
    await first.getByRole('button', { name: /^Altri orari/ }).click();
    const later = first.getByTestId('slot-more').getByTestId('slot-item').filter({ hasText: '10:30-12:00 · Campo Sud' });
    await later.getByRole('button', { name: 'Scegli' }).click();
    const note = dialog.getByTestId('rinvia-slot-note');
    const giorno = sunday.locale('it').format(sunday.year() === today.year() ? 'dddd D MMMM' : 'dddd D MMMM YYYY');
    await eventually(() => note.innerText(), (v) => expect(v).toBe(`Sarà applicato lo slot: ${giorno.charAt(0).toUpperCase()}${giorno.slice(1)}, 10:30-12:00, Campo Sud, spogliatoi 3 e 4.`));
    await screenshot(page, 'reschedule-dialog');
    await dialog.getByRole('button', { name: 'Rinvia 1 partita' }).click();
    const toast = page.getByText('1 partita aggiornata');
    await toast.waitFor();

    expect(await stored()).toEqual({ data: SUN, ora: '10:30', fine: '12:00', campo: 'Campo Sud', gari: 3, ospiti: 4, stato: 'rinviata' });
    await eventually(() => card().innerText(), (v) => expect(v).toMatch(/10:30 - 12:00[\s\S]*Campo: Campo Sud[\s\S]*3 · .* 4/));

    await page.getByRole('button', { name: 'Annulla operazione' }).click();
    await page.getByText('Operazione annullata: le partite sono tornate come prima').waitFor();
    await eventually(stored, (v) => expect(v).toEqual({ data: SAT, ora: '10:00', fine: '11:30', campo: 'Campo Nord', gari: 1, ospiti: 2, stato: 'programmata' }));
    await eventually(() => card().innerText(), (v) => expect(v).toMatch(/10:00 - 11:30[\s\S]*Campo: Campo Nord[\s\S]*1 · .* 2/));
  });

  it("the toast's 'Apri la partita' opens the edit form reading the slot", async () => {
    // On a phone this time: the list by day stays readable (screenshot).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.url}/`);
    const { dialog, finder } = await openRinvia(saturday);
    await finder.getByTestId('slot-day').first().getByRole('button', { name: /^Altri orari/ }).click();
    await screenshot(page, 'reschedule-finder-phone');
    await finder.getByTestId('slot-day').first().getByTestId('slot-item').first().getByRole('button', { name: 'Scegli' }).click();
    await dialog.getByTestId('rinvia-slot-note').waitFor();
    await dialog.getByRole('button', { name: 'Rinvia 1 partita' }).click();
    await page.getByRole('link', { name: 'Apri la partita' }).click();
    const campo = page.getByRole('combobox', { name: 'Campo' });
    await eventually(() => campo.inputValue(), (v) => expect(v).toBe('Campo Sud'));
    await eventually(() => page.getByRole('group', { name: 'Ora di inizio' }).innerText(), (v) => expect(v.replace(/\s+/g, '')).toContain('09:00'));
    await eventually(() => page.getByRole('group', { name: 'Ora di fine' }).innerText(), (v) => expect(v.replace(/\s+/g, '')).toContain('10:30'));
    expect(await stored()).toEqual({ data: SUN, ora: '09:00', fine: '10:30', campo: 'Campo Sud', gari: 3, ospiti: 4, stato: 'rinviata' });
    await screenshot(page, 'reschedule-edit');
  });
});
