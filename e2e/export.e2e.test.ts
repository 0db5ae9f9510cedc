import fs from 'node:fs/promises';
import dayjs from 'dayjs';
import type { Browser, Download, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { EXPORT_MSG, formatLongDate, weekRange } from '../common/export/rules';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

// A reader produces every export of the spec from /estrazione, in Chromium, against the real server and database.
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let reader: TestUser;
let page: Page;
const today = todayIn('Europe/Rome');
const day = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
const from = day(-7);
const week = weekRange(today);
// 52 matches over the seven days before today, and 10 today (6 at home, 4 away): 62 in the default period.
const BEFORE = 52;
const TODAY_HOME = 6;
const TODAY_AWAY = 4;
const TOTAL = BEFORE + TODAY_HOME + TODAY_AWAY;

async function seed() {
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
  const rows: unknown[][] = [];
  for (let i = 0; i < BEFORE; i++) {
    const home = i % 3 !== 0;
    rows.push([day(-7 + (i % 7)), `${String(9 + (i % 9)).padStart(2, '0')}:00`, home ? `Garibaldina ${i}` : `Ospitante ${i}`, home ? `Avversari ${i}` : `Garibaldina ${i}`, i % 2 ? 'Pulcini' : 'Esordienti', home]);
  }
  for (let i = 0; i < TODAY_HOME + TODAY_AWAY; i++) {
    const home = i < TODAY_HOME;
    rows.push([today, `${String(9 + i).padStart(2, '0')}:30`, home ? `Garibaldina Oggi ${i}` : "Sant'Angelo Ștefănești", home ? `Đakovo ${i}` : `Garibaldina Oggi ${i}`, 'Pulcini', home]);
  }
  for (const [data, ora, casa, ospite, gruppo, home] of rows) {
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'campionato', $9)`,
      [data, ora, home ? '23:00' : null, casa, ospite, gruppo, home ? 'Stadio Garibaldi' : 'Campo Ospite', home ? 'erba' : null, home],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  reader = await createUser(t.db.pool, 'reader');
  await seed();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Clicks a button that produces a file and returns the download with its bytes. */
async function download(button: ReturnType<Page['getByRole']>): Promise<{ name: string; bytes: Buffer; dl: Download }> {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), bytes: await fs.readFile(path), dl };
}

const tab = (name: string) => page.getByRole('tab', { name });
const panel = () => page.getByRole('tabpanel');

describe('export screen in Chromium', () => {
  it('a reader opens Estrazione, previews the default period and pages through it', async () => {
    page = await newPage(browser);
    await signIn(page, t.url, reader.email, reader.password);
    await page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Estrazione' }).click();
    await page.getByRole('heading', { name: EXPORT_MSG.title }).waitFor();
    await eventually(() => tab('Tabella').getAttribute('aria-selected'), (v) => expect(v).toBe('true'));

    await panel().getByRole('button', { name: 'Anteprima' }).click();
    await page.getByText(EXPORT_MSG.page(1, 2)).waitFor();
    await page.getByText(`${EXPORT_MSG.period(from, today)} · ${EXPORT_MSG.total(TOTAL)}`).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    await expectCount(rows, 51);
    // Dates dd/mm/yyyy whatever the browser language; first row is the earliest match.
    await eventually(() => rows.nth(1).getByRole('cell').first().textContent(), (v) => expect(v).toBe(dayjs(from).format('DD/MM/YYYY')));
    await screenshot(page, 'export-table');

    await page.getByRole('button', { name: EXPORT_MSG.screen.next }).click();
    await page.getByText(EXPORT_MSG.page(2, 2)).waitFor();
    await expectCount(page.getByRole('table').getByRole('row'), TOTAL - 50 + 1);
    await page.getByText("Sant'Angelo Ștefănești").first().waitFor();
    await eventually(() => page.getByRole('button', { name: EXPORT_MSG.screen.next }).isDisabled(), (v) => expect(v).toBe(true));
  });

  it("the preview's Motivo column keeps every word whole, at 1366 and on a phone", async () => {
    const motivo = 'Campo impraticabile per pioggia battente, recupero da definire con la federazione';
    await t.db.pool.query(
      `UPDATE public.partite SET stato = 'rinviata', motivo_stato = $1 WHERE id = (SELECT id FROM public.partite ORDER BY data, ora LIMIT 1)`,
      [motivo],
    );
    for (const viewport of [{ width: 1366, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto(`${t.url}/estrazione`);
      await panel().getByRole('button', { name: 'Anteprima' }).click();
      const cell = page.getByRole('table').getByRole('cell', { name: motivo });
      await cell.waitFor();
      // Every word of the cell on a single line box: a word split at its middle has two client rects.
      const split = await cell.evaluate((td) => {
        const text = td.textContent ?? '';
        const node = document.createTreeWalker(td, NodeFilter.SHOW_TEXT).nextNode();
        const broken: string[] = [];
        if (!node) return ['(no text)'];
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
        return broken;
      });
      expect(split).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await t.db.pool.query(`UPDATE public.partite SET stato = 'programmata', motivo_stato = NULL WHERE motivo_stato IS NOT NULL`);
  });

  it('downloads the period as CSV (BOM, semicolons) and as PDF under the spec file names; tabs wait while the file is produced', async () => {
    const csv = await download(panel().getByRole('button', { name: 'Esporta CSV' }));
    expect(csv.name).toBe(`partite_${from}_${today}.csv`);
    expect(csv.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const text = csv.bytes.toString('utf8').slice(1);
    expect(text.split(/\r?\n/)[0]).toBe('Data;Inizio;Fine;Casa;Trasferta;Gruppo;Campo;Terreno;Tipo;Casa/Trasferta;Stato;Motivo');
    expect(text).toContain("Sant'Angelo Ștefănești");
    expect(text.trim().split(/\r?\n/)).toHaveLength(TOTAL + 1);
    await page.getByText(EXPORT_MSG.screen.downloaded(csv.name)).waitFor();

    // The PDF request is held back until the busy screen was seen (the real server still answers it).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/exports/table.pdf', async (route) => {
      await released;
      await route.continue();
    });
    const arriving = page.waitForEvent('download', { timeout: 30_000 });
    await panel().getByRole('button', { name: 'Esporta PDF' }).click();
    await page.getByText(EXPORT_MSG.screen.producingPdf).waitFor();
    await eventually(() => tab('Settimana').getAttribute('aria-disabled'), (v) => expect(v).toBe('true'));
    await eventually(() => panel().getByRole('button', { name: 'Anteprima' }).isDisabled(), (v) => expect(v).toBe(true));
    // Playwright would wait for an aria-disabled tab to become enabled; a person just clicks it.
    await tab('Settimana').click({ force: true });
    await page.getByText(EXPORT_MSG.busy).waitFor();
    await eventually(() => tab('Tabella').getAttribute('aria-selected'), (v) => expect(v).toBe('true'));
    await screenshot(page, 'export-busy');
    release();
    const dl = await arriving;
    await page.unroute('**/api/exports/table.pdf');
    const pdf = await fs.readFile(await dl.path());
    expect(dl.suggestedFilename()).toBe(`partite_${from}_${today}.pdf`);
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText(EXPORT_MSG.screen.downloaded(dl.suggestedFilename())).waitFor();
    await eventually(() => tab('Settimana').getAttribute('aria-disabled'), (v) => expect(v).toBeNull());
  });

  it('the week tab shows the Monday-Sunday range, previews the calendar with home and away counts, and downloads its PDF', async () => {
    await tab('Settimana').click();
    await panel().getByText(EXPORT_MSG.week(week.start, week.end)).first().waitFor();
    await panel().getByRole('button', { name: 'Anteprima' }).click();
    await panel().getByRole('heading', { name: `${EXPORT_MSG.weekTitle}: ${EXPORT_MSG.week(week.start, week.end)}` }).waitFor();
    await expectCount(panel().getByTestId('week-day'), 7);
    const todayBox = panel().getByTestId('week-day').nth(dayjs(today).diff(week.start, 'day'));
    await todayBox.getByRole('heading', { name: EXPORT_MSG.casaCount(TODAY_HOME) }).waitFor();
    await todayBox.getByRole('heading', { name: EXPORT_MSG.trasfertaCount(TODAY_AWAY) }).waitFor();
    await screenshot(page, 'export-week');

    const pdf = await download(panel().getByRole('button', { name: 'Esporta PDF' }));
    expect(pdf.name).toBe(`partite_settimanali_${week.start}_${week.end}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the day tab previews today titled with its Italian date and total, home and away columns, and downloads its PDF', async () => {
    await tab('Giorno').click();
    await panel().getByRole('button', { name: 'Anteprima' }).click();
    await panel()
      .getByRole('heading', { name: `${EXPORT_MSG.dayTitle}: ${formatLongDate(today)} · ${EXPORT_MSG.total(TODAY_HOME + TODAY_AWAY)}` })
      .waitFor();
    await panel().getByRole('heading', { name: EXPORT_MSG.casaCount(TODAY_HOME) }).waitFor();
    await panel().getByRole('heading', { name: EXPORT_MSG.trasfertaCount(TODAY_AWAY) }).waitFor();
    await expectCount(panel().getByTestId('export-card'), TODAY_HOME + TODAY_AWAY);
    await panel().getByText('09:30 - 23:00').waitFor();
    await screenshot(page, 'export-day');

    const pdf = await download(panel().getByRole('button', { name: 'Esporta PDF' }));
    expect(pdf.name).toBe(`partite_giornaliere_${today}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('an empty day offers no file', async () => {
    const empty = day(400);
    await page.getByRole('group', { name: EXPORT_MSG.screen.day }).locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(dayjs(empty).format('DDMMYYYY'), { delay: 20 });
    await panel().getByRole('button', { name: 'Anteprima' }).click();
    await panel().getByText(EXPORT_MSG.empty, { exact: true }).waitFor();
    await eventually(() => panel().getByRole('button', { name: 'Esporta PDF' }).isDisabled(), (v) => expect(v).toBe(true));
  });
});
