import { createTestApp, type TestApp } from '../../../test/app';
import { purgeOldLogs } from './retention';
import { errorStats, upsertError } from './repo';

// Migration 011: public.error_stats, kept by triggers, must always equal a GROUP BY over error_logs.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const groupBy = async () =>
  (
    await t.db.pool.query(
      `SELECT error_type, severity, count(*)::int AS total_errors, (count(*) FILTER (WHERE NOT resolved))::int AS unresolved_errors
         FROM public.error_logs GROUP BY error_type, severity ORDER BY total_errors DESC, error_type, severity`,
    )
  ).rows;

const report = (message: string, type: 'frontend' | 'api' = 'frontend', severity: 'low' | 'high' = 'low') =>
  upsertError(t.db.pool, { type, severity, message, stack: null });

it('equals a GROUP BY over error_logs after inserts, dedupes, resolutions, purges and a truncate', async () => {
  expect(await errorStats(t.db.pool)).toEqual([]);
  // Inserts (one by one and in bulk) and dedupes: a repeated report is one row, counted once.
  for (let i = 0; i < 5; i++) await report('Failed to fetch');
  await Promise.all([report('Timeout', 'api', 'high'), report('Timeout', 'api', 'high'), report('Altro', 'api', 'high')]);
  await t.db.pool.query(
    `INSERT INTO public.error_logs (error_type, severity, error_message, error_hash, first_occurred_at, last_occurred_at, created_at)
     SELECT 'database', 'critical', 'vecchio ' || i, encode(sha256(('vecchio ' || i)::bytea), 'hex'),
            now() - interval '400 days', now() - CASE WHEN i <= 6 THEN interval '366 days' ELSE interval '3 days' END, now() - interval '400 days'
       FROM generate_series(1, 10) i`,
  );
  let stats = await errorStats(t.db.pool);
  expect(stats).toEqual(await groupBy());
  expect(stats).toEqual([
    { error_type: 'database', severity: 'critical', total_errors: 10, unresolved_errors: 10 },
    { error_type: 'api', severity: 'high', total_errors: 2, unresolved_errors: 2 },
    { error_type: 'frontend', severity: 'low', total_errors: 1, unresolved_errors: 1 },
  ]);
  expect((await t.db.pool.query(`SELECT occurrence_count FROM public.error_logs WHERE error_message = 'Failed to fetch'`)).rows[0].occurrence_count).toBe(5);

  // Resolutions (one and many) and the same error again: a new open row.
  await t.db.pool.query(`UPDATE public.error_logs SET resolved = true, resolved_at = now() WHERE error_message = 'Failed to fetch'`);
  await report('Failed to fetch');
  await t.db.pool.query(`UPDATE public.error_logs SET resolved = true, resolved_at = now() WHERE error_type = 'database' AND error_message <> 'vecchio 9'`);
  // A no-op update (already resolved) and a notes-only update change nothing.
  await t.db.pool.query(`UPDATE public.error_logs SET resolved = true, notes = 'x' WHERE error_type = 'database' AND resolved`);
  // A change of severity moves the row to its new group.
  await t.db.pool.query(`UPDATE public.error_logs SET severity = 'low' WHERE error_message = 'Altro'`);
  stats = await errorStats(t.db.pool);
  expect(stats).toEqual(await groupBy());
  expect(stats).toContainEqual({ error_type: 'frontend', severity: 'low', total_errors: 2, unresolved_errors: 1 });
  expect(stats).toContainEqual({ error_type: 'database', severity: 'critical', total_errors: 10, unresolved_errors: 1 });
  expect(stats).toContainEqual({ error_type: 'api', severity: 'low', total_errors: 1, unresolved_errors: 1 });

  // The retention purge (batched deletes) and a plain delete.
  expect((await purgeOldLogs(t.db.pool, 365, 4)).errors).toBe(6);
  await t.db.pool.query(`DELETE FROM public.error_logs WHERE error_message = 'Timeout'`);
  stats = await errorStats(t.db.pool);
  expect(stats).toEqual(await groupBy());
  expect(stats).toContainEqual({ error_type: 'database', severity: 'critical', total_errors: 4, unresolved_errors: 1 });
  expect(stats.find((s) => s.error_type === 'api' && s.severity === 'high')).toBeUndefined();

  await t.db.pool.query('TRUNCATE public.error_logs');
  expect(await errorStats(t.db.pool)).toEqual([]);
  await report('Dopo lo svuotamento');
  expect(await errorStats(t.db.pool)).toEqual([{ error_type: 'frontend', severity: 'low', total_errors: 1, unresolved_errors: 1 }]);
});

