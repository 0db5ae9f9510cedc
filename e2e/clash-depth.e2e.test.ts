import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/users';
import { todayIn } from '../common/core/dates';
import { CLIENT_DIR, launchBrowser, newPage, screenshot } from './browser';
import { signIn } from './session';

// Clashes (docs/occupancy.md) beyond the match form, in Chromium on the real server and database: the signed-in
// dashboard marks clashes with the server's CLASH_MARGIN_MINUTES (not the default 15), and the
// fixture import's preview names each row's clashes and imports them only once confirmed.
jest.setTimeout(180_000);

const today = todayIn('Europe/Rome');
const day = (n: number) => dayjs(today).add(n, 'day');
const iso = (n: number) => day(n).format('YYYY-MM-DD');
const dmy = (n: number) => day(n).format('DD/MM/YYYY');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An app whose server runs with this changing-room margin, an editor, and a category. */
async function appWithMargin(margin: number): Promise<{ t: TestApp; editor: TestUser }> {
  const t = await createTestApp({ listen: true, clientDir: CLIENT_DIR, env: { CLASH_MARGIN_MINUTES: String(margin) } });
  const editor = await createUser(t.db.pool, 'editor');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Esordienti'), ('Pulcini')`);
  return { t, editor };
}

async function home(t: TestApp, data: string, ora: string, fine: string, casa: string, campo: string, rooms: [number, number]) {
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, tipo_gara)
     VALUES ($1, $2, $3, $4, 'Ospiti ' || $4, 'Esordienti', $5, true, $6, $7, 'campionato')`,
    [data, ora, fine, casa, campo, rooms[0], rooms[1]],
  );
}

/**
 * Two pairs of home matches on different campi sharing changing room 1: one pair 40 minutes apart,
 * one 10 minutes apart. Rooms are held `margin` minutes before and after, so a pair clashes when
 * its gap is under twice the margin: with 30 both pairs clash, with 0 neither, with the default
 * 15 only the 10-minute pair would.
 */
async function seedPairs(t: TestApp) {
  await home(t, iso(4), '10:00', '11:30', 'Garibaldina A', 'Campo 1', [1, 2]);
  await home(t, iso(4), '12:10', '13:30', 'Garibaldina B', 'Campo 2', [3, 1]);
  await home(t, iso(5), '10:00', '11:30', 'Garibaldina C', 'Campo 1', [1, 2]);
  await home(t, iso(5), '11:40', '13:00', 'Garibaldina D', 'Campo 2', [3, 1]);
}

async function dashboardMarks(t: TestApp, editor: TestUser): Promise<{ page: Page; marked: string[] }> {
  const page = await newPage(browser);
  await signIn(page, t.url, editor.email, editor.password);
  await page.getByText('Garibaldina D').first().waitFor();
  // The marks are drawn once the server's margin is known: the filter then shows their count.
  await page.getByText(/^Solo sovrapposizioni \(\d+\)$/).waitFor();
  const marked = await page.getByTestId('clash-card').evaluateAll((cards) => cards.map((c) => (c.textContent ?? '').match(/Garibaldina [A-D]/)?.[0] ?? ''));
  return { page, marked: marked.sort() };
}

describe('dashboard clash marks follow CLASH_MARGIN_MINUTES', () => {
  it('margin 30: both pairs are marked (the 40-minute one too), with the count in the filter', async () => {
    const { t, editor } = await appWithMargin(30);
    try {
      await seedPairs(t);
      const { page, marked } = await dashboardMarks(t, editor);
      expect(marked).toEqual(['Garibaldina A', 'Garibaldina B', 'Garibaldina C', 'Garibaldina D']);
      await page.getByText('Solo sovrapposizioni (4)').waitFor();
      await page.getByTestId('clash-card').first().getByText(/Spogliatoio 1 già assegnato a/).waitFor();
      await screenshot(page, 'clash-depth-dashboard-30');
    } finally {
      await t.close();
    }
  });

  it('margin 0: no pair is marked (the 10-minute one neither)', async () => {
    const { t, editor } = await appWithMargin(0);
    try {
      await seedPairs(t);
      const { page, marked } = await dashboardMarks(t, editor);
      expect(marked).toEqual([]);
      await page.getByText('Solo sovrapposizioni (0)').waitFor();
    } finally {
      await t.close();
    }
  });
});

describe('dashboard clash marks and postponed matches (docs/occupancy.md)', () => {
  it('a match postponed to this date is marked with the one on its campo; one postponed with the date to be set is not', async () => {
    const { t, editor } = await appWithMargin(15);
    try {
      await home(t, iso(4), '10:00', '11:30', 'Garibaldina A', 'Campo 1', [1, 2]);
      await home(t, iso(4), '10:30', '12:00', 'Garibaldina B', 'Campo 1', [3, 4]);
      await home(t, iso(5), '10:00', '11:30', 'Garibaldina C', 'Campo 1', [1, 2]);
      await home(t, iso(5), '10:30', '12:00', 'Garibaldina D', 'Campo 1', [3, 4]);
      await t.db.pool.query(`UPDATE public.partite SET stato = 'rinviata', data_da_definire = (squadracasa = 'Garibaldina D') WHERE squadracasa IN ('Garibaldina B', 'Garibaldina D')`);
      const { page, marked } = await dashboardMarks(t, editor);
      expect(marked).toEqual(['Garibaldina A', 'Garibaldina B']);
      await page.getByText('Solo sovrapposizioni (2)').waitFor();
    } finally {
      await t.close();
    }
  });
});

describe('fixture import: clashes in the preview, imported once confirmed', () => {
  it('each clashing row names its clash (a stored match, another row of the file); Importa asks first, then writes and logs', async () => {
    const { t, editor } = await appWithMargin(15);
    try {
      await home(t, iso(6), '10:00', '11:30', 'Garibaldina Esistente', 'Campo Nord', [1, 2]);
      const pasted = [
        ['Data', 'Ora', 'Fine', 'Casa', 'Ospiti', 'Campo', 'Categoria', 'Tipo'],
        [dmy(6), '10:30', '12:00', 'Garibaldina Nuova', 'Lucca', 'Campo Nord', 'Pulcini', 'Campionato'],
        [dmy(7), '9:00', '10:30', 'Garibaldina Uno', 'Pisa', 'Campo Sud', 'Pulcini', 'Amichevole'],
        [dmy(7), '10:00', '11:00', 'Garibaldina Due', 'Siena', 'campo  sud', 'Esordienti', 'Amichevole'],
        [dmy(8), '9:00', '10:30', 'Garibaldina Tre', 'Prato', 'Campo Sud', 'Pulcini', 'Amichevole'],
      ]
        .map((r) => r.join('\t'))
        .join('\n');
      const page = await newPage(browser);
      await signIn(page, t.url, editor.email, editor.password);
      await page.goto(`${t.url}/importa`);
      await page.getByLabel('Incolla qui le celle (con la riga di intestazione)').fill(pasted);
      await page.getByRole('button', { name: 'Leggi dati' }).click();
      // Clashing rows stay valid (a clash is confirmed, not fixed); the count says how many clash.
      await page.getByText('Valide: 4 · Con errori: 0 · Duplicate: 0').waitFor();
      await page.getByText('Con sovrapposizioni: 3').waitFor();
      const grid = page.getByRole('grid');
      await grid.getByText('Sovrapposizione: Campo già occupato dalle 10:00 alle 11:30 da Garibaldina Esistente - Ospiti Garibaldina Esistente').waitFor();
      await grid.getByText('Sovrapposizione: Campo già occupato dalle 10:00 alle 11:00 da Garibaldina Due - Siena (riga 4)').waitFor();
      await grid.getByText('Sovrapposizione: Campo già occupato dalle 09:00 alle 10:30 da Garibaldina Uno - Pisa (riga 3)').waitFor();
      await screenshot(page, 'clash-depth-import-preview');

      // Annulla writes nothing; Importa comunque writes the four rows.
      await page.getByRole('button', { name: 'Importa 4 partite valide' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importare comunque?' });
      await dialog.getByText(/^Riga 2: Sovrapposizione: Campo già occupato dalle 10:00 alle 11:30/).waitFor();
      await screenshot(page, 'clash-depth-import-dialog');
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(Number((await t.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count)).toBe(1);
      await page.getByRole('button', { name: 'Importa 4 partite valide' }).click();
      await dialog.getByRole('button', { name: 'Importa comunque' }).click();
      await page.getByRole('heading', { name: 'Partite create' }).waitFor();
      expect(Number((await t.db.pool.query('SELECT count(*) FROM public.partite')).rows[0].count)).toBe(5);
      const { rows } = await t.db.pool.query(
        `SELECT activity_type, user_email, context->>'righe' AS righe FROM public.activity_logs WHERE activity_message LIKE 'Sovrapposizioni confermate%'`,
      );
      expect(rows).toEqual([{ activity_type: 'warning', user_email: editor.email, righe: '3' }]);
    } finally {
      await t.close();
    }
  });
});
