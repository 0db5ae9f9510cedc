import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Pool } from '../db/pool';

/** How often the tidy-up jobs (purges of old rows) run in a server process. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** How long after the start a process runs its first tidy-up (a process restarted often still tidies up). */
export const HOUSEKEEPING_FIRST_RUN_MS = 60 * 1000;

/** First key of the jobs' advisory locks, pg_try_advisory_lock(int, int): 'SCH'. The second is the job's own key. */
export const JOB_LOCK_CLASS = 0x534348;

/** The second key of a job's advisory lock: fixed by its name, the same in every process. */
export const jobLockKey = (name: string) => crypto.createHash('sha256').update(name).digest().readInt32BE(0);

export interface JobContext {
  /** The connection that holds the job's advisory lock; the job may run its own statements on it. */
  db: pg.PoolClient;
  /** Aborted when the app closes: a long job stops between two steps. */
  signal: AbortSignal;
}

export interface Job<T = unknown> {
  /** Unique in the app; names the job's lock in every process. */
  name: string;
  /** Time from the end of one run to the start of the next. */
  intervalMs: number;
  /** Time from the start of the app to the first run (default: intervalMs). */
  firstRunMs?: number;
  run(ctx: JobContext): Promise<T>;
}

/** What became of one run: `locked` when another process was running the job (this one skipped it). */
export type RunOutcome<T = unknown> =
  | { status: 'done'; result: T }
  | { status: 'locked' }
  | { status: 'failed'; error: unknown }
  | { status: 'stopped' };

export interface JobState {
  name: string;
  intervalMs: number;
  running: boolean;
  /** Runs finished in this process, whatever their outcome. */
  runs: number;
  lastOutcome: RunOutcome['status'] | null;
  /** When the timer runs the job next (epoch ms); null before the app is ready and after it closed. */
  nextRunAt: number | null;
}

export interface Scheduler {
  /** Adds a job; it runs on its timer once the app is ready (or at once, if it already is). */
  register<T>(job: Job<T>): void;
  /**
   * Runs the job now, after the run under way if any (so the run starts after the call); calls made
   * while one is waiting share it. Never rejects: a failure is logged and answered as `failed`
   * (an unknown name throws at once: a programming error).
   */
  runNow(name: string): Promise<RunOutcome>;
  state(name: string): JobState;
  jobs(): JobState[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one owner of timed work: named jobs on unref'd timers, each under its advisory lock (server/plugins/scheduler.ts). */
    scheduler: Scheduler;
  }
}

interface Entry {
  job: Job;
  key: number;
  timer: NodeJS.Timeout | null;
  nextRunAt: number | null;
  current: Promise<RunOutcome> | null;
  queued: Promise<RunOutcome> | null;
  runs: number;
  lastOutcome: RunOutcome['status'] | null;
}

/**
 * Timed work of every feature (purges, the notification queue, the weekly digest). Each job runs on
 * an unref'd timer (a process never stays up for it), never twice at once in a process, and under
 * pg_try_advisory_lock(JOB_LOCK_CLASS, jobLockKey(name)) so that, of several processes on one
 * database, one runs it at a time and the others skip that turn. A failure is logged, never thrown;
 * the next turn comes anyway. Closing the app stops the timers, aborts the jobs' signal and waits
 * for the runs under way. Options: the pool the locks are taken on.
 */
export const schedulerPlugin = fp<{ pool: Pool }>(
  async (app, { pool }) => {
    const entries = new Map<string, Entry>();
    const lockKeys = new Set<number>();
    const abort = new AbortController();
    let started = false;
    let stopped = false;

    const entryOf = (name: string): Entry => {
      const entry = entries.get(name);
      if (!entry) throw new Error(`lavoro pianificato sconosciuto: ${name}`);
      return entry;
    };

    const clear = (entry: Entry) => {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      entry.nextRunAt = null;
    };

    const schedule = (entry: Entry, delayMs: number) => {
      clear(entry);
      if (!started || stopped) return;
      entry.nextRunAt = Date.now() + delayMs;
      entry.timer = setTimeout(() => {
        entry.timer = null;
        // A run under way (runNow) schedules the next turn when it ends.
        if (!entry.current) void start(entry);
      }, delayMs);
      entry.timer.unref();
    };

    const execute = async (entry: Entry): Promise<RunOutcome> => {
      const { job, key } = entry;
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'lavoro pianificato non avviato');
        return { status: 'failed', error };
      }
      try {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [JOB_LOCK_CLASS, key]);
        if (!rows[0].ok) {
          client.release();
          return { status: 'locked' };
        }
        const result = await job.run({ db: client, signal: abort.signal });
        app.log.debug({ job: job.name, result }, 'lavoro pianificato eseguito');
        try {
          await client.query('SELECT pg_advisory_unlock($1, $2)', [JOB_LOCK_CLASS, key]);
          client.release();
        } catch (err) {
          // Dropping the connection ends its session, which frees the lock.
          client.release(err instanceof Error ? err : true);
        }
        return { status: 'done', result };
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'lavoro pianificato non riuscito');
        // The connection may be mid-statement or hold the lock: dropped, its session (and the lock) ends.
        client.release(error instanceof Error ? error : true);
        return { status: 'failed', error };
      }
    };

    const start = (entry: Entry): Promise<RunOutcome> => {
      clear(entry);
      const run = execute(entry).then((outcome) => {
        entry.current = null;
        entry.runs++;
        entry.lastOutcome = outcome.status;
        schedule(entry, entry.job.intervalMs);
        return outcome;
      });
      entry.current = run;
      return run;
    };

    const stateOf = (entry: Entry): JobState => ({
      name: entry.job.name,
      intervalMs: entry.job.intervalMs,
      running: entry.current !== null,
      runs: entry.runs,
      lastOutcome: entry.lastOutcome,
      nextRunAt: entry.nextRunAt,
    });

    const scheduler: Scheduler = {
      register(job) {
        if (entries.has(job.name)) throw new Error(`lavoro pianificato già registrato: ${job.name}`);
        if (!(job.intervalMs > 0) || !(job.intervalMs < 2 ** 31)) throw new Error(`intervallo non valido per ${job.name}`);
        const key = jobLockKey(job.name);
        if (lockKeys.has(key)) throw new Error(`chiave di lock già in uso: ${job.name}`);
        lockKeys.add(key);
        const entry: Entry = { job: job as Job, key, timer: null, nextRunAt: null, current: null, queued: null, runs: 0, lastOutcome: null };
        entries.set(job.name, entry);
        schedule(entry, job.firstRunMs ?? job.intervalMs);
      },
      runNow(name) {
        const entry = entryOf(name);
        if (stopped) return Promise.resolve({ status: 'stopped' });
        if (!entry.current) return start(entry);
        entry.queued ??= entry.current.then(() => {
          entry.queued = null;
          return stopped ? { status: 'stopped' } : start(entry);
        });
        return entry.queued;
      },
      state: (name) => stateOf(entryOf(name)),
      jobs: () => [...entries.values()].map(stateOf),
    };
    app.decorate('scheduler', scheduler);

    app.addHook('onReady', async () => {
      started = true;
      for (const entry of entries.values()) schedule(entry, entry.job.firstRunMs ?? entry.job.intervalMs);
    });
    app.addHook('onClose', async () => {
      stopped = true;
      abort.abort();
      for (const entry of entries.values()) clear(entry);
      await Promise.all([...entries.values()].map((entry) => entry.queued ?? entry.current));
    });
  },
  { name: 'scheduler', fastify: '5.x', dependencies: [] },
);
