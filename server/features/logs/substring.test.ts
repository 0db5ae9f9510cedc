import type { PoolClient } from 'pg';
import { createTestApp, type TestApp } from '../../../test/app';
import { listActivities, listErrors } from './repo';
import { activityFiltersSchema, errorFiltersSchema } from '../../../common/logs/rules';

// Substring filters (docs/logs.md, error and activity filters: case-insensitive substring) give the
// same rows and count whichever plan PostgreSQL picks: walking the date index (migration 013
// carries the lower-case email and endpoint in it) or the trigram indexes. The reference is the
// definition itself, lower(col) LIKE '%text%' on the table, newest first.
let t: TestApp;
const N = 3000;
beforeAll(async () => {
  t = await createTestApp();
  // Frequent: 'frequente' in 30% of the messages, 'comune.it' in 30% of the emails, '/api/spesso' in
  // 30% of the endpoints. Rare: 10 rows each ('Raro', 'Àlda.Rossi@Club.it', '/api/Di-Rado'),
  // upper case and accents included.
  await t.db.pool.query(
    `INSERT INTO public.error_logs (error_type, severity, error_message, error_hash, user_email, last_occurred_at, first_occurred_at)
     SELECT 'api', 'low',
            CASE WHEN i % 10 < 3 THEN 'Errore FREQUENTE ' || i WHEN i % 300 = 7 THEN 'Errore Raro ' || i ELSE 'Altro errore ' || i END,
            encode(sha256(('s' || i)::bytea), 'hex'),
            CASE WHEN i % 300 = 11 THEN 'Àlda.Rossi@Club.it' WHEN i % 10 >= 7 THEN 'socio' || (i % 50) || '@Comune.it'
                 WHEN i % 10 = 3 THEN NULL ELSE 'socio' || (i % 50) || '@example.it' END,
            now() - i * interval '1 minute', now() - i * interval '1 minute'
       FROM generate_series(1, $1::int) i`,
    [N],
  );
  await t.db.pool.query(
    `INSERT INTO public.activity_logs (activity_type, activity_message, endpoint, user_email, created_at)
     SELECT 'info', 'attività ' || i,
            CASE WHEN i % 10 < 3 THEN 'GET /API/spesso/' || i WHEN i % 300 = 7 THEN 'POST /api/Di-Rado' ELSE 'GET /api/altro' END,
            CASE WHEN i % 300 = 11 THEN 'Àlda.Rossi@Club.it' WHEN i % 10 >= 7 THEN 'socio' || (i % 50) || '@Comune.it' ELSE 'socio' || (i % 50) || '@example.it' END,
            now() - i * interval '1 minute'
       FROM generate_series(1, $1::int) i`,
    [N],
  );
  await t.db.pool.query('ANALYZE public.error_logs');
  await t.db.pool.query('ANALYZE public.activity_logs');
});
afterAll(() => t.close());

/** Session settings that leave the planner one way: the date-index walk, or the trigram bitmap. */
const PLANS = {
  walk: ['SET enable_bitmapscan = off', 'SET enable_seqscan = off'],
  trigram: ['SET enable_indexscan = off', 'SET enable_indexonlyscan = off', 'SET enable_seqscan = off'],
} as const;

async function withPlan<T>(plan: keyof typeof PLANS, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  const c = await t.db.pool.connect();
  try {
    for (const s of PLANS[plan]) await c.query(s);
    return await fn(c);
  } finally {
    await c.query('RESET ALL');
    c.release();
  }
}

async function reference(table: string, column: string, dateColumn: string, text: string, range?: [Date, Date]) {
  const { rows } = await t.db.pool.query<{ id: string }>(
    `SELECT id::text AS id FROM public.${table}
      WHERE strpos(lower(${column}), lower($1)) > 0 AND ($2::timestamptz IS NULL OR ${dateColumn} BETWEEN $2 AND $3)
      ORDER BY ${dateColumn} DESC, id DESC`,
    [text, range?.[0] ?? null, range?.[1] ?? null],
  );
  return rows.map((r) => r.id);
}

const start = new Date(Date.now() - 1500 * 60_000);
const end = new Date(Date.now() + 60_000);
const cases = [
  { name: 'errors, message, frequent', kind: 'error', field: 'error_message', column: 'error_message', text: 'frequente' },
  { name: 'errors, message, rare', kind: 'error', field: 'error_message', column: 'error_message', text: 'RARO' },
  { name: 'errors, email, frequent', kind: 'error', field: 'user_email', column: 'user_email', text: 'comune.IT' },
  { name: 'errors, email, rare', kind: 'error', field: 'user_email', column: 'user_email', text: 'àlda.rossi@' },
  { name: 'activities, endpoint, frequent', kind: 'activity', field: 'endpoint', column: 'endpoint', text: '/api/spesso' },
  { name: 'activities, endpoint, rare', kind: 'activity', field: 'endpoint', column: 'endpoint', text: 'di-rado' },
  { name: 'activities, email, frequent', kind: 'activity', field: 'user_email', column: 'user_email', text: '@comune' },
  { name: 'activities, email, rare', kind: 'activity', field: 'user_email', column: 'user_email', text: 'ÀLDA.ROSSI' },
] as const;

describe.each(cases)('$name', ({ kind, field, column, text }) => {
  const table = kind === 'error' ? 'error_logs' : 'activity_logs';
  const dateColumn = kind === 'error' ? 'last_occurred_at' : 'created_at';
  const list = (db: PoolClient, q: Record<string, string>): Promise<{ data: { id: string }[]; count: number; countExact: boolean }> =>
    kind === 'error'
      ? listErrors(db, errorFiltersSchema.parse({ ...q, [field]: text }), 'Europe/Rome', 500)
      : listActivities(db, activityFiltersSchema.parse({ ...q, [field]: text }), 'Europe/Rome', 500);

  it.each(['walk', 'trigram'] as const)('same rows and count as lower(col) LIKE, plan %s', async (plan) => {
    for (const range of [undefined, [start, end] as [Date, Date]]) {
      const expected = await reference(table, column, dateColumn, text, range);
      expect(expected.length).toBeGreaterThanOrEqual(range ? 4 : 10);
      const q: Record<string, string> = range ? { start_date: range[0].toISOString(), end_date: range[1].toISOString() } : {};
      for (const page of ['1', '2']) {
        const got = await withPlan(plan, (c) => list(c, { ...q, page, limit: '25' }));
        expect(got.data.map((r) => r.id)).toEqual(expected.slice((Number(page) - 1) * 25, Number(page) * 25));
        // Capped at 500 here: a frequent term passes it over the whole table (900 rows), not in the range (450).
        expect({ count: got.count, countExact: got.countExact }).toEqual(
          expected.length > 500 ? { count: 500, countExact: false } : { count: expected.length, countExact: true },
        );
      }
    }
  });
});

it('the stored lower-case columns follow an update of the text', async () => {
  const { rows } = await t.db.pool.query(
    `UPDATE public.activity_logs SET endpoint = 'PUT /API/Cambiato', user_email = 'NUOVO@Club.it' WHERE id = (SELECT min(id) FROM public.activity_logs)
     RETURNING endpoint_lc, user_email_lc`,
  );
  expect(rows[0]).toEqual({ endpoint_lc: 'put /api/cambiato', user_email_lc: 'nuovo@club.it' });
  const page = await listActivities(t.db.pool, activityFiltersSchema.parse({ endpoint: 'api/cambiato', user_email: 'nuovo@' }), 'Europe/Rome');
  expect(page).toMatchObject({ count: 1, countExact: true });
});
