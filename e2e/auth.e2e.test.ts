import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, TEST_PASSWORD } from '../test/users';
import { linkIn } from '../test/smtp';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { goThroughNav, navBar, openNavMenu } from './nav';
import { eventually, expectCount } from './expect';

jest.setTimeout(90_000);

describe('authentication in the browser', () => {
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
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((p) => p.context().close()));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function tryLogin(page: Page, email: string, password: string) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Accedi' }).click();
  }

  it('opens /login with its form as the first picture: no spinner ever shows before it', async () => {
    const page = await open();
    // Watches the page from its first byte: any progress indicator drawn, however briefly, is noted.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { spinnersSeen: string[] }).spinnersSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) seen.push(document.querySelector('[role="progressbar"]')!.outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { spinnersSeen: string[] }).spinnersSeen)).toEqual([]);
  });

  it('signs an admin in and shows the admin navigation, profile bubble and logout', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const page = await open();
    // Every request that carries the password, in its body or its address.
    const carrying: string[] = [];
    page.on('request', (r) => {
      if ((r.postData() ?? '').includes(admin.password) || decodeURIComponent(r.url()).includes(admin.password)) carrying.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await signIn(page, t.url, admin.email, admin.password);
    await page.getByText('Login effettuato!').waitFor();
    // The password crossed the wire once (docs/auth.md, sign-in): the token call, which started the one session.
    expect(carrying).toEqual(['POST /auth/v1/token']);
    // (Beside the session createUser made for API calls.)
    const sessions = await t.db.pool.query('SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1 AND id <> $2', [admin.id, admin.sessionId]);
    expect(sessions.rows[0].n).toBe(1);
    const nav = navBar(page);
    for (const link of ['Dashboard', 'Estrazione', 'Giocatori', 'Categorie']) {
      await nav.getByRole('link', { name: link, exact: true }).waitFor();
    }
    // The match screens and the admin screens are grouped behind a menu each: one line of bar.
    const barBox = await page.getByRole('banner').boundingBox();
    expect(barBox!.height).toBeLessThanOrEqual(64);
    const groups: Array<[string, string[]]> = [
      ['Partite', ['Aggiungi Partita', 'Importa partite', 'Occupazione campi', 'Allenamenti', 'Dirigenti', 'Convocazioni']],
      ['Amministrazione', ['Gestione Utenti', 'Log Errori', 'Log Attività']],
    ];
    for (const [group, items] of groups) {
      const menu = await openNavMenu(page, group);
      await eventually(() => menu.getByRole('menuitem').allTextContents(), (v) => expect(v).toEqual(items));
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
    await page.getByText(`Ciao, ${admin.email}`).hover();
    await page.getByText(`ID: ${admin.id}`).waitFor();
    await page.getByText('Ruolo: Amministratore').waitFor();
    await screenshot(page, 'auth-admin-nav');
    // Clicking the bubble opens the account menu; its first item is the id, copied when clicked.
    await page.getByText(`Ciao, ${admin.email}`).click();
    await page.getByRole('menu').getByRole('menuitem', { name: `ID: ${admin.id}` }).click();
    await page.getByText('ID copiato nella clipboard').waitFor();

    await goThroughNav(page, 'Amministrazione', 'Log Errori');
    await page.waitForURL(`${t.url}/error-logs`);
    await page.getByRole('heading', { name: 'Log Errori' }).waitFor();
    // The group of the current screen is marked, and the screen's item in it.
    await eventually(() => nav.getByRole('button', { name: 'Amministrazione' }).getAttribute('class'), (v) => expect(v).toContain('active'));
    await eventually(() => nav.getByRole('button', { name: 'Partite' }).getAttribute('class'), (v) => expect(v).not.toContain('active'));
    const adminMenu = await openNavMenu(page, 'Amministrazione');
    await eventually(() => adminMenu.getByRole('menuitem', { name: 'Log Errori' }).getAttribute('aria-current'), (v) => expect(v).toBe('page'));
    // Keyboard: arrow down to the next item, Enter opens it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.url}/activity-logs`);
    await page.getByRole('heading', { name: 'Log Attività' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${t.url}/login`);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);
    await page.goto(`${t.url}/gestione-utenti`);
    await page.waitForURL(`${t.url}/login`);
  });

  it('shows the wrong-password message', async () => {
    const reader = await createUser(t.db.pool, 'reader');
    const page = await open();
    await page.goto(`${t.url}/login`);
    await tryLogin(page, reader.email, 'Sbagliata1!');
    await page.getByText('Email o password non corretti').waitFor();
    expect(page.url()).toBe(`${t.url}/login`);
  });

  it('locks the form with a countdown after six wrong attempts', async () => {
    const editor = await createUser(t.db.pool, 'editor');
    const page = await open();
    await page.goto(`${t.url}/login`);
    for (let i = 0; i < 6; i++) {
      await tryLogin(page, editor.email, `Sbagliata${i}!`);
      await page.locator('[role="alert"]').first().waitFor();
      if (await page.getByText('Protezione anti-attacco attiva').isVisible()) break;
    }
    await page.getByText('Protezione anti-attacco attiva').waitFor();
    await page.getByText('Attendere prima di riprovare...').waitFor();
    const countdown = await page.getByTestId('lock-countdown').textContent();
    expect(countdown).toMatch(/^Riprova tra 1[45]:\d\d$/);
    await eventually(() => page.getByRole('button', { name: 'Accedi' }).isDisabled(), (v) => expect(v).toBe(true));
    await screenshot(page, 'auth-login-locked');
  });

  it('resets a forgotten password through the mailed link; the old password stops working and the link is single use', async () => {
    const reader = await createUser(t.db.pool, 'reader');
    const page = await open();
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(reader.email);
    await page.getByRole('button', { name: 'Password dimenticata?' }).click();
    await eventually(() => page.locator('#reset-email').inputValue(), (v) => expect(v).toBe(reader.email));
    // Clicked at once, while the form may still be sliding open: the button neither moves nor is
    // replaced meanwhile (only its lower part is hidden until the slide ends), so the click counts.
    await page.getByRole('button', { name: 'Invia Reset' }).click();
    await page.getByText("Se l'indirizzo è registrato").waitFor();

    const mail = await t.smtp.waitFor(reader.email);
    const link = linkIn(mail);
    await page.goto(link);
    await page.waitForURL(/\/reset-password/);
    const field = page.getByLabel('Nuova password', { exact: true });
    await field.waitFor();
    expect(page.url()).toBe(`${t.url}/reset-password`);
    await expectCount(page.getByRole('navigation'), 0);
    const newPassword = 'NuovaPass9!';
    await field.fill(newPassword);
    await page.getByLabel('Conferma password', { exact: true }).fill(newPassword);
    await page.getByText('Sicurezza password: Forte').waitFor();
    await screenshot(page, 'auth-reset-valid');
    await page.getByRole('button', { name: 'Aggiorna Password' }).click();
    await page.getByText('Password aggiornata con successo. Accedi con la nuova password.').waitFor();
    await page.waitForURL(`${t.url}/login`, { timeout: 10_000 });
    await page.getByText('Password aggiornata con successo. Accedi con la nuova password.').waitFor();

    // The old password no longer works, the new one does.
    await tryLogin(page, reader.email, TEST_PASSWORD);
    await page.getByText('Email o password non corretti').waitFor();
    await tryLogin(page, reader.email, newPassword);
    await page.waitForURL(`${t.url}/`);
    await page.getByText(`Ciao, ${reader.email}`).waitFor();

    // The same link again: the invalid-link state.
    const other = await open();
    await other.goto(link);
    await other.getByText('Il link di reset è scaduto. Richiedi un nuovo link.').waitFor();
    await other.getByRole('button', { name: 'Torna al Login' }).waitFor();
    await expectCount(other.getByLabel('Nuova password', { exact: true }), 0);
    await screenshot(other, 'auth-reset-invalid');
  });

  it('sends a reader away from admin screens', async () => {
    const reader = await createUser(t.db.pool, 'reader');
    const page = await open();
    await signIn(page, t.url, reader.email, reader.password);
    const nav = navBar(page);
    await nav.getByRole('link', { name: 'Estrazione' }).waitFor();
    await eventually(() => nav.getByRole('link').allTextContents(), (v) => expect(v).toEqual(['Dashboard', 'Estrazione', 'Giocatori']));
    // One menu, Partite, with the trainings only; no Amministrazione.
    await eventually(() => nav.getByRole('button').allTextContents(), (v) => expect(v).toEqual(['Partite']));
    await page.goto(`${t.url}/gestione-utenti`);
    await page.waitForURL(`${t.url}/`);
    await page.goto(`${t.url}/login`);
    await page.waitForURL(`${t.url}/`);
  });

  it('signed out: /gruppi goes to /login, /estrazione asks to sign in, unknown paths show the home page', async () => {
    const page = await open();
    await page.goto(`${t.url}/gruppi`);
    await page.waitForURL(`${t.url}/login`);
    await page.getByRole('button', { name: 'Accedi' }).waitFor();
    await expectCount(page.getByRole('navigation'), 0);

    await page.goto(`${t.url}/estrazione`);
    await page.getByText('Accesso richiesto').waitFor();
    await screenshot(page, 'auth-login-required');
    await page.getByRole('button', { name: 'Vai al Login' }).click();
    await page.waitForURL(`${t.url}/login`);
    await screenshot(page, 'auth-login');

    await page.goto(`${t.url}/non/esiste`);
    await page.getByText('PublicDashboardPage').or(page.getByText('Dashboard Partite Garibaldina')).first().waitFor();
  });
});
