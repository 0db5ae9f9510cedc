import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

let t: TestApp;
let browser: Browser;
let admin: TestUser;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  admin = await createUser(t.db.pool, 'admin');
  editor = await createUser(t.db.pool, 'editor');
  // A category with a match: its delete must be refused.
  const { rows } = await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Allievi') RETURNING id`);
  await t.db.pool.query(
    `INSERT INTO public.gruppi_referenti (gruppo_id, position, nome, cognome, telefono) VALUES ($1, 0, 'Paolo', 'Conti', '051234567')`,
    [rows[0].id],
  );
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
     VALUES ('2099-05-10', '15:00', 'Aquile', 'Garibaldina Allievi', 'Allievi', 'Campo delle Aquile', 'campionato')`,
  );
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const rows = (page: Page) => page.getByTestId('group-row');
const counter = (page: Page, label: string) => page.getByTestId(`counter-${label}`);
const referent = (page: Page, n: number) => page.getByRole('group', { name: `Referente ${n}` });

async function openGroups(page: Page, user: TestUser) {
  await signIn(page, t.url, user.email, user.password);
  await page.goto(`${t.url}/gruppi`);
  await page.getByRole('heading', { name: 'Gestione Categorie' }).waitFor();
}

describe('Gestione Categorie in Chromium', () => {
  it('an admin creates, filters, expands, edits and deletes categories', async () => {
    const page = await newPage(browser);
    await openGroups(page, admin);
    await rows(page).first().waitFor();
    await eventually(() => counter(page, 'Categorie totali').innerText(), (v) => expect(v).toBe('1'));

    // Create with two referents; the form first shows the validation messages of docs/groups.md.
    await page.getByRole('button', { name: 'Nuova categoria' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.getByText('Il nome del gruppo è obbligatorio').waitFor();
    await dialog.getByText('Il nome del componente 1 è obbligatorio').waitFor();
    await dialog.getByLabel('Nome categoria').fill('Pulcini 2016');
    await referent(page, 1).getByRole('textbox', { name: 'Nome', exact: true }).fill('Zeno');
    await referent(page, 1).getByRole('textbox', { name: 'Cognome', exact: true }).fill('Rossi');
    await referent(page, 1).getByRole('textbox', { name: 'Telefono', exact: true }).fill('333 123 45');
    await dialog.getByText('Il numero di telefono deve essere di 9 o 10 cifre').waitFor();
    await referent(page, 1).getByRole('textbox', { name: 'Telefono', exact: true }).fill('333 123 4567');
    await dialog.getByRole('button', { name: 'Aggiungi referente' }).click();
    await referent(page, 2).getByRole('textbox', { name: 'Nome', exact: true }).fill('Anna');
    await referent(page, 2).getByRole('textbox', { name: 'Cognome', exact: true }).fill('Bianchi');
    await screenshot(page, 'groups-create-modal');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Categoria creata con successo!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-row"]').length === 2);
    await eventually(() => counter(page, 'Categorie totali').innerText(), (v) => expect(v).toBe('2'));
    await eventually(() => counter(page, 'Referenti totali').innerText(), (v) => expect(v).toBe('3'));

    // Filter by a referent's surname, case-insensitively.
    await page.getByLabel('Filtra per referente').fill('bianc');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-row"]').length === 1);
    await eventually(() => rows(page).first().innerText(), (v) => expect(v).toContain('Pulcini 2016'));
    await eventually(() => counter(page, 'Categorie filtrate').innerText(), (v) => expect(v).toBe('1'));
    await eventually(() => counter(page, 'Categorie totali').innerText(), (v) => expect(v).toBe('2'));

    // Expand: referents by surname then name (Bianchi before Rossi, though entered after).
    await page.getByRole('button', { name: 'Mostra i referenti di Pulcini 2016' }).click();
    await page.getByTestId('referent-row').nth(1).waitFor();
    await page.locator('.MuiCollapse-entered').waitFor();
    const referents = await page.getByTestId('referent-row').allInnerTexts();
    expect(referents.map((r) => r.split('\t').slice(0, 2).join(' '))).toEqual(['Bianchi Anna', 'Rossi Zeno']);
    expect(referents[1]).toContain('333 123 4567');
    await screenshot(page, 'groups-expanded');

    // Edit a phone number.
    await page.getByRole('button', { name: 'Modifica Pulcini 2016' }).click();
    await page.getByRole('heading', { name: 'Modifica categoria' }).waitFor();
    await referent(page, 1).getByRole('textbox', { name: 'Telefono', exact: true }).fill('0512345678');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await page.getByText('Categoria aggiornata con successo!').waitFor();
    await page.getByText('051 234 5678').waitFor();
    const stored = await t.db.pool.query(`SELECT telefono FROM public.gruppi_referenti WHERE cognome = 'Rossi'`);
    expect(stored.rows).toEqual([{ telefono: '0512345678' }]);

    // A category with matches is not deleted: the confirmation says so and keeps 'Elimina' disabled
    // (the server's 409 stays for a match added meanwhile); one without is.
    await page.getByLabel('Filtra per referente').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-row"]').length === 2);
    await page.getByRole('button', { name: 'Elimina Allievi' }).click();
    await page.getByRole('dialog').getByText('non si può eliminare finché non vengono eliminate', { exact: false }).waitFor();
    await eventually(() => page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).isDisabled(), (v) => expect(v).toBe(true));
    await screenshot(page, 'groups-delete-refused');
    await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Elimina Pulcini 2016' }).click();
    await page.getByRole('dialog').getByText('Eliminare la categoria "Pulcini 2016"', { exact: false }).waitFor();
    await page.getByRole('dialog').getByText('Con la categoria vengono eliminati anche:').waitFor();
    await screenshot(page, 'groups-delete-details');
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await page.getByText('Categoria eliminata con successo!').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-row"]').length === 1);
    await eventually(() => rows(page).first().innerText(), (v) => expect(v).toContain('Allievi'));
    const left = await t.db.pool.query('SELECT name FROM public.gruppi ORDER BY name');
    expect(left.rows).toEqual([{ name: 'Allievi' }]);
    await screenshot(page, 'groups-after-delete');
    await page.close();
  });

  it('a load failure shows the full-screen Errore with Riprova, which reloads the list', async () => {
    const page = await newPage(browser);
    await signIn(page, t.url, editor.email, editor.password);
    // A real server failure: the table is missing for a while (the SPA retries twice, then gives up).
    await t.db.pool.query('ALTER TABLE public.gruppi RENAME TO gruppi_assente');
    try {
      await page.goto(`${t.url}/gruppi`);
      await page.getByRole('heading', { name: 'Errore', exact: true }).waitFor({ timeout: 20000 });
      await page.getByText('Errore nel caricamento dei gruppi').waitFor();
      await screenshot(page, 'groups-load-error');
    } finally {
      await t.db.pool.query('ALTER TABLE public.gruppi_assente RENAME TO gruppi');
    }
    await page.getByRole('button', { name: 'Riprova' }).click();
    await page.getByRole('heading', { name: 'Gestione Categorie' }).waitFor({ timeout: 20000 });
    await rows(page).first().waitFor();
    await page.close();
  }, 60000);

  it('an editor edits but sees no create or delete buttons', async () => {
    const page = await newPage(browser);
    await openGroups(page, editor);
    await rows(page).first().waitFor();
    await eventually(() => page.getByRole('button', { name: 'Modifica Allievi' }).isVisible(), (v) => expect(v).toBe(true));
    await expectCount(page.getByRole('button', { name: 'Nuova categoria' }), 0);
    await expectCount(page.getByRole('button', { name: /^Elimina/ }), 0);
    await screenshot(page, 'groups-editor');
    await page.close();
  });

  it('on a 390 px phone the form is full screen and each referent field takes the whole line', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await openGroups(page, admin);
    await page.getByRole('button', { name: 'Nuova categoria' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome categoria').waitFor();
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, width: 390 });
    const name = (await dialog.getByLabel('Nome categoria').boundingBox())!;
    for (const label of ['Nome', 'Cognome', 'Telefono', 'Email']) {
      const box = (await referent(page, 1).getByRole('textbox', { name: label, exact: true }).boundingBox())!;
      // As wide as the category's name, not a few pixels of a crowded row.
      expect([label, Math.round(box.width)]).toEqual([label, Math.round(name.width)]);
    }
    await screenshot(page, 'groups-phone-form');
    await page.close();
  });
});
