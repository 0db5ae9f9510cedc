import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { todayIn } from '../common/core/dates';
import { createUser } from '../test/users';
import { CLIENT_DIR, launchBrowser, newPage, publicPageLook, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

/** docs/testing.md (JavaScript budget): the JavaScript a signed-out visitor downloads for / stays under 120 KB gzip. */
const BUDGET_KB = 120;

interface BenchReport {
  budgetKb: number;
  totalKb: number;
  ok: boolean;
  files: string[];
}

let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match)
     VALUES ($1, '15:00', '17:00', 'Garibaldina Pulcini', 'Lupi Nord', 'Pulcini', 'Stadio Garibaldi', 'erba', 'campionato', true)`,
    [dayjs(todayIn('Europe/Rome')).add(1, 'day').format('YYYY-MM-DD')],
  );
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Every JavaScript file the page fetches from now on, as a path relative to the client folder. */
function recordScripts(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // The page's own scripts (the service worker's sw.js and workbox file are not the page's download).
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) files.push(pathname.replace(/^\//, ''));
  });
  return files;
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, f)), { level: 9 }).length, 0) / 1024;

describe('public page JavaScript budget in Chromium', () => {
  it('downloads exactly what bench/bundle-size.mjs counts, under 120 KB gzip, without supabase-js, zod, the store or the router', async () => {
    const page = await newPage(browser);
    const scripts = recordScripts(page);
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (1)' }).waitFor();
    // The heading is the server's; on this wide screen React takes over at once and shows its filter
    // fields (a lazy chunk). On a loaded machine that can come after 500 ms of network quiet.
    await page.getByTestId('filter-fields').waitFor();

    // The bench's figure is the set the browser really fetched: the downloads settle on exactly its list
    // (one more file, now or after the filters below, fails).
    const bench = spawnSync(process.execPath, ['bench/bundle-size.mjs', CLIENT_DIR, '--json'], { encoding: 'utf8' });
    const report = JSON.parse(bench.stdout) as BenchReport;
    const atStart = await eventually(
      async () => [...new Set(scripts)].sort(),
      (files) => expect(files).toEqual([...report.files].sort()),
    );
    expect(report.budgetKb).toBe(BUDGET_KB);
    expect(report.ok).toBe(true);
    expect(bench.status).toBe(0);
    expect(gzipKb(atStart)).toBeLessThan(BUDGET_KB);
    expect(Math.abs(gzipKb(atStart) - report.totalKb)).toBeLessThan(0.01);

    // supabase-js and zod stay out of the visitor's download.
    const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; name?: string }>;
    // Keyed by path from the project root (node_modules/...), or longer when node_modules is a link elsewhere.
    const supabaseChunk = Object.entries(manifest).find(([key]) => key.endsWith('node_modules/@supabase/supabase-js/dist/index.mjs'))?.[1].file;
    expect(supabaseChunk).toBeDefined();
    expect(atStart).not.toContain(supabaseChunk);
    for (const f of atStart) expect(fs.readFileSync(path.join(CLIENT_DIR, f), 'utf8')).not.toContain('$ZodType');
    // Nor the signed-in app: store, router and screens come with FullApp, after 'Login'.
    const fullApp = manifest['src/app/FullApp.tsx']?.file;
    expect(fullApp).toBeDefined();
    expect(atStart).not.toContain(fullApp);

    // The filters, the debounced refetch and the warning toast need nothing more.
    const refetch = page.waitForRequest((r) => r.url().includes('/api/partite/public?') && r.url().includes('campo=stadio') && r.url().includes('tipoGara=campionato'));
    await page.getByLabel('Campo', { exact: true }).fill('stadio');
    await page.getByLabel('Tipo gara').selectOption('campionato');
    await page.getByTestId('active-filters').getByText('2 filtri attivi').waitFor();
    await refetch;
    await page.getByRole('heading', { name: 'Prossime Partite (1)' }).waitFor();
    expect([...new Set(scripts)].sort()).toEqual(atStart);
    // The warning toast brings notistack, on the first click only.
    await page.getByTestId('match-card').first().click();
    await page.getByText('Effettua il login per modificare le partite').waitFor();
    const toastChunk = Object.values(manifest).find((c) => c.name === 'LazySnackbarHost')?.file;
    expect(toastChunk).toBeDefined();
    expect([...new Set(scripts)].filter((f) => !atStart.includes(f))).toContain(toastChunk);
    expect([...new Set(scripts)]).not.toContain(fullApp);
    await screenshot(page, 'bundle-public-filtered');
    await page.close();
  });

  it('shows the list from the first response before any script runs, team names as text', async () => {
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, is_house_match)
       VALUES ($1, '18:00', 'Lupi Sud', '<script>alert(1)</script>', 'Pulcini', 'Campo <b>2</b>', 'amichevole', false)`,
      [dayjs(todayIn('Europe/Rome')).add(2, 'day').format('YYYY-MM-DD')],
    );
    const page = await newPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // No script of the page may load: what shows is the server's HTML alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await expectCount(page.getByTestId('match-card'), 2);
    // The client's cleaning on read (no < > " ' ; `) applied by the server too: the same text both ways.
    await page.getByText('scriptalert(1)/script', { exact: true }).waitFor();
    await page.getByText('Campo: Campo b2/b').waitFor();
    await eventually(() => page.getByRole('link', { name: 'Login' }).getAttribute('href'), (v) => expect(v).toBe('/login'));
    // The server draws what React draws, same places and sizes (the cards' places depend on the filter
    // fields' height, only their sizes are compared).
    const look = () =>
      publicPageLook(page, {
        title: 'h1',
        login: 'a[href="/login"]',
        calendar: 'button[aria-haspopup="dialog"]',
        panelTitle: 'section[aria-label="Filtri"] h2',
      });
    const serverLook = await look();
    await page.unroute('**/assets/*.js');
    // With the scripts, on this wide screen React takes over at once (the filter fields appear) with the
    // same list, and no alert ran.
    await page.reload();
    await page.getByTestId('filter-fields').waitFor();
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await page.getByText('scriptalert(1)/script', { exact: true }).waitFor();
    await expectCount(page.locator('#public-page'), 0);
    expect(await look()).toEqual(serverLook);
    expect(dialogs).toEqual([]);
    await t.db.pool.query(`DELETE FROM public.partite WHERE squadratrasferta = '<script>alert(1)</script>'`);
    await page.close();
  });

  it('an uncaught error of the public page reaches the error log, the reporter loading with it', async () => {
    const page = await newPage(browser);
    const scripts = recordScripts(page);
    await page.goto(`${t.url}/`);
    await page.getByTestId('match-card').first().waitFor();
    // React has taken over (on this wide screen at once): the page's start-up downloads are done.
    await page.getByTestId('filter-fields').waitFor();
    const reporterChunk = (JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>)['src/api/errorReporter.ts']?.file;
    if (reporterChunk) expect(scripts).not.toContain(reporterChunk);
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/error-logs') && r.request().method() === 'POST');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Errore di prova nella pagina pubblica');
      });
    });
    const response = await reported;
    expect(response.status()).toBe(201);
    expect(response.request().postData()).toContain('Errore di prova nella pagina pubblica');
    const { rows } = await t.db.pool.query(`SELECT 1 FROM public.error_logs WHERE error_message LIKE '%Errore di prova nella pagina pubblica%'`);
    expect(rows.length).toBeGreaterThan(0);
    await page.close();
  });

  it('the signed-in dashboard keeps the same filter panel, filtering its loaded list by date and surface', async () => {
    const reader = await createUser(t.db.pool, 'reader');
    const page = await newPage(browser);
    await signIn(page, t.url, reader.email, reader.password);
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Prossime Partite (1)' }).waitFor();
    // Folded into one bar on the signed-in dashboard (docs/planning.md): 'Filtri' opens the same panel.
    await page.getByTestId('filters-toggle').click();
    await page.getByLabel('Terreno').selectOption('sintetico');
    await page.getByText('Nessuna partita corrisponde ai filtri selezionati').waitFor();
    await eventually(() => page.getByRole('button', { name: 'Reset Filtri' }).isEnabled(), (v) => expect(v).toBe(true));
    await screenshot(page, 'bundle-dashboard-empty');
    await page.getByLabel('Terreno').selectOption('erba');
    await page.getByRole('heading', { name: 'Prossime Partite (1)' }).waitFor();
    // The Italian picker of the match form, loaded when the field is first touched (gg/mm/aaaa).
    const tomorrow = dayjs(todayIn('Europe/Rome')).add(1, 'day');
    await page.getByTestId('date-filter-placeholder').click();
    const dateGroup = page.getByRole('group', { name: 'Data' });
    await dateGroup.locator('[role="spinbutton"]').first().waitFor();
    await page.keyboard.type(tomorrow.format('DDMMYYYY'), { delay: 30 });
    await eventually(() => dateGroup.textContent(), (v) => expect(v).toContain(tomorrow.format('DD/MM/YYYY')));
    await page.getByTestId('active-filters').getByText('2 filtri attivi').waitFor();
    await expectCount(page.getByTestId('match-card'), 1);
    await screenshot(page, 'bundle-dashboard-signed-in');
    await page.close();
  });
});
