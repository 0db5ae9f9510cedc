// Players speed (docs/players.md): 400 players in 12 categories. Budgets (p95): the roster of one
// category (GET /api/giocatori?gruppo=, through the real app: routing, role check, the caller's
// categories, the read, the activity record in its transaction, serialisation) under 30 ms; the
// expiry panel of every category (GET /api/giocatori/scadenze, the common rule over all 400) under
// 50 ms; the certificate rule for a category's 25 players on a match day (nonIdonei) under 1 ms.
// Each figure is printed next to a bare `SELECT 1` round trip of the same run. Exits 1 when a figure
// is over budget.
// Usage: npm run bench:players   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import type pg from 'pg';
import { benchApp, benchServices, benchToken, openBench, runBench, teardown, timed as harnessTimed } from './harness';
import { todayIn } from '../common/core/dates';
import { addDays, nonIdonei, REGOLA_CERTIFICATO_DEFAULT, type Giocatore } from '../common/players/rules';

const RUNS = 200;
const PLAYERS = 400;
const CATEGORIES = 12;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const BUDGET = { roster: 30, panel: 50, rule: 1 };

/**
 * 12 categories (two per age band of the club, with their birth years); 400 players spread over
 * them, each with a card but one in 15, a certificate but one in 20 (competitive from 12, expiring
 * over the coming year, one in 8 already expired), one or two guardians.
 */
async function seed(pool: pg.Pool, today: string): Promise<void> {
  const year = Number(today.slice(0, 4));
  await pool.query(
    `INSERT INTO public.gruppi (name, anno_da, anno_a)
     SELECT b.nome || ' ' || s.lettera, $1::int - b.eta - 1, $1::int - b.eta
       FROM (VALUES ('Piccoli Amici', 6), ('Primi Calci', 8), ('Pulcini', 10), ('Esordienti', 12), ('Giovanissimi', 14), ('Allievi', 16)) AS b(nome, eta),
            (VALUES ('A'), ('B')) AS s(lettera)`,
    [year],
  );
  await pool.query(
    `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, numero_tessera, certificato_tipo, certificato_scadenza, contatti)
     SELECT 'Nome' || i, 'Cognome' || i, make_date(g.anno_da + i % 2, 1 + i % 12, 1 + i % 28), g.id,
            CASE WHEN i % 15 <> 0 THEN lpad(i::text, 7, '0') END,
            CASE WHEN i % 20 <> 0 THEN CASE WHEN g.anno_da <= $2::int - 12 THEN 'agonistico' ELSE 'non_agonistico' END END,
            CASE WHEN i % 20 <> 0 THEN $1::date + CASE WHEN i % 8 = 0 THEN -(i % 40) ELSE i % 365 END END,
            jsonb_build_array(jsonb_build_object('nome', 'Genitore' || i, 'relazione', 'madre', 'email', 'genitore' || i || '@example.it', 'telefono', '333' || lpad(i::text, 7, '0')))
       FROM generate_series(1, $3::int) AS i
       JOIN (SELECT id, anno_da, row_number() OVER (ORDER BY id) - 1 AS k FROM public.gruppi) g ON g.k = i % $4::int`,
    [today, year, PLAYERS, CATEGORIES],
  );
}

/** harness.timed with this bench's runs and 10 warm-up calls. */
const timed = (label: string, fn: (i: number) => Promise<unknown> | unknown, runs = RUNS) => harnessTimed(label, fn, { runs, warmup: 10 });

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_giocatori_${process.pid}`);
  const services = benchServices();
  const app = await benchApp(pool, SECRET, services);
  let failed = false;
  try {
    const today = todayIn('Europe/Rome');
    await seed(pool, today);
    // An editor who follows every category (docs/players.md: the panel reads all 400).
    const editor = await benchToken(pool, SECRET, { email: 'editor@example.it', role: 'editor', profile: true });
    await pool.query(`INSERT INTO public.utenti_gruppi_tutti (user_id) SELECT id FROM auth.users WHERE email = 'editor@example.it'`);
    for (const table of ['giocatori', 'gruppi', 'utenti_gruppi', 'utenti_gruppi_tutti']) await pool.query(`ANALYZE public.${table}`);
    const names = (await pool.query<{ name: string }>('SELECT name FROM public.gruppi ORDER BY id')).rows.map((r) => r.name);
    const counts = (await pool.query(`SELECT count(*)::int AS n, count(DISTINCT gruppo_id)::int AS g FROM public.giocatori`)).rows[0];
    console.log(`${counts.n} players in ${counts.g} categories; ${RUNS} runs each`);
    const headers = { authorization: `Bearer ${editor}` };

    console.log('-- baseline');
    const select1 = await timed('SELECT 1 round trip', () => pool.query('SELECT 1'));

    console.log('-- figures');
    let rosterSize = 0;
    const roster = await timed('GET /api/giocatori?gruppo= (one category, activity record)', async (i) => {
      const res = await app.inject({ url: `/api/giocatori?gruppo=${encodeURIComponent(names[i % names.length])}`, headers });
      if (res.statusCode !== 200) throw new Error(`roster: ${res.statusCode} ${res.body.slice(0, 200)}`);
      rosterSize = res.json().count;
    });
    console.log(`     (a roster holds about ${rosterSize} players)`);
    let lines = 0;
    const panel = await timed('GET /api/giocatori/scadenze (all 400 players followed)', async () => {
      const res = await app.inject({ url: '/api/giocatori/scadenze', headers });
      if (res.statusCode !== 200) throw new Error(`scadenze: ${res.statusCode} ${res.body.slice(0, 200)}`);
      lines = res.json().count;
    });
    console.log(`     (the panel lists ${lines} lines)`);

    // A category's 25 players, as the match card reads them, on the match days of the coming weeks.
    const players = (await app.inject({ url: `/api/giocatori?gruppo=${encodeURIComponent(names[6])}`, headers })).json().data as Giocatore[];
    const squad = Array.from({ length: 25 }, (_, i) => players[i % players.length]);
    let unfit = 0;
    const rule = await timed('certificate rule, 25 players on a match day (nonIdonei)', (i) => {
      unfit += nonIdonei(squad, addDays(today, i % 60), REGOLA_CERTIFICATO_DEFAULT).length;
    }, 2000);
    console.log(`     (${unfit} players unfit in all)`);

    const verdict = (name: string, p95: number, budget: number) => {
      const ok = p95 < budget;
      if (!ok) failed = true;
      console.log(`${ok ? 'OK  ' : 'OVER'} ${name}: p95 ${p95.toFixed(3)} ms (budget ${budget} ms; SELECT 1 p95 ${select1.toFixed(2)} ms, ${(p95 / select1).toFixed(1)}x)`);
    };
    verdict('roster of one category', roster, BUDGET.roster);
    verdict('expiry panel', panel, BUDGET.panel);
    verdict('certificate rule for 25 players', rule, BUDGET.rule);
  } finally {
    await teardown({ db, pool, app, mailer: services.mailer });
  }
  process.exit(failed ? 1 : 0);
}

runBench(main);
