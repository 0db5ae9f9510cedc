// Clash check speed (docs/occupancy.md): one candidate checked against a season of 1,000 matches in under
// 10 ms p95 (the day's SQL plus the rule, as POST /api/partite/conflitti and the save re-check run
// it), and the occupancy board's day query (matches of the day with their clashes) in under 20 ms
// p95. Baseline in the same run: a bare `SELECT 1` round trip and the day's SELECT without the rule.
// In memory: the clashes of a crowded day of 2,000 matches all on each other (the buckets of
// clashesOfAll, not the pairs) in under 100 ms p95. Real PostgreSQL. Exits 1 when a figure is over budget.
// Usage: npm run bench:clashes   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import dayjs from 'dayjs';
import { openBench, runBench, seedCategories, seedSeason, teardown, timed } from './harness';
import { checkClashes } from '../server/services/clashes/clashes';
import { lockMatchDay, matchesBetween, matchesOfDay } from '../server/services/clashes/repo';
import { clashCandidate, clashesOfAll, findClashes, type ClashMatch } from '../common/occupancy/rules';
import { todayIn } from '../common/core/dates';

const RUNS = 500;
const MATCHES = 1000;
const MARGIN = 15;
const BUDGET = { check: 10, board: 20, crowded: 100 };
/** Each figure: 500 timed runs after 20 untimed ones. */
const RUN = { runs: RUNS, warmup: 20 };

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_clashes_${process.pid}`);
  let failed = false;
  try {
    await seedCategories(pool);
    const today = dayjs(todayIn('Europe/Rome'));
    const saturday = today.add((6 - today.day() + 7) % 7 || 7, 'day');
    // About 14 a day, on 4 pitches, from 8:00 to 18:45.
    await seedSeason(pool, saturday.format('YYYY-MM-DD'), { matches: MATCHES, pitches: 4, firstHour: 8, hours: 11 });
    await pool.query('ANALYZE public.partite');
    const days = (await pool.query(`SELECT DISTINCT data FROM public.partite ORDER BY data`)).rows.map((r) => r.data as string);
    const perDay = MATCHES / days.length;
    console.log(`${MATCHES} matches on ${days.length} days (${perDay.toFixed(1)} a day), ${RUNS} runs each, margin ${MARGIN} min`);
    const candidate = (i: number): ClashMatch =>
      clashCandidate({
        data: days[i % days.length],
        ora: `${String(9 + (i % 9)).padStart(2, '0')}:15`,
        oraFine: `${String(10 + (i % 9)).padStart(2, '0')}:30`,
        squadraCasa: 'Garibaldina Pulcini',
        squadraTrasferta: `Virtus ${i % 40}`,
        campo: `campo ${1 + (i % 4)}`,
        gruppo: 'Pulcini',
        spogliatoioGari: 1 + (i % 7),
        spogliatoioOspiti: 1 + ((i + 1) % 7),
      })!;

    console.log('-- baseline');
    await timed('SELECT 1 round trip', () => pool.query('SELECT 1'), RUN);
    await timed("the day's SELECT alone (no rule)", (i) => matchesOfDay(pool, days[i % days.length]), RUN);
    const all = (await pool.query('SELECT * FROM public.partite')).rows as Array<ClashMatch & { id: number }>;
    await timed('rule alone, in memory, vs all 1,000 matches', (i) => findClashes(candidate(i), all, MARGIN), RUN);

    console.log('-- clash check figures');
    const check = await timed('clash check (day SELECT + rule), pool', (i) => checkClashes(pool, candidate(i), MARGIN), RUN);
    const saveCheck = await timed('save re-check: BEGIN, day lock, check, ROLLBACK', async (i) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await lockMatchDay(client, candidate(i).data);
        await checkClashes(client, candidate(i), MARGIN);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
    }, RUN);
    const board = await timed('board day query (day SELECT + clashes of all)', async (i) => {
      const d = days[i % days.length];
      clashesOfAll(await matchesBetween(pool, d, d), MARGIN);
    }, RUN);
    await timed('board week query (7 days + clashes of all)', async (i) => {
      const d = days[i % days.length];
      clashesOfAll(await matchesBetween(pool, d, dayjs(d).add(6, 'day').format('YYYY-MM-DD')), MARGIN);
    }, RUN);
    // Issue 33: one day of 2,000 matches at one time on one campo, rooms and team (every pair clashes thrice).
    const crowdedDay: Array<ClashMatch & { id: number }> = Array.from({ length: 2000 }, (_, i) => ({
      ...candidate(0),
      id: i + 1,
      squadratrasferta: `Ospiti ${i}`,
    }));
    const crowded = await timed('clashes of all, one day of 2,000 matches all on each other', () => clashesOfAll(crowdedDay, MARGIN), { runs: 50, warmup: 3 });
    const verdict = (name: string, p95: number, budget: number) => {
      const ok = p95 < budget;
      if (!ok) failed = true;
      console.log(`${ok ? 'OK  ' : 'OVER'} ${name}: p95 ${p95.toFixed(2)} ms (budget ${budget} ms)`);
    };
    verdict('clash check', check, BUDGET.check);
    // Informational: the transaction's own round trips (connect, BEGIN, lock, ROLLBACK) on top of the check.
    console.log(`     save re-check with day lock in its transaction: p95 ${saveCheck.toFixed(2)} ms (no budget)`);
    verdict('board day query', board, BUDGET.board);
    verdict('crowded day (2,000 matches) in memory', crowded, BUDGET.crowded);
  } finally {
    await teardown({ db, pool });
  }
  process.exit(failed ? 1 : 0);
}

runBench(main);
