import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { createUser, type TestUser } from '../../test/users';
import { LISTING_CACHE_MAX_BYTES, ListingCache } from './listing-cache';
import { PUBLIC_PAGE_SIZE } from '../../common/matches/public-page';
import { normalizeFilters } from '../../common/matches/read';

/*
 * The listing caches hold a fixed number of bytes whatever the requests: the least recently used
 * listings go first, one too large is served but not kept, and every spelling of one public filter
 * is one entry.
 */

describe('ListingCache budget (real PostgreSQL LISTEN)', () => {
  let db: TestDatabase;
  let cache: ListingCache;
  const BUDGET = 1024 * 1024;
  beforeAll(async () => {
    db = await createTestDatabase();
    cache = new ListingCache(db.pool, pino({ level: 'silent' }), 'partite_changed', BUDGET);
    cache.ensureStarted();
    // The cache answers only while its LISTEN connection is up.
    for (let gen = cache.currentGeneration(); ; ) {
      cache.set('probe', 'x', gen);
      if (cache.get('probe')) break;
      await new Promise((r) => setTimeout(r, 20));
      gen = cache.currentGeneration();
    }
  });
  afterAll(async () => {
    await cache.stop();
    await db.drop();
  });

  it('keeps at most its budget over a flood of distinct listings, dropping the least recently used', () => {
    const listing = (i: number) => `[${'{"squadracasa":"Garibaldina"},'.repeat(3000)}${i}]`; // about 93 KB
    cache.set('tenuta', listing(-1), cache.currentGeneration());
    for (let i = 0; i < 400; i++) {
      cache.set(`filtro ${i}`, listing(i), cache.currentGeneration());
      // One listing read all along stays.
      expect(cache.get('tenuta')).toBeDefined();
      expect(cache.bytes).toBeLessThanOrEqual(BUDGET);
    }
    expect(cache.get('filtro 399')?.body).toBe(listing(399));
    expect(cache.get('filtro 0')).toBeUndefined();
    expect(cache.bytes).toBeGreaterThan(BUDGET / 2);
  });

  it('serves a listing larger than a quarter of its budget without keeping it', () => {
    const before = cache.bytes;
    const big = 'x'.repeat(BUDGET / 4 + 1);
    expect(cache.set('grande', big, cache.currentGeneration()).body).toBe(big);
    expect(cache.get('grande')).toBeUndefined();
    expect(cache.bytes).toBe(before);
  });

  it('reads a missing listing once for all the requests that miss it together, but never joins a read older than a change', async () => {
    let reads = 0;
    let finish = (_body: string) => {};
    const compute = () => {
      reads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const together = Array.from({ length: 30 }, () => cache.load('fredda', compute));
    expect(reads).toBe(1);
    finish('[1]');
    const answers = await Promise.all(together);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['[1]']));
    expect(cache.get('fredda')?.body).toBe('[1]');
    // A read in flight when a change commits is not joined by the requests that come after it.
    const older = cache.load('dopo', compute);
    const finishOlder = finish;
    const changedFrom = cache.currentGeneration();
    await db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
    await db.pool.query(`INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara) VALUES (current_date + 1, '10:00', 'A', 'B', 'Pulcini', 'C', 'campionato')`);
    while (cache.currentGeneration() === changedFrom) await new Promise((r) => setTimeout(r, 10));
    const newer = Array.from({ length: 10 }, () => cache.load('dopo', compute));
    // They wait for the older read and share one read started after it.
    expect(reads).toBe(2);
    finishOlder('[vecchia]');
    expect((await older).body).toBe('[vecchia]');
    while (reads < 3) await new Promise((r) => setImmediate(r));
    finish('[nuova]');
    expect(new Set((await Promise.all(newer)).map((a) => a.body))).toEqual(new Set(['[nuova]']));
    expect(reads).toBe(3);
    // The stale read was not kept.
    expect(cache.get('dopo')?.body).toBe('[nuova]');
  });

  it('tells a request that would start a read of its own (misses) from one served by a kept listing or a read it joins', async () => {
    expect(cache.misses('nuova')).toBe(true);
    let finish = (_body: string) => {};
    const loading = cache.load('nuova', () => new Promise<string>((resolve) => (finish = resolve)));
    // Being read: a request now would join that read.
    expect(cache.misses('nuova')).toBe(false);
    finish('[1]');
    await loading;
    // Kept.
    expect(cache.misses('nuova')).toBe(false);
    // A change empties the cache: the next request reads again.
    const changedFrom = cache.currentGeneration();
    await db.pool.query(`NOTIFY partite_changed`);
    while (cache.currentGeneration() === changedFrom) await new Promise((r) => setTimeout(r, 10));
    expect(cache.misses('nuova')).toBe(true);
    // Without the LISTEN connection every request reads whatever its key: none is singled out.
    const deaf = new ListingCache(db.pool, pino({ level: 'silent' }), 'partite_changed', BUDGET);
    try {
      expect(deaf.misses('nuova')).toBe(false);
    } finally {
      await deaf.stop();
    }
  });

  it('while its LISTEN connection is not up, thirty requests cost two reads, and none gets a read older than itself', async () => {
    // Never started: not listening, as just after the server starts or while the connection is lost.
    const deaf = new ListingCache(db.pool, pino({ level: 'silent' }), 'partite_changed', BUDGET);
    try {
      const finishers: ((body: string) => void)[] = [];
      const compute = () => new Promise<string>((resolve) => finishers.push(resolve));
      const first = deaf.load('fredda', compute);
      const after = Array.from({ length: 29 }, () => deaf.load('fredda', compute));
      expect(finishers).toHaveLength(1);
      finishers[0]('[prima]');
      expect((await first).body).toBe('[prima]');
      while (finishers.length < 2) await new Promise((r) => setImmediate(r));
      finishers[1]('[dopo]');
      expect(new Set((await Promise.all(after)).map((a) => a.body))).toEqual(new Set(['[dopo]']));
      expect(finishers).toHaveLength(2);
      // Nothing kept: a change could have gone unnoticed.
      expect(deaf.get('fredda')).toBeUndefined();
    } finally {
      await deaf.stop();
    }
  });

  it('the three caches of the app stay within 64 MiB together', () => {
    expect(LISTING_CACHE_MAX_BYTES + 2 * (LISTING_CACHE_MAX_BYTES / 2)).toBe(64 * 1024 * 1024);
  });
});

describe('GET /api/partite/public under a flood of spellings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti')`);
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       SELECT current_date + 1 + (i % 60), '10:00', 'Garibaldina ' || i, 'Ospiti ' || i, CASE WHEN i % 2 = 0 THEN 'Pulcini' ELSE 'Esordienti' END, 'Campo ' || (i % 5), 'torneo'
         FROM generate_series(1, 3000) AS i`,
    );
  }, 60000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 350 spellings of one category alike, from one entry, and the database is read once for them', async () => {
    const spellings = new Set<string>();
    for (let i = 0; spellings.size < 350; i++) {
      spellings.add([...'pulcini'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join('') + ' '.repeat(Math.floor(i / 128)));
    }
    // The cache keeps listings only once its LISTEN connection is up (the first request opens it): asked
    // again until the cache holds the list.
    for (const until = Date.now() + 15_000; ; ) {
      expect((await t.app.inject({ url: '/api/partite/public?gruppo=pulcini' })).statusCode).toBe(200);
      // Listening (a list never read would be a read of its own) and this one kept.
      const page = { offset: 0, limit: PUBLIC_PAGE_SIZE };
      if (t.app.publicListingMisses(normalizeFilters({ gruppo: 'mai letta' }), page) && !t.app.publicListingMisses(normalizeFilters({ gruppo: 'pulcini' }), page)) break;
      if (Date.now() > until) throw new Error('la lista non resta in cache: LISTEN partite_changed non attivo');
      await new Promise((r) => setTimeout(r, 20));
    }
    const first = await t.app.inject({ url: `/api/partite/public?gruppo=pulcini` });
    expect(first.statusCode).toBe(200);
    // The first page of the 1,500 (docs/public-page.md).
    expect(first.json()).toMatchObject({ total: 1500, offset: 0, limit: PUBLIC_PAGE_SIZE });
    expect(first.json().data).toHaveLength(PUBLIC_PAGE_SIZE);
    // While another transaction holds the table, a request that read it would wait (and fail after the
    // statement timeout): every answer below comes from the one cached entry.
    const locker = await t.db.pool.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE public.partite IN ACCESS EXCLUSIVE MODE');
    try {
      const etags = new Set<string>();
      for (const spelling of spellings) {
        const res = await t.app.inject({ url: `/api/partite/public?gruppo=${encodeURIComponent(spelling)}` });
        expect(res.statusCode).toBe(200);
        etags.add(String(res.headers.etag));
      }
      expect([...etags]).toEqual([first.headers.etag]);
    } finally {
      await locker.query('COMMIT');
      locker.release();
    }
  });
});

describe('the three cached listings, thirty requests on an empty cache (the first one also opens the LISTEN connection)', () => {
  let t: TestApp;
  let reader: TestUser;
  let reads: string[];
  beforeAll(async () => {
    t = await createTestApp();
    reader = await createUser(t.db.pool, 'reader');
    await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
    await t.db.pool.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       SELECT current_date + 1 + (i % 60), '10:00', 'Garibaldina ' || i, 'Ospiti ' || i, 'Pulcini', 'Campo ' || (i % 5), 'torneo'
         FROM generate_series(1, 2000) AS i`,
    );
    // Which statements reach PostgreSQL (the real pool still runs them).
    const pool = t.db.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const sql = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      if (/FROM\s+(public\.)?partite\b/i.test(sql)) reads.push(sql);
      return query(...args);
    };
  }, 60000);
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/api/partite/public', {}],
    ['/api/calendar.ics', {}],
    ['/rest/v1/partite?select=*', 'reader'],
  ] as const)('%s: thirty requests together read the matches at most twice, and every answer is whole', async (url, who) => {
    reads = [];
    const headers: Record<string, string> = who === 'reader' ? { authorization: `Bearer ${reader.token}`, apikey: reader.token } : {};
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.app.inject({ url, headers })));
    for (const a of answers) expect(a.statusCode).toBe(200);
    // One listing for all (a feed's DTSTAMP is the time of each answer).
    expect(new Set(answers.map((a) => a.body.replace(/^DTSTAMP:.*$/gm, ''))).size).toBe(1);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(2);
  });
});
