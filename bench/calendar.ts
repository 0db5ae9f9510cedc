// Calendar feed speed (docs/calendar.md): the club feed of a 1,000-match season built (cache empty) in
// under 100 ms, and a repeated request with its ETag answered 304 in under 5 ms p95; the public
// list (GET /api/partite/public, the same data as JSON) measured the same way in the same run as
// the baseline. Over HTTP to the real app on a real PostgreSQL. Exits 1 when a figure is over budget.
// Usage: npm run bench:calendar   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import crypto from 'node:crypto';
import type pg from 'pg';
import dayjs from 'dayjs';
import { benchApp, benchServices, listen, median, openBench, quantile, runBench, seedCategories, teardown, verdictPrinter } from './harness';
import { todayIn } from '../common/core/dates';

const COLD_RUNS = 7;
const WARM_RUNS = 1000;
const MATCHES = 1000;

/** A season of `count` matches from 20 days ago to 300 days ahead (all inside the feed's window), half at home. */
async function seed(pool: pg.Pool, from: string, to: string, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
       spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
     SELECT d, make_time(9 + (i % 10), (i % 2) * 30, 0),
            CASE WHEN i % 2 = 0 THEN make_time(10 + (i % 10), 45, 0) END,
            CASE WHEN i % 2 = 0 THEN 'Garibaldina ' || g ELSE 'Ospiti, squadra; ' || (i % 50) END,
            CASE WHEN i % 2 = 0 THEN 'Virtus Lucca ' || (i % 50) ELSE 'Garibaldina ' || g END,
            g, 'Campo Sportivo ' || (i % 13), i % 2 = 0,
            CASE WHEN i % 2 = 0 THEN 1 + i % 3 END, CASE WHEN i % 2 = 0 THEN 4 + i % 3 END,
            (ARRAY[NULL,'erba','sintetico'])[1 + i % 3], (ARRAY['campionato','torneo','amichevole'])[1 + i % 3]
       FROM (SELECT i, (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4] AS g,
                    $1::date + ((i * 7919) % ($2::date - $1::date + 1)) AS d
               FROM generate_series(1, $3::int) AS i) s`,
    [from, to, count],
  );
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_calendar_${process.pid}`);
  await seedCategories(pool);
  const today = todayIn('Europe/Rome');
  await seed(pool, dayjs(today).subtract(20, 'day').format('YYYY-MM-DD'), dayjs(today).add(300, 'day').format('YYYY-MM-DD'), MATCHES);
  const services = benchServices();
  const { mailer } = services;
  const start = async () => {
    const a = await benchApp(pool, crypto.randomBytes(32).toString('hex'), services);
    return { app: a, base: await listen(a) };
  };
  let { app, base } = await start();

  async function once(url: string, etag?: string): Promise<{ ms: number; status: number; body: string; etag: string }> {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers: etag ? { 'if-none-match': etag } : {} });
    const body = await res.text();
    return { ms: performance.now() - started, status: res.status, body, etag: res.headers.get('etag') ?? '' };
  }

  /** Empties the caches of both routes (a NOTIFY on their channels; the app's barrier waits for it). */
  const invalidate = () => pool.query(`SELECT pg_notify('calendar_changed', ''), pg_notify('partite_changed', '')`);

  /** Median time of the first answer after `prepare` (a change, or a new app process with empty caches). */
  async function cold(url: string, prepare: () => Promise<unknown> = invalidate): Promise<{ ms: number; body: string }> {
    await once(url); // warm-up (JIT, LISTEN connection)
    const runs = [];
    let body = '';
    for (let i = 0; i < COLD_RUNS; i++) {
      await prepare();
      const r = await once(url);
      if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status}`);
      runs.push(r.ms);
      body = r.body;
    }
    return { ms: median(runs), body };
  }

  async function revalidate(url: string): Promise<{ p50: number; p95: number }> {
    const { etag } = await once(url);
    const runs = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      const r = await once(url, etag);
      if (r.status !== 304) throw new Error(`${url}: HTTP ${r.status} invece di 304`);
      runs.push(r.ms);
    }
    return { p50: median(runs), p95: quantile(runs, 0.95) };
  }

  const { line, failed } = verdictPrinter({ label: 52, digits: 2, extra: 12 });

  console.log(`\nStagione: ${MATCHES} partite da 20 giorni fa a 300 giorni avanti; feed costruito a cache vuota: mediana di ${COLD_RUNS}; 304: ${WARM_RUNS} richieste in sequenza\n`);
  const list = await cold('/api/partite/public');
  line('baseline: GET /api/partite/public (cache vuota)', list.ms, undefined, `${(list.body.length / 1024).toFixed(0)} KB`);
  // A new app each time: no feed and no event text cached, every VEVENT written.
  const restart = async () => {
    await app.close();
    ({ app, base } = await start());
  };
  const feed = await cold('/api/calendar.ics', restart);
  const events = feed.body.split('BEGIN:VEVENT').length - 1;
  if (events !== MATCHES) throw new Error(`il feed ha ${events} eventi invece di ${MATCHES}`);
  line(`GET /api/calendar.ics (${events} eventi, costruito da zero)`, feed.ms, 100, `${(feed.body.length / 1024).toFixed(0)} KB`);
  // After an edit of one match (NOTIFY): the other events' texts are reused.
  let minute = 0;
  const edit = () => pool.query(`UPDATE public.partite SET ora = make_time(8, $1, 0) WHERE id = (SELECT min(id) FROM public.partite)`, [++minute % 60]);
  const rebuilt = await cold('/api/calendar.ics', edit);
  line('GET /api/calendar.ics dopo la modifica di una partita', rebuilt.ms, 100);
  const listWarm = await revalidate('/api/partite/public');
  line('baseline: GET /api/partite/public con ETag -> 304, p95', listWarm.p95, undefined, `p50 ${listWarm.p50.toFixed(2)}`);
  const feedWarm = await revalidate('/api/calendar.ics');
  line('GET /api/calendar.ics con ETag -> 304, p95', feedWarm.p95, 5, `p50 ${feedWarm.p50.toFixed(2)}`);

  await teardown({ db, pool, app, mailer });
  if (failed()) process.exitCode = 1;
}

runBench(main);
