import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { firstWeekday } from '../test/matches';
import { CLIENT_DIR, launchBrowser, screenshot } from './browser';
import { signedInPage } from './session';
import { goThroughNav } from './nav';
import { eventually, expectCount } from './expect';

// The club's closures in Chromium (docs/trainings.md, 'Chiusure del club'): an editor adds a
// closure period on the Allenamenti screen; the occupancy board then names it and shows no training
// on its dates (skipped, as a series' own skipped dates), while the week after still trains.
jest.setTimeout(180_000);

const today = dayjs(todayIn('Europe/Rome'));
/** The first Wednesday at least 8 days away: closed from the Monday before it to the Sunday after. */
const wednesday = firstWeekday(today.add(8, 'day'), 3);
const WED = wednesday.format('YYYY-MM-DD');
const MON = wednesday.subtract(2, 'day').format('YYYY-MM-DD');
const SUN = wednesday.add(4, 'day').format('YYYY-MM-DD');

let t: TestApp;
let browser: Browser;
let editor: TestUser;
let page: Page;

beforeAll(async () => {
  t = await createTestApp({ listen: true, clientDir: CLIENT_DIR });
  browser = await launchBrowser();
  editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti')`);
  // Esordienti train on Wednesdays 18:00-19:30, from today for 200 days.
  await t.db.pool.query(
    `INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al) VALUES ('Esordienti', 'Campo Comunale', 3, '18:00', '19:30', $1, $2)`,
    [today.format('YYYY-MM-DD'), today.add(200, 'day').format('YYYY-MM-DD')],
  );
  page = await signedInPage(browser, t.url, editor);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('club closures in Chromium', () => {
  it("an editor adds 'Vacanze di Natale' on the Allenamenti screen", async () => {
    await goThroughNav(page, 'Partite', 'Allenamenti');
    const section = page.getByTestId('chiusure');
    await section.getByText('Nessuna chiusura').waitFor();
    await section.getByRole('button', { name: 'Nuova chiusura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova chiusura' });
    await dialog.getByLabel('Nome').fill('Vacanze di Natale');
    await dialog.locator('input[name="dal"]').fill(MON);
    await dialog.locator('input[name="al"]').fill(SUN);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const item = section.getByTestId('chiusura');
    await expectCount(item, 1);
    await eventually(() => item.innerText(), (v) => expect(v.replace(/\s+/g, ' ')).toContain(`Vacanze di Natale dal ${dayjs(MON).format('DD/MM/YYYY')} al ${dayjs(SUN).format('DD/MM/YYYY')}`));
    const { rows } = await t.db.pool.query(`SELECT nome, to_char(dal, 'YYYY-MM-DD') AS dal, to_char(al, 'YYYY-MM-DD') AS al FROM public.chiusure`);
    expect(rows).toEqual([{ nome: 'Vacanze di Natale', dal: MON, al: SUN }]);
    await screenshot(page, 'chiusure-allenamenti');
  });

  it('the board names the closure and shows no training in it; the week after trains', async () => {
    await page.goto(`${t.url}/occupazione?data=${WED}&vista=settimana`);
    await eventually(() => page.getByTestId('occupancy-closed').innerText(), (v) => expect(v).toMatch(/^Club chiuso: Vacanze di Natale, dal .* Gli allenamenti di quei giorni sono saltati\.$/));
    const wed = page.locator(`[data-testid="occupancy-week-day"][data-date="${WED}"]`);
    await eventually(() => wed.innerText(), (v) => expect(v).toContain('Club chiuso: Vacanze di Natale'));
    await expectCount(wed.getByTestId('occupancy-training'), 0);
    await screenshot(page, 'chiusure-board');
    // The week after: the Wednesday trains again, no closure named.
    const next = wednesday.add(7, 'day').format('YYYY-MM-DD');
    await page.goto(`${t.url}/occupazione?data=${next}&vista=settimana`);
    const nextWed = page.locator(`[data-testid="occupancy-week-day"][data-date="${next}"]`);
    await expectCount(nextWed.getByTestId('occupancy-training'), 1);
    await expectCount(page.getByTestId('occupancy-closed'), 0);
  });

  it('on a phone the closures stay readable, with their buttons in reach', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.url}/allenamenti`);
    const item = page.getByTestId('chiusura');
    await expectCount(item, 1);
    const box = (await item.getByRole('button', { name: 'Elimina Vacanze di Natale' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.getByTestId('chiusure').scrollIntoViewIfNeeded();
    await screenshot(page, 'chiusure-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
  });
});
