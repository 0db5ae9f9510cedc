// Issue 33 item 10: text answers go compressed (docs/performance.md, compression). The cached ones (the
// public list, /rest/v1, the calendar feeds) keep a brotli and a gzip copy per cache entry, made once;
// every other JSON, CSV and iCalendar answer over 1 KB goes through @fastify/compress; PDFs and small
// answers go as they are.
import zlib from 'node:zlib';
import dayjs from 'dayjs';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';
import { todayIn } from '../../common/core/dates';
import { chooseEncoding, compressionCount, encodedEtag, EncodedCopies } from './compress';
import { PUBLIC_PAGE_SIZE } from '../../common/matches/public-page';

let t: TestApp;
let reader: TestUser;
const MATCHES = 329;
const BROWSER = 'gzip, deflate, br, zstd';
const today = todayIn('Europe/Rome');

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
};

/** The public listing kept by the cache: the same entry twice once its LISTEN connection is up. */
async function warmPublicListing() {
  for (let i = 0; i < 100; i++) {
    const a = await t.app.publicListing();
    if ((await t.app.publicListing()) === a) return a;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('la lista pubblica non resta in cache');
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  reader = await createUser(t.db.pool, 'reader');
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini'), ('Esordienti'), ('Giovanissimi'), ('Allievi')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, is_house_match, terreno, tipo_gara)
     SELECT $1::date + 1 + (i % 90), make_time(9 + i % 10, (i % 2) * 30, 0), make_time(11 + i % 10, 0, 0),
            'Garibaldina ' || (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4], 'Ospiti ' || (i % 41),
            (ARRAY['Pulcini','Esordienti','Giovanissimi','Allievi'])[1 + i % 4], 'Campo ' || (i % 13), i % 2 = 0, 'erba', 'campionato'
       FROM generate_series(1, $2::int) AS i`,
    [today, MATCHES],
  );
}, 60000);
afterAll(() => t?.close());

describe('choosing the encoding', () => {
  it('brotli, else gzip, else none; a coding with q=0 is refused', () => {
    expect(chooseEncoding(BROWSER)).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(encodedEtag('"abc"', 'br')).toBe('"abc-br"');
    expect(encodedEtag('"abc"', 'identity')).toBe('"abc"');
    expect(encodedEtag('W/"abc"', 'gzip')).toBe('W/"abc"');
  });
});

describe('EncodedCopies', () => {
  it('compresses a text once per encoding, shares a compression in progress, and tells the bytes its copies hold', async () => {
    const sizes: number[] = [];
    const text = 'Garibaldina Pulcini - Lupi, Campo A; '.repeat(100);
    const copies = new EncodedCopies(text, (delta) => sizes.push(delta));
    const before = compressionCount();
    const [a, b] = await Promise.all([copies.encoded('br'), copies.encoded('br')]);
    expect(a).toBe(b);
    expect(zlib.brotliDecompressSync(a).toString()).toBe(text);
    expect(await copies.encoded('identity')).toBe(text);
    const gz = (await copies.encoded('gzip')) as Buffer;
    expect(compressionCount() - before).toBe(2);
    expect(sizes).toEqual([(a as Buffer).length, gz.length]);
    // Another text (a feed stamped a second later) replaces the copies and frees their bytes.
    const next = `${text}!`;
    expect(copies.bytes(next)).toBe(Buffer.byteLength(next));
    expect(sizes.at(-1)).toBe(-((a as Buffer).length + gz.length));
    expect(zlib.gunzipSync(await copies.encoded('gzip', next)).toString()).toBe(next);
    expect(compressionCount() - before).toBe(3);
  });
});

describe('the public list (GET /api/partite/public), 329 matches', () => {
  it('answers br to a browser from the cached copy (no compression per request), gzip to a gzip-only client, plain JSON to none', async () => {
    const entry = await warmPublicListing();
    const plain = await get('/api/partite/public');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    // The first page of the list (docs/public-page.md), with the season's count.
    expect(JSON.parse(plain.body).data).toHaveLength(PUBLIC_PAGE_SIZE);
    expect(JSON.parse(plain.body).total).toBe(MATCHES);
    expect(plain.rawPayload.length).toBeGreaterThan(15_000);

    const br = await get('/api/partite/public', { 'accept-encoding': BROWSER });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(decoded(br)).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(15 * 1024);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    // Served from the cache entry's copy: ten more answers compress nothing, and the copy is one buffer.
    const before = compressionCount();
    for (let i = 0; i < 10; i++) expect((await get('/api/partite/public', { 'accept-encoding': BROWSER })).rawPayload.equals(br.rawPayload)).toBe(true);
    expect(compressionCount()).toBe(before);
    expect(await entry.copies.encoded('br')).toBe(await entry.copies.encoded('br'));

    const gz = await get('/api/partite/public', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(plain.body);
    // The gzip copy made once too.
    expect(compressionCount()).toBe(before + 1);
    await get('/api/partite/public', { 'accept-encoding': 'gzip' });
    expect(compressionCount()).toBe(before + 1);
  });

  it('each encoding has its ETag: 304 to its own, 200 to another', async () => {
    await warmPublicListing();
    const br = await get('/api/partite/public', { 'accept-encoding': BROWSER });
    const plain = await get('/api/partite/public');
    const etag = String(br.headers.etag);
    expect(etag).toBe(encodedEtag(String(plain.headers.etag), 'br'));
    const again = await get('/api/partite/public', { 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.vary).toBe('accept-encoding');
    expect((await get('/api/partite/public', { 'if-none-match': etag })).statusCode).toBe(200);
    expect((await get('/api/partite/public', { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
  });

  it('a small listing (under 1 KB) goes as it is', async () => {
    const none = await get('/api/partite/public?gruppo=Nessuno', { 'accept-encoding': BROWSER });
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body).data).toEqual([]);
  });
});

describe('/rest/v1 through supabase-js', () => {
  it('reads the compressed answers (fetch sends Accept-Encoding) and gets the same rows as a plain request', async () => {
    const anonKey = ((await (await fetch(`${t.url}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
    const encodings: Array<string | null> = [];
    const sb = createClient(t.url, anonKey, {
      global: {
        headers: { Authorization: `Bearer ${reader.token}` },
        // The real fetch; only the encoding of each answer is noted.
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          encodings.push(res.headers.get('content-encoding'));
          return res;
        },
      },
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { data, error, status, count } = await sb.from('partite').select('*', { count: 'exact' }).gte('data', today).order('data').order('ora');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(MATCHES);
    const plain = await get(`/rest/v1/partite?select=*&data=gte.${today}&order=data.asc,ora.asc`, bearer(reader));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(data).toEqual(JSON.parse(plain.body));
    const csv = await sb.from('partite').select('id,squadracasa').order('id').csv();
    expect(csv.error).toBeNull();
    expect(String(csv.data).split('\n')).toHaveLength(MATCHES + 1);
    // One row (.single()) is small: as it is.
    const one = await sb.from('partite').select('id').order('id').limit(1).single();
    expect(one.error).toBeNull();
    // Node's fetch asks for 'gzip, deflate' (a browser's fetch adds br).
    expect(encodings).toEqual(['gzip', 'gzip', null]);
  });

  it('keeps the Content-Range beside the compressed body', async () => {
    const res = await get('/rest/v1/partite?select=*', { ...bearer(reader), 'accept-encoding': 'gzip', prefer: 'count=exact' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-range']).toBe(`0-${MATCHES - 1}/${MATCHES}`);
    expect(JSON.parse(decoded(res))).toHaveLength(MATCHES);
  });
});

describe('calendar feeds', () => {
  it("the club's feed goes compressed, with one weak ETag for every encoding", async () => {
    const plain = await get('/api/calendar.ics');
    const br = await get('/api/calendar.ics', { 'accept-encoding': BROWSER });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    const text = decoded(br);
    expect(text.replace(/DTSTAMP:\w+/g, '')).toBe(plain.body.replace(/DTSTAMP:\w+/g, ''));
    expect(text.match(/^BEGIN:VEVENT/gm)).toHaveLength(MATCHES);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect((await get('/api/calendar.ics', { 'accept-encoding': BROWSER, 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
  });
});

describe('every other answer (@fastify/compress)', () => {
  const period = { from: today, to: dayjs(today).add(120, 'day').format('YYYY-MM-DD') };
  const post = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: period, headers: { ...bearer(reader), ...headers } });

  it('a large CSV export (a stream) goes compressed and decompresses to the plain file', async () => {
    const plain = await post('/api/exports/table.csv');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await post('/api/exports/table.csv', { 'accept-encoding': BROWSER });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(decoded(br)).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('a JSON answer over 1 KB goes compressed; a PDF and a JSON under 1 KB go as they are', async () => {
    const preview = await get(`/api/exports/preview/table?from=${period.from}&to=${period.to}`, { ...bearer(reader), 'accept-encoding': 'gzip' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-encoding']).toBe('gzip');
    expect(preview.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(decoded(preview)).total).toBe(MATCHES);

    const pdf = await post('/api/exports/table.pdf', { 'accept-encoding': BROWSER });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const health = await get('/api/health', { 'accept-encoding': BROWSER });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
  });
});
