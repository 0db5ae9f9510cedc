import type { Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { MSG } from '../common/core/messages';
import { DASHBOARD_MSG } from '../common/matches/messages';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';

// A fresh install's screens say what to do first (docs/screens.md), with the button that does it.
jest.setTimeout(90_000);

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  admin = await createUser(t.db.pool, 'admin');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a fresh install', () => {
  it('an editor is told to ask an administrator for the first category', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    await page.getByTestId('first-steps').getByText(DASHBOARD_MSG.firstCategoryAskAdmin).waitFor();
    await page.close();
  });

  it('leads an administrator from the empty dashboard to the first category, then to the first match', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, admin.email, admin.password);
    const steps = page.getByTestId('first-steps');
    await steps.getByText(DASHBOARD_MSG.firstCategory).waitFor();
    await screenshot(page, 'first-steps-dashboard');
    // The import says the same, with its way there.
    await page.goto(`${t.url}/importa`);
    await page.getByText(MSG.groups.noCategoriesForMatch).waitFor();
    // So does the add form's category field.
    await page.goto(`${t.url}/aggiungi-partita`);
    await page.getByRole('link', { name: MSG.groups.noCategoriesForMatch }).waitFor();

    await page.goto(`${t.url}/`);
    await steps.getByRole('link', { name: DASHBOARD_MSG.createCategory }).click();
    await page.getByRole('heading', { name: MSG.groups.title }).waitFor();
    await page.getByText(MSG.groups.firstGroup).waitFor();
    await page.getByRole('main').getByRole('button', { name: MSG.groups.create }).last().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome categoria').fill('Pulcini');
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Zeno');
    await dialog.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Rossi');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText(MSG.groups.created).waitFor();

    await page.goto(`${t.url}/`);
    await steps.getByText(DASHBOARD_MSG.firstMatch).waitFor();
    await steps.getByRole('link', { name: MSG.dashboard.addMatch }).click();
    await page.getByRole('heading', { name: MSG.match.addTitle }).waitFor();
    await page.close();
  });
});
