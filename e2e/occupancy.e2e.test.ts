import dayjs from 'dayjs';
import type { Browser, Locator, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { formatLongDate } from '../common/export/rules';
import { CLIENT_DIR, launchBrowser, screenshot } from './browser';
import { signedInPage } from './session';
import { eventually, expectCount } from './expect';

// The occupancy board (docs/occupancy.md), in Chromium at 1366 x 768: a date typed in the field as
// gg/mm/aaaa (digits only or with the slashes) opens that day; a block that overlaps nothing takes
// its column's whole width, overlapping ones share it, and no team name is clipped.
jest.setTimeout(120_000);

const today = dayjs(todayIn('Europe/Rome'));
// Days in the future, in another month than today's, so day, month and year are all typed.
const day = today.add(33, 'day');
const other = today.add(40, 'day');
const DAY = day.format('YYYY-MM-DD');
const OTHER = other.format('YYYY-MM-DD');

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let page: Page;
const ids: Record<string, number> = {};

async function home(data: string, ora: string, fine: string, casa: string, ospiti: string, campo: string, rooms: [number, number]) {
  const { rows } = await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara)
     VALUES ($1, $2, $3, $4, $5, 'Esordienti', $6, true, $7, $8, 'campionato') RETURNING id`,
    [data, ora, fine, casa, ospiti, campo, rooms[0], rooms[1]],
  );
  ids[casa] = rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti')`);
  // Campo 1: one match, nothing beside it. Campo 2: two matches overlapping from 15:30 to 16:00.
  await home(DAY, '10:00', '11:30', 'Garibaldina 2013', "Polisportiva Sant'Andrea di Compito", 'Campo 1', [1, 2]);
  await home(DAY, '15:00', '16:00', 'Garibaldina 2014', 'Atletico Lucca', 'Campo 2', [3, 4]);
  await home(DAY, '15:30', '16:30', 'Garibaldina 2015', 'Virtus Pisa', 'Campo 2', [5, 6]);
  await home(OTHER, '17:00', '18:00', 'Garibaldina 2016', 'Capannori', 'Campo 1', [1, 2]);
  page = await signedInPage(browser, t.url, editor);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The board's heading of a day, as the page writes it ('Sabato 28 novembre 2026': first letter by CSS). */
const heading = (iso: string) => page.getByRole('heading', { level: 2, name: formatLongDate(iso) });
const block = (casa: string) => page.locator(`[data-testid="occupancy-block"][data-match-id="${ids[casa]}"]`);
const dateField = () => page.getByRole('group', { name: 'Data' });

/**
 * Clicks a part of the date field (0 day, 1 month, 2 year) and types `keys` as a person would, until
 * the board shows `iso`. Fails if the address showed meanwhile a day with a year half-typed ('0202').
 */
async function typeDate(keys: string, iso: string, part = 0): Promise<void> {
  const shown: string[] = [];
  const listener = () => shown.push(new URL(page.url()).searchParams.get('data') ?? '');
  page.on('framenavigated', listener);
  try {
    await dateField().locator('[role="spinbutton"]').nth(part).click();
    await page.keyboard.type(keys, { delay: 120 });
    await heading(iso).waitFor();
    await page.waitForURL((u) => u.searchParams.get('data') === iso);
  } finally {
    page.off('framenavigated', listener);
  }
  // Days of the month typed on the way (28/01 before 28/11) may show if the keys pause; a year never.
  expect(shown.filter((d) => !/^(19|20|21)\d\d-/.test(d))).toEqual([]);
  expect(shown.at(-1)).toBe(iso);
}

/** The value the date field holds (its hidden input, 'gg/mm/aaaa'). */
const fieldText = () => page.locator('input[name="data"]').inputValue();

/** Width of the element and of its column (the `occupancy-column` it is in). */
const widths = (l: Locator) =>
  l.evaluate((el) => ({ block: el.getBoundingClientRect().width, column: el.closest('[data-testid="occupancy-column"]')!.getBoundingClientRect().width }));

/** The elements that overflow their box (cut on the right, or at the bottom), with their sizes. */
const clipped = (l: Locator) =>
  l.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
      .map((el) => ({ text: el.textContent, sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight })),
  );

describe('the occupancy board (docs/occupancy.md)', () => {
  it('opens the day typed as digits only (ggmmaaaa) in the date field', async () => {
    await page.goto(`${t.url}/occupazione`);
    await heading(today.format('YYYY-MM-DD')).waitFor();
    await typeDate(day.format('DDMMYYYY'), DAY);
    await eventually(fieldText, (v) => expect(v).toBe(day.format('DD/MM/YYYY')));
    await expectCount(page.getByTestId('occupancy-block'), 3 * 3);
    await block('Garibaldina 2013').first().waitFor();
  });

  it('opens the day typed with the slashes (gg/mm/aaaa)', async () => {
    await typeDate(other.format('DD/MM/YYYY'), OTHER);
    await eventually(fieldText, (v) => expect(v).toBe(other.format('DD/MM/YYYY')));
    await block('Garibaldina 2016').first().waitFor();
    await expectCount(page.getByTestId('occupancy-block'), 3);
  });

  it('opens the day typed after a click on the year: the first click selects the whole date', async () => {
    // The case: a click at the end of '24/11/2026' and 28112026 gave the year 0202.
    await page.getByRole('heading', { level: 1 }).click();
    await typeDate(day.format('DDMMYYYY'), DAY, 2);
    await eventually(fieldText, (v) => expect(v).toBe(day.format('DD/MM/YYYY')));
    await expectCount(page.getByTestId('occupancy-block'), 3 * 3);
  });

  it('opens a day picked in the calendar, and Successivo / Oggi move the field too', async () => {
    const picked = day.date(day.date() === 15 ? 16 : 15);
    await page.getByRole('button', { name: /^Scegli la data/ }).click();
    await page.getByRole('dialog').getByRole('gridcell', { name: String(picked.date()), exact: true }).click();
    await heading(picked.format('YYYY-MM-DD')).waitFor();
    await eventually(fieldText, (v) => expect(v).toBe(picked.format('DD/MM/YYYY')));
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Successivo', exact: true }).click();
    await heading(picked.add(1, 'day').format('YYYY-MM-DD')).waitFor();
    await eventually(fieldText, (v) => expect(v).toBe(picked.add(1, 'day').format('DD/MM/YYYY')));
    await page.getByRole('button', { name: 'Oggi', exact: true }).click();
    await eventually(fieldText, (v) => expect(v).toBe(today.format('DD/MM/YYYY')));
    // And back to the seeded day with the keyboard, to lay the board out.
    await page.getByRole('heading', { level: 1 }).click();
    await typeDate(day.format('DDMMYYYY'), DAY, 1);
  });

  it("gives a lone block its column's width, splits overlapping ones, and clips no name", async () => {
    await page.getByTestId('occupancy-day').waitFor();
    const lone = block('Garibaldina 2013').first();
    await lone.waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.mouse.move(0, 0);
    await screenshot(page, 'occupancy-day-1366x768');
    const w = await widths(lone);
    expect(w.column - w.block).toBeGreaterThanOrEqual(0);
    expect(w.column - w.block).toBeLessThanOrEqual(8);
    // The two overlapping matches of Campo 2 take half the column each, side by side.
    const [a, b] = await Promise.all([block('Garibaldina 2014').first().boundingBox(), block('Garibaldina 2015').first().boundingBox()]);
    const half = (await widths(block('Garibaldina 2014').first())).column / 2;
    expect(Math.abs(a!.width - half)).toBeLessThanOrEqual(8);
    expect(Math.abs(b!.width - half)).toBeLessThanOrEqual(8);
    expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x + 1);
    // The names wrap: none is cut on the right; the blocks alone in their time show all their text.
    await expectCount(page.getByTestId('occupancy-names'), 9);
    expect(await clipped(page.getByTestId('occupancy-names'))).toEqual([]);
    expect(await clipped(page.locator('[data-testid="occupancy-block"][data-clash="false"]'))).toEqual([]);
    const names = await lone.getByTestId('occupancy-names').innerText();
    expect(names).toContain("Garibaldina 2013 - Polisportiva Sant'Andrea di Compito");
    // The date field shows its whole label and value.
    const cut = await dateField()
      .locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]')
      .evaluate((fc) => [...fc.querySelectorAll('label, .MuiPickersSectionList-root')].filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
    expect(cut).toEqual([]);
  });

  it('shows the whole text of a block on hover, in the block and in a tooltip', async () => {
    await block('Garibaldina 2013').first().hover();
    await page.getByRole('tooltip').getByText("Garibaldina 2013 - Polisportiva Sant'Andrea di Compito").waitFor();
    // A clashing block's tooltip names the match and its clash.
    await block('Garibaldina 2014').first().hover();
    const tip = page.getByRole('tooltip');
    await tip.getByText('Garibaldina 2014 - Atletico Lucca').waitFor();
    await tip.getByText('Campo già occupato dalle 15:30 alle 16:30 da Garibaldina 2015 - Virtus Pisa').waitFor();
    // Pointed at, a block too short for its text grows to show it all.
    await eventually(() => clipped(block('Garibaldina 2014').first()), (v) => expect(v).toEqual([]));
    await screenshot(page, 'occupancy-block-hover');
  });

  it('shows the week with every name whole', async () => {
    await page.getByRole('button', { name: 'Settimana' }).click();
    await page.getByTestId('occupancy-week').waitFor();
    await block('Garibaldina 2013').first().waitFor();
    expect(await clipped(page.getByTestId('occupancy-names'))).toEqual([]);
    expect(await clipped(page.getByTestId('occupancy-block'))).toEqual([]);
    await page.mouse.move(0, 0);
    await screenshot(page, 'occupancy-week-1366x768');
  });
});
