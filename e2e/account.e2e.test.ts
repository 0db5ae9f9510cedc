import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, TEST_PASSWORD, type TestUser } from '../test/users';
import { linkIn } from '../test/smtp';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { MSG } from '../common/core/messages';
import { LOGS_MSG } from '../common/logs/messages';
import { eventually, expectCount } from './expect';

// The account menu of the profile bubble, in a real browser, through the real server, database and
// SMTP server: the id copied, 'Cambia password' (a wrong current password changes nothing; the new
// one is the one that signs in), 'Esci'; and an accepted invitation ending on a filled login form.
jest.setTimeout(120_000);

const C = MSG.changePassword;
const N = MSG.screens.nav;
const NEW_PASSWORD = 'NuovaPass9!';

let t: TestApp;
let browser: Browser;
const pages: Page[] = [];
const open = async () => {
  const page = await newPage(browser);
  pages.push(page);
  return page;
};

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
}, 60_000);
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const passwordHash = async (id: string) => (await t.db.pool.query('SELECT encrypted_password FROM auth.users WHERE id = $1', [id])).rows[0].encrypted_password as string;

/** Opens the account menu from the profile bubble. */
async function openAccountMenu(page: Page, email: string) {
  await page.getByText(N.greeting(email)).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

async function tryLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

describe('the account menu of the profile bubble', () => {
  let editor: TestUser;

  it('the bubble keeps its hover text and opens the menu: the id (copied on click), Cambia password, Esci', async () => {
    editor = await createUser(t.db.pool, 'editor', 'mister.pulcini@example.it');
    const page = await open();
    await signIn(page, t.url, editor.email, editor.password);
    await page.getByText(N.greeting(editor.email)).hover();
    await page.getByRole('tooltip').getByText(N.userId(editor.id)).waitFor();
    const menu = await openAccountMenu(page, editor.email);
    await eventually(() => menu.getByRole('menuitem').allTextContents(), (items) =>
      expect(items.map((i) => i.replace(/\s+/g, ' ').trim())).toEqual([expect.stringContaining(N.userId(editor.id)), N.changePassword, N.signOut]),
    );
    await expectCount(page.getByRole('tooltip'), 0);
    await screenshot(page, 'account-menu');
    await menu.getByRole('menuitem', { name: N.userId(editor.id) }).click();
    await page.getByText(MSG.screens.idCopied).waitFor();
    await menu.waitFor({ state: 'hidden' });
  });

  it('Cambia password: a wrong current password changes nothing; then the new one signs in and the old one no longer does', async () => {
    const page = await open();
    await signIn(page, t.url, editor.email, TEST_PASSWORD);
    const before = await passwordHash(editor.id);

    await (await openAccountMenu(page, editor.email)).getByRole('menuitem', { name: N.changePassword }).click();
    const dialog = page.getByRole('dialog', { name: C.title });
    await dialog.getByLabel(C.current, { exact: true }).fill('Sbagliata1!');
    await dialog.getByLabel('Nuova password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByText('Sicurezza password: Forte').waitFor();
    await dialog.getByLabel('Conferma password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: C.submit }).click();
    await dialog.getByRole('alert').getByText(C.wrongCurrent).waitFor();
    await screenshot(page, 'account-change-password-wrong');
    expect(await passwordHash(editor.id)).toBe(before);

    await dialog.getByLabel(C.current, { exact: true }).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: C.submit }).click();
    await page.getByText(C.changed).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await passwordHash(editor.id)).not.toBe(before);
    // Still signed in here; the account's other sessions (the one createUser opened) are closed.
    await page.getByText(N.greeting(editor.email)).waitFor();
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM auth.sessions WHERE id = $1', [editor.sessionId])).rows[0].n).toBe(0);
    const { rows } = await t.db.pool.query(`SELECT activity_type, context->>'via' AS via FROM public.activity_logs WHERE activity_message = $1`, [
      LOGS_MSG.activity.passwordChanged(editor.email),
    ]);
    expect(rows).toEqual([{ activity_type: 'success', via: 'session' }]);

    // 'Esci' signs out as Logout does.
    await (await openAccountMenu(page, editor.email)).getByRole('menuitem', { name: N.signOut }).click();
    await page.waitForURL(`${t.url}/login`);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);
    await tryLogin(page, editor.email, TEST_PASSWORD);
    await page.getByText('Email o password non corretti').waitFor();
    await tryLogin(page, editor.email, NEW_PASSWORD);
    await page.waitForURL(`${t.url}/`);
    await page.getByText(N.greeting(editor.email)).waitFor();
  });

  it("an accepted invitation: 'Scegli la tua password', and choosing it lands on the dashboard signed in", async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const invited = 'nuovo.referente@example.it';
    const res = await fetch(`${t.url}/api/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: invited }),
    });
    expect(res.status).toBe(201);
    const link = linkIn(await t.smtp.waitFor(invited));

    const page = await open();
    await page.goto(link);
    await page.waitForURL(/\/reset-password/);
    await page.getByLabel('Nuova password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Conferma password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('heading', { name: MSG.invite.title }).waitFor();
    await page.getByRole('button', { name: MSG.invite.submit }).click();
    // Choosing the password signs the person in: the dashboard, no second typing of email and password.
    await page.waitForURL(`${t.url}/`, { timeout: 10_000 });
    await page.getByText(N.greeting(invited)).waitFor();
    await screenshot(page, 'account-invitation-signed-in');
  });
});
