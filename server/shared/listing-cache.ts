import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { acquirePgListener, type PgListenerLease } from './pg-listener';
import { EncodedCopies } from './compress';

export interface CachedListing {
  body: string;
  etag: string;
  /** What the caller keeps beside the body (a Content-Range, a Last-Modified). */
  meta?: string;
  /** The body compressed per encoding, each made once (shared/compress.ts sendEncoded). */
  copies: EncodedCopies;
}

/** What a read of the database gives the cache: the serialised listing, and what goes beside it. */
export type ComputedListing = string | { body: string; meta: string };

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
 * What one cache may hold, in bytes of its serialised listings (UTF-8) and their compressed copies: the
 * three caches of the app (public listing, /rest/v1, calendar feeds) hold at most 32 + 16 + 16 = 64 MiB
 * together, whatever sequence of requests arrives. The least recently used listings go first; one
 * listing larger than a quarter of the budget is served but not kept.
 */
export const LISTING_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** A read in flight, and the one queued to start when it ends. */
interface Loading {
  generation: number;
  promise: Promise<CachedListing>;
  next?: Promise<CachedListing>;
}

/**
 * Serialised listings kept in memory, keyed by the caller (day and filters, a query). Every write
 * to the table fires a NOTIFY on `channel` (partite_changed for public.partite, migration 004),
 * which empties the cache of each server process. Shared by the matches feature and the
 * PostgREST endpoint. The cache answers only while the app's LISTEN connection (shared/pg-listener)
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
  private loading = new Map<string, Loading>();

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
   * Whether a request for key would start a read of its own that a repeat of it would not: its listing is
   * neither kept nor being read by a request it would join (load's rule). Without the LISTEN connection
   * every request reads whatever its key, so none is singled out (false). Touches nothing: a caller's
   * per-client limit asks it first (docs/public-page.md).
   */
  misses(key: string): boolean {
    if (!this.listening) return false;
    return !this.entries.has(key) && this.loading.get(key)?.generation !== this.generation;
  }

  /**
   * The listing for key: from memory, or read by `compute` once for all the requests that miss it
   * together (thirty parents opening a cold page cost one read of the database, not thirty, and none
   * waits for a connection behind the others). A request joins a running read only when that read
   * cannot have missed a change: nothing changed since it started and the cache is listening. Any
   * other request waits for the running read to end and shares one read started after it, so it
   * never gets an answer older than itself, and a key has at most two reads at a time even while
   * the LISTEN connection is not up (just after start, or during an outage of it).
   */
  load(key: string, compute: () => Promise<ComputedListing>): Promise<CachedListing> {
    const cached = this.get(key);
    if (cached) return Promise.resolve(cached);
    const running = this.loading.get(key);
    if (!running) return this.read(key, compute);
    if (running.generation === this.generation && this.listening) return running.promise;
    running.next ??= running.promise.then(
      () => this.read(key, compute),
      () => this.read(key, compute),
    );
    return running.next;
  }

  private read(key: string, compute: () => Promise<ComputedListing>): Promise<CachedListing> {
    const generation = this.generation;
    const promise = compute().then((listing) =>
      typeof listing === 'string' ? this.set(key, listing, generation) : this.set(key, listing.body, generation, listing.meta),
    );
    const entry: Loading = { generation, promise };
    this.loading.set(key, entry);
    // Settled: the next request starts its own read (or joins the one queued behind this).
    const done = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  set(key: string, body: string, generation: number, meta?: string): CachedListing {
    const entry: CachedListing & { bytes: number } = {
      body,
      etag: etagOf(body),
      meta,
      bytes: Buffer.byteLength(body) + Buffer.byteLength(key) + Buffer.byteLength(meta ?? '') + 64,
      copies: new EncodedCopies(body, (delta) => this.grown(key, entry, delta)),
    };
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

  /** A kept entry's compressed copies took (or freed) `delta` bytes: counted, older entries go if over budget. */
  private grown(key: string, entry: CachedListing & { bytes: number }, delta: number): void {
    if (this.entries.get(key) !== entry) return;
    entry.bytes += delta;
    this.held += delta;
    for (const [oldest] of this.entries) {
      if (this.held <= this.maxBytes || oldest === key) break;
      this.drop(oldest);
    }
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
