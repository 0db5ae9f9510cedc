import type { Browser, Page } from 'playwright-core';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually } from './expect';

// docs/calendar.md in Chromium: 'Aggiungi al calendario' opens the subscription dialog (downloaded only
// then), shows the QR code of the feed, and its copy button puts the link on the clipboard.
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let pulcini: number;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  const { rows } = await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini 2016') RETURNING id`);
  pulcini = rows[0].id;
  await t.db.pool.query(
    `INSERT INTO public.gruppi_referenti (gruppo_id, position, nome, cognome) VALUES ($1, 0, 'Paolo', 'Conti')`,
    [pulcini],
  );
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, is_house_match)
     VALUES ('2099-05-10', '15:00', '16:30', 'Garibaldina Pulcini', 'Aquile', 'Pulcini 2016', 'Campo Garibaldi', 'campionato', true)`,
  );
}, 60000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A page whose context may read and write the clipboard (as after the person allowed it). */
async function clipboardPage(): Promise<Page> {
  const page = await newPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  return page;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The dialog is open with a loaded QR code image of `https`; returns the dialog. */
async function expectDialog(page: Page, title: string, https: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const qr = dialog.getByRole('img', { name: 'Codice QR del link del calendario' });
  await qr.waitFor();
  await eventually(() => qr.getAttribute('data-qr-text'), (v) => expect(v).toBe(https));
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
  await eventually(() => dialog.getByTestId('calendar-https').inputValue(), (v) => expect(v).toBe(https));
  await eventually(() => dialog.getByTestId('calendar-webcal').inputValue(), (v) => expect(v).toBe(https.replace(/^http:\/\//, 'webcal://')));
  for (const app of ['Google Calendar', 'Apple Calendar', 'Outlook']) expect(await dialog.getByText(app).count()).toBeGreaterThan(0);
  return dialog;
}

describe('Aggiungi al calendario in Chromium', () => {
  it('from the public page: the dialog loads on click, shows the QR code, and copy puts the webcal link on the clipboard', async () => {
    const page = await clipboardPage();
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/')) chunks.push(r.url());
    });
    await page.goto(`${t.url}/`);
    await page.getByText('Garibaldina Pulcini').first().waitFor();
    // The dialog's code (and the QR library) is not part of the page until the click.
    expect(chunks.some((u) => u.includes('CalendarDialog'))).toBe(false);
    await page.getByRole('button', { name: 'Aggiungi al calendario' }).click();
    const https = `${t.url}/api/calendar.ics`;
    const dialog = await expectDialog(page, 'Aggiungi al calendario: Tutte le categorie', https);
    expect(chunks.some((u) => u.includes('CalendarDialog'))).toBe(true);

    await dialog.getByRole('button', { name: 'Copia link: Link di iscrizione (webcal)' }).click();
    await page.getByText('Link copiato negli appunti').waitFor();
    expect(await clipboard(page)).toBe(https.replace(/^http:\/\//, 'webcal://'));
    await screenshot(page, 'calendar-dialog-public');

    // The link is the live feed: the browser downloads it and it has the match.
    const feed = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), body: await res.text() };
    }, https);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual(['Garibaldina Pulcini - Aquile (Pulcini 2016)']);

    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it("from a category's expanded row: the category's feed, home matches only on request, https link copied", async () => {
    const page = await clipboardPage();
    await signIn(page, t.url, editor.email, editor.password);
    await page.goto(`${t.url}/gruppi`);
    await page.getByRole('button', { name: 'Mostra i referenti di Pulcini 2016' }).click();
    // The button is pressed once its row has finished opening (MUI Collapse's entered state), as a person
    // does: on a loaded CI machine a press during the slide once opened nothing.
    await page.locator('.MuiCollapse-entered').getByRole('button', { name: 'Aggiungi al calendario' }).click();
    const https = `${t.url}/api/calendar/${pulcini}.ics`;
    const dialog = await expectDialog(page, 'Aggiungi al calendario: Pulcini 2016', https);
    await dialog.getByLabel('Solo partite in casa').check();
    await expectDialog(page, 'Aggiungi al calendario: Pulcini 2016', `${https}?casa=1`);
    await dialog.getByRole('button', { name: 'Copia link: Link diretto (https)' }).click();
    await page.getByText('Link copiato negli appunti').waitFor();
    expect(await clipboard(page)).toBe(`${https}?casa=1`);
    await screenshot(page, 'calendar-dialog-groups');
    await page.context().close();
  });
});
