import { createTestApp, type TestApp } from '../../test/app';
import { LIMITS, RATE_LIMIT_RETENTION_SECONDS } from '../shared/rate-limit';
import { HOUSEKEEPING_INTERVAL_MS } from '../plugins/scheduler';
import { deleteStaleAuthRows } from './housekeeping';
import { RECOVERY_MAIL_COOLDOWN_SECONDS } from './recovery';

describe('housekeeping of rate limits, locks and sign-in attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** One stale and one live row in each table; answers the keys to look them up. */
  async function seed(tag: string) {
    const q = (sql: string, params: unknown[]) => t.db.pool.query(sql, params);
    await q(`INSERT INTO public.rate_limits (key, window_start, hits) VALUES ($1, now() - interval '2 hours', 3), ($2, now() - interval '4 minutes', 3)`, [
      `stale:${tag}`,
      `live:${tag}`,
    ]);
    await q(
      `INSERT INTO public.account_locks (email, locked_until) VALUES
         ($1, now() - interval '1 hour'), ($2, now() + interval '10 minutes'), ($3, now() - interval '1 minute')`,
      [`stale-${tag}@example.it`, `live-${tag}@example.it`, `justended-${tag}@example.it`],
    );
    await q(
      `INSERT INTO public.login_attempts (email, ip, success, created_at) VALUES
         ($1, '10.0.0.1', false, now() - interval '25 hours'), ($1, '10.0.0.1', true, now() - interval '2 days'),
         ($2, '10.0.0.1', false, now() - interval '1 minute'), ($2, '10.0.0.1', false, now() - interval '23 hours')`,
      [`stale-${tag}@example.it`, `live-${tag}@example.it`],
    );
  }

  async function remaining(tag: string) {
    const { rows } = await t.db.pool.query(
      `SELECT (SELECT array_agg(key ORDER BY key) FROM public.rate_limits WHERE key LIKE '%:' || $1) AS counters,
              (SELECT array_agg(email ORDER BY email) FROM public.account_locks WHERE email LIKE '%-' || $1 || '@example.it') AS locks,
              (SELECT array_agg(email ORDER BY email) FROM public.login_attempts WHERE email LIKE '%-' || $1 || '@example.it') AS attempts`,
      [tag],
    );
    return rows[0];
  }

  const afterSweep = (tag: string) => ({
    counters: [`live:${tag}`],
    // A lock that ended a minute ago still marks where the failures restart counting.
    locks: [`justended-${tag}@example.it`, `live-${tag}@example.it`],
    attempts: [`live-${tag}@example.it`, `live-${tag}@example.it`],
  });

  it('deletes counters past their window, locks ended more than a window ago and day-old attempts; keeps the rest', async () => {
    await seed('direct');
    const deleted = await deleteStaleAuthRows(t.db.pool);
    expect(deleted).toMatchObject({ rateLimits: expect.any(Number), locks: expect.any(Number), attempts: expect.any(Number) });
    expect(deleted.rateLimits).toBeGreaterThanOrEqual(1);
    expect(deleted.locks).toBeGreaterThanOrEqual(1);
    expect(deleted.attempts).toBeGreaterThanOrEqual(2);
    expect(await remaining('direct')).toEqual(afterSweep('direct'));
  });

  it('the counters are kept at least as long as every window in use', () => {
    for (const limit of Object.values(LIMITS)) expect(RATE_LIMIT_RETENTION_SECONDS).toBeGreaterThanOrEqual(limit.windowSeconds);
    expect(RATE_LIMIT_RETENTION_SECONDS).toBeGreaterThanOrEqual(RECOVERY_MAIL_COOLDOWN_SECONDS);
  });

  it('the running app sweeps on the scheduler, at most once an hour per process; an answer no longer triggers a sweep', async () => {
    await seed('app');
    const before = t.app.scheduler.state('auth-housekeeping');
    expect(before.intervalMs).toBe(HOUSEKEEPING_INTERVAL_MS);
    expect(await t.app.scheduler.runNow('auth-housekeeping')).toMatchObject({ status: 'done' });
    expect(await remaining('app')).toEqual(afterSweep('app'));

    // The next sweep is an hour after this one...
    const after = t.app.scheduler.state('auth-housekeeping');
    expect(after).toMatchObject({ running: false, lastOutcome: 'done' });
    expect(after.runs).toBeGreaterThan(before.runs);
    expect(after.nextRunAt! - Date.now()).toBeGreaterThan(HOUSEKEEPING_INTERVAL_MS - 60_000);
    // ...and within the hour an answer sweeps nothing (no sweep starts, none ran).
    await seed('later');
    expect((await t.app.inject({ url: '/api/config' })).statusCode).toBe(200);
    expect(t.app.scheduler.state('auth-housekeeping')).toMatchObject({ running: false, runs: after.runs, nextRunAt: after.nextRunAt });
    expect((await remaining('later')).counters).toEqual(['live:later', 'stale:later']);
  });

  it('every purge is an hourly job of the one scheduler, beside the rows it purges; a test app runs no queue jobs', () => {
    const jobs = t.app.scheduler.jobs();
    expect(jobs.map((j) => j.name).sort()).toEqual(['auth-housekeeping', 'calendar-purge', 'log-retention', 'stato-purge']);
    for (const job of jobs) expect(job.intervalMs).toBe(HOUSEKEEPING_INTERVAL_MS);
  });
});
