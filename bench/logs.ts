// Error log and activity log at a million rows each (docs/logs.md, "Speed"):
// - p95 of a filtered page (each filter + a 30-day date range, sorted by date), goal < 50 ms;
// - p95 of GET /api/error-stats, goal < 200 ms;
// - the EXPLAIN (ANALYZE) plans of those queries;
// - intake of ONE repeated error at 2,000 reports/s: the final occurrence_count must equal the 201s,
//   counted by the server itself (an onResponse hook), so requests autocannon cuts off at the end
//   but the server answered are counted too. autocannon runs in a CHILD process (this file with
//   --load), so the load generator does not share the server's event loop; GET /api/health is
//   measured the same way in the same run as the baseline. The per-IP limit (60/min) must not be what is
//   measured: the server runs with TRUST_PROXY=1 and every request carries another
//   X-Forwarded-For address (a fresh client each time), so the limiter still runs per request
//   (in memory since the group commit change) but never refuses.
// Each figure is printed next to GET /api/health of the same server (baseline).
// Usage: npm run bench:logs   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchApp, benchServices, benchToken, listen, nearestRank, openBench, runBench, teardown } from './harness';
import { activityListSpec, errorListSpec, listSql } from '../server/features/logs/repo';
import { activityFiltersSchema, errorFiltersSchema } from '../common/logs/rules';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const INTAKE_RATE = 2000;
const INTAKE_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const SECRET = crypto.randomBytes(32).toString('hex');

/**
 * A year of logs: 300 members, a few hundred distinct messages, most old errors resolved. For the
 * substring filters, frequent and rare terms: ' (rete)' ends 30% of the messages and
 * '@posta.it' is the domain of 30% of the emails; 'quota esaurita' (message), 'mario.rossi@'
 * (email) and '/api/archivio' (endpoint) are in 10 rows of a million each.
 */
async function load(pool: pg.Client) {
  const t0 = Date.now();
  await pool.query(
    `INSERT INTO public.error_logs (error_type, severity, error_message, error_stack, endpoint, method, status_code, occurrence_count,
        first_occurred_at, last_occurred_at, created_at, error_hash, context, user_email, user_role, resolved, resolved_at)
     SELECT (ARRAY['frontend','backend','api','auth','database','performance'])[1 + i % 6],
            (ARRAY['low','low','low','medium','medium','high','critical'])[1 + (i / 7) % 7],
            (ARRAY['TypeError: Cannot read properties of undefined', 'Failed to fetch', 'Request timeout', 'Validation failed',
                   'relation does not exist', 'Not Found', 'Chiamata lenta'])[1 + (i / 3) % 7] || ' #' || (i % 500)
              || CASE WHEN i % 100000 = 17 THEN ' Quota esaurita' WHEN i % 10 < 3 THEN ' (rete)' ELSE '' END,
            'Error\n    at f (app.js:' || (i % 900) || ':1)',
            '/api/partite/' || (i % 1000), 'GET', 500, 1 + i % 4,
            t - interval '1 hour', t, t - interval '1 hour',
            encode(sha256(i::text::bytea), 'hex'),
            jsonb_build_object('browser', 'Chrome', 'n', i),
            CASE WHEN i % 5 = 0 THEN NULL WHEN i % 100000 = 23 THEN 'Mario.Rossi@example.it'
                 ELSE 'socio' || (i % 300) || CASE WHEN i % 10 >= 7 THEN '@posta.it' ELSE '@example.it' END END,
            CASE WHEN i % 5 = 0 THEN NULL ELSE (ARRAY['reader','editor','admin'])[1 + i % 3] END,
            r, CASE WHEN r THEN t + interval '1 day' END
       FROM (SELECT i, now() - (random() * 365) * interval '1 day' AS t FROM generate_series(1, $1) i) s,
            LATERAL (SELECT s.t < now() - interval '14 days' AND s.i % 10 <> 0 AS r) rr`,
    [ROWS],
  );
  await pool.query(
    `INSERT INTO public.activity_logs (activity_type, activity_message, endpoint, created_at, user_id, user_email, user_role, ip_address, user_agent, context)
     SELECT (ARRAY['success','success','info','warning'])[1 + i % 4],
            'Attività ' || i,
            CASE WHEN i % 100000 = 29 THEN 'GET /api/archivio/:id' ELSE
            (ARRAY['POST /api/partite','PUT /api/partite/:id','DELETE /api/partite/:id','POST /auth/v1/token','POST /api/login',
                   'POST /api/gruppi','PUT /api/users/:id/role','POST /api/exports/table.csv'])[1 + i % 8] END,
            now() - (random() * 365) * interval '1 day',
            NULL, CASE WHEN i % 100000 = 23 THEN 'Mario.Rossi@example.it'
                       ELSE 'socio' || (i % 300) || CASE WHEN i % 10 >= 7 THEN '@posta.it' ELSE '@example.it' END END,
            (ARRAY['reader','editor','admin'])[1 + i % 3],
            ('10.0.' || (i % 250) || '.' || (i % 200))::inet, 'Mozilla/5.0 bench', jsonb_build_object('n', i)
       FROM generate_series(1, $1) i`,
    [ROWS],
  );
  await pool.query('VACUUM ANALYZE public.error_logs');
  await pool.query('VACUUM ANALYZE public.activity_logs');
  const size = await pool.query(
    `SELECT pg_total_relation_size('public.error_logs') AS e, pg_relation_size('public.error_logs') AS eh,
            pg_total_relation_size('public.activity_logs') AS a, pg_relation_size('public.activity_logs') AS ah`,
  );
  const s = size.rows[0];
  const mb = (b: string) => `${(Number(b) / 1024 / 1024).toFixed(0)} MB`;
  console.log(`Caricate ${ROWS} righe per tabella in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`error_logs: ${mb(s.e)} con gli indici (tabella ${mb(s.eh)}, ${(Number(s.e) / ROWS).toFixed(0)} byte/riga in tutto)`);
  console.log(`activity_logs: ${mb(s.a)} con gli indici (tabella ${mb(s.ah)}, ${(Number(s.a) / ROWS).toFixed(0)} byte/riga in tutto)\n`);
}

/** p95 of SAMPLES sequential requests (after 3 warm-ups), and the count of the last answer. */
async function timed(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  let last: { count?: number; countExact?: boolean } = {};
  for (let i = 0; i < SAMPLES + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0);
    if (url.includes('/api/error-logs') || url.includes('/api/activities')) last = JSON.parse(body);
  }
  return { p95: nearestRank(times, 0.95), last };
}

async function explain(pool: pg.Pool, title: string, sql: string, params: unknown[]) {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  console.log(`--- ${title}\n${sql.replace(/\s+/g, ' ')}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
}

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  amount?: number;
  duration?: number;
  overallRate?: number;
  /** A different X-Forwarded-For per request (a fresh client address each time). */
  freshIp?: boolean;
}
type LoadResult = { rps: number; p50: number; p99: number; ok2xx: number; non2xx: number; errors: number };

/** The load generator, in this child process (`--load <json>`): autocannon, the result as JSON on stdout. */
async function loadChild(o: LoadOptions) {
  let n = 0;
  const r = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    connections: 50,
    ...(o.amount ? { amount: o.amount } : { duration: o.duration ?? 3 }),
    ...(o.overallRate ? { overallRate: o.overallRate } : {}),
    headers: o.body ? { 'content-type': 'application/json' } : {},
    body: o.body,
    requests: o.freshIp
      ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } }) }]
      : undefined,
  });
  // Completed requests over the run's wall time: autocannon's requests.average is the mean of
  // per-second samples, which counts the last partial second as a whole one (20,000 in 10.0 s read 1,818/s).
  const out: LoadResult = { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, ok2xx: r['2xx'], non2xx: r.non2xx, errors: r.errors };
  process.stdout.write(JSON.stringify(out));
}

/** Runs loadChild in a separate node process and waits for its result. */
function loadGenerator(o: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--load', JSON.stringify(o)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load generator exited ${code}`))));
  });
}

async function main() {
  console.log(`Carico della macchina all'inizio: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (uptime, ${os.cpus().length} core)`);
  const { db, pool } = await openBench(`garibaldina_bench_logs_${process.pid}`, 'garibaldina-bench-logs-');
  // The app's pool has a 10 s statement timeout: load through a client without one.
  const loader = new pg.Client({ connectionString: db.url });
  await loader.connect();
  await loader.query('SET statement_timeout = 0');
  await load(loader);
  await loader.end();
  const token = await benchToken(pool, SECRET, { email: 'bench-admin@example.it', role: 'admin' });
  // The intake's speed is measured with anonymous reports: their shared ceiling (docs/logs.md) at its highest.
  const services = benchServices({ TRUST_PROXY: '1', ANON_ERROR_REPORTS_PER_MINUTE: '100000' });
  const { mailer } = services;
  const app = await benchApp(pool, SECRET, services);
  let accepted = 0;
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && request.url === '/api/error-logs' && reply.statusCode === 201) accepted++;
  });
  const base = await listen(app);
  const auth = { authorization: `Bearer ${token}` };

  const end = new Date().toISOString();
  const start = new Date(Date.now() - 30 * 86400_000).toISOString();
  const range = { start_date: start, end_date: end };
  const qs = (q: Record<string, string>) => new URLSearchParams({ ...q, ...range }).toString();
  // [label, route, filters]; each with the 30-day range.
  const lists: [string, 'errors' | 'activities', Record<string, string>][] = [
    ['errori: solo intervallo', 'errors', {}],
    ['errori: error_type=api', 'errors', { error_type: 'api' }],
    ['errori: severity=critical', 'errors', { severity: 'critical' }],
    ['errori: resolved=false', 'errors', { resolved: 'false' }],
    ['errori: resolved=true', 'errors', { resolved: 'true' }],
    ['errori: user_email=socio42@', 'errors', { user_email: 'socio42@' }],
    ['errori: user_email=@posta.it (30%)', 'errors', { user_email: '@posta.it' }],
    ['errori: user_email=mario.rossi@ (10)', 'errors', { user_email: 'mario.rossi@' }],
    ['errori: error_message=timeout', 'errors', { error_message: 'timeout' }],
    ['errori: error_message=(rete) (30%)', 'errors', { error_message: '(rete)' }],
    ['errori: error_message=quota esaurita (10)', 'errors', { error_message: 'quota esaurita' }],
    ['errori: pagina 20 da 100', 'errors', { limit: '100', page: '20' }],
    ['attività: solo intervallo', 'activities', {}],
    ['attività: activity_type=warning', 'activities', { activity_type: 'warning' }],
    ['attività: user_email=socio7@', 'activities', { user_email: 'socio7@' }],
    ['attività: user_email=@posta.it (30%)', 'activities', { user_email: '@posta.it' }],
    ['attività: user_email=mario.rossi@ (10)', 'activities', { user_email: 'mario.rossi@' }],
    ['attività: endpoint=/api/gruppi', 'activities', { endpoint: '/api/gruppi' }],
    ['attività: endpoint=/api/partite (37%)', 'activities', { endpoint: '/api/partite' }],
    ['attività: endpoint=/api/archivio (10)', 'activities', { endpoint: '/api/archivio' }],
  ];
  const path = (route: 'errors' | 'activities', q: Record<string, string>) => `${route === 'errors' ? '/api/error-logs' : '/api/activities'}?${qs(q)}`;
  console.log(`p95 su ${SAMPLES} richieste in sequenza (HTTP, pagina + conteggio), intervallo di 30 giorni:`);
  console.log('prova                                        p95 ms  obiettivo        conteggio');
  let ok = true;
  let inexact = 0;
  const row = (name: string, ms: number, goal: number | null, count = '') => {
    if (goal && ms >= goal) ok = false;
    const verdict = goal ? `< ${goal} ${ms < goal ? 'OK' : 'SOTTO OBIETTIVO'}` : '(baseline)';
    console.log(`${name.padEnd(44)} ${ms.toFixed(1).padStart(7)}  ${verdict.padEnd(16)} ${count}`);
  };
  row('health (baseline)', (await timed(`${base}/api/health`, auth)).p95, null);
  for (const [name, route, q] of lists) {
    const { p95, last } = await timed(`${base}${path(route, q)}`, auth);
    // "più di N" below the cap: the count ran out of its budget (SUBSTRING_COUNT_BUDGET_MS).
    const budgetHit = last.countExact === false && last.count !== 10000;
    if (budgetHit) inexact++;
    row(name, p95, 50, `${last.countExact ? '' : 'più di '}${last.count}${budgetHit ? ' (budget del conteggio scaduto)' : ''}`);
  }
  row('GET /api/error-stats', (await timed(`${base}/api/error-stats`, auth)).p95, 200);
  console.log(`Conteggi interrotti dal budget (ultima risposta di ogni prova): ${inexact}`);

  // The statements repo.ts runs for these filters (listSql), with their plans.
  console.log('\nPiani (EXPLAIN ANALYZE) delle query usate da repo.ts (pagina e conteggio limitato a 10.001):\n');
  for (const [name, route, q] of lists) {
    if (!Object.keys(q).some((k) => ['user_email', 'error_message', 'endpoint', 'error_type'].includes(k)) && name !== 'errori: solo intervallo') continue;
    const spec =
      route === 'errors'
        ? errorListSpec(errorFiltersSchema.parse({ ...q, ...range }), 'Europe/Rome')
        : activityListSpec(activityFiltersSchema.parse({ ...q, ...range }), 'Europe/Rome');
    const { pageSql, countSql, params } = listSql(spec);
    await explain(pool, `${name} (pagina)`, pageSql, params);
    await explain(pool, `${name} (conteggio)`, countSql, params);
  }
  await explain(pool, 'statistiche (tabella riassuntiva, migrazione 011)', 'SELECT error_type, severity, total_errors, unresolved_errors FROM public.error_stats WHERE total_errors > 0 ORDER BY total_errors DESC', []);
  const stats = await pool.query(
    `SELECT (SELECT json_agg(x ORDER BY x) FROM (SELECT error_type, severity, total_errors::int, unresolved_errors::int FROM public.error_stats WHERE total_errors > 0) x)::text
          = (SELECT json_agg(x ORDER BY x) FROM (SELECT error_type, severity, count(*)::int AS total_errors, (count(*) FILTER (WHERE NOT resolved))::int AS unresolved_errors
                                                    FROM public.error_logs GROUP BY 1, 2) x)::text AS same`,
  );
  console.log(`Statistiche riassuntive uguali al GROUP BY su error_logs: ${stats.rows[0].same ? 'sì' : 'NO'}\n`);
  if (!stats.rows[0].same) ok = false;

  // Intake: one repeated error, a fresh client address per request, from a separate process.
  const body = JSON.stringify({ message: 'Errore ripetuto del bench', type: 'frontend', stack: 'Error\n    at bench (bench.js:1:1)' });
  console.log(`Carico prima dell'intake: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const health = await loadGenerator({ url: `${base}/api/health`, duration: 3 });
  // A fixed number of requests, not a duration: autocannon then waits for every response (a
  // duration cuts off the requests in flight at the end, which the server may have stored).
  const r = await loadGenerator({ url: `${base}/api/error-logs`, method: 'POST', body, amount: INTAKE_RATE * INTAKE_SECONDS, overallRate: INTAKE_RATE, freshIp: true });
  // Requests cut off at the end are still being answered: let them finish, then compare.
  await new Promise((done) => setTimeout(done, 1000));
  const { rows } = await pool.query(`SELECT occurrence_count, count(*) OVER () AS rows FROM public.error_logs WHERE error_message = 'Errore ripetuto del bench'`);
  const created = accepted;
  // The same without a pace: as fast as 50 connections get answers (the intake's ceiling here).
  const bodyMax = JSON.stringify({ message: 'Errore ripetuto del bench (massimo)', type: 'frontend', stack: 'Error\n    at bench (bench.js:1:1)' });
  const rMax = await loadGenerator({ url: `${base}/api/error-logs`, method: 'POST', body: bodyMax, amount: INTAKE_RATE * INTAKE_SECONDS, freshIp: true });
  await new Promise((done) => setTimeout(done, 1000));
  const createdMax = accepted - created;
  const max = await pool.query(`SELECT occurrence_count, count(*) OVER () AS rows FROM public.error_logs WHERE error_message = 'Errore ripetuto del bench (massimo)'`);
  const health2 = await loadGenerator({ url: `${base}/api/health`, duration: 3 });
  console.log(`Intake (autocannon in un processo separato, 50 connessioni): obiettivo ${INTAKE_RATE}/s per ${INTAKE_SECONDS} s`);
  console.log(`  baseline GET /api/health prima: ${health.rps.toFixed(0)} richieste/s (p50 ${health.p50} ms, p99 ${health.p99} ms)`);
  console.log(`  a ritmo chiesto ${INTAKE_RATE}/s: consegnate e risposte ${r.rps.toFixed(0)} richieste/s (p50 ${r.p50} ms, p99 ${r.p99} ms); 201 contati dal server: ${created} (dal client: ${r.ok2xx}), altri: ${r.non2xx}, errori: ${r.errors}`);
  console.log(`  righe per quell'errore: ${rows.length ? rows[0].rows : 0}; occurrence_count = ${rows[0]?.occurrence_count ?? 0} ${Number(rows[0]?.occurrence_count) === created ? '(uguale ai 201: OK)' : '(DIVERSO dai 201)'}`);
  console.log(`  senza ritmo (capacità, obiettivo >= ${INTAKE_RATE}/s ${rMax.rps >= INTAKE_RATE ? 'OK' : 'SOTTO OBIETTIVO'}): ${rMax.rps.toFixed(0)} richieste/s (p50 ${rMax.p50} ms, p99 ${rMax.p99} ms); 201: ${createdMax}, altri: ${rMax.non2xx}, errori: ${rMax.errors}; righe ${max.rows.length ? max.rows[0].rows : 0}, occurrence_count = ${max.rows[0]?.occurrence_count ?? 0} ${Number(max.rows[0]?.occurrence_count) === createdMax ? '(uguale ai 201: OK)' : '(DIVERSO dai 201)'}`);
  console.log(`  baseline GET /api/health dopo: ${health2.rps.toFixed(0)} richieste/s (p50 ${health2.p50} ms, p99 ${health2.p99} ms)`);
  console.log(`Carico alla fine: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  // The goal is judged on the unpaced run: autocannon's pacer (overallRate) itself delivers about
  // 10% under the asked rate here (timers per connection), so the paced run shows the latency at
  // about 2,000/s and the unpaced one what the intake sustains.
  if (rMax.rps < INTAKE_RATE) ok = false;
  if (Number(rows[0]?.occurrence_count) !== created || r.non2xx > 0 || r.errors > 0) ok = false;
  if (Number(max.rows[0]?.occurrence_count) !== createdMax || rMax.non2xx > 0 || rMax.errors > 0) ok = false;
  console.log(`\n${ok ? 'Tutti gli obiettivi raggiunti' : 'ALCUNI OBIETTIVI NON RAGGIUNTI'}`);
  if (!ok) process.exitCode = 1;

  await teardown({ db, pool, app, mailer });
}

if (process.argv[2] === '--load') runBench(() => loadChild(JSON.parse(process.argv[3]) as LoadOptions));
else runBench(main);
