import pg from 'pg';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, type TestUser } from '../../../test/users';
import { listErrors } from './repo';
import { errorFiltersSchema, type ActivityLogEntry, type ErrorLogEntry, type LogPage } from '../../../common/logs/rules';
import { LOG_COUNT_CAP } from '../../../common/logs/constants';

// Lists count exactly up to LOG_COUNT_CAP, then say "more than that" (countExact: false).
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin', 'conta@example.it');
  await t.db.pool.query(
    `INSERT INTO public.error_logs (error_type, severity, error_message, error_hash, user_email, last_occurred_at, first_occurred_at)
     SELECT CASE WHEN i <= 20 THEN 'api' ELSE 'frontend' END, 'low', 'Errore 50%_x ' || i, encode(sha256(i::text::bytea), 'hex'),
            'socio' || (i % 7) || '@example.it', now() - i * interval '1 second', now() - i * interval '1 second'
       FROM generate_series(1, $1::int + 5) i`,
    [LOG_COUNT_CAP],
  );
  await t.db.pool.query(
    `INSERT INTO public.activity_logs (activity_type, activity_message, endpoint)
     SELECT CASE WHEN i <= 3 THEN 'warning' ELSE 'info' END, 'attività ' || i, 'GET /api/x' FROM generate_series(1, $1::int + 1) i`,
    [LOG_COUNT_CAP],
  );
});
afterAll(() => t.close());

const list = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(res.statusCode).toBe(200);
  return res.json() as LogPage<T>;
};

it('errors: past the cap count is the cap and countExact false; a narrow filter is exact', async () => {
  expect(await list<ErrorLogEntry>('/api/error-logs?limit=100')).toMatchObject({ count: LOG_COUNT_CAP, countExact: false, totalPages: LOG_COUNT_CAP / 100 });
  const api = await list<ErrorLogEntry>('/api/error-logs?error_type=api');
  expect(api).toMatchObject({ count: 20, countExact: true, totalPages: 1 });
  // Exactly at the cap is still exact.
  const date = (await t.db.pool.query(`SELECT last_occurred_at FROM public.error_logs WHERE error_message = 'Errore 50%_x ' || $1`, [LOG_COUNT_CAP])).rows[0]
    .last_occurred_at as Date;
  const atCap = await list<ErrorLogEntry>(`/api/error-logs?start_date=${encodeURIComponent(date.toISOString())}`);
  expect(atCap).toMatchObject({ count: LOG_COUNT_CAP, countExact: true });
});

it('LIKE filters escape % and _ from the text', async () => {
  // Literally: 'Errore 50%_x 1000' and 10000 to 10005.
  const page = await list<ErrorLogEntry>('/api/error-logs?error_message=' + encodeURIComponent('50%_x 1000'));
  expect(page).toMatchObject({ count: 7, countExact: true });
  // As wildcards '0_%' and 'socio_@' would match nearly every row.
  expect((await list<ErrorLogEntry>('/api/error-logs?error_message=' + encodeURIComponent('%'))).count).toBe(LOG_COUNT_CAP);
  expect((await list<ErrorLogEntry>('/api/error-logs?error_message=' + encodeURIComponent('0%'))).count).toBe(LOG_COUNT_CAP);
  expect((await list<ErrorLogEntry>('/api/error-logs?error_message=' + encodeURIComponent('0_%'))).count).toBe(0);
  expect((await list<ErrorLogEntry>('/api/error-logs?user_email=' + encodeURIComponent('socio_@'))).count).toBe(0);
});

it('activities: the same cap', async () => {
  expect(await list<ActivityLogEntry>('/api/activities')).toMatchObject({ count: LOG_COUNT_CAP, countExact: false });
  expect(await list<ActivityLogEntry>('/api/activities?activity_type=warning')).toMatchObject({ count: 3, countExact: true });
});

describe('a substring count past its time budget', () => {
  // The count is made to wait (another transaction holds a lock on the table), so it runs out of its
  // 25 ms budget while the page query simply waits for the lock. The lock is let go once the count
  // has given up (its transaction rolled back), however long that takes on a busy machine.
  async function whileLocked<T>(fn: () => Promise<T>): Promise<T> {
    const locker = await t.db.pool.connect();
    // Its own connection: the pool's may all be taken by the waiting queries.
    const watcher = new pg.Client({ connectionString: t.db.url });
    await watcher.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE public.error_logs IN ACCESS EXCLUSIVE MODE');
    try {
      const { start } = (await locker.query<{ start: Date }>('SELECT clock_timestamp() AS start')).rows[0];
      const pending = fn();
      const countGaveUp = async () =>
        (
          await watcher.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND state = 'idle' AND query = 'ROLLBACK' AND state_change > $1`,
            [start],
          )
        ).rows[0].n > 0;
      const deadline = Date.now() + 20_000;
      while (!(await countGaveUp())) {
        if (Date.now() > deadline) throw new Error('il conteggio non ha rinunciato entro 20 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      await locker.query('COMMIT');
      return await pending;
    } finally {
      locker.release();
      await watcher.end();
    }
  }
  const filters = (q: Record<string, string>) => errorFiltersSchema.parse(q);

  it('a full page says "more than" the rows up to it and offers the next page', async () => {
    const page = await whileLocked(() => listErrors(t.db.pool, filters({ error_message: 'errore', page: '3' }), 'Europe/Rome'));
    expect(page.data).toHaveLength(25);
    expect(page).toMatchObject({ count: 75, countExact: false, page: 3, totalPages: 4 });
  });

  it('a page that is not full tells the exact count', async () => {
    const page = await whileLocked(() => listErrors(t.db.pool, filters({ error_message: '50%_x 1000' }), 'Europe/Rome'));
    expect(page).toMatchObject({ count: 7, countExact: true, totalPages: 1 });
    expect(page.data).toHaveLength(7);
  });
});
