// Matches read speed: GET /api/partite/public and the signed-in PostgREST read (the query
// supabase-js sends) at 50 concurrent connections, next to a bare route of the same server that
// answers the same JSON from memory (never compressed). Goal: each at least 50 % of the baseline's
// requests/s. The two reads with the browser's Accept-Encoding (brotli from the cache entry's copy) and
// without (plain JSON), with the KB of each answer.
// Also prints the gzip size of the JavaScript the public dashboard downloads.
// Usage: npm run bench:partite   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import type pg from 'pg';
import dayjs from 'dayjs';
import { todayIn } from '../common/core/dates';
import { benchApp, benchServices, benchToken, CATEGORIES, listen, openBench, runBench, seedCategories, teardown } from './harness';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const MATCHES = 300;
const SECRET = crypto.randomBytes(32).toString('hex');

async function seed(pool: pg.Pool): Promise<string> {
  await seedCategories(pool);
  const today = todayIn('Europe/Rome');
  const gruppi = CATEGORIES;
  for (let i = 0; i < MATCHES; i++) {
    const home = i % 2 === 0;
    await pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
         spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        dayjs(today).add((i % 120) - 20, 'day').format('YYYY-MM-DD'),
        `${String(9 + (i % 10)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        home ? '20:00' : null,
        home ? `Garibaldina ${gruppi[i % 4]}` : `Squadra ${i % 37}`,
        home ? `Ospiti ${i % 41}` : `Garibaldina ${gruppi[i % 4]}`,
        gruppi[i % 4],
        `Campo ${i % 13}`,
        home,
        home ? 1 + (i % 3) : null,
        home ? 4 + (i % 3) : null,
        i % 3 === 0 ? null : i % 3 === 1 ? 'erba' : 'sintetico',
        ['campionato', 'torneo', 'amichevole'][i % 3],
      ],
    );
  }
  return today;
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** KB per answer, headers included. */
  kb: number;
}

async function run(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // Warm-up, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, kb: r.throughput.average / r.requests.average / 1024 };
}

function publicBundleGzip(): string {
  const dir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
  const manifestPath = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return `n/d (nessun build in ${dir}: esegui 'npm run build' o imposta CLIENT_DIR)`;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  const entryOnly = new Set(seen);
  const page = Object.keys(manifest).find((k) => k.endsWith('features/partite/PublicDashboardPage.tsx'));
  if (page) walk(page);
  const gz = (keys: Iterable<string>) =>
    [...keys].reduce((sum, k) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, manifest[k].file))).length, 0);
  const total = gz(seen);
  const pageOnly = gz([...seen].filter((k) => !entryOnly.has(k)));
  return `${(total / 1024).toFixed(1)} KB gzip in tutto (di cui ${(pageOnly / 1024).toFixed(1)} KB per la pagina e i suoi chunk, oltre all'entry)`;
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_${process.pid}`);
  const today = await seed(pool);
  const token = await benchToken(pool, SECRET, { email: 'bench@example.it', role: 'reader' });
  const services = benchServices();
  const { mailer } = services;
  const app = await benchApp(pool, SECRET, services);

  // Baseline: the same server and hooks, the same JSON body from memory.
  const { rows } = await pool.query(
    `SELECT id, data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara
       FROM public.partite WHERE data >= $1 ORDER BY data, ora, id`,
    [today],
  );
  const body = JSON.stringify({ success: true, data: rows, appliedFilters: {}, error: null });
  app.get('/api/bench-baseline', { compress: false }, async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  const base = await listen(app);

  const auth = { authorization: `Bearer ${token}`, apikey: 'bench', 'accept-profile': 'public' };
  // What Chromium sends.
  const br = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const rest = `${base}/rest/v1/partite?select=*&data=gte.${today}&order=data.asc%2Cora.asc`;
  const results = [
    await run('baseline (JSON in memoria)', `${base}/api/bench-baseline`),
    await run('GET /api/partite/public', `${base}/api/partite/public`),
    await run('GET /api/partite/public (br)', `${base}/api/partite/public`, br),
    await run('GET /rest/v1/partite (supabase-js)', rest, auth),
    await run('GET /rest/v1/partite (supabase-js, br)', rest, { ...auth, ...br }),
  ];
  const baseline = results[0].rps;
  console.log(`\nPartite: ${rows.length} in elenco (da oggi) su ${MATCHES}; ${CONNECTIONS} connessioni, ${DURATION_S} s per prova\n`);
  console.log('prova                                     req/s   p50 ms  p99 ms  errori  % baseline   KB/risp');
  for (const r of results) {
    const pct = (r.rps / baseline) * 100;
    console.log(
      `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${pct.toFixed(0).padStart(9)} % ${r.kb.toFixed(1).padStart(9)}`,
    );
  }
  const verdict = results.slice(1).map((r) => `${r.name}: ${r.rps / baseline >= 0.5 ? 'OK' : 'SOTTO OBIETTIVO'} (>= 50 %)`);
  console.log(`\n${verdict.join('\n')}`);
  console.log(`\nJavaScript della dashboard pubblica: ${publicBundleGzip()}`);

  await teardown({ db, pool, app, mailer });
}

runBench(main);
