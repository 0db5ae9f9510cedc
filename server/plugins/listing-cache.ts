import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { acquirePgListener, type PgListenerLease } from './pg-listener';

export interface CachedListing {
  body: string;
  etag: string;
}

export const etagOf = (body: string) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

/** Whether If-None-Match names this ETag (weak or strong, one of a list, or '*'). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * What one cache may hold, in bytes of its serialised listings (UTF-8): the three caches of the app
 * (public listing, /rest/v1, calendar feeds) hold at most 32 + 16 + 16 = 64 MiB together, whatever
 * sequence of requests arrives. The least recently used listings go first; one listing larger than a
 * quarter of the budget is served but not kept.
 */
export const LISTING_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Serialised listings kept in memory, keyed by the caller (day and filters, a query). Every write
 * to the table fires a NOTIFY on `channel` (partite_changed for public.partite, migration 004),
 * which empties the cache of each server process. Shared by the matches feature and the
 * PostgREST endpoint. The cache answers only while the app's LISTEN connection (plugins/pg-listener)
 * is up: without it a change could go unnoticed, so every request then reads the database.
 */
export class ListingCache {
  /** In the order of their last use: the first is the next to go. */
  private entries = new Map<string, CachedListing & { bytes: number }>();
  private held = 0;
  private readonly lease: PgListenerLease;
  private started = false;
  private generation = 0;
  /** Listings being read now, with the generation they were started in. */
  private loading = new Map<string, { generation: number; promise: Promise<CachedListing> }>();

  constructor(
    pool: pg.Pool,
    log: FastifyBaseLogger,
    private readonly channel: string,
    private readonly maxBytes = LISTING_CACHE_MAX_BYTES,
  ) {
    this.lease = acquirePgListener(pool, log);
  }

  /** Subscribes on first use (an app that never serves the listing opens no LISTEN connection for it). */
  ensureStarted(): void {
    if (this.started) return;
    this.started = true;
    this.lease.listener.subscribe(this.channel, { notify: () => this.invalidate(), reset: () => this.invalidate() });
  }

  private invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.held = 0;
  }

  /** Bytes held now (at most the budget). */
  get bytes(): number {
    return this.held;
  }

  private get listening(): boolean {
    return this.started && this.lease.listener.isListening(this.channel);
  }

  /** A token to pass to set(): an entry computed before a change is never stored after it. */
  currentGeneration(): number {
    return this.generation;
  }

  get(key: string): CachedListing | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (entry) {
      // Used now: to the end of the line.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * The listing for key: from memory, or read once by `compute` however many requests miss it at the
   * same time (thirty parents opening a cold page cost one read of the database, not thirty, and
   * none waits for a connection behind the others). A request joins a read only if nothing changed
   * since that read started and the cache is listening.
   */
  load(key: string, compute: () => Promise<string>): Promise<CachedListing> {
    const cached = this.get(key);
    if (cached) return Promise.resolve(cached);
    const generation = this.generation;
    const running = this.loading.get(key);
    if (running && running.generation === generation && this.listening) return running.promise;
    const promise = compute()
      .then((body) => this.set(key, body, generation))
      .finally(() => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      });
    this.loading.set(key, { generation, promise });
    return promise;
  }

  set(key: string, body: string, generation: number): CachedListing {
    const entry = { body, etag: etagOf(body), bytes: Buffer.byteLength(body) + Buffer.byteLength(key) + 64 };
    if (this.listening && generation === this.generation && entry.bytes <= this.maxBytes / 4) {
      this.drop(key);
      for (const [oldest] of this.entries) {
        if (this.held + entry.bytes <= this.maxBytes) break;
        this.drop(oldest);
      }
      this.entries.set(key, entry);
      this.held += entry.bytes;
    }
    return entry;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  async stop(): Promise<void> {
    this.invalidate();
    await this.lease.release();
  }
}
