import dayjs from 'dayjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { todayIn } from '../common/core/dates';
import { createUser } from '../test/users';
import { CLIENT_DIR, launchBrowser, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

/** docs/public-page.md (offline): the service worker keeps the shell and the last public list, and nothing signed in. */
let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  const tomorrow = dayjs(todayIn('Europe/Rome')).add(1, 'day').format('YYYY-MM-DD');
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match)
     VALUES ($1, '15:00', '17:00', 'Garibaldina Pulcini', 'Lupi Nord', 'Pulcini', 'Stadio Garibaldi', 'erba', 'campionato', true),
            ($1, '10:00', NULL, 'Aquile', 'Garibaldina Pulcini', 'Pulcini', 'Campo Aquile', 'sintetico', 'torneo', false)`,
    [tomorrow],
  );
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function phoneContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  context.setDefaultTimeout(15000);
  return context;
}

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL in the service worker's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
    }
    return urls;
  });

describe('offline public page (service worker)', () => {
  it('after a first visit, opens with no network showing the last list and the offline notice', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await controlled(page);
    // The first list came before the worker took over: a second visit goes through it.
    await page.reload();
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await expectCount(page.getByTestId('offline-notice'), 0);
    // A returning visitor gets the server's page too (with the list: no API call on a phone), kept by the
    // worker with the shell.
    await expectCount(page.locator('#public-page'), 1);
    await eventually(
      () => cachedUrls(page),
      (urls) => {
        expect(urls).toContain('/');
        expect(urls.some((u) => u.startsWith('/index.html'))).toBe(true);
      },
    );

    // Offline: the kept page, which React takes over at once to say how old it is.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    await expectCount(page.getByTestId('match-card'), 2);
    await eventually(() => notice.innerText(), (v) => expect(v).toMatch(/^Non in linea - dati aggiornati alle \d{2}:\d{2}$/));
    await screenshot(page, 'offline-public');

    // Another page of the app opens from the cached shell too (a deep link while offline).
    await page.goto(`${t.url}/qualsiasi/percorso`);
    await page.getByRole('heading', { name: 'Dashboard Partite Garibaldina' }).waitFor();
    await context.close();
  });

  it('after one single visit, the next one opens with no network (the page is kept when the worker takes over)', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await controlled(page);
    // No second visit: the page of / reaches the worker's cache on its own.
    await page.waitForFunction(async () => (await caches.open('pagina-pubblica').then((c) => c.match('/'))) !== undefined);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await page.getByTestId('offline-notice').waitFor();
    await expectCount(page.getByTestId('match-card'), 2);
    await context.close();
  });

  it('never stores a signed-in answer, a token or a call of /auth/v1 and /rest/v1', async () => {
    const reader = await createUser(t.db.pool, 'reader');
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await controlled(page);
    const seen: string[] = [];
    page.on('request', (r) => seen.push(new URL(r.url()).pathname));
    await signIn(page, t.url, reader.email, reader.password);
    await page.getByRole('heading', { name: 'Dashboard Partite', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Prossime Partite (2)' }).waitFor();
    await page.goto(`${t.url}/estrazione`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('tab', { name: 'Tabella' }).waitFor();
    // The signed-in calls went through the worker's page...
    expect(seen.some((p) => p.startsWith('/auth/v1/'))).toBe(true);
    expect(seen.some((p) => p.startsWith('/rest/v1/') || (p.startsWith('/api/') && p !== '/api/partite/public'))).toBe(true);
    // ...and none is in its caches: only the public list, the shell and static files.
    const urls = await cachedUrls(page);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url).not.toMatch(/^\/(auth|rest)\//);
      if (url.startsWith('/api/')) expect(url).toMatch(/^\/api\/partite\/public(\?|$)/);
    }
    const tokenInCache = await page.evaluate(async (token) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (request.headers.get('authorization')) return true;
          const body = await (await cache.match(request))?.text();
          if (token && body?.includes(token)) return true;
        }
      }
      return false;
    }, await page.evaluate(() => Object.values(localStorage).join('|')));
    expect(tokenInCache).toBe(false);
    await context.close();
  });
});
