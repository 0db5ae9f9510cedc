// Team sheet speed (docs/teamsheet.md): a sheet of 20 players of a category of 25, on a Saturday of
// 12 matches. Budgets (p95): the check of the sheet (composeDistinta over the sheet's read: every
// player on the match day with the certificate rule, the lines, the staff and the whole sheet) under
// 5 ms; the PDF through the real app (GET /api/partite/{id}/distinta.pdf: role check, the read and
// the caller's categories, the check, two copies, the print's history and activity record) under
// 300 ms. Printed beside a bare `SELECT 1` and the day sheet's PDF of the same Saturday (POST
// /api/exports/day.pdf) of the same run, with the sheet's GET through the app (the read, the check,
// the audited read's activity record) and the PDF's drawing alone for reference. Exits 1 when a
// figure is over budget.
// Usage: npm run bench:teamsheet   (DATABASE_URL to use an external PostgreSQL, else an embedded one)
import type pg from 'pg';
import { benchApp, benchServices, benchToken, openBench, runBench, seedCategories, teardown, timed } from './harness';
import { letturaDistinta } from '../server/features/teamsheet/repo';
import { composeDistinta } from '../server/features/teamsheet/sheet';
import { distintaPdf } from '../server/features/teamsheet/pdf';
import type { Distinta } from '../common/teamsheet/types';

const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const SATURDAY = '2027-04-10';
const BUDGET = { check: 5, pdf: 300 };
const RUNS = { check: 300, pdf: 40 };

/**
 * Pulcini (born 2016-2017) with 25 players, each with a card but one in 10 and a valid certificate;
 * 12 matches on the Saturday (half at home), the first one Pulcini's at home with its accompanying
 * official designated and a coach; four people.
 */
async function seed(pool: pg.Pool): Promise<number> {
  await seedCategories(pool);
  await pool.query(`UPDATE public.gruppi SET anno_da = 2016, anno_a = 2017 WHERE name = 'Pulcini'`);
  await pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, terreno, tipo_gara)
     SELECT $1::date, make_time(9 + i, 0, 0), make_time(10 + i, 15, 0),
            CASE WHEN i % 2 = 0 THEN 'Garibaldina ' || g ELSE 'Virtus ' || i END, CASE WHEN i % 2 = 0 THEN 'Virtus ' || i ELSE 'Garibaldina ' || g END,
            g, 'Campo ' || (1 + i % 3), i % 2 = 0, 'erba', 'campionato'
       FROM (SELECT i, (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4] AS g FROM generate_series(0, 11) AS i) s`,
    [SATURDAY],
  );
  await pool.query(
    `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, numero_tessera, certificato_tipo, certificato_scadenza)
     SELECT 'Nome' || i, 'Cognome' || lpad(i::text, 2, '0'), make_date(2016 + i % 2, 1 + i % 12, 1 + i % 28), g.id,
            CASE WHEN i % 10 <> 0 THEN lpad(i::text, 7, '0') END, 'non_agonistico', DATE '2027-09-01' + i
       FROM generate_series(1, 25) AS i, public.gruppi g WHERE g.name = 'Pulcini'`,
  );
  await pool.query(
    `INSERT INTO public.dirigenti (nome, cognome, email, qualifiche, numero_tessera)
     VALUES ('Anna', 'Verdi', 'anna@example.it', '{accompagnatore}', 'D-100'), ('Carlo', 'Bruni', 'carlo@example.it', '{allenatore}', 'A-200'),
            ('Paolo', 'Neri', 'paolo@example.it', '{addetto_arbitro}', NULL), ('Rita', 'Galli', 'rita@example.it', '{allenatore,accompagnatore}', 'A-300')`,
  );
  const { rows } = await pool.query<{ id: number }>(`SELECT id FROM public.partite WHERE gruppo = 'Pulcini' AND is_house_match ORDER BY ora LIMIT 1`);
  await pool.query(
    `INSERT INTO public.designazioni (partita_id, ruolo, dirigente_id)
     SELECT $1, r, d.id FROM (VALUES ('accompagnatore', 'anna@example.it'), ('addettoArbitro', 'paolo@example.it')) AS v(r, e) JOIN public.dirigenti d ON d.email = v.e`,
    [rows[0].id],
  );
  for (const table of ['giocatori', 'gruppi', 'partite', 'dirigenti', 'designazioni']) await pool.query(`ANALYZE public.${table}`);
  return rows[0].id;
}

async function main() {
  const { db, pool } = await openBench(`garibaldina_bench_distinta_${process.pid}`);
  const services = benchServices();
  const app = await benchApp(pool, SECRET, services);
  let failed = false;
  try {
    const partita = await seed(pool);
    const editor = await benchToken(pool, SECRET, { email: 'editor@example.it', role: 'editor', profile: true });
    await pool.query(`INSERT INTO public.utenti_gruppi_tutti (user_id) SELECT id FROM auth.users WHERE email = 'editor@example.it'`);
    const headers = { authorization: `Bearer ${editor}` };
    const coach = (await pool.query<{ id: number }>(`SELECT id FROM public.dirigenti WHERE email = 'carlo@example.it'`)).rows[0].id;
    const other = (await pool.query<{ id: number }>(`SELECT id FROM public.dirigenti WHERE email = 'rita@example.it'`)).rows[0].id;

    // The sheet: the first 20 of the proposal, numbered, a captain and a vice-captain, the coach and one more.
    const proposal = (await app.inject({ url: `/api/partite/${partita}/distinta`, headers })).json().data as Distinta;
    const giocatori = proposal.giocatori.slice(0, 20).map((g, i) => ({ id: g.id, numero: i + 1, capitano: i === 0, vice: i === 1 }));
    const put = await app.inject({ method: 'PUT', url: `/api/partite/${partita}/distinta`, headers, payload: { giocatori, staff: { allenatore: coach, altri: [other] } } });
    if (put.statusCode !== 200) throw new Error(`PUT distinta: ${put.statusCode} ${put.body.slice(0, 300)}`);
    const sheet = put.json().data as Distinta;
    console.log(`Distinta di ${sheet.giocatori.length} giocatori (categoria di 25), ${sheet.staff.length} persone dello staff, ${sheet.avvisi.length} avvisi; sabato ${SATURDAY} di 12 partite`);

    console.log('-- baseline');
    const select1 = await timed('SELECT 1 round trip', () => pool.query('SELECT 1'), { runs: RUNS.check, warmup: 20 });
    const dayPdf = await timed('POST /api/exports/day.pdf (12 partite, stesso sabato)', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/exports/day.pdf', headers, payload: { date: SATURDAY } });
      if (res.statusCode !== 200) throw new Error(`day.pdf: ${res.statusCode}`);
    }, { runs: RUNS.pdf, warmup: 3 });
    const get = await timed('GET /api/partite/{id}/distinta (read, check, activity record)', async () => {
      const res = await app.inject({ url: `/api/partite/${partita}/distinta`, headers });
      if (res.statusCode !== 200) throw new Error(`distinta: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }, { runs: RUNS.check, warmup: 20 });
    const read = (await letturaDistinta(pool, partita))!;
    const drawing = await timed('the PDF drawn alone (two copies, no database)', () =>
      distintaPdf({ clubName: 'Garibaldina', generatedAt: '10/04/2027 08:00', partita: read.partita, distinta: sheet }), { runs: RUNS.pdf, warmup: 3 });

    console.log('-- figures');
    const check = await timed('the check of the sheet (composeDistinta over its read)', () => composeDistinta(read, services.config.certificateRule), { runs: 2000, warmup: 100 });
    let bytes = 0;
    const pdf = await timed('GET /api/partite/{id}/distinta.pdf (two copies, history)', async () => {
      const res = await app.inject({ url: `/api/partite/${partita}/distinta.pdf`, headers });
      if (res.statusCode !== 200) throw new Error(`distinta.pdf: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes = res.rawPayload.length;
    }, { runs: RUNS.pdf, warmup: 3 });
    console.log(`     (the sheet's PDF is ${(bytes / 1024).toFixed(0)} KB)`);

    const verdict = (name: string, p95: number, budget: number, beside: string) => {
      const ok = p95 < budget;
      if (!ok) failed = true;
      console.log(`${ok ? 'OK   ' : 'OLTRE'} ${name}: p95 ${p95.toFixed(2)} ms (budget ${budget} ms; ${beside})`);
    };
    verdict('check of a 20-player sheet', check, BUDGET.check, `SELECT 1 p95 ${select1.toFixed(2)} ms; the GET through the app p95 ${get.toFixed(2)} ms`);
    verdict('PDF of a 20-player sheet', pdf, BUDGET.pdf, `day sheet PDF p95 ${dayPdf.toFixed(1)} ms; drawn alone p95 ${drawing.toFixed(1)} ms`);
  } finally {
    await teardown({ db, pool, app, mailer: services.mailer });
  }
  process.exitCode = failed ? 1 : 0;
}

runBench(main);
