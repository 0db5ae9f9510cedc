// Error log and activity log at a million rows each (issue 11, "Speed"):
// - p95 of a filtered page (each filter + a 30-day date range, sorted by date), goal < 50 ms;
// - p95 of GET /api/error-stats, goal < 200 ms;
// - the EXPLAIN (ANALYZE) plans of those queries;
// - intake of ONE repeated error at 2,000 reports/s: the final occurrence_count must equal the 201s,
//   counted by the server itself (an onResponse hook), so requests autocannon cuts off at the end
//   but the server answered are counted too. The per-IP limit (60/min) must not be what is
//   measured: the server runs with TRUST_PROXY=1 and every request carries another
//   X-Forwarded-For address (a fresh client each time), so the limiter still runs per request
//   (in memory since the group commit change) but never refuses.
// Each figure is printed next to GET /api/health of the same server (baseline).
// Usage: npm run bench:logs   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchApp, benchServices, benchToken, listen, nearestRank, openBench, runBench, teardown } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const INTAKE_RATE = 2000;
const INTAKE_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const SECRET = crypto.randomBytes(32).toString('hex');

/** A year of logs: 300 members, a few hundred distinct messages, most old errors resolved. */
async function load(pool: pg.Client) {
  const t0 = Date.now();
  await pool.query(
    `INSERT INTO public.error_logs (error_type, severity, error_message, error_stack, endpoint, method, status_code, occurrence_count,
        first_occurred_at, last_occurred_at, created_at, error_hash, context, user_email, user_role, resolved, resolved_at)
     SELECT (ARRAY['frontend','backend','api','auth','database','performance'])[1 + i % 6],
            (ARRAY['low','low','low','medium','medium','high','critical'])[1 + (i / 7) % 7],
            (ARRAY['TypeError: Cannot read properties of undefined', 'Failed to fetch', 'Request timeout', 'Validation failed',
                   'relation does not exist', 'Not Found', 'Chiamata lenta'])[1 + (i / 3) % 7] || ' #' || (i % 500),
            'Error\n    at f (app.js:' || (i % 900) || ':1)',
            '/api/partite/' || (i % 1000), 'GET', 500, 1 + i % 4,
            t - interval '1 hour', t, t - interval '1 hour',
            encode(sha256(i::text::bytea), 'hex'),
            jsonb_build_object('browser', 'Chrome', 'n', i),
            CASE WHEN i % 5 = 0 THEN NULL ELSE 'socio' || (i % 300) || '@example.it' END,
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
            (ARRAY['POST /api/partite','PUT /api/partite/:id','DELETE /api/partite/:id','POST /auth/v1/token','POST /api/login',
                   'POST /api/gruppi','PUT /api/users/:id/role','POST /api/exports/table.csv'])[1 + i % 8],
            now() - (random() * 365) * interval '1 day',
            NULL, 'socio' || (i % 300) || '@example.it', (ARRAY['reader','editor','admin'])[1 + i % 3],
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

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0);
  }
  return nearestRank(times, 0.95);
}

async function explain(pool: pg.Pool, title: string, sql: string, params: unknown[]) {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  console.log(`--- ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_logs_${process.pid}`, 'garibaldina-bench-logs-');
  // The app's pool has a 10 s statement timeout: load through a client without one.
  const loader = new pg.Client({ connectionString: db.url });
  await loader.connect();
  await loader.query('SET statement_timeout = 0');
  await load(loader);
  await loader.end();
  const token = await benchToken(pool, SECRET, { email: 'bench-admin@example.it', role: 'admin' });
  const services = benchServices({ TRUST_PROXY: '1' });
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
  const range = `start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`;
  const pages: [string, string][] = [
    ['health (baseline)', '/api/health'],
    ['errori: solo intervallo', `/api/error-logs?${range}`],
    ['errori: error_type=api', `/api/error-logs?error_type=api&${range}`],
    ['errori: severity=critical', `/api/error-logs?severity=critical&${range}`],
    ['errori: resolved=false', `/api/error-logs?resolved=false&${range}`],
    ['errori: resolved=true', `/api/error-logs?resolved=true&${range}`],
    ['errori: user_email=socio42@', `/api/error-logs?user_email=socio42%40&${range}`],
    ['errori: error_message=timeout', `/api/error-logs?error_message=timeout&${range}`],
    ['errori: pagina 20 da 100', `/api/error-logs?limit=100&page=20&${range}`],
    ['attività: solo intervallo', `/api/activities?${range}`],
    ['attività: activity_type=warning', `/api/activities?activity_type=warning&${range}`],
    ['attività: user_email=socio7@', `/api/activities?user_email=socio7%40&${range}`],
    ['attività: endpoint=/api/gruppi', `/api/activities?endpoint=%2Fapi%2Fgruppi&${range}`],
    ['GET /api/error-stats', '/api/error-stats'],
  ];
  console.log(`p95 su ${SAMPLES} richieste in sequenza (HTTP, pagina + conteggio), intervallo di 30 giorni:`);
  console.log('prova                                     p95 ms  obiettivo');
  let ok = true;
  for (const [name, url] of pages) {
    const ms = await timed(`${base}${url}`, auth);
    const goal = name.startsWith('GET /api/error-stats') ? 200 : name.startsWith('health') ? null : 50;
    if (goal && ms >= goal) ok = false;
    console.log(`${name.padEnd(40)} ${ms.toFixed(1).padStart(7)}  ${goal ? `< ${goal} ${ms < goal ? 'OK' : 'SOTTO OBIETTIVO'}` : ''}`);
  }

  console.log('\nPiani (EXPLAIN ANALYZE) delle query usate:\n');
  const cols = 'id, error_type, severity, error_message, last_occurred_at';
  const order = 'ORDER BY last_occurred_at DESC, id DESC LIMIT 25';
  await explain(pool, 'errori error_type=api + intervallo (pagina)', `SELECT ${cols} FROM public.error_logs WHERE error_type = $1 AND last_occurred_at >= $2 AND last_occurred_at <= $3 ${order}`, ['api', start, end]);
  await explain(pool, 'errori error_type=api + intervallo (conteggio)', 'SELECT count(*) FROM public.error_logs WHERE error_type = $1 AND last_occurred_at >= $2 AND last_occurred_at <= $3', ['api', start, end]);
  await explain(pool, 'errori user_email + intervallo (pagina)', `SELECT ${cols} FROM public.error_logs WHERE lower(user_email) LIKE $1 AND last_occurred_at >= $2 AND last_occurred_at <= $3 ${order}`, ['%socio42@%', start, end]);
  await explain(pool, 'errori error_message + intervallo (pagina)', `SELECT ${cols} FROM public.error_logs WHERE lower(error_message) LIKE $1 AND last_occurred_at >= $2 AND last_occurred_at <= $3 ${order}`, ['%timeout%', start, end]);
  await explain(pool, 'errori resolved=false + intervallo (pagina)', `SELECT ${cols} FROM public.error_logs WHERE resolved = $1 AND last_occurred_at >= $2 AND last_occurred_at <= $3 ${order}`, [false, start, end]);
  await explain(pool, 'attività endpoint + intervallo (pagina)', 'SELECT id FROM public.activity_logs WHERE lower(endpoint) LIKE $1 AND created_at >= $2 AND created_at <= $3 ORDER BY created_at DESC, id DESC LIMIT 25', ['%/api/gruppi%', start, end]);
  await explain(pool, 'errori solo intervallo (conteggio limitato a 10.001)', 'SELECT count(*) FROM (SELECT 1 FROM public.error_logs WHERE last_occurred_at >= $1 AND last_occurred_at <= $2 LIMIT 10001) s', [start, end]);
  await explain(pool, 'errori user_email + intervallo (conteggio limitato)', 'SELECT count(*) FROM (SELECT 1 FROM public.error_logs WHERE lower(user_email) LIKE $1 AND last_occurred_at >= $2 AND last_occurred_at <= $3 LIMIT 10001) s', ['%socio42@%', start, end]);
  await explain(pool, 'attività endpoint + intervallo (conteggio limitato)', 'SELECT count(*) FROM (SELECT 1 FROM public.activity_logs WHERE lower(endpoint) LIKE $1 AND created_at >= $2 AND created_at <= $3 LIMIT 10001) s', ['%/api/gruppi%', start, end]);
  await explain(pool, 'statistiche (tabella riassuntiva, migrazione 011)', 'SELECT error_type, severity, total_errors, unresolved_errors FROM public.error_stats WHERE total_errors > 0 ORDER BY total_errors DESC', []);
  const stats = await pool.query(
    `SELECT (SELECT json_agg(x ORDER BY x) FROM (SELECT error_type, severity, total_errors::int, unresolved_errors::int FROM public.error_stats WHERE total_errors > 0) x)::text
          = (SELECT json_agg(x ORDER BY x) FROM (SELECT error_type, severity, count(*)::int AS total_errors, (count(*) FILTER (WHERE NOT resolved))::int AS unresolved_errors
                                                    FROM public.error_logs GROUP BY 1, 2) x)::text AS same`,
  );
  console.log(`Statistiche riassuntive uguali al GROUP BY su error_logs: ${stats.rows[0].same ? 'sì' : 'NO'}\n`);
  if (!stats.rows[0].same) ok = false;

  // Intake: one repeated error, a fresh client address per request.
  const body = JSON.stringify({ message: 'Errore ripetuto del bench', type: 'frontend', stack: 'Error\n    at bench (bench.js:1:1)' });
  let n = 0;
  const r = await autocannon({
    url: `${base}/api/error-logs`,
    method: 'POST',
    connections: 50,
    // A fixed number of requests, not a duration: autocannon then waits for every response (a
    // duration cuts off the requests in flight at the end, which the server may have stored).
    amount: INTAKE_RATE * INTAKE_SECONDS,
    overallRate: INTAKE_RATE,
    headers: { 'content-type': 'application/json' },
    body,
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } }) }],
  });
  // Requests cut off at the end are still being answered: let them finish, then compare.
  await new Promise((done) => setTimeout(done, 1000));
  const { rows } = await pool.query(`SELECT occurrence_count, count(*) OVER () AS rows FROM public.error_logs WHERE error_message = 'Errore ripetuto del bench'`);
  const created = accepted;
  const health = await autocannon({ url: `${base}/api/health`, connections: 50, duration: 3 });
  console.log(`Intake: obiettivo ${INTAKE_RATE}/s per ${INTAKE_SECONDS} s, 50 connessioni`);
  console.log(`  ottenute ${r.requests.average.toFixed(0)} richieste/s (p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms); 201 contati dal server: ${created} (dal client: ${r['2xx']}), altri: ${r.non2xx}, errori: ${r.errors}`);
  console.log(`  righe per quell'errore: ${rows.length ? rows[0].rows : 0}; occurrence_count = ${rows[0]?.occurrence_count ?? 0} ${Number(rows[0]?.occurrence_count) === created ? '(uguale ai 201: OK)' : '(DIVERSO dai 201)'}`);
  console.log(`  baseline GET /api/health: ${health.requests.average.toFixed(0)} richieste/s (p50 ${health.latency.p50} ms)`);
  if (r.requests.average < INTAKE_RATE * 0.95 || Number(rows[0]?.occurrence_count) !== created) ok = false;
  console.log(`\n${ok ? 'Tutti gli obiettivi raggiunti' : 'ALCUNI OBIETTIVI NON RAGGIUNTI'}`);

  await teardown({ db, pool, app, mailer });
}

runBench(main);
