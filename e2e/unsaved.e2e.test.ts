import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';
import { goThroughNav, navBar } from './nav';

// docs/screens.md: a form holding typed input asks 'Ci sono modifiche non salvate. Uscire senza salvare?'
// before the navigation bar, the browser's Back or Esc discard it; an untouched form leaves at once.
const QUESTION = 'Ci sono modifiche non salvate. Uscire senza salvare?';

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  admin = await createUser(t.db.pool, 'admin');
  // Not a fresh install: the categories screen has its list and its 'Nuova categoria' button.
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Allievi')`);
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const question = (page: Page) => page.getByRole('dialog', { name: 'Modifiche non salvate' });

async function openAddMatch(page: Page) {
  await goThroughNav(page, 'Partite', 'Aggiungi Partita');
  await page.waitForURL(`${t.url}/aggiungi-partita`);
  await page.getByRole('heading', { name: 'Aggiungi Partita' }).waitFor();
}

describe('unsaved changes in Chromium', () => {
  it('the add-match form asks before the navigation bar leaves it half-filled; untouched, it leaves at once', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    await page.getByRole('heading', { name: /^Prossime Partite/ }).waitFor();

    // Untouched: the bar leaves without a question.
    await openAddMatch(page);
    await navBar(page).getByRole('link', { name: 'Categorie' }).click();
    await page.waitForURL(`${t.url}/gruppi`);
    await page.getByRole('heading', { name: 'Gestione Categorie' }).waitFor();
    await expectCount(question(page), 0);

    // Half-filled: asked; staying keeps what was typed.
    await openAddMatch(page);
    await page.getByLabel('Squadra ospite').fill('Volpi Sud');
    await page.getByLabel('Campo').fill('Stadio Nord');
    await navBar(page).getByRole('link', { name: 'Categorie' }).click();
    await question(page).getByText(QUESTION).waitFor();
    await screenshot(page, 'unsaved-question');
    await question(page).getByRole('button', { name: 'Continua a modificare' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${t.url}/aggiungi-partita`);
    await eventually(() => page.getByLabel('Squadra ospite').inputValue(), (v) => expect(v).toBe('Volpi Sud'));
    await eventually(() => page.getByLabel('Campo').inputValue(), (v) => expect(v).toBe('Stadio Nord'));

    // Asked again: leaving goes where the bar pointed.
    await navBar(page).getByRole('link', { name: 'Categorie' }).click();
    await question(page).getByRole('button', { name: 'Esci senza salvare' }).click();
    await page.waitForURL(`${t.url}/gruppi`);
    await page.getByRole('heading', { name: 'Gestione Categorie' }).waitFor();
    await expectCount(question(page), 0);
    await page.close();
  });

  it("the browser's Back asks too on a dirty form", async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    await page.getByRole('heading', { name: /^Prossime Partite/ }).waitFor();
    await openAddMatch(page);
    await page.getByLabel('Squadra ospite').fill('Aquile');

    await page.goBack();
    await question(page).getByText(QUESTION).waitFor();
    await question(page).getByRole('button', { name: 'Continua a modificare' }).click();
    await question(page).waitFor({ state: 'detached' });
    await eventually(async () => page.url(), (v) => expect(v).toBe(`${t.url}/aggiungi-partita`));
    await eventually(() => page.getByLabel('Squadra ospite').inputValue(), (v) => expect(v).toBe('Aquile'));

    await page.goBack();
    await question(page).getByRole('button', { name: 'Esci senza salvare' }).click();
    await eventually(async () => page.url(), (v) => expect(v).toBe(`${t.url}/`));
    await page.getByRole('heading', { name: /^Prossime Partite/ }).waitFor();
    await page.close();
  });

  it("'Nuova categoria' asks on Esc once a name is typed; staying keeps the name", async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, admin.email, admin.password);
    await page.goto(`${t.url}/gruppi`);
    await page.getByRole('heading', { name: 'Gestione Categorie' }).waitFor();

    // Untouched, Esc closes it at once.
    await page.getByRole('button', { name: 'Nuova categoria' }).click();
    const form = page.getByRole('dialog', { name: 'Nuova categoria' });
    await form.getByLabel('Nome categoria').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await expectCount(question(page), 0);

    await page.getByRole('button', { name: 'Nuova categoria' }).click();
    await form.getByLabel('Nome categoria').fill('Primi Calci');
    await page.keyboard.press('Escape');
    await question(page).getByText(QUESTION).waitFor();
    // On a phone the form is full screen; the question stays a small dialog over it.
    await page.setViewportSize({ width: 390, height: 844 });
    await eventually(() => question(page).evaluate((el) => getComputedStyle(el.closest('.MuiDialog-root')!).opacity), (v) => expect(v).toBe('1'));
    await screenshot(page, 'unsaved-question-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    await question(page).getByRole('button', { name: 'Continua a modificare' }).click();
    await question(page).waitFor({ state: 'detached' });
    await eventually(() => form.getByLabel('Nome categoria').inputValue(), (v) => expect(v).toBe('Primi Calci'));

    await form.getByRole('button', { name: 'Annulla' }).click();
    await question(page).getByRole('button', { name: 'Esci senza salvare' }).click();
    await form.waitFor({ state: 'detached' });
    await page.close();
  });
});
