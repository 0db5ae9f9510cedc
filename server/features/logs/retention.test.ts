import { createTestApp, type TestApp } from '../../../test/app';
import { purgeOldLogs } from './retention';
import { loadConfig } from '../../config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => {
  const e = (await t.db.pool.query('SELECT count(*)::int AS n FROM public.error_logs')).rows[0].n;
  const a = (await t.db.pool.query('SELECT count(*)::int AS n FROM public.activity_logs')).rows[0].n;
  return { e, a };
};

async function seed(old: number, recent: number) {
  await t.db.pool.query(
    `INSERT INTO public.error_logs (error_type, severity, error_message, error_hash, first_occurred_at, last_occurred_at, created_at)
     SELECT 'frontend', 'low', 'vecchio ' || i, encode(sha256(('vecchio ' || i)::bytea), 'hex'),
            now() - interval '400 days', now() - CASE WHEN i <= $1 THEN interval '366 days' ELSE interval '10 days' END, now() - interval '400 days'
       FROM generate_series(1, $1::int + $2::int) i`,
    [old, recent],
  );
  await t.db.pool.query(
    `INSERT INTO public.activity_logs (activity_type, activity_message, created_at)
     SELECT 'info', 'attività ' || i, now() - CASE WHEN i <= $1 THEN interval '366 days' ELSE interval '364 days' END
       FROM generate_series(1, $1::int + $2::int) i`,
    [old, recent],
  );
}

it('deletes rows older than the retention in batches, keeps recent ones (an error still happening is recent)', async () => {
  await seed(23, 7);
  expect(await counts()).toEqual({ e: 30, a: 30 });
  // Batches of 5: 23 old rows take 5 statements.
  expect(await purgeOldLogs(t.db.pool, 365, 5)).toEqual({ errors: 23, activities: 23 });
  expect(await counts()).toEqual({ e: 7, a: 7 });
  expect(await purgeOldLogs(t.db.pool, 365, 5)).toEqual({ errors: 0, activities: 0 });
  // A shorter retention from LOG_RETENTION_DAYS.
  expect(await purgeOldLogs(t.db.pool, 5)).toEqual({ errors: 7, activities: 7 });
});

it('the scheduler\'s log-retention job runs it with LOG_RETENTION_DAYS', async () => {
  await seed(3, 2);
  const swept = await t.app.scheduler.runNow('log-retention');
  expect(swept).toEqual({ status: 'done', result: { errors: 3, activities: 3 } });
  expect(await counts()).toEqual({ e: 2, a: 2 });
  expect(loadConfig({}).logRetentionDays).toBe(365);
  expect(loadConfig({ LOG_RETENTION_DAYS: '90' }).logRetentionDays).toBe(90);
  expect(() => loadConfig({ LOG_RETENTION_DAYS: '0' })).toThrow(/LOG_RETENTION_DAYS: almeno 1 giorno/);
});
