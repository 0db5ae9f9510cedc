// Matches read speed: GET /api/partite/public and the signed-in PostgREST read (the query
// supabase-js sends) at 50 concurrent connections, next to a bare route of the same server that
// answers the same JSON from memory. Goal: each at least 50 % of the baseline's requests/s.
// Then an anonymous attack on the public list (docs/public-page.md) with 12,000 upcoming
// matches: visitors read the page of / and the list (paced, each from its own address) while one
// address asks page after page no one asked before, as fast as it can; the visitors' p99 is printed
// beside the quiet run (goal: under 200 ms with the per-address limit), and beside the same attack
// with the limit lifted. The load comes from a child process (`--load`), not the server's.
// Also prints the gzip size of the JavaScript the public dashboard downloads.
// Usage: npm run bench:matches   (DATABASE_URL to use an external PostgreSQL, else an embedded one;
// after a build, or CLIENT_DIR; BENCH_ONLY_ATTACK=1 runs the attack alone)
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import type pg from 'pg';
import dayjs from 'dayjs';
import { todayIn } from '../common/core/dates';
import { PUBLIC_LIMIT_MAX, PUBLIC_PAGE_SIZE } from '../common/matches/public-page';
import { buildApp } from '../server/app';
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
}

async function run(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // Warm-up, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
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
  const page = Object.keys(manifest).find((k) => k.endsWith('features/matches/PublicDashboardPage.tsx'));
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
  // The public list comes by pages (docs/public-page.md): its baseline is the first page, as GET /api/partite/public
  // answers it; the signed-in read's is the whole list, as /rest/v1 answers it.
  const page = JSON.stringify({ success: true, data: rows.slice(0, PUBLIC_PAGE_SIZE), total: rows.length, offset: 0, limit: PUBLIC_PAGE_SIZE, appliedFilters: {}, error: null });
  const whole = JSON.stringify(rows);
  app.get('/api/bench-baseline', { compress: false }, async (_req, reply) => reply.type('application/json; charset=utf-8').send(page));
  app.get('/api/bench-baseline-whole', { compress: false }, async (_req, reply) => reply.type('application/json; charset=utf-8').send(whole));
  const base = await listen(app);

  const auth = { authorization: `Bearer ${token}`, apikey: 'bench', 'accept-profile': 'public' };
  if (process.env.BENCH_ONLY_ATTACK === '1') {
    await attack(pool, today);
    await teardown({ db, pool, app, mailer });
    return;
  }
  // Each measured route after its own baseline.
  const results = [
    await run('baseline (prima pagina in memoria)', `${base}/api/bench-baseline`),
    await run('GET /api/partite/public', `${base}/api/partite/public`),
    await run('baseline (lista intera in memoria)', `${base}/api/bench-baseline-whole`),
    await run('GET /rest/v1/partite (supabase-js)', `${base}/rest/v1/partite?select=*&data=gte.${today}&order=data.asc%2Cora.asc`, auth),
  ];
  console.log(`\nPartite: ${rows.length} in elenco (da oggi) su ${MATCHES}; ${CONNECTIONS} connessioni, ${DURATION_S} s per prova\n`);
  console.log('prova                                   req/s   p50 ms  p99 ms  errori  % baseline');
  results.forEach((r, i) => {
    const pct = (r.rps / results[i - (i % 2)].rps) * 100;
    console.log(
      `${r.name.padEnd(38)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${pct.toFixed(0).padStart(9)} %`,
    );
  });
  const verdict = [results[1], results[3]].map((r, i) => `${r.name}: ${r.rps / results[2 * i].rps >= 0.5 ? 'OK' : 'SOTTO OBIETTIVO'} (>= 50 %)`);
  console.log(`\n${verdict.join('\n')}`);
  console.log(`\nJavaScript della dashboard pubblica: ${publicBundleGzip()}`);

  await attack(pool, today);
  await teardown({ db, pool, app, mailer });
}

// ---- The anonymous attack on the public list ----

const ATTACK_MATCHES = 12_000;
const VISITOR_RATE = Number(process.env.BENCH_VISITOR_RATE ?? 100);
const ATTACK_S = Number(process.env.BENCH_ATTACK_DURATION ?? 10);
const P99_GOAL_MS = 200;
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

interface LoadPlan {
  base: string;
  duration: number;
  /** With the attacker beside the visitors. */
  attacker: boolean;
}
interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  limited: number;
  other: number;
}

/** The load, in this child process (`--load <json>`): paced visitors from many addresses, and the attacker from one. */
async function loadChild(plan: LoadPlan) {
  let visitor = 0;
  // Visitors: the page of /, the list's first page, a common filter; each request from another address.
  const paths = ['/', '/api/partite/public', '/api/partite/public?gruppo=Pulcini'];
  const visitors = autocannon({
    url: plan.base,
    connections: 20,
    duration: plan.duration,
    overallRate: VISITOR_RATE,
    requests: [
      {
        setupRequest: (req) => {
          visitor++;
          return { ...req, path: paths[visitor % paths.length], headers: { ...req.headers, 'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` } };
        },
      },
    ],
  });
  // The attacker: pages no one asked before (the costliest miss: the biggest page, anywhere in the season), as fast as 8 connections go.
  let n = 0;
  const attacker = plan.attacker
    ? autocannon({
        url: plan.base,
        connections: 8,
        duration: plan.duration,
        requests: [
          {
            setupRequest: (req) => {
              n++;
              const offset = (n * 7919) % (ATTACK_MATCHES - PUBLIC_LIMIT_MAX);
              const limit = PUBLIC_LIMIT_MAX - (Math.floor(n / ATTACK_MATCHES) % 100);
              return { ...req, path: `/api/partite/public?offset=${offset}&limit=${limit}`, headers: { ...req.headers, 'x-forwarded-for': '203.0.113.7' } };
            },
          },
        ],
      })
    : null;
  const figures = (r: autocannon.Result): LoadFigures => ({
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    limited: r.statusCodeStats?.['429']?.count ?? 0,
    other: r.non2xx - (r.statusCodeStats?.['429']?.count ?? 0) + r.errors,
  });
  const [v, a] = await Promise.all([visitors, attacker]);
  process.stdout.write(JSON.stringify({ visitors: figures(v), attacker: a ? figures(a) : null }));
}

function runLoad(plan: LoadPlan): Promise<{ visitors: LoadFigures; attacker: LoadFigures | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--load', JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited ${code}`))));
  });
}

async function attack(pool: pg.Pool, today: string) {
  if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error(`nessun build in ${CLIENT_DIR}: esegui 'npm run build' o imposta CLIENT_DIR`);
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
     SELECT $1::date + 1 + (i % 240), make_time(9 + i % 10, 0, 0), make_time(10 + i % 10, 30, 0), 'Garibaldina ' || i || ' Calcio Giovanile', 'Ospiti Associazione Sportiva ' || i,
            ($2::text[])[1 + i % 4], 'Campo Comunale ' || (i % 13), i % 2 = 0, 'campionato'
       FROM generate_series(1, $3) AS i`,
    [today, CATEGORIES, ATTACK_MATCHES],
  );
  // Each client's address from X-Forwarded-For (TRUST_PROXY=1), as behind the club's proxy.
  const limited = benchServices({ TRUST_PROXY: '1' });
  const unlimited = benchServices({ TRUST_PROXY: '1', PUBLIC_LIST_BURST: '10000', PUBLIC_LIST_PER_SECOND: '1000' });
  const rows: [string, { visitors: LoadFigures; attacker: LoadFigures | null }][] = [];
  for (const [label, svc, attacker] of [
    ['tranquillo (solo visitatori)', limited, false],
    ['attacco, limite per indirizzo', limited, true],
    ['attacco, senza limite', unlimited, true],
  ] as const) {
    // With the built interface: GET / is the server's page of the list (docs/public-page.md).
    const app = await buildApp({ config: svc.config, pool, mailer: svc.mailer, jwtSecret: SECRET, logger: false, clientDir: CLIENT_DIR });
    const base = await listen(app);
    // Warm: the page of / and the visitors' lists in the cache.
    for (const p of ['/', '/api/partite/public', '/api/partite/public?gruppo=Pulcini']) await fetch(`${base}${p}`);
    rows.push([label, await runLoad({ base, duration: ATTACK_S, attacker })]);
    await app.close();
  }
  limited.mailer.close();
  unlimited.mailer.close();
  console.log(
    `\nAttacco anonimo alla lista pubblica: ${ATTACK_MATCHES} partite in arrivo; visitatori ${VISITOR_RATE} req/s (/, lista, un filtro; ognuno da un indirizzo), ` +
      `attaccante da un indirizzo con 8 connessioni, pagine mai chieste (offset/limit fino a ${PUBLIC_LIMIT_MAX}); ${ATTACK_S} s per prova`,
  );
  console.log('prova                              visitatori: req/s  p50 ms  p99 ms  errori | attaccante: req/s   200    429  altri');
  for (const [label, r] of rows) {
    const v = r.visitors;
    const a = r.attacker;
    console.log(
      `${label.padEnd(34)} ${v.rps.toFixed(0).padStart(17)} ${String(v.p50).padStart(7)} ${String(v.p99).padStart(7)} ${String(v.other).padStart(7)} | ` +
        (a ? `${a.rps.toFixed(0).padStart(17)} ${String(a.ok).padStart(5)} ${String(a.limited).padStart(6)} ${String(a.other).padStart(6)}` : `${'-'.padStart(17)}`),
    );
  }
  const underAttack = rows[1][1].visitors;
  const ok = underAttack.p99 < P99_GOAL_MS && underAttack.other === 0;
  console.log(`\nVisitatori sotto attacco con il limite: p99 ${underAttack.p99} ms (tranquillo ${rows[0][1].visitors.p99} ms) -> ${ok ? 'OK' : 'SOTTO OBIETTIVO'} (< ${P99_GOAL_MS} ms)`);
  if (!ok) process.exitCode = 1;
}

if (process.argv[2] === '--load') runBench(() => loadChild(JSON.parse(process.argv[3]) as LoadPlan));
else runBench(main);
