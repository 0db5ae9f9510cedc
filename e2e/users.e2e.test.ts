import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { linkIn } from '../test/smtp';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { goThroughNav, navBar, openNavMenu } from './nav';
import { MSG } from '../common/core/messages';
import { ROLE_LABEL } from '../common/users/roles';
import { eventually, expectCount } from './expect';

// The whole life of an account, in a real browser, through the real server, database and SMTP server:
// invitation by mail, first password, sign-in as reader, promotion to editor, the audit log, deletion.
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let admin: TestUser;
const NEW_EMAIL = 'mister.under12@example.it';
const NEW_PASSWORD = 'Campo2026!x';

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  admin = await createUser(t.db.pool, 'admin', 'segreteria@example.it');
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The access token the page's supabase client keeps in localStorage. */
async function storedSession(page: Page): Promise<{ key: string; value: Record<string, unknown> } | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (/^sb-.*-auth-token$/.test(key)) return { key, value: JSON.parse(localStorage.getItem(key)!) };
    }
    return null;
  });
}

/** Makes the stored access token look expired, so that the client refreshes it on the next load (as after an hour). */
async function expireStoredToken(page: Page): Promise<void> {
  const s = await storedSession(page);
  if (!s) throw new Error('nessuna sessione salvata');
  await page.evaluate(({ key, value }) => {
    localStorage.setItem(key, JSON.stringify({ ...value, expires_at: Math.floor(Date.now() / 1000) - 10 }));
  }, s);
}

/** The navigation bar's links (screens may repeat some of them as buttons). */
const nav = navBar;

async function apiStatus(page: Page, url: string): Promise<number> {
  const s = await storedSession(page);
  const token = (s?.value as { access_token?: string } | undefined)?.access_token ?? '';
  return page.evaluate(
    async ({ url, token }) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status,
    { url, token },
  );
}

describe('user management in the browser', () => {
  let adminPage: Page;
  let person: Page;
  let invitationLink = '';

  it('an admin invites a new reader from Gestione Utenti', async () => {
    adminPage = await newPage(browser);
    await signIn(adminPage, t.url, admin.email, admin.password);
    await goThroughNav(adminPage, 'Amministrazione', 'Gestione Utenti');
    await adminPage.getByRole('heading', { name: MSG.users.title }).waitFor();
    // The admin's own row: marked, and its role cannot be changed.
    await adminPage.getByText(MSG.users.currentAccount).waitFor();
    await adminPage.getByText(MSG.users.you, { exact: true }).waitFor();
    await eventually(() => adminPage.getByRole('combobox', { name: MSG.users.roleOf(admin.email) }).getAttribute('aria-disabled'), (v) => expect(v).toBe('true'));
    await screenshot(adminPage, 'users-list');

    await adminPage.getByRole('button', { name: MSG.users.invite }).click();
    const dialog = adminPage.getByRole('dialog', { name: MSG.users.inviteTitle });
    await dialog.getByRole('button', { name: MSG.users.sendInvite }).click();
    await dialog.getByText(MSG.users.emailRequired).waitFor();
    await dialog.getByLabel(MSG.users.email).fill('non-valida@');
    await dialog.getByRole('button', { name: MSG.users.sendInvite }).click();
    await dialog.getByText(MSG.users.emailInvalid).waitFor();
    await dialog.getByLabel(MSG.users.email).fill(NEW_EMAIL);
    // Role defaults to reader.
    await dialog.getByText('Lettore', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: MSG.users.sendInvite }).click();
    await dialog.getByText(MSG.users.invited(NEW_EMAIL)).waitFor();
    await screenshot(adminPage, 'users-invite-sent');
    // The modal closes by itself about 2 s after success.
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    await adminPage.getByRole('combobox', { name: MSG.users.roleOf(NEW_EMAIL) }).waitFor();
  });

  it("'Reinvia invito': the user is 'Invito in attesa', a new link is mailed and the old one says it is expired or used", async () => {
    const firstLink = linkIn(await t.smtp.waitFor(NEW_EMAIL));
    await adminPage.getByText(MSG.users.invitationPending).waitFor();
    const before = t.smtp.mails.length;
    await adminPage.getByRole('button', { name: MSG.users.reinviteUser(NEW_EMAIL) }).click();
    await adminPage.getByText(MSG.users.reinvited(NEW_EMAIL)).waitFor();
    const secondLink = linkIn(await t.smtp.waitFor(NEW_EMAIL, 10_000, before));
    expect(secondLink).not.toBe(firstLink);
    await screenshot(adminPage, 'users-reinvite');

    const stale = await newPage(browser);
    await stale.goto(firstLink);
    await stale.waitForURL(/\/reset-password/);
    await stale.getByText(MSG.invite.expiredLink).waitFor();
    await screenshot(stale, 'users-invite-expired');
    await stale.close();
    invitationLink = secondLink;
  });

  it("the new link: 'Scegli la tua password', and choosing it signs the person in as reader, on the dashboard", async () => {
    expect(invitationLink.startsWith(`${t.url}/auth/v1/verify?`)).toBe(true);

    person = await newPage(browser);
    await person.goto(invitationLink);
    await person.waitForURL(/\/reset-password/);
    await person.getByRole('heading', { name: MSG.invite.title }).waitFor();
    await person.getByLabel('Nuova password', { exact: true }).fill(NEW_PASSWORD);
    await person.getByLabel('Conferma password', { exact: true }).fill(NEW_PASSWORD);
    await person.getByRole('button', { name: MSG.invite.submit }).click();
    await person.waitForURL(`${t.url}/`, { timeout: 10_000 });
    await nav(person).getByRole('link', { name: 'Estrazione' }).waitFor();
    // A reader: three links and the Partite menu (trainings only), no admin group.
    await eventually(() => nav(person).getByRole('link').allTextContents(), (v) => expect(v).toEqual(['Dashboard', 'Estrazione', 'Giocatori']));
    await eventually(() => nav(person).getByRole('button').allTextContents(), (v) => expect(v).toEqual(['Partite']));
  });

  it('the admin promotes them to editor, after a confirmation naming them; after their session refreshes they see the editor links', async () => {
    const roleInDb = async () => (await t.db.pool.query('SELECT role FROM public.users WHERE email = $1', [NEW_EMAIL])).rows[0].role;
    const select = adminPage.getByRole('combobox', { name: MSG.users.roleOf(NEW_EMAIL) });
    // The choice asks first; 'Annulla' leaves the role as it was.
    await select.click();
    await adminPage.getByRole('option', { name: ROLE_LABEL.editor }).click();
    const confirm = adminPage.getByRole('dialog', { name: `Cambiare il ruolo di ${NEW_EMAIL} da ${ROLE_LABEL.reader} a ${ROLE_LABEL.editor}?` });
    await confirm.waitFor();
    await eventually(() => confirm.getByRole('button').allInnerTexts(), (v) => expect(v.map((s) => s.toLocaleLowerCase('it'))).toEqual(['annulla', `cambia in ${ROLE_LABEL.editor.toLocaleLowerCase('it')}`]));
    // The dialog's opening transition done, so the picture shows it whole.
    await confirm.evaluate((el) => Promise.all(el.closest('.MuiDialog-root')!.getAnimations({ subtree: true }).map((a) => a.finished)));
    await screenshot(adminPage, 'users-role-confirm');
    await confirm.getByRole('button', { name: 'Annulla', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await eventually(() => select.innerText(), (v) => expect(v).toBe(ROLE_LABEL.reader));
    expect(await roleInDb()).toBe('reader');
    await expectCount(adminPage.getByText(MSG.users.roleUpdated('editor')), 0);

    await select.click();
    await adminPage.getByRole('option', { name: ROLE_LABEL.editor }).click();
    await confirm.getByRole('button', { name: `Cambia in ${ROLE_LABEL.editor}` }).click();
    await adminPage.getByText(MSG.users.roleUpdated('editor')).waitFor();
    expect(await roleInDb()).toBe('editor');
    await screenshot(adminPage, 'users-role-changed');

    // The server already treats them as editor, whatever their token says.
    expect(await apiStatus(person, '/api/gruppi')).toBe(200);
    // Their token gets the new role at its next refresh.
    await expireStoredToken(person);
    await person.reload();
    await nav(person).getByRole('link', { name: 'Categorie' }).waitFor();
    const matches = await openNavMenu(person, 'Partite');
    await matches.getByRole('menuitem', { name: 'Aggiungi Partita' }).waitFor();
    await person.keyboard.press('Escape');
    await expectCount(nav(person).getByRole('button', { name: 'Amministrazione' }), 0);
  });

  it('the audit screen shows the invitation and the role change, with the admin as performer', async () => {
    await adminPage.getByRole('link', { name: MSG.users.auditLink }).click();
    await adminPage.getByRole('heading', { name: MSG.users.auditTitle }).waitFor();
    const table = adminPage.getByRole('table', { name: MSG.users.auditTitle });
    const roleRow = table.getByRole('row').filter({ hasText: MSG.users.actionLabel.ROLE_CHANGE });
    await roleRow.first().waitFor();
    await expectCount(roleRow, 1);
    await eventually(
      () => roleRow.innerText(),
      (roleText) => {
        expect(roleText).toContain(NEW_EMAIL);
        expect(roleText).toContain(admin.email);
        expect(roleText).toContain('Ruolo: Lettore → Editor');
      },
    );
    const createRow = table.getByRole('row').filter({ hasText: MSG.users.actionLabel.CREATE });
    await expectCount(createRow, 1);
    await eventually(() => createRow.innerText(), (v) => expect(v).toContain(admin.email));
    await adminPage.getByText(MSG.users.auditTotal(2, 1, 1)).waitFor();

    // Filtering by action type narrows the list (after the debounce).
    await adminPage.getByLabel(MSG.users.actionType).click();
    await adminPage.getByRole('option', { name: MSG.users.actionLabel.CREATE }).click();
    await adminPage.getByText(MSG.users.auditTotal(1, 1, 1)).waitFor();
    await expectCount(table.getByRole('row').filter({ hasText: MSG.users.actionLabel.ROLE_CHANGE }), 0);
    await screenshot(adminPage, 'users-audit');
  });

  it('five wrong passwords lock their sign-in from that address; the admin sees it and lifts it with one click', async () => {
    const attempt = (password: string) =>
      person.evaluate(
        async ({ email, password }) =>
          (await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
        { email: NEW_EMAIL, password },
      );
    const failures: number[] = [];
    for (let i = 0; i < 5; i++) failures.push(await attempt('Sbagliata1!'));
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    expect(await attempt(NEW_PASSWORD)).toBe(429);

    await adminPage.getByRole('link', { name: MSG.users.backToUsers }).click();
    await adminPage.getByRole('heading', { name: MSG.users.title }).waitFor();
    await adminPage.reload();
    const row = adminPage.getByRole('row').filter({ hasText: NEW_EMAIL });
    await row.getByText(/^Bloccato fino alle \d\d:\d\d$/).waitFor();
    await screenshot(adminPage, 'users-locked');
    await row.getByRole('button', { name: MSG.users.unlockUser(NEW_EMAIL) }).click();
    await adminPage.getByText(MSG.users.unlocked(NEW_EMAIL)).waitFor();
    await row.getByText(/^Bloccato fino alle/).waitFor({ state: 'detached' });
    await expectCount(row.getByRole('button', { name: MSG.users.unlockUser(NEW_EMAIL) }), 0);
    expect(await attempt(NEW_PASSWORD)).toBe(200);
  });

  it("the admin deletes them and their session stops working", async () => {
    await adminPage.getByRole('button', { name: MSG.users.deleteUser(NEW_EMAIL) }).click();
    const confirm = adminPage.getByRole('dialog', { name: MSG.users.deleteTitle });
    await confirm.getByText(MSG.users.confirmDelete(NEW_EMAIL)).waitFor();
    await confirm.getByRole('button', { name: MSG.users.delete }).click();
    await adminPage.getByText(MSG.users.deleted(NEW_EMAIL)).waitFor();
    await adminPage.getByRole('combobox', { name: MSG.users.roleOf(NEW_EMAIL) }).waitFor({ state: 'detached' });

    expect(await apiStatus(person, '/api/gruppi')).toBe(401);
    // Their next refresh fails too: they are signed out, and a protected page sends them to the login.
    await expireStoredToken(person);
    await person.reload();
    await person.getByRole('button', { name: 'Logout' }).waitFor({ state: 'detached' });
    await person.waitForFunction(() => !Object.keys(localStorage).some((k) => /^sb-.*-auth-token$/.test(k)));
    await person.goto(`${t.url}/gruppi`);
    await person.waitForURL(`${t.url}/login`);
  });
});
