import fs from 'node:fs/promises';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../common/officials/messages';
import { MSG } from '../common/core/messages';
import { EXPORT_MSG, formatLongDate } from '../common/export/rules';
import { pdfPages } from '../test/exports';
import { CLIENT_DIR, launchBrowser, screenshot } from './browser';
import { signedInPage } from './session';
import { eventually } from './expect';

// Designations in Chromium (docs/officials.md), as an editor works at 1366 x 768: a home Pulcini
// match in 3 days (the club supplies the referee) without designations is in 'Partite scoperte' on
// the dashboard; the editor unfolds it and assigns the free qualified official as referee with one
// click; the match's card then names the referee, and the day sheet of that date, downloaded from
// /estrazione, prints the name beside the match (docs/export.md).
jest.setTimeout(180_000);

const DAY = dayjs(todayIn('Europe/Rome')).add(3, 'day').format('YYYY-MM-DD');
const TEAMS = 'Garibaldina Pulcini - Virtus Lucca';
const NAME = 'Mario Rossi';

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let page: Page;
let matchId: number;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name, arbitro_societa) VALUES ('Pulcini', true)`);
  const { rows } = await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
     VALUES ($1, '10:00', '11:15', 'Garibaldina Pulcini', 'Virtus Lucca', 'Pulcini', 'Campo Comunale', true, 'campionato') RETURNING id`,
    [DAY],
  );
  matchId = rows[0].id;
  // The official, through the API as the Dirigenti screen makes them.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dirigenti',
    headers: bearer(editor),
    payload: { nome: 'Mario', cognome: 'Rossi', email: 'mario.rossi@example.it', telefono: null, qualifiche: ['arbitro', 'accompagnatore'] },
  });
  expect(res.statusCode).toBe(201);
  page = await signedInPage(browser, t.url, editor);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('designations in Chromium', () => {
  it("an editor assigns the referee from 'Partite scoperte' and the match's card names them", async () => {
    const panel = page.getByTestId('uncovered-panel');
    await panel.getByRole('heading', { name: `${DIRIGENTI_MSG.uncoveredTitle} (1)` }).waitFor();
    await panel.getByRole('button', { name: DIRIGENTI_MSG.uncoveredShow }).click();
    const item = panel.locator(`[data-testid="uncovered-match"][data-match-id="${matchId}"]`);
    await item.getByText(DIRIGENTI_MSG.missing(RUOLO_LABELS.arbitro)).waitFor();
    await screenshot(page, 'dirigenti-uncovered');
    await item.getByRole('button', { name: DIRIGENTI_MSG.assignTo(NAME, RUOLO_LABELS.arbitro, TEAMS), exact: true }).click();
    await page.getByText(DIRIGENTI_MSG.designationsSaved).first().waitFor();

    const card = page.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);
    await eventually(() => card.getByTestId('match-designazioni').innerText(), (v) => expect(v).toContain(DIRIGENTI_MSG.designated(RUOLO_LABELS.arbitro, NAME)));
    // The referee is in place; the accompanying official is still missing, so the match stays listed for that role only.
    await eventually(() => item.innerText(), (v) => {
      expect(v).not.toContain(DIRIGENTI_MSG.missing(RUOLO_LABELS.arbitro));
      expect(v).toContain(DIRIGENTI_MSG.missing(RUOLO_LABELS.accompagnatore));
    });
    const stored = await t.db.pool.query(`SELECT ruolo FROM public.designazioni WHERE partita_id = $1`, [matchId]);
    expect(stored.rows).toEqual([{ ruolo: 'arbitro' }]);
    await screenshot(page, 'dirigenti-assigned');
  });

  it('the day sheet of that date, downloaded from /estrazione, prints the referee beside the match', async () => {
    await page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Estrazione' }).click();
    await page.getByRole('heading', { name: EXPORT_MSG.title }).waitFor();
    await page.getByRole('tab', { name: EXPORT_MSG.tabs.day }).click();
    const panel = page.getByRole('tabpanel');
    await page.getByRole('group', { name: EXPORT_MSG.screen.day }).locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(dayjs(DAY).format('DDMMYYYY'), { delay: 20 });
    await panel.getByRole('button', { name: 'Anteprima' }).click();
    await panel.getByRole('heading', { name: `${EXPORT_MSG.dayTitle}: ${formatLongDate(DAY)} · ${EXPORT_MSG.total(1)}` }).waitFor();

    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), panel.getByRole('button', { name: 'Esporta PDF' }).click()]);
    expect(dl.suggestedFilename()).toBe(`partite_giornaliere_${DAY}.pdf`);
    const bytes = await fs.readFile(await dl.path());
    const text = (await pdfPages(bytes)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(TEAMS);
    expect(text).toContain(`${RUOLO_LABELS.arbitro}: ${NAME}`);
    expect(text.indexOf(TEAMS)).toBeLessThan(text.indexOf(`${RUOLO_LABELS.arbitro}: ${NAME}`));
  });

  // Issue 32: the designations chosen on 'Modifica Partita' are saved by its one 'Salva modifiche'.
  it("on 'Modifica Partita' the referee and the accompanying official chosen are saved by 'Salva modifiche'", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dirigenti',
      headers: bearer(editor),
      payload: { nome: 'Luca', cognome: 'Bianchi', email: 'luca.bianchi@example.it', telefono: null, qualifiche: ['accompagnatore'] },
    });
    expect(res.statusCode).toBe(201);
    const { rows } = await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
       VALUES ($1, '16:00', '17:15', 'Garibaldina Pulcini', 'Aquile Pisa', 'Pulcini', 'Campo Comunale', true, 'campionato') RETURNING id`,
      [DAY],
    );
    const id = rows[0].id as number;
    const edit = `${t.url}/modifica-partita/${id}`;
    const section = page.getByTestId('designazioni-section');
    const choose = async (ruolo: 'arbitro' | 'accompagnatore', name: string) => {
      const picker = section.getByRole('combobox', { name: RUOLO_LABELS[ruolo], exact: true });
      await picker.click();
      await page.getByRole('option', { name, exact: true }).click();
      await eventually(() => picker.innerText(), (v) => expect(v).toContain(name));
    };
    await page.goto(edit);
    await page.getByRole('heading', { name: MSG.match.editTitle }).waitFor();
    await choose('arbitro', NAME);
    await choose('accompagnatore', 'Luca Bianchi');
    await screenshot(page, 'dirigenti-edit-one-save');
    await page.getByRole('button', { name: MSG.match.saveChanges }).click();
    await page.getByText(MSG.match.updated).first().waitFor();
    await page.waitForURL(`${t.url}/`);

    await page.goto(edit);
    await page.getByRole('heading', { name: MSG.match.editTitle }).waitFor();
    await eventually(() => section.getByRole('combobox', { name: RUOLO_LABELS.arbitro, exact: true }).innerText(), (v) => expect(v).toContain(NAME));
    await eventually(() => section.getByRole('combobox', { name: RUOLO_LABELS.accompagnatore }).innerText(), (v) => expect(v).toContain('Luca Bianchi'));
    const stored = await t.db.pool.query(`SELECT ruolo FROM public.designazioni WHERE partita_id = $1 ORDER BY ruolo`, [id]);
    expect(stored.rows).toEqual([{ ruolo: 'accompagnatore' }, { ruolo: 'arbitro' }]);
  });

  // On a phone the table fits the screen (docs/screens.md, lists): no sideways scroll, the name in view.
  it("at 390 x 844 the 'Dirigenti' table fits the screen with the name in view", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dirigenti',
      headers: bearer(editor),
      payload: {
        nome: 'Massimiliano',
        cognome: 'Dell’Acqua Buonaccorsi',
        email: 'massimiliano.dellacqua.buonaccorsi@example.it',
        telefono: '3331234567',
        qualifiche: ['arbitro', 'accompagnatore', 'addetto_arbitro', 'allenatore'],
        attivo: false,
      },
    });
    expect(res.statusCode).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.url}/dirigenti`);
    await page.getByRole('table', { name: DIRIGENTI_MSG.title }).waitFor();
    const name = page.getByRole('rowheader', { name: /Massimiliano Dell’Acqua Buonaccorsi/ });
    await name.waitFor();
    await screenshot(page, 'dirigenti-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Nor does the table scroll sideways in its own box: the state is under the name, the 'Attivo' column left out.
    const [inner, box0] = await page.getByRole('table', { name: DIRIGENTI_MSG.title }).evaluate((el) => [el.parentElement!.scrollWidth, el.parentElement!.clientWidth]);
    expect(inner).toBeLessThanOrEqual(box0);
    await page.getByRole('row', { name: /Massimiliano/ }).getByText(DIRIGENTI_MSG.notActive).waitFor();
    expect(await page.getByRole('columnheader', { name: DIRIGENTI_MSG.fields.attivo }).count()).toBe(0);
    const box = await name.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const edit = page.getByRole('button', { name: DIRIGENTI_MSG.editOf('Massimiliano Dell’Acqua Buonaccorsi') });
    const editBox = await edit.boundingBox();
    expect(editBox!.x + editBox!.width).toBeLessThanOrEqual(390);
    // At 1366 x 768 the columns are back.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('columnheader', { name: DIRIGENTI_MSG.fields.attivo }).waitFor();
    await page.getByRole('columnheader', { name: DIRIGENTI_MSG.fields.qualifiche }).waitFor();
    await screenshot(page, 'dirigenti-desktop');
  });
});
