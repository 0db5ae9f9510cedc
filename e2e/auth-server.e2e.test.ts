import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, TEST_PASSWORD } from '../test/users';
import { linkIn } from '../test/smtp';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';

// The auth server as the real SPA in Chromium uses it: sign-in, lock-out, recovery link from a mail.
describe('auth server with the SPA in Chromium', () => {
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

  it('signs in through the login screen', async () => {
    const u = await createUser(t.db.pool, 'editor');
    const page = await newPage(browser);
    await signIn(page, t.url, u.email, TEST_PASSWORD);
    await screenshot(page, 'auth-server-signed-in');
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1', [u.id]);
    expect(rows[0].n).toBe(2); // createUser's own session plus the browser's
  });

  it('shows the lock-out after 5 wrong passwords', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const page = await newPage(browser);
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(u.email);
    for (let i = 1; i <= 6; i++) {
      await page.getByLabel('Password', { exact: true }).fill(`Sbagliata${i}!`);
      await page.getByRole('button', { name: 'Accedi' }).click();
      if (i < 6) await page.getByText('Email o password non corretti').first().waitFor();
    }
    await page.getByText('Account temporaneamente bloccato per troppi tentativi falliti.').first().waitFor();
    await screenshot(page, 'auth-server-locked');
  });

  it('a recovery link from the mail opens the reset page; the new password works', async () => {
    const u = await createUser(t.db.pool, 'reader');
    const before = t.smtp.mails.length;
    const res = await fetch(`${t.url}/api/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: u.email }) });
    expect(res.status).toBe(200);
    const link = linkIn(await t.smtp.waitFor(u.email, 10000, before));
    const page = await newPage(browser);
    await page.goto(link);
    await page.waitForURL(/\/reset-password/);
    await page.getByLabel('Nuova password', { exact: true }).fill('Rinnovata7!');
    await page.getByLabel('Conferma password', { exact: true }).fill('Rinnovata7!');
    await screenshot(page, 'auth-server-reset');
    await page.getByRole('button', { name: 'Aggiorna Password' }).click();
    await page.waitForURL(`${t.url}/login`, { timeout: 15000 });
    await page.getByText('Password aggiornata con successo. Accedi con la nuova password.').first().waitFor();
    await screenshot(page, 'auth-server-reset-done');
    const again = await newPage(browser);
    await signIn(again, t.url, u.email, 'Rinnovata7!');
  });
});
