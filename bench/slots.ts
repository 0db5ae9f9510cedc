// Slot finder and clash speed with trainings (docs/trainings.md): a season of 1,000 matches and
// 40 training series over 12 pitches. Budgets (p95): the slot finder over 60 days under 150 ms,
// the clash check with trainings under 10 ms, the board's week query under 50 ms. Each figure is
// printed next to a bare `SELECT 1` round trip of the same run. Real PostgreSQL, the real app
// (requests through app.inject, so routing, the role check and serialisation count). Exits 1 when
// a figure is over budget.
// Usage: npm run bench:slots   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import type pg from 'pg';
import dayjs from 'dayjs';
import { benchApp, benchServices, benchToken, openBench, runBench, seedCategories, seedSeason, teardown, timed } from './harness';
import { checkClashes } from '../server/services/clashes/clashes';
import { clashCandidate } from '../common/occupancy/rules';
import { todayIn } from '../common/core/dates';

const RUNS = 200;
const MATCHES = 1000;
const SERIES = 40;
const PITCHES = 12;
const MARGIN = 15;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const BUDGET = { slots: 150, check: 10, board: 50 };
/** Each figure: 200 timed runs after 10 untimed ones. */
const RUN = { runs: RUNS, warmup: 10 };

/** 1,000 matches on the weekends of 35 weeks over 12 pitches (half at home), and 40 weekday training series. */
async function seed(pool: pg.Pool, firstSaturday: string): Promise<void> {
  await seedSeason(pool, firstSaturday, { matches: MATCHES, pitches: PITCHES, firstHour: 9, hours: 9 });
  await pool.query(
    `INSERT INTO public.allenamenti (gruppo, campo, giorno, ora_inizio, ora_fine, dal, al, spogliatoi, saltate)
     SELECT (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4], 'Campo ' || (1 + i % $2::int), 1 + i % 5,
            make_time(17 + (i % 3), 0, 0), make_time(18 + (i % 3), 30, 0), $1::date - 60, $1::date + 250,
            ARRAY[1 + i % 7, 1 + (i + 2) % 7]::smallint[], ARRAY[$1::date + 3 + 7 * (i % 5)]::date[]
       FROM generate_series(1, $3::int) AS i`,
    [firstSaturday, PITCHES, SERIES],
  );
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_slots_${process.pid}`);
  const services = benchServices({ CLASH_MARGIN_MINUTES: String(MARGIN) });
  const app = await benchApp(pool, SECRET, services);
  let failed = false;
  try {
    await seedCategories(pool);
    const today = dayjs(todayIn('Europe/Rome'));
    const saturday = today.add((6 - today.day() + 7) % 7 || 7, 'day');
    await seed(pool, saturday.format('YYYY-MM-DD'));
    await pool.query('ANALYZE public.partite');
    await pool.query('ANALYZE public.allenamenti');
    const editor = await benchToken(pool, SECRET, { email: 'editor@example.it', role: 'editor', profile: true });
    const get = async (url: string) => {
      const res = await app.inject({ url, headers: { authorization: `Bearer ${editor}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json();
    };
    const days = Array.from({ length: 35 }, (_, w) => saturday.add(w * 7, 'day').format('YYYY-MM-DD'));
    console.log(`${MATCHES} matches, ${SERIES} training series, ${PITCHES} pitches; ${RUNS} runs each, margin ${MARGIN} min`);

    console.log('-- baseline');
    const select1 = await timed('SELECT 1 round trip', () => pool.query('SELECT 1'), RUN);

    console.log('-- figures');
    const dal = today.format('YYYY-MM-DD');
    const al = today.add(59, 'day').format('YYYY-MM-DD');
    const groups = ['Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi'];
    let proposed = 0;
    const slots = await timed('GET /api/slot-liberi, 60 days, every pitch, home (14 days of slots)', async (i) => {
      const body = await get(`/api/slot-liberi?gruppo=${groups[i % 4]}&durata=90&dal=${dal}&al=${al}&casa=1`);
      proposed = (body.data as Array<{ primi: unknown[]; altri: unknown[] }>).reduce((n, d) => n + d.primi.length + d.altri.length, 0);
    }, RUN);
    console.log(`     (the last answer proposed ${proposed} slots)`);
    await timed(
      'GET /api/slot-liberi, 60 days, a booked Saturday pitch first',
      (i) => get(`/api/slot-liberi?gruppo=${groups[i % 4]}&durata=105&dal=${days[i % 8]}&al=${dayjs(days[i % 8]).add(59, 'day').format('YYYY-MM-DD')}&campo=Campo%201&casa=1`),
      RUN,
    );
    const candidate = (i: number) =>
      clashCandidate({
        data: dayjs(days[i % days.length]).subtract(3, 'day').format('YYYY-MM-DD'), // a Wednesday: trainings
        ora: `${17 + (i % 3)}:15`,
        oraFine: `${18 + (i % 3)}:45`,
        squadraCasa: 'Garibaldina Pulcini',
        squadraTrasferta: `Virtus ${i % 40}`,
        campo: `Campo ${1 + (i % PITCHES)}`,
        gruppo: 'Pulcini',
        spogliatoioGari: 1 + (i % 7),
        spogliatoioOspiti: 1 + ((i + 1) % 7),
      })!;
    const check = await timed('clash check with trainings (day SELECTs + rules), pool', (i) => checkClashes(pool, candidate(i), MARGIN), RUN);
    const board = await timed('GET /api/occupazione, a week (matches, trainings, clashes)', (i) => {
      const from = dayjs(days[i % days.length]).subtract(5, 'day');
      return get(`/api/occupazione?from=${from.format('YYYY-MM-DD')}&to=${from.add(6, 'day').format('YYYY-MM-DD')}`);
    }, RUN);

    const verdict = (name: string, p95: number, budget: number) => {
      const ok = p95 < budget;
      if (!ok) failed = true;
      console.log(`${ok ? 'OK  ' : 'OVER'} ${name}: p95 ${p95.toFixed(2)} ms (budget ${budget} ms; SELECT 1 p95 ${select1.toFixed(2)} ms, ${(p95 / select1).toFixed(0)}x)`);
    };
    verdict('slot finder, 60 days', slots, BUDGET.slots);
    verdict('clash check with trainings', check, BUDGET.check);
    verdict("board's week query", board, BUDGET.board);
  } finally {
    await teardown({ db, pool, app, mailer: services.mailer });
  }
  process.exit(failed ? 1 : 0);
}

runBench(main);
