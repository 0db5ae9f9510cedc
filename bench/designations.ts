// Designation speed (docs/officials.md): a season of 1,000 matches and 60 officials, every match
// designated but some of the coming week's. Budgets (p95): the uncovered list of the dashboard
// (GET /api/designazioni/scoperte?giorni=7, through the real app: routing, role check, the free
// people of each missing role, serialisation) under 50 ms; the person clash check of a designation
// save (the day's designations of the people new to the match, then the rule) and the re-check a
// match PUT does when it moves (peopleClashes) under 10 ms each. Each figure is printed next to a
// bare `SELECT 1` round trip of the same run. Exits 1 when a figure is over budget.
// Usage: npm run bench:designations   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import type pg from 'pg';
import dayjs from 'dayjs';
import { benchApp, benchServices, benchToken, openBench, quantile, runBench, teardown } from './harness';
import { impegniOnDays } from '../server/services/designations/repo';
import { peopleClashes } from '../server/services/clashes/clashes';
import { partitaColumns } from '../server/services/matches/columns';
import { personClashes } from '../common/officials/rules';
import type { Partita } from '../common/matches/read';
import { todayIn } from '../common/core/dates';

const RUNS = 200;
const MATCHES = 1000;
const PEOPLE = 60;
const MARGIN = 30;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const BUDGET = { scoperte: 50, check: 10 };

/**
 * Four categories (the club referees the Pulcini's and Esordienti's home matches); 1,000 matches on
 * the days of 143 weeks from today (about 7 a day, half at home); 60 officials (every one may
 * referee and accompany, one in three also assists the referee, five inactive); each match has
 * its accompanying official, the home matches their referee, one in four its referee's assistant,
 * except one match in three of the coming 7 days (the uncovered list).
 */
async function seed(pool: pg.Pool, today: string): Promise<void> {
  await pool.query(
    `INSERT INTO public.gruppi (name, arbitro_societa) VALUES ('Pulcini', true), ('Esordienti', true), ('Giovanissimi', false), ('Allievi', false)`,
  );
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match,
       spogliatoio_gari, spogliatoio_ospiti, terreno, tipo_gara)
     SELECT $1::date + (i % 143), make_time(9 + (i % 10), (i % 4) * 15, 0),
            CASE WHEN i % 2 = 0 THEN make_time(10 + (i % 10), 30, 0) END,
            CASE WHEN i % 2 = 0 THEN 'Garibaldina ' || g ELSE 'Ospiti ' || (i % 40) END,
            CASE WHEN i % 2 = 0 THEN 'Virtus ' || (i % 40) ELSE 'Garibaldina ' || g END,
            g, 'Campo ' || (1 + i % 12), i % 2 = 0,
            CASE WHEN i % 2 = 0 THEN 1 + i % 7 END, CASE WHEN i % 2 = 0 THEN 1 + (i + 3) % 7 END,
            'erba', 'campionato'
       FROM (SELECT i, (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4] AS g FROM generate_series(1, $2::int) AS i) s`,
    [today, MATCHES],
  );
  await pool.query(
    `INSERT INTO public.dirigenti (nome, cognome, email, qualifiche, attivo)
     SELECT 'Nome' || i, 'Cognome' || i, 'dirigente' || i || '@example.it',
            CASE WHEN i % 3 = 0 THEN ARRAY['arbitro','accompagnatore','addetto_arbitro'] ELSE ARRAY['arbitro','accompagnatore'] END,
            i % 12 <> 0
       FROM generate_series(1, $1::int) AS i`,
    [PEOPLE],
  );
  // Person k of the 60 (by id): the referee of a home match is person n, its accompanying official n + 1 (never the referee).
  await pool.query(
    `WITH m AS (SELECT id, data, is_house_match, row_number() OVER (ORDER BY id) AS n FROM public.partite
                 WHERE NOT (data < $1::date + 7 AND id % 3 = 0)),
          d AS (SELECT array_agg(id ORDER BY id) AS ids FROM public.dirigenti)
     INSERT INTO public.designazioni (partita_id, ruolo, dirigente_id)
     SELECT m.id, r.ruolo, d.ids[1 + ((m.n + r.k) % $2::int)]
       FROM m, d, (VALUES ('arbitro', 0), ('accompagnatore', 1), ('addettoArbitro', 2)) AS r(ruolo, k)
      WHERE (r.ruolo = 'accompagnatore') OR (r.ruolo = 'arbitro' AND m.is_house_match) OR (r.ruolo = 'addettoArbitro' AND m.n % 4 = 0)`,
    [today, PEOPLE],
  );
}

async function timed(label: string, fn: (i: number) => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 10; i++) await fn(i); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const p95 = quantile(xs, 0.95);
  console.log(`${label.padEnd(66)} p50 ${quantile(xs, 0.5).toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`);
  return p95;
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_designazioni_${process.pid}`);
  const services = benchServices({ DESIGNATION_MARGIN_MINUTES: String(MARGIN) });
  const app = await benchApp(pool, SECRET, services);
  let failed = false;
  try {
    const today = todayIn('Europe/Rome');
    await seed(pool, today);
    for (const table of ['partite', 'dirigenti', 'designazioni', 'gruppi']) await pool.query(`ANALYZE public.${table}`);
    const editor = await benchToken(pool, SECRET, { email: 'editor@example.it', role: 'editor', profile: true });
    const counts = (await pool.query(`SELECT (SELECT count(*) FROM public.designazioni)::int AS d, (SELECT count(*) FROM public.dirigenti)::int AS p`)).rows[0];
    console.log(`${MATCHES} matches, ${counts.p} officials, ${counts.d} designations; ${RUNS} runs each, margin ${MARGIN} min`);

    console.log('-- baseline');
    const select1 = await timed('SELECT 1 round trip', () => pool.query('SELECT 1'));

    console.log('-- figures');
    let listed = 0;
    const scoperte = await timed('GET /api/designazioni/scoperte?giorni=7', async () => {
      const res = await app.inject({ url: '/api/designazioni/scoperte?giorni=7', headers: { authorization: `Bearer ${editor}` } });
      if (res.statusCode !== 200) throw new Error(`scoperte: ${res.statusCode} ${res.body.slice(0, 200)}`);
      listed = res.json().data.length;
    });
    console.log(`     (the answer lists ${listed} uncovered matches)`);

    // The matches of the season and the active people, as a save reads them.
    const matches = (await pool.query<Partita>(`SELECT ${partitaColumns()} FROM public.partite ORDER BY id`)).rows;
    const people = (await pool.query<{ id: number }>(`SELECT id FROM public.dirigenti WHERE attivo ORDER BY id`)).rows.map((r) => r.id);
    let clashes = 0;
    const check = await timed('person clash check of a designation save (2 newcomers)', async (i) => {
      const match = matches[(i * 37) % matches.length];
      const newcomers = [people[i % people.length], people[(i + 7) % people.length]];
      const others = await impegniOnDays(pool, [match.data], newcomers);
      clashes += personClashes(match, newcomers.map((dirigenteId) => ({ dirigenteId })), others, MARGIN).length;
    });
    const recheck = await timed('person re-check of a match PUT that moves it (peopleClashes)', async (i) => {
      const match = matches[(i * 53) % matches.length];
      const moved = { ...match, data: dayjs(match.data).add(1, 'day').format('YYYY-MM-DD'), ora: '10:00', ora_fine: '11:30' };
      clashes += (await peopleClashes(pool, [moved], MARGIN)).size;
    });
    console.log(`     (the checks found ${clashes} clashes in all)`);

    const verdict = (name: string, p95: number, budget: number) => {
      const ok = p95 < budget;
      if (!ok) failed = true;
      console.log(`${ok ? 'OK  ' : 'OVER'} ${name}: p95 ${p95.toFixed(2)} ms (budget ${budget} ms; SELECT 1 p95 ${select1.toFixed(2)} ms, ${(p95 / select1).toFixed(0)}x)`);
    };
    verdict('uncovered list, 7 days', scoperte, BUDGET.scoperte);
    verdict('person clash check of a designation save', check, BUDGET.check);
    verdict('person re-check of a match PUT', recheck, BUDGET.check);
  } finally {
    await teardown({ db, pool, app, mailer: services.mailer });
  }
  process.exit(failed ? 1 : 0);
}

runBench(main);
