// Fixture import speed (issue 17): a 2,000-row CSV (as the product exports it: BOM, ';', dd/mm/yyyy)
// decoded, parsed and validated by the common parser (what the /importa preview runs) in under 1 s,
// and POST /api/partite/import of the 2,000 rows answered in under 2 s, over HTTP to the real app on
// a real PostgreSQL. Baselines in the same run: papaparse alone on the same text, and one match
// through POST /api/partite. Exits 1 when a figure is over budget.
// Usage: npm run bench:import   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import dayjs from 'dayjs';
import Papa from 'papaparse';
import { stringify } from 'csv-stringify/sync';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createPool } from '../server/db/pool';
import { migrate } from '../server/db/migrate';
import { startEmbedded, type EmbeddedDb } from '../server/db/embedded';
import { createMailer } from '../server/mail/mailer';
import { CSV_OPTIONS } from '../server/features/exports/csv';
import { exportRow } from '../common/exports';
import { todayIn } from '../common/dates';
import { decodeBytes, importBody, readImport } from '../common/import';
import type { Partita } from '../common/partiteRead';
import { TEST_JWT_SECRET } from '../test/app';
import { bearer, createUser } from '../test/users';

const ROWS = 2000;
const PARSE_RUNS = 9;
const IMPORT_RUNS = 5;
const CATEGORIES = ['Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi'];

async function database(): Promise<{ url: string; embedded?: EmbeddedDb; dir?: string }> {
  let adminUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedDb | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-bench-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbedded(dir, pino({ level: 'warn' }));
    adminUrl = embedded.url;
  }
  const name = `garibaldina_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), embedded, dir };
}

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
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
  const db = await database();
  const pool = createPool(db.url);
  await migrate(pool);
  await pool.query(`INSERT INTO public.gruppi (name) SELECT unnest($1::text[])`, [CATEGORIES]);
  const editor = await createUser(pool, 'editor');
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'garibaldina-bench-data'), PORT: '0' });
  const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger: pino({ level: 'silent' }) });
  const app = await buildApp({ config, pool, mailer, jwtSecret: TEST_JWT_SECRET, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const today = todayIn(config.timezone);
  const bytes = seasonCsv(today);

  const verdicts: boolean[] = [];
  const line = (label: string, ms: number, budget?: number, extra = '') => {
    const ok = budget === undefined || ms < budget;
    if (budget !== undefined) verdicts.push(ok);
    console.log(`${label.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms ${extra.padEnd(16)} ${budget === undefined ? '(baseline)' : `${ok ? 'OK' : 'OLTRE'} (< ${budget} ms)`}`);
  };
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

  await app.close();
  mailer.close();
  await pool.end();
  if (db.embedded) {
    await db.embedded.stop();
    fs.rmSync(db.dir!, { recursive: true, force: true });
  }
  if (verdicts.includes(false)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
