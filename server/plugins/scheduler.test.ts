import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { createPool, type Pool } from '../db/pool';
import { JOB_LOCK_CLASS, jobLockKey, schedulerPlugin } from './scheduler';

/*
 * The one scheduler of timed work (server/plugins/scheduler.ts): jobs run on their timers, never
 * twice at once, under their advisory lock across processes (two apps with their own pools on one
 * database stand for two processes), and stop with the app. Every wait is on a state, never a sleep.
 */

const HOUR = 60 * 60 * 1000;
let db: TestDatabase;
/** The second "process": its own pool on the same database. */
let poolB: Pool;
const apps: FastifyInstance[] = [];
/** Every deferred of a test, settled after it, so a failed test's blocked job never holds up the close. */
const pending: Array<() => void> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  poolB = createPool(db.url);
});
afterEach(async () => {
  for (const resolve of pending.splice(0)) resolve();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await poolB?.end();
  await db?.drop();
});

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  pending.push(() => resolve(undefined as T));
  return { promise, resolve };
}

async function schedulerApp(pool: Pool, logs?: string[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: logs ? { level: 'debug', stream: { write: (line: string) => logs.push(line) } } : false });
  await app.register(schedulerPlugin, { pool });
  apps.push(app);
  return app;
}

/** The scheduler's advisory locks held now on the test database: [job key, granted]. */
async function jobLocks(): Promise<Array<{ key: number; granted: boolean }>> {
  const { rows } = await db.pool.query(
    `SELECT objid::int AS key, granted FROM pg_locks
      WHERE locktype = 'advisory' AND objsubid = 2 AND classid::int = $1
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [JOB_LOCK_CLASS],
  );
  return rows;
}

it('runs a job on its timer once the app is ready, first after firstRunMs, then every intervalMs; the timers are unref\'d', async () => {
  const app = await schedulerApp(db.pool);
  const setTimeoutSpy = jest.spyOn(global, 'setTimeout');
  try {
    let calls = 0;
    const third = deferred();
    app.scheduler.register({
      name: 'a-tempo',
      intervalMs: 7,
      firstRunMs: 3,
      run: async () => {
        if (++calls === 3) third.resolve();
        return calls;
      },
    });
    // Registered before ready: nothing scheduled yet.
    expect(app.scheduler.state('a-tempo')).toMatchObject({ nextRunAt: null, runs: 0, running: false });
    await app.ready();
    expect(app.scheduler.state('a-tempo').nextRunAt).not.toBeNull();
    await third.promise;
    expect(app.scheduler.state('a-tempo').runs).toBeGreaterThanOrEqual(2);
    expect(app.scheduler.state('a-tempo').lastOutcome).toBe('done');
    // The first turn after firstRunMs, the next ones after intervalMs: none keeps the process alive.
    const timers = setTimeoutSpy.mock.calls.flatMap((call, i) => (call[1] === 3 || call[1] === 7 ? [setTimeoutSpy.mock.results[i].value as NodeJS.Timeout] : []));
    expect(timers.length).toBeGreaterThanOrEqual(3);
    for (const timer of timers) expect(timer.hasRef()).toBe(false);
  } finally {
    setTimeoutSpy.mockRestore();
  }
});

it('refuses a second job of the same name and an unknown name', async () => {
  const app = await schedulerApp(db.pool);
  app.scheduler.register({ name: 'unico', intervalMs: HOUR, run: async () => 1 });
  expect(() => app.scheduler.register({ name: 'unico', intervalMs: HOUR, run: async () => 2 })).toThrow(/già registrato: unico/);
  expect(() => app.scheduler.register({ name: 'zero', intervalMs: 0, run: async () => 0 })).toThrow(/intervallo non valido/);
  expect(() => app.scheduler.runNow('nessuno')).toThrow(/sconosciuto: nessuno/);
});

it('never runs a job twice at once: a run asked during one waits for it, and the asks made meanwhile share one run', async () => {
  const app = await schedulerApp(db.pool);
  let active = 0;
  let maxActive = 0;
  let calls = 0;
  const firstEntered = deferred();
  const firstGate = deferred();
  const fiftieth = deferred();
  app.scheduler.register({
    name: 'mai-due',
    intervalMs: 1,
    firstRunMs: 0,
    run: async () => {
      const n = ++calls;
      active++;
      maxActive = Math.max(maxActive, active);
      if (n === 1) {
        firstEntered.resolve();
        await firstGate.promise;
      } else {
        await new Promise((resolve) => setImmediate(resolve));
      }
      active--;
      if (n === 50) fiftieth.resolve();
      return n;
    },
  });
  await app.ready();
  await firstEntered.promise;
  expect(app.scheduler.state('mai-due').running).toBe(true);
  // Three asks while the timer's run is under way: one run, after it.
  const asks = [app.scheduler.runNow('mai-due'), app.scheduler.runNow('mai-due'), app.scheduler.runNow('mai-due')];
  expect(asks[1]).toBe(asks[0]);
  expect(asks[2]).toBe(asks[0]);
  expect(calls).toBe(1);
  firstGate.resolve();
  expect(await asks[0]).toEqual({ status: 'done', result: 2 });
  // Then the timer (every 1 ms) and asks in a loop, racing: still one run at a time.
  while (calls < 50) await app.scheduler.runNow('mai-due');
  await fiftieth.promise;
  expect(maxActive).toBe(1);
});

it("takes the job's advisory lock: of two apps on one database one runs the job at a time, the other skips it; other jobs go on", async () => {
  const a = await schedulerApp(db.pool);
  const b = await schedulerApp(poolB);
  const entered = deferred();
  const gate = deferred();
  let runsOnB = 0;
  a.scheduler.register({
    name: 'condiviso',
    intervalMs: HOUR,
    run: async () => {
      entered.resolve();
      await gate.promise;
      return 'A';
    },
  });
  b.scheduler.register({
    name: 'condiviso',
    intervalMs: HOUR,
    run: async () => {
      runsOnB++;
      return 'B';
    },
  });
  b.scheduler.register({ name: 'altro', intervalMs: HOUR, run: async () => 'altro' });
  await Promise.all([a.ready(), b.ready()]);

  const onA = a.scheduler.runNow('condiviso');
  await entered.promise;
  expect(await jobLocks()).toEqual([{ key: jobLockKey('condiviso'), granted: true }]);
  // B's turn while A runs it: skipped, B's run function never called, nothing waits for the lock.
  expect(await b.scheduler.runNow('condiviso')).toEqual({ status: 'locked' });
  expect(runsOnB).toBe(0);
  expect(b.scheduler.state('condiviso')).toMatchObject({ running: false, lastOutcome: 'locked' });
  // A job with another key is not held up.
  expect(await b.scheduler.runNow('altro')).toEqual({ status: 'done', result: 'altro' });

  gate.resolve();
  expect(await onA).toEqual({ status: 'done', result: 'A' });
  expect(await jobLocks()).toEqual([]);
  // Released: B's next turn runs it.
  expect(await b.scheduler.runNow('condiviso')).toEqual({ status: 'done', result: 'B' });
  expect(runsOnB).toBe(1);
});

it('logs a failing job instead of throwing it, frees its lock and keeps its turns', async () => {
  const logs: string[] = [];
  const app = await schedulerApp(db.pool, logs);
  const other = await schedulerApp(poolB);
  let calls = 0;
  const byTimer = deferred();
  app.scheduler.register({
    name: 'guasto',
    intervalMs: 5,
    firstRunMs: HOUR,
    run: async () => {
      if (++calls === 2) byTimer.resolve();
      throw new Error('guasto simulato');
    },
  });
  other.scheduler.register({ name: 'guasto', intervalMs: HOUR, run: async () => 'libero' });
  await Promise.all([app.ready(), other.ready()]);

  const outcome = await app.scheduler.runNow('guasto');
  expect(outcome).toMatchObject({ status: 'failed', error: expect.objectContaining({ message: 'guasto simulato' }) });
  const lines = logs.map((l) => JSON.parse(l));
  expect(lines).toContainEqual(
    expect.objectContaining({ level: 50, job: 'guasto', msg: 'lavoro pianificato non riuscito', err: expect.objectContaining({ message: 'guasto simulato' }) }),
  );
  // Its connection was dropped with the lock: another process takes it at once.
  expect(await other.scheduler.runNow('guasto')).toEqual({ status: 'done', result: 'libero' });
  // The timer still gives it its next turn, intervalMs after the failure (nothing else asks for it).
  await byTimer.promise;
  expect(calls).toBe(2);
});

it('stops on close: the run under way is told (signal) and awaited, timers end, later asks answer stopped, the lock is freed', async () => {
  const app = await schedulerApp(db.pool);
  const entered = deferred();
  const aborted = deferred();
  const gate = deferred();
  const events: string[] = [];
  app.scheduler.register({
    name: 'in-chiusura',
    intervalMs: 5,
    firstRunMs: 0,
    run: async ({ signal }) => {
      signal.addEventListener('abort', () => aborted.resolve());
      entered.resolve();
      await gate.promise;
      events.push('lavoro finito');
      return signal.aborted;
    },
  });
  app.scheduler.register({ name: 'in-attesa', intervalMs: HOUR, run: async () => 'mai' });
  await app.ready();
  await entered.promise;
  const asked = app.scheduler.runNow('in-chiusura');

  const closing = app.close().then(() => events.push('app chiusa'));
  await aborted.promise;
  // The close has begun and waits for the run.
  expect(events).toEqual([]);
  expect(await jobLocks()).toEqual([{ key: jobLockKey('in-chiusura'), granted: true }]);
  gate.resolve();
  await closing;
  expect(events).toEqual(['lavoro finito', 'app chiusa']);
  // The ask queued behind it never ran; nothing is scheduled any more.
  expect(await asked).toEqual({ status: 'stopped' });
  expect(await app.scheduler.runNow('in-chiusura')).toEqual({ status: 'stopped' });
  expect(app.scheduler.jobs()).toEqual([
    expect.objectContaining({ name: 'in-chiusura', running: false, runs: 1, lastOutcome: 'done', nextRunAt: null }),
    expect.objectContaining({ name: 'in-attesa', running: false, runs: 0, nextRunAt: null }),
  ]);
  expect(await jobLocks()).toEqual([]);
});
