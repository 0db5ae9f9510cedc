import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { todayIn } from '../common/core/dates';
import { CLIENT_DIR, launchBrowser, newPage, publicPageLook, screenshot } from './browser';
import { eventually, expectCount } from './expect';

/** docs/public-page.md (phones): the public page on a 390 x 844 phone with 30 upcoming matches. */
let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
  const today = dayjs(todayIn('Europe/Rome'));
  const tipi = ['campionato', 'torneo', 'amichevole'];
  for (let i = 0; i < 30; i++) {
    const home = i % 2 === 0;
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, spogliatoio_gari, spogliatoio_ospiti)
       VALUES ($1, '15:00', $2, $3, $4, $5, $6, 'erba', $7, $8, $9, $10)`,
      [
        today.add(1 + i, 'day').format('YYYY-MM-DD'),
        home ? '16:30' : null,
        home ? 'Garibaldina Pulcini' : `Polisportiva Avversaria ${i}`,
        home ? `Polisportiva Avversaria ${i}` : 'Garibaldina Esordienti',
        home ? 'Pulcini' : 'Esordienti',
        home ? 'Stadio Garibaldi' : `Campo Comunale ${i}`,
        tipi[i % 3],
        home,
        home ? 1 : null,
        home ? 2 : null,
      ],
    );
  }
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  context.setDefaultTimeout(15000);
  return context.newPage();
}

describe('the public page on a 390 x 844 phone', () => {
  it('shows three matches on the first screen, filters behind Filtri, no sideways scroll, 44 px targets', async () => {
    const page = await phonePage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname.slice(1));
    });
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (30)' }).waitFor();

    // At least three whole cards above the fold.
    const boxes = await page.getByTestId('match-card').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().bottom));
    expect(boxes.filter((bottom) => bottom <= 844).length).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'phone-public');
    await page.screenshot({ path: 'e2e/screenshots/phone-first-screen.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((e) => `${e.tagName}.${e.className}`.slice(0, 80))
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
    expect(overflow).toBeLessThanOrEqual(0);

    // The filters are folded: the panel is hidden and its fields' code not even downloaded. Nor React:
    // until a control is used the page is the server's HTML, run by the entry alone (docs/public-page.md).
    const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; name?: string }>;
    const fieldsChunk = Object.values(manifest).find((c) => c.name === 'filter-fields')?.file;
    const publicAppChunk = manifest['src/app/PublicApp.tsx']?.file;
    expect(fieldsChunk).toBeDefined();
    expect(publicAppChunk).toBeDefined();
    // The entry has run and wired the server's controls: what it downloads on its own is downloaded.
    await page.locator('#public-page[data-ready="true"]').waitFor();
    expect(scripts).not.toContain(fieldsChunk);
    expect(scripts).not.toContain(publicAppChunk);
    await expectCount(page.locator('#public-page'), 1);
    const look = () =>
      publicPageLook(
        page,
        {
          title: 'h1',
          login: 'a[href="/login"]',
          calendar: 'button[aria-haspopup="dialog"]',
          toggle: '[data-testid="filters-toggle"]',
        },
        3, // the cards on the first screen (the server's off-screen cards are laid out only when near)
      );
    const serverLook = await look();
    await eventually(() => page.getByRole('region', { name: 'Filtri' }).isVisible(), (v) => expect(v).toBe(false));
    const toggle = page.getByRole('button', { name: 'Filtri 0 filtri attivi' });
    await eventually(() => toggle.getAttribute('aria-expanded'), (v) => expect(v).toBe('false'));

    // Tap targets: the buttons at least 44 px tall.
    for (const target of [toggle, page.getByRole('link', { name: 'Login' })]) {
      const box = await target.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }

    await toggle.tap();
    await page.getByTestId('filter-fields').waitFor();
    expect(scripts).toContain(publicAppChunk);
    expect(scripts).toContain(fieldsChunk);
    // React took over with the panel open, drawing what the server drew at the same place and size
    // (the cards below moved down by the open panel only).
    await expectCount(page.locator('#public-page'), 0);
    await eventually(() => page.getByRole('button', { name: 'Filtri 0 filtri attivi' }).getAttribute('aria-expanded'), (v) => expect(v).toBe('true'));
    expect(await look()).toEqual(serverLook);
    const campo = page.getByLabel('Campo', { exact: true });
    expect((await campo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await campo.fill('stadio');
    await page.getByRole('button', { name: 'Filtri 1 filtro attivo' }).waitFor();
    await page.getByRole('heading', { name: 'Prossime Partite (15)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-filters-open');

    // The Italian picker, loaded when the date field is touched.
    await page.getByTestId('date-filter-placeholder').tap();
    await page.getByRole('group', { name: 'Data' }).locator('[role="spinbutton"]').first().waitFor();
    await page.getByRole('button', { name: 'Filtri 1 filtro attivo' }).tap();
    await eventually(() => page.getByRole('region', { name: 'Filtri' }).isVisible(), (v) => expect(v).toBe(false));
    await page.close();
  });

  it('on the server page a tap on a card shows the login warning, the calendar button its dialog; Login opens the login form', async () => {
    const page = await phonePage();
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (30)' }).waitFor();
    await expectCount(page.locator('#public-page'), 1);
    await page.getByTestId('match-card').nth(1).tap();
    await page.getByText('Effettua il login per modificare le partite').waitFor();
    await expectCount(page.locator('#public-page'), 0);
    await expectCount(page.getByTestId('match-card'), 30);

    // 'Aggiungi al calendario' on the server's page: React comes and opens the dialog.
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (30)' }).waitFor();
    await expectCount(page.locator('#public-page'), 1);
    await page.getByRole('button', { name: 'Aggiungi al calendario' }).tap();
    await page.getByRole('dialog').waitFor();
    await expectCount(page.locator('#public-page'), 0);

    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (30)' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).tap();
    await page.getByRole('button', { name: 'Accedi' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });
});

/** docs/public-page.md (a large season): the page of / carries the first 60 cards, 'Mostra altre partite' the next ones. */
describe("the public page of a large season: 'Mostra altre partite'", () => {
  let big: TestApp;
  const MATCHES = 130;
  beforeAll(async () => {
    big = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
    await big.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
    // One a day from tomorrow, 'Squadra 1' first; every other one at the Stadio.
    await big.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       SELECT $1::date + i, '15:00', 'Squadra ' || i, 'Avversari ' || i, 'Pulcini', CASE WHEN i % 2 = 0 THEN 'Stadio Garibaldi' ELSE 'Campo Comunale' END, 'torneo'
         FROM generate_series(1, $2) AS i`,
      [todayIn('Europe/Rome'), MATCHES],
    );
  }, 60000);
  afterAll(async () => {
    await big?.close();
  });

  /** Each card's text, 'Squadra 7' standing for its match. */
  const cardTeams = (page: Page) => page.getByTestId('match-card').evaluateAll((cards) => cards.map((c) => /Squadra \d+/.exec(c.textContent ?? '')?.[0] ?? ''));

  it('on a 390 x 844 phone: the server page shows 60 cards and the button; a tap brings React and the next 60, another the last 10', async () => {
    const page = await phonePage();
    await page.goto(`${big.url}/`);
    await page.getByRole('heading', { name: `Prossime Partite (${MATCHES})` }).waitFor();
    await page.locator('#public-page[data-ready="true"]').waitFor();
    await expectCount(page.getByTestId('match-card'), 60);
    const more = page.getByRole('button', { name: 'Mostra altre partite' });
    expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await more.tap();
    // React took over and loaded the next page under the first.
    await expectCount(page.getByTestId('match-card'), 120);
    await expectCount(page.locator('#public-page'), 0);
    const teams = await cardTeams(page);
    expect([teams[0], teams[59], teams[60], teams[119]]).toEqual(['Squadra 1', 'Squadra 60', 'Squadra 61', 'Squadra 120']);
    await page.getByRole('heading', { name: `Prossime Partite (${MATCHES})` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Mostra altre partite' }).tap();
    await expectCount(page.getByTestId('match-card'), MATCHES);
    await expectCount(page.getByRole('button', { name: 'Mostra altre partite' }), 0);
    expect((await cardTeams(page))[MATCHES - 1]).toBe(`Squadra ${MATCHES}`);
    await page.close();
  });

  it('on a wide screen: the button loads the next page, and a filtered list comes by pages too', async () => {
    const page = await newPage(browser);
    await page.goto(`${big.url}/`);
    // React at once on a wide screen (the filter fields are on screen).
    await page.getByTestId('filter-fields').waitFor();
    await expectCount(page.getByTestId('match-card'), 60);
    await page.getByRole('button', { name: 'Mostra altre partite' }).click();
    await expectCount(page.getByTestId('match-card'), 120);
    await page.getByLabel('Campo', { exact: true }).fill('stadio');
    await page.getByRole('heading', { name: 'Prossime Partite (65)' }).waitFor();
    await expectCount(page.getByTestId('match-card'), 60);
    await page.getByRole('button', { name: 'Mostra altre partite' }).click();
    await expectCount(page.getByTestId('match-card'), 65);
    await expectCount(page.getByRole('button', { name: 'Mostra altre partite' }), 0);
    const stadio = await cardTeams(page);
    expect(new Set(stadio).size).toBe(65);
    expect(stadio.every((t) => /[02468]$/.test(t))).toBe(true);
    await page.close();
  });
});
