import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { CLIENT_DIR, launchBrowser, newPage } from './browser';

describe('served app in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('opens the app on an unknown path (history fallback) and shows its title', async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${t.url}/qualsiasi/percorso`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Calendario Partite Garibaldina');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  });
});
