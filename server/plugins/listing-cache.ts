import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { acquirePgListener, type PgListenerLease } from './pg-listener';

export interface CachedListing {
  body: string;
  etag: string;
}

export const etagOf = (body: string) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

const MAX_ENTRIES = 500;

/**
 * Serialised listings kept in memory, keyed by the caller (day and filters, a query). Every write
 * to the table fires a NOTIFY on `channel` (partite_changed for public.partite, migration 004),
 * which empties the cache of each server process. Shared by the matches feature and the
 * PostgREST endpoint. The cache answers only while the app's LISTEN connection (plugins/pg-listener)
 * is up: without it a change could go unnoticed, so every request then reads the database.
 */
export class ListingCache {
  private entries = new Map<string, CachedListing>();
  private readonly lease: PgListenerLease;
  private started = false;
  private generation = 0;

  constructor(
    pool: pg.Pool,
    log: FastifyBaseLogger,
    private readonly channel: string,
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
  }

  private get listening(): boolean {
    return this.started && this.lease.listener.isListening(this.channel);
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
    this.invalidate();
    await this.lease.release();
  }
}
