// Export speed (docs/export.md): a season of 1,000 matches — table CSV and PDF each under 1.5 s, week
// and day PDFs under 300 ms — next to a baseline from the same run (the JSON preview of the same
// 1,000 rows, ten pages of 100); then a CSV of 100,000 matches streamed while the server's memory
// (RSS and heap) is sampled: growth budget 50 MB. Every figure is the median of 5 requests over
// HTTP to the real app. Exits 1 when a figure is over its budget.
// Usage: npm run bench:exports   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import crypto from 'node:crypto';
import type pg from 'pg';
import { benchApp, benchServices, benchToken, listen, median, openBench, runBench, seedCategories, teardown } from './harness';

const SECRET = crypto.randomBytes(32).toString('hex');
const RUNS = 5;
const SEASON = { from: '2026-09-01', to: '2027-06-30' };
const BIG = { from: '2028-01-01', to: '2030-12-31' };

/** `count` matches spread over the period (weekends busier), realistic names, half at home. */
async function seed(pool: pg.Pool, from: string, to: string, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
       spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
     SELECT d, make_time(9 + (i % 10), (i % 2) * 30, 0),
            CASE WHEN i % 2 = 0 THEN make_time(10 + (i % 10), 45, 0) END,
            CASE WHEN i % 2 = 0 THEN 'Garibaldina ' || (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4]
                 ELSE (ARRAY['Ștefănești','Đakovo','Virtus Lucca','Atletico Pisa','Sant''Anna','Città di Castello'])[1 + i % 6] || ' ' || (i % 50) END,
            CASE WHEN i % 2 = 0 THEN (ARRAY['Ștefănești','Đakovo','Virtus Lucca','Atletico Pisa','Sant''Anna','Città di Castello'])[1 + i % 6] || ' ' || (i % 50)
                 ELSE 'Garibaldina ' || (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4] END,
            (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4],
            'Campo Sportivo ' || (i % 13), i % 2 = 0,
            CASE WHEN i % 2 = 0 THEN 1 + i % 3 END, CASE WHEN i % 2 = 0 THEN 4 + i % 3 END,
            (ARRAY[NULL,'erba','sintetico'])[1 + i % 3], (ARRAY['campionato','torneo','amichevole'])[1 + i % 3]
       FROM (SELECT i, $1::date + ((i * 7919) % ($2::date - $1::date + 1)) AS d FROM generate_series(1, $3::int) AS i) s`,
    [from, to, count],
  );
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_exports_${process.pid}`);
  await seedCategories(pool);
  // 988 spread over the season, and a normal busy Saturday of 12 (the week and day PDFs).
  await seed(pool, SEASON.from, SEASON.to, 988);
  await seed(pool, '2026-11-21', '2026-11-21', 12);
  const { rows: busiest } = await pool.query(
    `SELECT to_char(data, 'YYYY-MM-DD') AS d, count(*)::int AS n FROM public.partite GROUP BY data ORDER BY n DESC, data LIMIT 1`,
  );
  const bearer = await benchToken(pool, SECRET, { email: 'bench@example.it', role: 'reader', profile: true });
  const services = benchServices();
  const { mailer } = services;
  const app = await benchApp(pool, SECRET, services);
  const base = await listen(app);
  const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };

  /** Time of one request read to its last byte; fails on a non-200 or an empty body. */
  async function once(method: 'GET' | 'POST', url: string, body?: object): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    const ms = performance.now() - started;
    if (res.status !== 200 || bytes === 0) throw new Error(`${method} ${url}: HTTP ${res.status}, ${bytes} byte`);
    return { ms, bytes };
  }
  async function measure(label: string, fn: () => Promise<{ ms: number; bytes: number }>, budgetMs?: number) {
    await fn(); // warm-up
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await fn());
    const ms = median(runs.map((r) => r.ms));
    const ok = budgetMs === undefined || ms < budgetMs;
    console.log(
      `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms ${(runs[0].bytes / 1024).toFixed(0).padStart(7)} KB   ${budgetMs === undefined ? '(baseline)' : `${ok ? 'OK' : 'OLTRE'} (< ${budgetMs} ms)`}`,
    );
    return ok;
  }

  const jsonPages = async () => {
    let ms = 0;
    let bytes = 0;
    for (let offset = 0; offset < 1000; offset += 100) {
      const r = await once('GET', `/api/exports/preview/table?from=${SEASON.from}&to=${SEASON.to}&limit=100&offset=${offset}`);
      ms += r.ms;
      bytes += r.bytes;
    }
    return { ms, bytes };
  };

  console.log(`\nStagione: 1000 partite dal ${SEASON.from} al ${SEASON.to}; giorno più pieno ${busiest[0].d} (${busiest[0].n} partite); mediana di ${RUNS} richieste\n`);
  const verdicts = [
    await measure('baseline: anteprima JSON (10 pagine da 100)', jsonPages),
    await measure('baseline: anteprima JSON settimana', () => once('GET', `/api/exports/preview/week?weekStart=${busiest[0].d}`)),
    await measure('POST /api/exports/table.csv (1000 righe)', () => once('POST', '/api/exports/table.csv', SEASON), 1500),
    await measure('POST /api/exports/table.pdf (1000 righe)', () => once('POST', '/api/exports/table.pdf', SEASON), 1500),
    await measure('POST /api/exports/week.pdf', () => once('POST', '/api/exports/week.pdf', { weekStart: busiest[0].d }), 300),
    await measure('POST /api/exports/day.pdf', () => once('POST', '/api/exports/day.pdf', { date: busiest[0].d }), 300),
  ];

  // 100,000 matches streamed as CSV: the server's memory sampled every 5 ms while it streams.
  await seed(pool, BIG.from, BIG.to, 100_000);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const big = await once('POST', '/api/exports/table.csv', BIG);
  clearInterval(timer);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const rssGrowth = peakRss - before.rss;
  const memOk = rssGrowth < 50 * 1024 * 1024;
  console.log(
    `\nCSV di 100000 partite: ${mb(big.bytes)} MB in ${(big.ms / 1000).toFixed(2)} s; crescita memoria del server: RSS +${mb(rssGrowth)} MB, heap +${mb(peakHeap - before.heapUsed)} MB ` +
      `(picchi RSS ${mb(peakRss)} MB, heap ${mb(peakHeap)} MB${gc ? '' : '; senza --expose-gc'})   ${memOk ? 'OK' : 'OLTRE'} (< 50 MB)`,
  );
  verdicts.push(memOk);

  await teardown({ db, pool, app, mailer });
  if (verdicts.includes(false)) process.exitCode = 1;
}

runBench(main);
