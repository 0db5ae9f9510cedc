import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface CachedListing {
  body: string;
  etag: string;
}

export const etagOf = (body: string) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

const MAX_ENTRIES = 500;
const RETRY_MS = 1000;

/**
 * Serialised upcoming-match listings kept in memory, keyed by day and filters. Every write to
 * public.partite fires NOTIFY partite_changed (migration 004), which empties the cache of each
 * server process. The cache answers only while its LISTEN connection is up: without it a change
 * could go unnoticed, so every request then reads the database.
 */
export class ListingCache {
  private entries = new Map<string, CachedListing>();
  private client: pg.Client | null = null;
  private started = false;
  private listening = false;
  private generation = 0;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening on first use (an app that never serves the listing holds no extra connection). */
  ensureStarted(): void {
    if (this.started) return;
    this.started = true;
    void this.start();
  }

  private async start(): Promise<void> {
    if (this.stopped) return;
    // Its own connection, outside the pool: it stays open for the life of the process.
    const client = new pg.Client(this.pool.options);
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connessione chiusa')));
    client.on('notification', () => this.invalidate());
    try {
      await client.connect();
      await client.query('LISTEN partite_changed');
      if (this.client !== client) return;
      this.invalidate();
      this.listening = true;
    } catch (err) {
      this.lost(client, err as Error);
    }
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.log.warn({ err: err.message }, 'cache delle partite disattivata: connessione LISTEN persa');
    this.listening = false;
    this.invalidate();
    this.client = null;
    client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, RETRY_MS);
    this.retry.unref();
  }

  private invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** A token to pass to set(): an entry computed before a change is never stored after it. */
  currentGeneration(): number {
    return this.generation;
  }

  get(key: string): CachedListing | undefined {
    return this.listening ? this.entries.get(key) : undefined;
  }

  set(key: string, body: string, generation: number): CachedListing {
    const entry = { body, etag: etagOf(body) };
    if (this.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, entry);
    }
    return entry;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.listening = false;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
