// Fixture import speed (issue 17): a 2,000-row CSV (as the product exports it: BOM, ';', dd/mm/yyyy)
// decoded, parsed and validated by the common parser (what the /importa preview runs) in under 1 s,
// and POST /api/partite/import of the 2,000 rows answered in under 2 s, over HTTP to the real app on
// a real PostgreSQL. Baselines in the same run: papaparse alone on the same text, and one match
// through POST /api/partite. Exits 1 when a figure is over budget.
// Usage: npm run bench:import   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import dayjs from 'dayjs';
import Papa from 'papaparse';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from '../server/features/exports/csv';
import { exportRow } from '../common/exports';
import { todayIn } from '../common/dates';
import { decodeBytes, importBody, readImport } from '../common/import';
import type { Partita } from '../common/partiteRead';
import { TEST_JWT_SECRET } from '../test/app';
import { bearer, createUser } from '../test/users';
import { CATEGORIES, benchApp, benchServices, listen, median, openBench, runBench, seedCategories, teardown, verdictPrinter } from './harness';

const ROWS = 2000;
const PARSE_RUNS = 9;
const IMPORT_RUNS = 5;

/** A season of 2,000 matches as the export writes it (half at home, every column filled). */
function seasonCsv(today: string): Uint8Array {
  const matches: Partita[] = Array.from({ length: ROWS }, (_, i) => ({
    id: i + 1,
    data: dayjs(today).add(1 + (i % 300), 'day').format('YYYY-MM-DD'),
    ora: `${String(8 + (i % 12)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00`,
    ora_fine: i % 2 === 0 ? `${String(9 + (i % 12)).padStart(2, '0')}:45:00` : null,
    squadracasa: i % 2 === 0 ? `Garibaldina ${CATEGORIES[i % 4]}` : `Virtus Lucca ${i}`,
    squadratrasferta: i % 2 === 0 ? `Atletico Pisa ${i}` : `Garibaldina ${CATEGORIES[i % 4]}`,
    gruppo: CATEGORIES[i % 4],
    campo: `Campo Sportivo "Comunale" ${i % 13}; tribuna`,
    is_house_match: i % 2 === 0,
    spogliatoio_gari: null,
    spogliatoio_ospiti: null,
    terreno: (['erba', 'sintetico', null] as const)[i % 3],
    tipo_gara: (['campionato', 'torneo', 'amichevole'] as const)[i % 3],
  }));
  const text = stringify(matches.map(exportRow), { ...CSV_OPTIONS, columns: [...CSV_OPTIONS.columns] });
  return new TextEncoder().encode(text);
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

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_import_${process.pid}`);
  await seedCategories(pool);
  const editor = await createUser(pool, 'editor');
  const services = benchServices();
  const { config, mailer } = services;
  const app = await benchApp(pool, TEST_JWT_SECRET, services);
  const base = await listen(app);
  const today = todayIn(config.timezone);
  const bytes = seasonCsv(today);

  const { line, failed } = verdictPrinter({ label: 58, digits: 1, extra: 16 });
  console.log(`\nFile: ${ROWS} partite come le scrive Esporta CSV (${(bytes.length / 1024).toFixed(0)} KB); mediana di ${PARSE_RUNS} letture e di ${IMPORT_RUNS} importazioni (tabella svuotata tra una e l'altra)\n`);

  const raw = await timed(PARSE_RUNS, () => Papa.parse<string[]>(new TextDecoder().decode(bytes), { delimiter: ';' }).data.length);
  line('baseline: papaparse da solo (decodifica e celle)', raw.ms, undefined, `${raw.result} righe`);
  const opts = { mode: 'create' as const, today, clubName: config.clubName, categories: CATEGORIES };
  const parsed = await timed(PARSE_RUNS, () => readImport(decodeBytes(bytes).text, opts));
  const valid = parsed.result.rows.filter((r) => r.payload).length;
  if (valid !== ROWS) throw new Error(`${valid} righe valide invece di ${ROWS}: ${parsed.result.rows.find((r) => r.errors.length)?.errors.join('; ')}`);
  line(`parser comune: ${ROWS} righe lette, mappate e validate`, parsed.ms, 1000, `${valid} valide`);

  const headers = { ...bearer(editor), 'content-type': 'application/json' };
  const body = JSON.stringify(importBody(parsed.result.rows));
  const clear = () => pool.query('TRUNCATE public.partite RESTART IDENTITY');
  const one = JSON.stringify(importBody(parsed.result.rows).partite[1]);
  const single = await timed(
    IMPORT_RUNS,
    async () => (await fetch(`${base}/api/partite`, { method: 'POST', headers, body: one })).status,
    clear,
  );
  if (single.result !== 201) throw new Error(`POST /api/partite: HTTP ${single.result}`);
  line('baseline: POST /api/partite (una partita)', single.ms, undefined, `x${ROWS} = ${((single.ms * ROWS) / 1000).toFixed(1)} s`);
  const imported = await timed(
    IMPORT_RUNS,
    async () => {
      const res = await fetch(`${base}/api/partite/import`, { method: 'POST', headers, body });
      return { status: res.status, body: (await res.json()) as { create: number } };
    },
    clear,
  );
  if (imported.result.status !== 201 || imported.result.body.create !== ROWS) throw new Error(`import: HTTP ${imported.result.status} ${JSON.stringify(imported.result.body)}`);
  line(`POST /api/partite/import (${ROWS} partite, una transazione)`, imported.ms, 2000, `${(body.length / 1024).toFixed(0)} KB JSON`);

  await teardown({ db, pool, app, mailer });
  if (failed()) process.exitCode = 1;
}

runBench(main);
