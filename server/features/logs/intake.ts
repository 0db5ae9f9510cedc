import type { Db } from '../../db/pool';
import { upsertErrors, type BatchedError, type NewError } from './repo';

/**
 * Group commit for POST /api/error-logs (docs/logs.md, "Speed": 2,000 reports/s of one repeated
 * error). One upsert per report queued every request on the same hot row's lock (about 200/s).
 * Instead, reports arriving within `windowMs` are merged by hash in memory and written with ONE
 * statement (occurrence_count + n); each request is answered only after the statement holding
 * its report committed, so an acknowledged report is durable and occurrence_count equals the
 * 201s exactly. When the statement fails, every request of the batch fails (500): nothing is
 * acknowledged that was not written. At most `maxInFlight` batches are written at once; reports
 * arriving meanwhile wait for the next one (they make it bigger, not more numerous).
 */
export class IntakeBatcher {
  private pending = new Map<string, { error: BatchedError; waiters: { resolve: () => void; reject: (e: unknown) => void }[] }>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly hashOf: (e: NewError) => string,
    private readonly windowMs = 5,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 2,
  ) {}

  /** Resolves once the report is committed. */
  add(error: NewError): Promise<void> {
    if (this.closed) return upsertErrors(this.db, [{ ...error, count: 1 }]);
    return new Promise<void>((resolve, reject) => {
      const hash = this.hashOf(error);
      const entry = this.pending.get(hash);
      if (entry) {
        entry.error.count++;
        entry.waiters.push({ resolve, reject });
      } else {
        this.pending.set(hash, { error: { ...error, count: 1 }, waiters: [{ resolve, reject }] });
      }
      if (this.pending.size >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    if (this.inFlight >= this.maxInFlight) return; // the batch in flight flushes again when done
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.inFlight++;
    upsertErrors(
      this.db,
      batch.map((b) => b.error),
    ).then(
      () => batch.forEach((b) => b.waiters.forEach((w) => w.resolve())),
      (err) => batch.forEach((b) => b.waiters.forEach((w) => w.reject(err))),
    ).finally(() => {
      this.inFlight--;
      if (this.pending.size > 0) this.flush();
    });
  }

  /** Writes what is queued (app close); later reports are written one by one. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.pending.size > 0 || this.inFlight > 0) {
      this.flush();
      await new Promise((r) => setTimeout(r, this.windowMs));
    }
  }
}

/**
 * The intake's per-IP limit (docs/logs.md: about 60 a minute), kept in this process's memory: a
 * fixed window per address. The limit is abuse control for a log, not data worth a database
 * write per report (that write, on public.rate_limits, cost more than the report itself), so it
 * is not shared between processes and restarts with the server: the app runs as one process
 * (docs/logs.md), and at worst a restart grants one address one more window. Expired windows
 * are swept when the map grows, so a flood from many addresses holds at most `maxKeys` entries.
 */
export class MemoryRateLimit {
  private windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private readonly max: number,
    private readonly windowSeconds: number,
    private readonly maxKeys = 100_000,
    private readonly now = () => Date.now(),
  ) {}

  hit(key: string): { limited: boolean; retryAfter: number } {
    const now = this.now();
    const ms = this.windowSeconds * 1000;
    let w = this.windows.get(key);
    if (!w || now - w.start >= ms) {
      if (!w && this.windows.size >= this.maxKeys) this.sweep(now);
      w = { start: now, hits: 0 };
      this.windows.set(key, w);
    }
    w.hits++;
    return { limited: w.hits > this.max, retryAfter: Math.max(1, Math.ceil((w.start + ms - now) / 1000)) };
  }

  get size() {
    return this.windows.size;
  }

  private sweep(now: number) {
    const ms = this.windowSeconds * 1000;
    for (const [key, w] of this.windows) if (now - w.start >= ms) this.windows.delete(key);
    // Still full (a flood of fresh addresses inside one window): drop the oldest half.
    if (this.windows.size >= this.maxKeys) {
      let drop = Math.floor(this.windows.size / 2);
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }
}
