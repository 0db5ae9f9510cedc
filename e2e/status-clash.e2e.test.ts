import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { STATUS_MSG } from '../common/status/rules';
import { CLASH_MSG } from '../common/occupancy/rules';
import { paths } from '../src/config/paths';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';
import { eventually, expectCount } from './expect';

// Clashes (docs/occupancy.md) on the bulk status moves (docs/matches.md, status), in Chromium on the real server and database: a move
// or an undo that would put a match onto a campo already taken is refused with the list of clashes,
// and goes through only once the editor presses 'Procedi comunque'. Apart from status.e2e.test.ts:
// these tests need home matches sharing a campo, which would change what that file's tests select.
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let editor: TestUser;
const today = dayjs(todayIn('Europe/Rome'));
const iso = (n: number) => today.add(n, 'day').format('YYYY-MM-DD');
const dmy = (n: number) => today.add(n, 'day').format('DD/MM/YYYY');

/** A home match on day `n`, in category Esordienti; returns its id. */
async function home(n: number, ora: string, fine: string, casa: string, ospiti: string, campo: string, rooms: [number, number]) {
  const { rows } = await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara)
     VALUES ($1, $2, $3, $4, $5, 'Esordienti', $6, true, $7, $8, 'campionato') RETURNING id`,
    [iso(n), ora, fine, casa, ospiti, campo, rooms[0], rooms[1]],
  );
  return rows[0].id as number;
}

const rowOf = async (id: number) =>
  (await t.db.pool.query(`SELECT to_char(data, 'YYYY-MM-DD') AS data, stato FROM public.partite WHERE id = $1`, [id])).rows[0];
const count = async (sql: string) => Number((await t.db.pool.query(sql)).rows[0].count);
const confirmedLogs = () => count(`SELECT count(*) FROM public.activity_logs WHERE activity_message = '${CLASH_MSG.bulkConfirmed(1)}'`);

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti')`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function dashboard(): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, t.url, editor.email, editor.password);
  await page.getByTestId('status-actions').waitFor();
  return page;
}

describe('clashes of the status moves in the browser', () => {
  it("a move onto a taken campo lists the clash; nothing changes until 'Procedi comunque', which saves it", async () => {
    // Moved by 7 days, Lucca's match (10:00-11:30) lands on Campo Nord while Pisa's (10:30-12:00) holds it.
    const moving = await home(3, '10:00', '11:30', 'Garibaldina 2013', 'Lucca', 'Campo Nord', [1, 2]);
    const taken = await home(10, '10:30', '12:00', 'Garibaldina 2014', 'Pisa', 'Campo Nord', [5, 6]);
    const page = await dashboard();
    const bar = page.getByTestId('status-actions');
    await page.getByRole('checkbox', { name: STATUS_MSG.selectOne('Garibaldina 2013 - Lucca', dmy(3)) }).check();
    await bar.getByText(STATUS_MSG.selected(1)).waitFor();
    await bar.getByRole('button', { name: STATUS_MSG.actions.sposta }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(STATUS_MSG.giorniLabel).fill('7');
    await dialog.getByLabel(STATUS_MSG.motivoLabel).fill('Campo Sud in manutenzione');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/partite/stato') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: STATUS_MSG.confirmButton.sposta(1, 7) }).click();
    expect((await refused).status()).toBe(409);

    // The dialog stays open: the server's message, the clashing match, and the confirm button.
    await dialog.getByText(CLASH_MSG.bulkConflict(1)).waitFor();
    const clash = CLASH_MSG.ofMatch(`Garibaldina 2013 - Lucca del ${dmy(10)} ore 10:00`, CLASH_MSG.campo('10:30', '12:00', 'Garibaldina 2014 - Pisa'));
    const list = dialog.getByTestId('clash-warnings');
    await list.getByText(clash).waitFor();
    await expectCount(list.getByRole('listitem'), 1);
    await eventually(() => list.getByRole('link', { name: CLASH_MSG.openMatch }).getAttribute('href'), (v) => expect(v).toBe(paths.editMatch.getHref(String(taken))));
    const confirm = dialog.getByRole('button', { name: CLASH_MSG.bulkConfirm });
    await confirm.waitFor();
    await expectCount(dialog.getByRole('button', { name: STATUS_MSG.confirmButton.sposta(1, 7) }), 0);
    await screenshot(page, 'status-clash-dialog');
    // Not confirmed yet: the match, the operations and the log are as before.
    expect(await rowOf(moving)).toEqual({ data: iso(3), stato: 'programmata' });
    expect(await count('SELECT count(*) FROM public.partite_operazioni_stato')).toBe(0);
    expect(await confirmedLogs()).toBe(0);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/partite/stato') && r.request().method() === 'POST');
    await confirm.click();
    const res = await saved;
    expect(res.request().postDataJSON()).toMatchObject({ ids: [moving], azione: 'sposta', giorni: 7, confermaSovrapposizioni: true });
    expect(res.status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(STATUS_MSG.updated(1)).waitFor();
    await page.getByTestId('match-card').filter({ hasText: 'Lucca' }).and(page.locator('[data-stato="rinviata"]')).waitFor();
    expect(await rowOf(moving)).toEqual({ data: iso(10), stato: 'rinviata' });
    expect(await rowOf(taken)).toEqual({ data: iso(10), stato: 'programmata' });
    expect(await confirmedLogs()).toBe(1);
    await page.close();
  });

  it("an undo that would put a cancelled match back onto a campo taken since offers 'Procedi comunque', which restores it", async () => {
    const cancelled = await home(5, '10:00', '11:30', 'Garibaldina 2015', 'Siena', 'Campo Sud', [1, 2]);
    const page = await dashboard();
    const bar = page.getByTestId('status-actions');
    await page.getByRole('checkbox', { name: STATUS_MSG.selectOne('Garibaldina 2015 - Siena', dmy(5)) }).check();
    await bar.getByRole('button', { name: STATUS_MSG.actions.annulla, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: STATUS_MSG.confirmButton.annulla(1), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(STATUS_MSG.updated(1)).waitFor();
    await page.getByTestId('match-card').filter({ hasText: 'Siena' }).and(page.locator('[data-stato="annullata"]')).waitFor();
    expect((await rowOf(cancelled)).stato).toBe('annullata');

    // The editor's pointer rests on the undo (the toast does not hide meanwhile) while another
    // match takes the freed campo, 11:00-12:30.
    const undo = page.getByRole('button', { name: STATUS_MSG.undo });
    await undo.hover();
    const since = await home(5, '11:00', '12:30', 'Garibaldina 2016', 'Prato', 'Campo Sud', [5, 6]);
    const refused = page.waitForResponse((r) => r.url().endsWith('/annulla') && r.request().method() === 'POST');
    await undo.click();
    expect((await refused).status()).toBe(409);

    // The error toast names the clash and stays until the editor chooses.
    const clash = CLASH_MSG.ofMatch(`Garibaldina 2015 - Siena del ${dmy(5)} ore 10:00`, CLASH_MSG.campo('11:00', '12:30', 'Garibaldina 2016 - Prato'));
    const toast = page.getByRole('alert').filter({ hasText: CLASH_MSG.bulkConflict(1) });
    await toast.getByText(clash, { exact: false }).waitFor();
    const confirm = toast.getByRole('button', { name: CLASH_MSG.bulkConfirm });
    await confirm.waitFor();
    await toast.getByRole('button', { name: CLASH_MSG.dialogCancel, exact: true }).waitFor();
    await screenshot(page, 'status-clash-undo-toast');
    // Not confirmed yet: still cancelled, the operation not undone.
    expect((await rowOf(cancelled)).stato).toBe('annullata');
    expect(await count('SELECT count(*) FROM public.partite_operazioni_stato WHERE annullata_il IS NOT NULL')).toBe(0);
    const logsBefore = await confirmedLogs();

    const restored = page.waitForResponse((r) => r.url().endsWith('/annulla') && r.request().method() === 'POST');
    await confirm.click();
    const res = await restored;
    expect(res.request().postDataJSON()).toEqual({ confermaSovrapposizioni: true });
    expect(res.status()).toBe(200);
    await page.getByText(STATUS_MSG.undone).waitFor();
    await toast.waitFor({ state: 'hidden' });
    await page.getByTestId('match-card').filter({ hasText: 'Siena' }).and(page.locator('[data-stato="programmata"]')).waitFor();
    expect(await rowOf(cancelled)).toEqual({ data: iso(5), stato: 'programmata' });
    expect(await rowOf(since)).toEqual({ data: iso(5), stato: 'programmata' });
    expect(await count('SELECT count(*) FROM public.partite_operazioni_stato WHERE annullata_il IS NOT NULL')).toBe(1);
    expect(await confirmedLogs()).toBe(logsBefore + 1);
    await page.close();
  });
});
