import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { isStuckConnection } from '../db/pool';

export interface ChannelHandlers {
  /** A NOTIFY on the channel, with its payload ('' when none). */
  notify(payload: string): void;
  /** Notifications may have been missed (connection lost, or just (re)established): drop everything cached. */
  reset(): void;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 4000;
/** A barrier is one round trip on an idle connection: past this the server is taken as frozen. */
const BARRIER_TIMEOUT_MS = 1500;

/**
 * One dedicated connection (outside the pool) that LISTENs on the channels its subscribers ask
 * for, and reconnects with backoff when lost. Caches built on it answer only while
 * isListening(channel) is true: a change made while the connection was down could go unnoticed.
 *
 * sync() is a barrier: it resolves once every notification of the transactions committed before
 * the call has been delivered (a round trip on this connection: PostgreSQL sends pending
 * notifications before the ReadyForQuery of a statement). needsSync() tells whether a client of
 * the app's own pool was released since the last barrier, i.e. whether this process may have
 * committed something whose notification is still on its way.
 *
 * Every statement on the connection (LISTENs and barriers) goes through one queue, so the client
 * never has two queries in flight (pg 8 warns about that and pg 9 will refuse it). Barriers
 * coalesce: at most one is running and at most one waits behind it; the waiting one reads the
 * pool epoch when it is actually sent, so it covers every request that joined it.
 */
export class PgListener {
  private readonly subscribers = new Map<string, Set<ChannelHandlers>>();
  private client: pg.Client | null = null;
  /** The client once connected and past its first LISTENs: later subscriptions LISTEN on it directly. */
  private ready: pg.Client | null = null;
  /** Channels whose LISTEN completed on the current connection. */
  private live = new Set<string>();
  private started = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private poolEpoch = 0;
  private syncedEpoch = 0;
  /** The barrier on the wire (epoch known) and the one queued behind it (epoch read when sent). */
  private barrier: { epoch: number; done: Promise<boolean> } | null = null;
  private nextBarrier: Promise<boolean> | null = null;
  /** The tail of the statement queue of the current client. */
  private queue: { client: pg.Client; tail: Promise<unknown> } | null = null;
  private readonly onRelease = () => {
    this.poolEpoch++;
  };

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {
    pool.on('release', this.onRelease);
  }

  /** Registers handlers for a channel and starts listening (first use opens the connection). Returns the unsubscribe function. */
  subscribe(channel: string, handlers: ChannelHandlers): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`canale non valido: ${channel}`);
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
      const client = this.ready;
      if (client && client === this.client) this.listen(client, channel).catch(() => undefined);
    }
    set.add(handlers);
    this.ensureStarted();
    return () => {
      set.delete(handlers);
    };
  }

  isListening(channel: string): boolean {
    return !this.stopped && this.client !== null && this.live.has(channel);
  }

  needsSync(): boolean {
    return this.poolEpoch !== this.syncedEpoch;
  }

  /** The barrier described above; false when the connection is not usable (callers then read the database). */
  sync(): Promise<boolean> {
    const epoch = this.poolEpoch;
    if (this.syncedEpoch === epoch) return Promise.resolve(true);
    // A barrier sent after the releases we must cover serves every waiting request at once.
    if (this.barrier && this.barrier.epoch >= epoch) return this.barrier.done;
    // One not sent yet will read the epoch when it goes out, so it covers this request too.
    if (this.nextBarrier) return this.nextBarrier;
    const client = this.ready;
    if (!client || client !== this.client) return Promise.resolve(false);
    let sent: { epoch: number; done: Promise<boolean> } | null = null;
    const done: Promise<boolean> = this.enqueue(client, () => {
      // Sent now: from here on it is the running barrier, and the next request queues a new one.
      if (this.nextBarrier === done) this.nextBarrier = null;
      sent = { epoch: this.poolEpoch, done };
      if (this.client === client) this.barrier = sent;
      return client.query({ text: 'SELECT 1', query_timeout: BARRIER_TIMEOUT_MS } as pg.QueryConfig);
    }).then(
      () => {
        if (this.client !== client || !sent) return false;
        if (sent.epoch > this.syncedEpoch) this.syncedEpoch = sent.epoch;
        return true;
      },
      (err) => {
        // No answer at all (the server is frozen): the connection cannot be trusted any more; the caches
        // stand down until a new one is listening, so requests go to the database (and its limits).
        if (isStuckConnection(err)) this.lost(client, err as Error);
        return false;
      },
    );
    this.nextBarrier = done;
    void done.then(() => {
      if (this.nextBarrier === done) this.nextBarrier = null;
      if (this.barrier === sent) this.barrier = null;
    });
    return done;
  }

  /** Runs send() once every statement queued before on this client has finished (success or not). */
  private enqueue<T>(client: pg.Client, send: () => Promise<T>): Promise<T> {
    if (!this.queue || this.queue.client !== client) this.queue = { client, tail: Promise.resolve() };
    const run = this.queue.tail.then(() => {
      if (this.client !== client) throw new Error('connessione LISTEN sostituita');
      return send();
    });
    this.queue.tail = run.catch(() => undefined);
    return run;
  }

  private ensureStarted(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.pool.options, application_name: 'garibaldina-listen' });
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connessione chiusa')));
    client.on('notification', (msg) => {
      if (this.client !== client) return;
      for (const h of this.subscribers.get(msg.channel) ?? []) h.notify(msg.payload ?? '');
    });
    try {
      await client.connect();
      // The live iterator also visits channels subscribed while these LISTENs run.
      for (const channel of this.subscribers.keys()) await this.listen(client, channel);
      if (this.client !== client) return;
      this.ready = client;
      this.failures = 0;
    } catch (err) {
      this.lost(client, err as Error);
    }
  }

  private async listen(client: pg.Client, channel: string): Promise<void> {
    await this.enqueue(client, () => client.query(`LISTEN ${channel}`));
    if (this.client !== client || this.live.has(channel)) return;
    // Whatever happened before this point was not seen: subscribers start from empty.
    for (const h of this.subscribers.get(channel) ?? []) h.reset();
    this.live.add(channel);
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.log.warn({ err: err.message }, 'cache disattivate: connessione LISTEN al database persa');
    this.forget();
    client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  /** Leaves the current connection (its channels, barriers and queue) and empties every subscriber: what it missed is unknown. */
  private forget(): void {
    this.client = null;
    this.ready = null;
    this.live = new Set();
    this.barrier = null;
    this.nextBarrier = null;
    this.queue = null;
    for (const set of this.subscribers.values()) for (const h of set) h.reset();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    const delay = Math.min(RETRY_FIRST_MS * 2 ** this.failures, RETRY_MAX_MS);
    this.failures++;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pool.off('release', this.onRelease);
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.forget();
    if (client) await client.end().catch(() => undefined);
  }
}

/*
 * One listener per pool, hence per app (an app owns one pool; apps that a test builds on one
 * shared pool share it too). Its holders (the caches created when the app's plugins register)
 * release it in the app's onClose; the last release closes the connection.
 */
const registry = new Map<pg.Pool, { listener: PgListener; holders: number }>();

export interface PgListenerLease {
  listener: PgListener;
  /** Call once, in the app's onClose. */
  release(): Promise<void>;
}

export function acquirePgListener(pool: pg.Pool, log: FastifyBaseLogger): PgListenerLease {
  let entry = registry.get(pool);
  if (!entry) {
    entry = { listener: new PgListener(pool, log), holders: 0 };
    registry.set(pool, entry);
  }
  entry.holders++;
  const held = entry;
  let released = false;
  return {
    listener: held.listener,
    async release() {
      if (released) return;
      released = true;
      held.holders--;
      if (held.holders > 0) return;
      if (registry.get(pool) === held) registry.delete(pool);
      await held.listener.stop();
    },
  };
}

/** The pool's listener while some holder keeps it, else undefined (then nothing may be cached). */
export function pgListenerOf(pool: pg.Pool): PgListener | undefined {
  return registry.get(pool)?.listener;
}
