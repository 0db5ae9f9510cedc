// Planning a Saturday (docs/planning.md): an editor plans 6 home matches of one Saturday through the real UI in
// Debian Chromium, on the real app and PostgreSQL.
// - The real Saturday: six categories (Piccoli Amici to Allievi) on two pitches, alternating, the home
//   team 'Garibaldina' each time. Budget: at most 30 clicks plus key presses other than typed text, no
//   'Salvare comunque?' (the flow fails if a save asks), under 60 s of script time.
// - The one-category Saturday (six Pulcini matches on one pitch), and the baseline: the same six entered
//   one at a time from the dashboard (the whole form each time), as before 'Salva e aggiungi un'altra'.
// All three in the same run, on the same app.
//
// Usage: npm run bench:planning   (after a build: the screens are served from dist/client, CLIENT_DIR
// for another one). Exit code 1 when a figure is over its budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { buildApp } from '../server/app';
import { todayIn } from '../common/core/dates';
import { TEST_JWT_SECRET } from '../test/app';
import { createUser } from '../test/users';
import { signIn } from '../e2e/session';
import type { Page } from 'playwright-core';
import { planOneByOne, planWithSaveAndAddAnother, type Actions, type PlannedMatch } from '../e2e/planning';
import { benchServices, listen, openBench, runBench, teardown } from './harness';

const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const ACTIONS_BUDGET = 30;
const SECONDS_BUDGET = 60;
const REAL_SATURDAY: PlannedMatch[] = [
  { time: '0900', away: 'Pro Sesto', campo: 'Campo 1', categoria: 'Piccoli Amici' },
  { time: '0930', away: 'Aurora', campo: 'Campo 2', categoria: 'Primi Calci' },
  { time: '1000', away: 'Virtus', campo: 'Campo 1', categoria: 'Pulcini' },
  { time: '1045', away: 'Pro Sesto', campo: 'Campo 2', categoria: 'Esordienti' },
  { time: '1130', away: 'Fortis', campo: 'Campo 1', categoria: 'Giovanissimi' },
  { time: '1215', away: 'Lucca', campo: 'Campo 2', categoria: 'Allievi' },
];
const MATCHES: PlannedMatch[] = [
  { time: '0900', away: 'Lupi Nord' },
  { time: '1030', away: 'Volpi Sud' },
  { time: '1200', away: 'Aquile Est' },
  { time: '1430', away: 'Orsi Ovest' },
  { time: '1600', away: 'Falchi Centro' },
  { time: '1730', away: 'Cervi Alti' },
];

async function main() {
  if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    throw new Error(`SPA non compilata in ${CLIENT_DIR}: esegui 'npm run build' o imposta CLIENT_DIR`);
  }
  const { db, pool } = await openBench(`garibaldina_bench_planning_${process.pid}`);
  await pool.query(`INSERT INTO public.gruppi (name) VALUES ('Piccoli Amici'), ('Primi Calci'), ('Pulcini'), ('Esordienti'), ('Giovanissimi'), ('Allievi')`);
  // The pitch is known to the suggestions, as in a season under way.
  await pool.query(
    `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara) VALUES (current_date + 1, '10:00', 'Rivali', 'Garibaldina Esordienti', 'Esordienti', 'Stadio Garibaldi', 'torneo')`,
  );
  const editor = await createUser(pool, 'editor');
  const services = benchServices();
  const app = await buildApp({ ...services, pool, jwtSecret: TEST_JWT_SECRET, logger: false, clientDir: CLIENT_DIR });
  let over = false;
  try {
    const base = await listen(app);
    process.env.E2E_CLIENT_DIR = CLIENT_DIR;
    const { launchBrowser, newPage } = await import('../e2e/browser');
    const browser = await launchBrowser();
    try {
      const today = todayIn(services.config.timezone);
      // Three Saturdays a week apart, so the flows never clash with each other.
      const saturdays = [7, 14, 21].map((n) => dayjs(today).add(n, 'day').day(6).format('YYYY-MM-DD'));
      const opts = { home: 'Garibaldina Pulcini', campoSearch: 'Stad', categoria: 'Pulcini', tipo: 'Campionato' };
      console.log(`\nCarico medio (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} su ${os.availableParallelism()} CPU; 6 partite in casa per sabato, 1366 x 768\n`);
      const run = async (label: string, flow: () => (page: Page, date: string) => Promise<Actions>, date: string, count: number) => {
        const page = await newPage(browser);
        await page.setViewportSize({ width: 1366, height: 768 });
        await signIn(page, base, editor.email, editor.password);
        await page.getByRole('heading', { name: /^Prossime Partite/ }).waitFor();
        const started = Date.now();
        const actions = await flow()(page, date);
        const seconds = (Date.now() - started) / 1000;
        const { rows } = await pool.query('SELECT count(*)::int AS n FROM public.partite WHERE data = $1', [date]);
        if (rows[0].n !== count) throw new Error(`${label}: ${rows[0].n} partite salvate invece di ${count}`);
        await page.close();
        return { actions, seconds };
      };
      const before = await run('uno alla volta', () => (page, date) => planOneByOne(page, base, date, MATCHES, opts), saturdays[1], MATCHES.length);
      const oneCategory = await run('una categoria', () => (page, date) => planWithSaveAndAddAnother(page, base, date, MATCHES, opts), saturdays[0], MATCHES.length);
      const real = await run(
        'sabato vero',
        () => (page, date) => planWithSaveAndAddAnother(page, base, date, REAL_SATURDAY, { home: 'Garibaldina', categoria: 'Piccoli Amici', tipo: 'Campionato' }),
        saturdays[2],
        REAL_SATURDAY.length,
      );
      const row = (label: string, r: { actions: { clicks: number; keys: number; total: number }; seconds: number }, budget: boolean) => {
        const ok = !budget || (r.actions.total <= ACTIONS_BUDGET && r.seconds < SECONDS_BUDGET);
        if (!ok) over = true;
        console.log(
          `${label.padEnd(64)} ${String(r.actions.total).padStart(4)} azioni (${r.actions.clicks} clic, ${r.actions.keys} tasti) ${r.seconds.toFixed(1).padStart(6)} s  ${budget ? `${ok ? 'OK' : 'OLTRE'} (<= ${ACTIONS_BUDGET} azioni, nessun 'Salva comunque', < ${SECONDS_BUDGET} s)` : '(riferimento)'}`,
        );
      };
      row('baseline: una categoria, una partita alla volta dalla dashboard', before, false);
      row("una categoria su un campo, 'Salva e aggiungi un'altra'", oneCategory, false);
      row("sabato vero: 6 categorie, 2 campi alternati, 'Garibaldina'", real, true);
    } finally {
      await browser.close();
    }
  } finally {
    await teardown({ db, pool, app, mailer: services.mailer });
  }
  if (over) process.exit(1);
}

runBench(main);
