import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { MSG } from '../common/core/messages';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn, signedInPage } from './session';
import { eventually, expectCount } from './expect';
import { planWithSaveAndAddAnother } from './planning';

// docs/planning.md: planning a weekend's fixtures quickly: 'Salva e aggiungi un'altra', 'Duplica', the proposed
// end time, suggestions picked with the keyboard, the new match shown on return, a dense dashboard.
jest.setTimeout(120_000);

let t: TestApp;
let browser: Browser;
let editor: TestUser;
const today = todayIn('Europe/Rome');
const day = (n: number) => dayjs(today).add(n, 'day').format('YYYY-MM-DD');
// Next week's Saturday (at least 7 days ahead, so no day of the seed below is it).
const saturday = dayjs(today).add(7, 'day').day(6).format('YYYY-MM-DD');

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti'), ('Piccoli Amici'), ('Primi Calci'), ('Giovanissimi'), ('Allievi')`);
  // A season already under way: the suggestions know the pitch; four days of three matches each.
  for (const n of [1, 2, 3, 4]) {
    for (const [k, ora] of ['09:00', '10:30', '15:00'].entries()) {
      await t.db.pool.query(
        `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara, is_house_match)
         VALUES ($1, $2, $3, 'Garibaldina Esordienti', 'Esordienti', $4, 'campionato', false)`,
        [day(n), ora, `Ospiti ${n}${k}`, n === 1 && k === 0 ? 'Stadio Garibaldi' : `Campo ${n}${k}`],
      );
    }
  }
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const stored = async (data: string) =>
  (
    await t.db.pool.query(
      `SELECT to_char(ora, 'HH24:MI') AS ora, to_char(ora_fine, 'HH24:MI') AS fine, squadracasa, squadratrasferta, campo, gruppo, tipo_gara, is_house_match
         FROM public.partite WHERE data = $1 ORDER BY ora`,
      [data],
    )
  ).rows;

describe('planning a Saturday', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedInPage(browser, t.url, editor);
  });

  it("three home matches with 'Salva e aggiungi un'altra': the day, the club's home team, pitch, category and type stay, the end is proposed, the pitch is picked with the keyboard", async () => {
    const matches = [
      { time: '0930', away: 'Lupi Nord' },
      { time: '1100', away: 'Volpi Sud' },
      { time: '1500', away: 'Aquile Est' },
    ];
    const actions = await planWithSaveAndAddAnother(page, t.url, saturday, matches, { home: 'Garibaldina Pulcini', campoSearch: 'Stad', categoria: 'Pulcini', tipo: 'Campionato' });
    expect(await stored(saturday)).toEqual([
      { ora: '09:30', fine: '10:30', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Lupi Nord', campo: 'Stadio Garibaldi', gruppo: 'Pulcini', tipo_gara: 'campionato', is_house_match: true },
      { ora: '11:00', fine: '12:00', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Volpi Sud', campo: 'Stadio Garibaldi', gruppo: 'Pulcini', tipo_gara: 'campionato', is_house_match: true },
      { ora: '15:00', fine: '16:00', squadracasa: 'Garibaldina Pulcini', squadratrasferta: 'Aquile Est', campo: 'Stadio Garibaldi', gruppo: 'Pulcini', tipo_gara: 'campionato', is_house_match: true },
    ]);
    // 10 for the first (opening the form, the opponent, the pitch and its keyboard pick, category, type, save: the
    // date hands the focus to the start, the start to the home team), 1 for each next one (its save: the
    // time, typed whole, hands the focus to the opponent; the club's home team is kept).
    expect(actions.total).toBe(10 + 1 + 1);
    // Back on the dashboard, the last one is outlined and in view.
    const card = page.locator('[data-testid="match-card"][data-highlighted="true"]');
    await card.waitFor();
    await eventually(() => card.innerText(), (v) => expect(v).toContain('Aquile Est'));
    await eventually(() => card.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }), (v) => expect(v).toBe(true));
    await screenshot(page, 'planning-highlight');
  });

  it('a dense dashboard at 1366 x 768: day headings, six matches or more in the first screen, the filters in one bar with chips', async () => {
    await page.goto(`${t.url}/`);
    await page.getByRole('heading', { name: /^Prossime Partite/ }).waitFor();
    const heading = (data: string) => {
      const text = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${data}T12:00:00`));
      return text.charAt(0).toUpperCase() + text.slice(1);
    };
    await page.getByRole('heading', { name: new RegExp(`^${heading(day(1))}`) }).waitFor();
    await eventually(
      () => page.getByTestId('match-card').evaluateAll((cards) => cards.filter((c) => { const r = c.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }).length),
      (n) => expect(n).toBeGreaterThanOrEqual(6),
    );
    await screenshot(page, 'planning-dashboard');
    // Filters: one bar; an active one is a chip that removes it.
    await page.getByTestId('filters-toggle').click();
    await page.getByLabel('Squadra ospite').fill('Lupi');
    await page.getByTestId('filters-toggle').click();
    const chip = page.getByTestId('filter-bar').getByText('Squadra ospite: Lupi');
    await chip.waitFor();
    await expectCount(page.getByTestId('match-card'), 1);
    await page.getByTestId('filter-bar').getByRole('button', { name: 'Squadra ospite: Lupi' }).locator('svg').click();
    await chip.waitFor({ state: 'detached' });
    await eventually(() => page.getByTestId('match-card').count(), (n) => expect(n).toBe(15));
  });

  it("'Duplica' opens the add form filled from the match but its date and times, the focus on the date; the keyboard picks a team from the suggestions", async () => {
    const { rows } = await t.db.pool.query(`SELECT id FROM public.partite WHERE squadratrasferta = 'Lupi Nord'`);
    await page.goto(`${t.url}/modifica-partita/${rows[0].id}`);
    await page.getByRole('heading', { name: MSG.match.editTitle }).waitFor();
    await page.getByRole('link', { name: MSG.match.duplicate }).click();
    await page.getByRole('heading', { name: MSG.match.duplicateTitle }).waitFor();
    // Issue 32: no date, no times (it never opens on top of the original): the date, focused, comes first.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'spinbutton');
    expect(await page.locator('input[name="data"]').inputValue()).toBe('');
    expect(await page.locator('input[name="ora"]').inputValue()).toBe('');
    await expectCount(page.getByTestId('clash-warnings'), 0);
    await page.keyboard.type(saturday.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3$2$1'), { delay: 10 });
    await eventually(() => page.getByLabel(MSG.match.labels.squadraTrasferta).inputValue(), (v) => expect(v).toBe('Lupi Nord'));
    await eventually(() => page.getByLabel(MSG.match.labels.campo).inputValue(), (v) => expect(v).toBe('Stadio Garibaldi'));
    // Another opponent, picked from the suggestions with ArrowDown and Enter; Esc closes the list.
    const away = page.getByLabel(MSG.match.labels.squadraTrasferta);
    await away.fill('Volp');
    await page.getByRole('option', { name: 'Volpi Sud' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await eventually(() => away.inputValue(), (v) => expect(v).toBe('Volpi Sud'));
    await away.fill('Aqu');
    await page.getByRole('option', { name: 'Aquile Est' }).waitFor();
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('option'), 0);
    await away.fill('Orsi Ovest');
    // A time of its own (the same pitch at the original's time would be a clash).
    await page.getByRole('group', { name: MSG.match.labels.ora }).locator('[role="spinbutton"]').first().click();
    await page.keyboard.type('1800', { delay: 10 });
    await page.locator('button[type="submit"]').click();
    await expectCount(page.getByRole('dialog'), 0);
    await page.getByText(MSG.match.created).waitFor();
    expect((await stored(saturday)).map((r) => r.squadratrasferta)).toEqual(['Lupi Nord', 'Volpi Sud', 'Aquile Est', 'Orsi Ovest']);
  });
});

describe('a real Saturday: six home matches of six categories on two pitches, the home team always the club', () => {
  const later = dayjs(today).add(21, 'day').day(6).format('YYYY-MM-DD');
  it("takes at most 30 clicks and keys, and no save asks 'Salvare comunque?' (a team is a name within its category)", async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, t.url, editor.email, editor.password);
    const matches = [
      { time: '0900', away: 'Pro Sesto', campo: 'Campo 1', categoria: 'Piccoli Amici' },
      { time: '0930', away: 'Aurora', campo: 'Campo 2', categoria: 'Primi Calci' },
      { time: '1000', away: 'Virtus', campo: 'Campo 1', categoria: 'Pulcini' },
      { time: '1045', away: 'Pro Sesto', campo: 'Campo 2', categoria: 'Esordienti' },
      { time: '1130', away: 'Fortis', campo: 'Campo 1', categoria: 'Giovanissimi' },
      { time: '1215', away: 'Lucca', campo: 'Campo 2', categoria: 'Allievi' },
    ];
    const actions = await planWithSaveAndAddAnother(page, t.url, later, matches, { home: 'Garibaldina', categoria: 'Piccoli Amici', tipo: 'Campionato' });
    const rows = await stored(later);
    expect(rows.map((r) => [r.ora, r.fine, r.squadracasa, r.squadratrasferta, r.campo, r.gruppo, r.is_house_match])).toEqual([
      ['09:00', '09:45', 'Garibaldina', 'Pro Sesto', 'Campo 1', 'Piccoli Amici', true],
      ['09:30', '10:30', 'Garibaldina', 'Aurora', 'Campo 2', 'Primi Calci', true],
      ['10:00', '11:00', 'Garibaldina', 'Virtus', 'Campo 1', 'Pulcini', true],
      ['10:45', '12:00', 'Garibaldina', 'Pro Sesto', 'Campo 2', 'Esordienti', true],
      ['11:30', '13:00', 'Garibaldina', 'Fortis', 'Campo 1', 'Giovanissimi', true],
      ['12:15', '13:55', 'Garibaldina', 'Lucca', 'Campo 2', 'Allievi', true],
    ]);
    expect(actions.total).toBeLessThanOrEqual(30);
    // No warning that is not true: the day's board shows no clash.
    const board = await t.app.inject({ url: `/api/occupazione?from=${later}&to=${later}`, headers: bearer(editor) });
    expect(board.json().data.partite.map((p: { conflitti: unknown[] }) => p.conflitti.length)).toEqual([0, 0, 0, 0, 0, 0]);
    await page.close();
  });
});
