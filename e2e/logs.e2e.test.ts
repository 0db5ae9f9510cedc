import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { LOGS_MSG } from '../common/logs/messages';
import { MSG } from '../common/core/messages';
import { eventually, expectCount } from './expect';

// The error log and the activity log in a real browser, through the real server and database:
// failures met in the app reach the error log with their count; the admin filters, reads the
// detail, resolves one and a selection; the activity log shows the sign-in and a match deletion.
jest.setTimeout(180_000);

const S = LOGS_MSG.screen;
let t: TestApp;
let browser: Browser;
let admin: TestUser;
let page: Page;
let matchId: number;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  admin = await createUser(t.db.pool, 'admin', 'segreteria@example.it');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  const { rows } = await t.db.pool.query<{ id: number }>(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
     VALUES ('2026-09-12', '10:30', '12:00', 'Garibaldina', 'Atletico Colle', 'Pulcini', 'Stadio Garibaldi', true, 'campionato') RETURNING id`,
  );
  matchId = rows[0].id;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/**
 * Opens a page whose match read fails with a proxy's 502 page (a fault: our server never answered,
 * so only the browser can tell), and waits until the reporter's POST was answered.
 */
async function meetBrokenProxy(p: Page, id: number) {
  await p.route(`**/api/partite/${id}`, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }));
  const reported = p.waitForResponse((r) => r.url().endsWith('/api/error-logs') && r.request().method() === 'POST');
  await p.goto(`${t.url}/modifica-partita/${id}`);
  await p.getByText(MSG.http.server(502)).waitFor();
  expect((await reported).status()).toBe(201);
  await p.unroute(`**/api/partite/${id}`);
}

const grid = (p: Page) => p.getByRole('grid', { name: 'Log Errori' });
const rowWith = (p: Page, text: string | RegExp) => grid(p).getByRole('row').filter({ hasText: text });

describe('error log and activity log in the browser', () => {
  it('failures met in the app reach the error log, repeated ones on one row with their count', async () => {
    page = await newPage(browser);
    await signIn(page, t.url, admin.email, admin.password);
    // A match change made earlier, as an admin makes it: the edit screen's 'Elimina', confirmed.
    await page.goto(`${t.url}/modifica-partita/${matchId}`);
    await page.getByRole('button', { name: MSG.match.delete }).click();
    await page.getByRole('dialog', { name: MSG.match.confirmDeleteTitle }).getByRole('button', { name: MSG.match.delete }).click();
    await page.getByText(MSG.match.deleted).first().waitFor();
    expect(Number((await t.db.pool.query('SELECT count(*) FROM public.partite WHERE id = $1', [matchId])).rows[0].count)).toBe(0);

    // A match that does not exist is the user's mistake, answered with its message: never an error-log row.
    await page.goto(`${t.url}/modifica-partita/999997`);
    await page.getByText('Partita non trovata!').waitFor();
    // The same failure twice (each visit a fresh page, so the browser's dedupe does not hide it), another once.
    await meetBrokenProxy(page, 999999);
    await meetBrokenProxy(page, 999999);
    await meetBrokenProxy(page, 999998);
    // A script error of a signed-out visitor (the intake is open to everyone).
    const anon = await newPage(browser);
    await anon.goto(`${t.url}/`);
    expect(
      await anon.evaluate(async () => (await fetch('/api/error-logs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Script rotto in pagina pubblica', type: 'frontend' }) })).status),
    ).toBe(201);
    await anon.context().close();

    await page.goto(`${t.url}/error-logs`);
    await page.getByRole('heading', { name: 'Log Errori' }).waitFor();
    const repeated = grid(page).getByRole('row').filter({ has: page.getByLabel(S.occurrences(2)) });
    await grid(page).waitFor();
    await page.getByText('Totale: 3 errori (Pagina 1 di 1)').waitFor();
    await repeated.waitFor();
    await rowWith(page, 'Script rotto in pagina pubblica').getByText(LOGS_MSG.anonymous).waitFor();
    await page.getByRole('list', { name: S.statistics }).waitFor();
    await screenshot(page, 'logs-error-list');
  });

  it('the admin filters, opens the detail and resolves one error with notes', async () => {
    await page.getByRole('combobox', { name: S.errorType }).click();
    await page.getByRole('option', { name: S.typeLabel.api }).click();
    await page.getByText(LOGS_MSG.activeFilters, { exact: true }).waitFor();
    await page.getByText('Totale: 2 errori (Pagina 1 di 1)').waitFor();
    await expectCount(rowWith(page, 'Script rotto in pagina pubblica'), 0);
    await screenshot(page, 'logs-error-filtered');

    const repeated = grid(page).getByRole('row').filter({ has: page.getByLabel(S.occurrences(2)) });
    await repeated.getByRole('button', { name: LOGS_MSG.details }).click();
    const detail = page.getByRole('dialog', { name: S.errorDetail });
    await detail.getByText(S.field.occurrences).waitFor();
    await detail.getByLabel(S.field.stack).filter({ hasText: 'GET /api/partite/999999' }).waitFor();
    await detail.getByText(admin.email).first().waitFor();
    await eventually(() => detail.getByLabel(S.field.context).textContent(), (context) =>
      expect(JSON.parse(context ?? '{}')).toMatchObject({ endpoint: '/api/partite/999999', method: 'GET', url: '/modifica-partita/999999' }),
    );
    await screenshot(page, 'logs-error-detail');
    await detail.getByRole('button', { name: S.close }).click();
    await detail.waitFor({ state: 'hidden' });

    await repeated.getByRole('button', { name: LOGS_MSG.resolve }).click();
    const resolve = page.getByRole('dialog', { name: S.resolveTitle });
    await resolve.getByLabel(S.notesLabel).fill('Link vecchio nel gruppo WhatsApp');
    await resolve.getByRole('button', { name: LOGS_MSG.resolve }).click();
    await page.getByText(LOGS_MSG.resolvedOne).waitFor();
    await repeated.getByText(LOGS_MSG.resolved, { exact: true }).waitFor();
    const { rows } = await t.db.pool.query<{ notes: string; resolved: boolean }>(`SELECT notes, resolved FROM public.error_logs WHERE occurrence_count = 2`);
    expect(rows).toEqual([{ notes: 'Link vecchio nel gruppo WhatsApp', resolved: true }]);
  });

  it('the admin resolves a selection: the resolved one is ignored', async () => {
    await page.getByRole('button', { name: S.clearFilters }).click();
    await page.getByText('Totale: 3 errori (Pagina 1 di 1)').waitFor();
    // Header checkbox: the whole page (2 open, 1 already resolved).
    await grid(page).getByRole('checkbox').first().check();
    const bar = page.getByRole('region', { name: S.selected(3) });
    await bar.waitFor();
    await eventually(() => grid(page).getByRole('button', { name: LOGS_MSG.details }).first().isDisabled(), (v) => expect(v).toBe(true));
    await screenshot(page, 'logs-error-selection');
    await bar.getByRole('button', { name: LOGS_MSG.resolveAll }).click();
    const dialog = page.getByRole('dialog', { name: S.resolveManyTitle });
    await dialog.getByText(S.bulkOpen(2)).waitFor();
    await dialog.getByText(S.bulkIgnored(1)).waitFor();
    await dialog.getByRole('button', { name: S.resolveCount(2) }).click();
    await page.getByText(LOGS_MSG.resolvedMany(2)).or(page.getByText(/2 errori risolti/)).first().waitFor();
    await bar.waitFor({ state: 'detached' });
    await expectCount(grid(page).getByText(LOGS_MSG.open, { exact: true }), 0);
    const { rows } = await t.db.pool.query<{ open: string }>(`SELECT count(*) FILTER (WHERE NOT resolved) AS open FROM public.error_logs`);
    expect(rows[0].open).toBe('0');
    await screenshot(page, 'logs-error-resolved');
  });

  it('the activity log shows the sign-in and the match deletion, with their details', async () => {
    await page.getByRole('main').getByRole('link', { name: LOGS_MSG.activityLogTitle }).click();
    await page.waitForURL(`${t.url}/activity-logs`);
    await page.getByRole('heading', { name: 'Log Attività' }).waitFor();
    const table = page.getByRole('table', { name: 'Log Attività' });
    // The resolutions made above are activities too.
    await table.getByRole('row').filter({ hasText: LOGS_MSG.activity.errorsResolved(2) }).waitFor();
    await screenshot(page, 'logs-activity-list');
    const signInRow = table.getByRole('row').filter({ hasText: LOGS_MSG.activity.signIn(admin.email) });
    await signInRow.first().waitFor();
    await signInRow.first().getByText(LOGS_MSG.activityLabel.success).waitFor();
    const deletion = table.getByRole('row').filter({ hasText: 'Partita eliminata' });
    await deletion.first().waitFor();
    await screenshot(page, 'logs-activity-list');

    await deletion.first().getByRole('button', { name: LOGS_MSG.details }).click();
    const detail = page.getByRole('dialog', { name: S.activityDetail });
    await detail.getByText(/\/api\/partite\//).first().waitFor();
    await detail.getByText(admin.email).waitFor();
    await detail.getByText(S.field.ip).waitFor();
    await detail.getByText(S.field.userAgent).waitFor();
    await screenshot(page, 'logs-activity-detail');
    await detail.getByRole('button', { name: S.close }).click();
    await detail.waitFor({ state: 'hidden' });

    // The sign-in's detail: who, from where, with what.
    await signInRow.first().getByRole('button', { name: LOGS_MSG.details }).click();
    await detail.getByText(LOGS_MSG.activity.signIn(admin.email)).waitFor();
    await detail.getByText(admin.email, { exact: true }).first().waitFor();
    await detail.getByText(S.field.ip).waitFor();
    await detail.getByText(S.field.userAgent).waitFor();
    await detail.getByRole('button', { name: S.close }).click();
    await detail.waitFor({ state: 'hidden' });

    // The filter by type keeps only that type.
    const filtered = page.waitForResponse((r) => r.url().includes('/api/activities?') && r.url().includes('activity_type=success'));
    await page.getByRole('combobox', { name: S.activityType }).click();
    await page.getByRole('option', { name: LOGS_MSG.activityLabel.success }).click();
    await page.getByText(LOGS_MSG.activeFilters, { exact: true }).waitFor();
    await filtered;
    await signInRow.first().waitFor();
    await eventually(
      () => table.locator('tbody tr td:nth-child(2)').allTextContents(),
      (labels) => expect(new Set(labels)).toEqual(new Set([LOGS_MSG.activityLabel.success])),
    );

    // A date-time typed into 'Dal' (gg/mm/aaaa hh:mm) is read as typed, shown whole, and filters (docs/logs.md, date filters).
    const tomorrow = dayjs().add(1, 'day');
    const from = page.waitForResponse((r) => r.url().includes('/api/activities?') && r.url().includes('start_date='));
    const dal = page.getByRole('group', { name: S.startDate });
    await dal.locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(`${tomorrow.format('DDMMYYYY')}0830`, { delay: 20 });
    await eventually(() => dal.textContent(), (v) => expect(v).toContain(`${tomorrow.format('DD/MM/YYYY')} 08:30`));
    // Nothing of it is cut: the field is as wide as its text.
    await eventually(
      () => dal.locator('.MuiPickersSectionList-root').evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      (fits) => expect(fits).toBe(true),
    );
    expect(decodeURIComponent((await from).url())).toContain(`start_date=${tomorrow.format('YYYY-MM-DD')}T08:30`);
    await page.getByText(LOGS_MSG.noActivities).waitFor();
  });
});
