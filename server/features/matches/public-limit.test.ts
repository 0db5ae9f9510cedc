import { createTestApp, type TestApp } from '../../../test/app';
import { MSG } from '../../../common/core/messages';
import { REFUSAL_HOLD_MS } from './routes';
import { normalizeFilters } from '../../../common/matches/read';
import { PUBLIC_PAGE_SIZE } from '../../../common/matches/public-page';

// The public list's reads that miss its cache, limited per client address (docs/public-page.md,
// PUBLIC_LIST_BURST / PUBLIC_LIST_PER_SECOND): an answer from the cache is free, a read of the
// database takes one of the address's allowance, past it a 429 in Italian with Retry-After, and the
// allowance comes back after BURST / PER_SECOND seconds (the limiter's clock, Date.now, is moved on:
// nothing waits for time).

let t: TestApp;
const BURST = 3;
const PER_SECOND = 0.5; // the allowance comes back every 6 s

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_LIST_BURST: String(BURST), PUBLIC_LIST_PER_SECOND: String(PER_SECOND) } });
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
     SELECT current_date + 1 + i, '10:00', 'Garibaldina ' || i, 'Ospiti ' || i, 'Pulcini', 'Campo ' || i, 'torneo'
       FROM generate_series(1, 100) AS i`,
  );
  // The cache keeps the first page once its LISTEN connection is up (the first request opens it; until then no
  // read is singled out and nothing is kept): asked again until the cache holds it, as the page of / reads it.
  const firstPage = { offset: 0, limit: PUBLIC_PAGE_SIZE };
  for (let n = 1, until = Date.now() + 15_000; ; n++) {
    expect((await t.app.inject({ url: '/api/partite/public', remoteAddress: `10.1.${n >> 8}.${n & 255}` })).statusCode).toBe(200);
    // Listening (a list never read would be a read of its own) and the first page kept.
    if (t.app.publicListingMisses(normalizeFilters({ campo: 'mai letto' }), firstPage) && !t.app.publicListingMisses(normalizeFilters({}), firstPage)) break;
    if (Date.now() > until) throw new Error('la prima pagina non resta in cache: LISTEN partite_changed non attivo');
    await new Promise((r) => setTimeout(r, 20));
  }
}, 60000);
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await t?.close();
});

const get = (qs: string, remoteAddress: string) => t.app.inject({ url: `/api/partite/public${qs}`, remoteAddress });

describe('GET /api/partite/public: uncached reads per client address', () => {
  it('counts only the reads that miss the cache; past the burst a 429 in Italian with Retry-After; another address is not affected; the allowance comes back', async () => {
    const attacker = '10.2.0.7';
    // Three distinct filters: three reads of the database, allowed.
    for (const campo of ['campo 1', 'campo 2', 'campo 3']) expect((await get(`?campo=${encodeURIComponent(campo)}`, attacker)).statusCode).toBe(200);
    // A fourth: refused, nothing read, with when to come back; the answer held a moment (a script waiting for it slows down).
    const askedAt = performance.now();
    const refused = await get('?campo=campo%204', attacker);
    expect(refused.statusCode).toBe(429);
    expect(performance.now() - askedAt).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 50);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(BURST / PER_SECOND);
    expect(refused.json()).toEqual({ success: false, data: [], appliedFilters: { campo: 'campo 4' }, error: MSG.http.tooManyRetryIn(wait) });
    expect(refused.json().error).toMatch(/^Troppe richieste - riprova tra \d+ second[io]$/);
    // Another page is another read: refused too.
    expect((await get('?offset=60', attacker)).statusCode).toBe(429);

    // What the cache holds is free, however often: the lists already read, in any spelling, and the first page.
    for (let i = 0; i < 20; i++) expect((await get(i % 2 ? '?campo=CAMPO%201' : '', attacker)).statusCode).toBe(200);
    // A 304 too.
    const cached = await get('?campo=campo%202', attacker);
    expect((await t.app.inject({ url: '/api/partite/public?campo=campo%202', remoteAddress: attacker, headers: { 'if-none-match': String(cached.headers.etag) } })).statusCode).toBe(304);

    // Another address has its own allowance (and the attacker's refused filter costs it one read).
    expect((await get('?campo=campo%204', '10.3.0.9')).json().data[0]).toMatchObject({ campo: 'Campo 4' });
    // ...after which that list is cached: free for the attacker too.
    expect((await get('?campo=campo%204', attacker)).statusCode).toBe(200);

    // The window passes: the allowance is back, whole.
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + (BURST / PER_SECOND) * 1000 + 1);
    for (const campo of ['campo 5', 'campo 6', 'campo 7']) expect((await get(`?campo=${encodeURIComponent(campo)}`, attacker)).statusCode).toBe(200);
    expect((await get('?campo=campo%208', attacker)).statusCode).toBe(429);
  });

  it('counts an IPv6 address by its /64: rotating the last 64 bits gets no new allowance', async () => {
    const prefix = '2001:db8:1:2:';
    for (let i = 1; i <= BURST; i++) expect((await get(`?squadracasa=garibaldina%20${i}`, `${prefix}:${i}`)).statusCode).toBe(200);
    expect((await get('?squadracasa=garibaldina%209', `${prefix}abcd:1:2:3`)).statusCode).toBe(429);
    expect((await get('?squadracasa=garibaldina%209', '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});
