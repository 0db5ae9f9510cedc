// Call-ups speed (docs/callups.md), the server's figures of the issue's Speed section, on 1,000 call-ups
// sent (15 players each) over the coming 16 days, 400 players in 12 categories:
// - a family's answer (POST /c/{token}, a plain form, through the real app: the guess limit's read, the
//   link's lookup, the match and call-up reads, the answer and its history in one transaction, the 303)
//   p95 under 20 ms; opening the page (GET /c/{token}) printed beside it;
// - 200 families answering within one minute over HTTP (25 at a time, each from its own address), all
//   recorded (their current answer and one history row each);
// - the reminder job's scan (dueReminders: the players whose reminder is due now, through the indexes)
//   over the 1,000 call-ups under 50 ms.
// Each figure is printed next to a bare `SELECT 1` round trip of the same run. Exits 1 when a figure
// is over budget.
// Usage: npm run bench:callups   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import type pg from 'pg';
import { benchApp, benchServices, listen, openBench, runBench, teardown, timed as harnessTimed } from './harness';
import { todayIn } from '../common/core/dates';
import { newSalt, tokenOf, hashOf } from '../server/services/callups/tokens';
import { dueReminders } from '../server/services/callups/mail';

const RUNS = 300;
const CALLUPS = 1000;
const PER_CALLUP = 15;
const PLAYERS = 400;
const CATEGORIES = 12;
const FAMILIES = 200;
const CONCURRENCY = 25;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const TZ = 'Europe/Rome';
const BUDGET = { answer: 20, families: 60_000, scan: 50 };

/**
 * 12 categories, 400 players with a guardian each; 1,000 home matches spread over today and the
 * coming 15 days (between 9:00 and 18:00), each with a call-up of 15 players of its category sent two
 * days ago, a third of them answered. Returns the links of the players of the matches from the third
 * day on (their deadline still open), with their rows.
 */
async function seed(pool: pg.Pool, today: string): Promise<Array<{ id: number; token: string }>> {
  await pool.query(`INSERT INTO public.gruppi (name) SELECT 'Categoria ' || i FROM generate_series(1, $1::int) AS i`, [CATEGORIES]);
  await pool.query(
    `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, contatti)
     SELECT 'Nome' || i, 'Cognome' || i, DATE '2014-01-01' + i, g.id,
            jsonb_build_array(jsonb_build_object('nome', 'Genitore' || i, 'email', 'genitore' || i || '@example.it'))
       FROM generate_series(1, $1::int) AS i
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM public.gruppi) g ON g.k = i % $2::int`,
    [PLAYERS, CATEGORIES],
  );
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, tipo_gara)
     SELECT $1::date + (i % 16), make_time(9 + (i % 10), (i % 4) * 15, 0), make_time(10 + (i % 10), (i % 4) * 15, 0),
            'Garibaldina', 'Avversari ' || i, 'Categoria ' || (1 + i % $3::int), 'Campo ' || (1 + i % 6), true, 'campionato'
       FROM generate_series(0, $2::int - 1) AS i`,
    [today, CALLUPS, CATEGORIES],
  );
  await pool.query(
    `INSERT INTO public.convocazioni (partita_id, inviata_il, domanda)
     SELECT p.id, now() - interval '2 days',
            jsonb_build_object('data', p.data, 'ora', to_char(p.ora, 'HH24:MI'), 'campo', p.campo, 'meaning', 'programmata')
       FROM public.partite p`,
  );
  // The players called: the first 15 of the match's category, in a rotating order.
  const { rows: pairs } = await pool.query<{ partita_id: number; giocatore_id: number; far: boolean }>(
    `SELECT p.id AS partita_id, x.id AS giocatore_id, p.data >= $1::date + 3 AS far
       FROM public.partite p JOIN public.gruppi g ON g.name = p.gruppo
       CROSS JOIN LATERAL (SELECT q.id FROM public.giocatori q WHERE q.gruppo_id = g.id ORDER BY (q.id * 7 + p.id) % 97 LIMIT $2) x
      ORDER BY p.id, x.id`,
    [today, PER_CALLUP],
  );
  const salts = pairs.map(() => newSalt());
  const tokens = salts.map((s) => tokenOf(SECRET, s));
  const { rows: ids } = await pool.query<{ id: number }>(
    `INSERT INTO public.convocazioni_giocatori (partita_id, giocatore_id, token_sale, token_hash, invitato_il, risposta, risposto_il)
     SELECT p, g, s, h, now() - interval '2 days', CASE WHEN n % 3 = 0 THEN 'si' END, CASE WHEN n % 3 = 0 THEN now() - interval '1 day' END
       FROM unnest($1::int[], $2::int[], $3::bytea[], $4::bytea[]) WITH ORDINALITY AS t(p, g, s, h, n)
      ORDER BY n
     RETURNING id`,
    [pairs.map((r) => r.partita_id), pairs.map((r) => r.giocatore_id), salts, tokens.map(hashOf)],
  );
  for (const table of ['partite', 'convocazioni', 'convocazioni_giocatori', 'giocatori', 'gruppi']) await pool.query(`ANALYZE public.${table}`);
  return pairs.flatMap((r, i) => (r.far ? [{ id: ids[i].id, token: tokens[i] }] : []));
}

/** harness.timed with this bench's runs and 10 warm-up calls. */
const timed = (label: string, fn: (i: number) => Promise<unknown> | unknown, runs = RUNS) => harnessTimed(label, fn, { runs, warmup: 10 });

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_convocazioni_${process.pid}`);
  const services = benchServices({ APP_TIMEZONE: TZ });
  const app = await benchApp(pool, SECRET, services);
  let failed = false;
  try {
    const today = todayIn(TZ);
    const links = await seed(pool, today);
    const counts = (await pool.query(`SELECT (SELECT count(*) FROM public.convocazioni)::int AS c, (SELECT count(*) FROM public.convocazioni_giocatori)::int AS g`)).rows[0];
    console.log(`${counts.c} call-ups sent, ${counts.g} players called; ${links.length} links with the deadline open; ${RUNS} runs each`);

    console.log('-- baseline');
    const select1 = await timed('SELECT 1 round trip', () => pool.query('SELECT 1'));

    console.log('-- figures');
    // Each run from its own address: the guess limit counts misses only, but keep the runs alike.
    const remote = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const page = await timed('GET /c/{token} (the page of one child)', async (i) => {
      const res = await app.inject({ url: `/c/${links[i % links.length].token}`, remoteAddress: remote(i) });
      if (res.statusCode !== 200) throw new Error(`page: ${res.statusCode} ${res.body.slice(0, 200)}`);
    });
    const answer = await timed('POST /c/{token} (a form answer: 303, answer and history)', async (i) => {
      const res = await app.inject({
        method: 'POST',
        url: `/c/${links[i % links.length].token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `risposta=${i % 2 ? 'si' : 'no'}&nota=Arriva+alle+${i % 24}`,
        remoteAddress: remote(i),
      });
      if (res.statusCode !== 303) throw new Error(`answer: ${res.statusCode} ${res.body.slice(0, 200)}`);
    });

    // 200 families answering together over HTTP, their links never answered in the runs above.
    const base = await listen(app);
    const families = links.slice(links.length - FAMILIES);
    const before = (await pool.query(`SELECT count(*)::int AS n FROM public.convocazioni_risposte`)).rows[0].n;
    const t0 = Date.now();
    let next = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < families.length) {
          const f = families[next++];
          const res = await fetch(`${base}/c/${f.token}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'risposta=si',
            redirect: 'manual',
          });
          if (res.status !== 303) failures.push(`${res.status}`);
          await res.arrayBuffer();
        }
      }),
    );
    const burst = Date.now() - t0;
    const recorded = (
      await pool.query(`SELECT count(*)::int AS n FROM public.convocazioni_giocatori WHERE id = ANY($1::int[]) AND risposta = 'si'`, [families.map((f) => f.id)])
    ).rows[0].n;
    const history = (await pool.query(`SELECT count(*)::int AS n FROM public.convocazioni_risposte`)).rows[0].n - before;
    console.log(`${`${FAMILIES} families answering, ${CONCURRENCY} at a time over HTTP`.padEnd(66)} total ${burst.toString().padStart(8)} ms   recorded ${recorded}/${FAMILIES}, history +${history}`);

    // The reminder job's scan at this moment (rolled back: the rows it locks stay as they were).
    let due = 0;
    const client = await pool.connect();
    const scan = await timed(
      'reminder scan over the 1,000 call-ups (dueReminders)',
      async () => {
        await client.query('BEGIN');
        due = (await dueReminders(client, new Date(), TZ)).length;
        await client.query('ROLLBACK');
      },
      50,
    );
    client.release();
    console.log(`     (${due} reminders due now)`);
    const plan = await pool.query(
      `EXPLAIN SELECT cg.id FROM public.partite p JOIN public.convocazioni c ON c.partita_id = p.id
         JOIN public.convocazioni_giocatori cg ON cg.partita_id = c.partita_id AND cg.risposta IS NULL AND cg.promemoria_il IS NULL AND cg.invitato_il IS NOT NULL
        WHERE p.data BETWEEN $1::date AND $1::date + 16`,
      [today],
    );
    const indexes = plan.rows.map((r) => String(r['QUERY PLAN'])).filter((l) => /Index/.test(l)).map((l) => l.trim().replace(/\s+\(cost.*$/, ''));
    console.log(`     (plan: ${indexes.join('; ') || 'no index: a table this small is read whole'})`);

    const verdict = (name: string, ms: number, budget: number, extra = '') => {
      const ok = ms < budget;
      if (!ok) failed = true;
      console.log(`${ok ? 'OK  ' : 'OVER'} ${name}: ${ms.toFixed(3)} ms (budget ${budget} ms; SELECT 1 p95 ${select1.toFixed(2)} ms${extra})`);
    };
    console.log(`     (the page: p95 ${page.toFixed(3)} ms)`);
    verdict('a family answer, p95', answer, BUDGET.answer, `, ${(answer / select1).toFixed(1)}x`);
    verdict(`${FAMILIES} families answering (all recorded: ${recorded === FAMILIES && history === FAMILIES && !failures.length})`, burst, BUDGET.families);
    if (recorded !== FAMILIES || history !== FAMILIES || failures.length) failed = true;
    verdict('reminder scan over 1,000 call-ups, p95', scan, BUDGET.scan, `, ${(scan / select1).toFixed(1)}x`);
  } finally {
    await teardown({ db, pool, app, mailer: services.mailer });
  }
  process.exit(failed ? 1 : 0);
}

runBench(main);
