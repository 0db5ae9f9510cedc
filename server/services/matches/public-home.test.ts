import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../../test/app';
import { todayIn } from '../../../common/core/dates';
import { formatDataIt } from '../../../common/matches/card-text';
import type { CachedListing } from '../../shared/listing-cache';
import { HOME_RERENDER_MS, HomePageCache, jsonForScript } from './public-home';
import { escapeHtml } from '../../shared/html';
import { compressionCount } from '../../shared/compress';
import { PUBLIC_PAGE_SIZE } from '../../../common/matches/public-page';

/** The server's page (docs/public-page.md): / carries the public list in its first response, every text escaped, the data as JSON. */
let t: TestApp;
let clientDir: string;
const EVIL = '<script>alert(1)</script>';
let tomorrow: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-home-'));
  fs.copyFileSync(path.resolve('index.html'), path.join(clientDir, 'index.html'));
  t = await createTestApp({ clientDir });
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, spogliatoio_gari, spogliatoio_ospiti)
     VALUES ($1, '15:00', '17:00', 'Garibaldina Pulcini', $2, 'Pulcini', 'Campo "A" & B', 'erba', 'campionato', true, 1, 2)`,
    [(tomorrow = dayjs(todayIn('Europe/Rome')).add(1, 'day').format('YYYY-MM-DD')), EVIL],
  );
}, 60000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The JSON block's text, as the browser would hand it to JSON.parse. */
function dataBlock(html: string): string {
  const m = /<script type="application\/json" id="public-partite">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return m![1];
}

describe('server-rendered public list on /', () => {
  it('escapes text for HTML and JSON for a <script> block', () => {
    expect(escapeHtml(EVIL)).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`a & "b" 'c'`)).toBe('a &amp; &quot;b&quot; &#39;c&#39;');
    const json = jsonForScript({ name: `</script><script>alert(1)</script>\u2028` });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: `</script><script>alert(1)</script>\u2028` });
  });

  it('renders the heading, the count and the cards, escaping every text, with no inline executable script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<h1');
    expect(html).toContain('Dashboard Partite Garibaldina');
    expect(html).toContain('Prossime Partite (1)');
    // Cleaned as the client cleans on read (no < > ; \; quotes typographic: docs/matches.md, reading matches), and what remains escaped (&).
    expect(html).toContain('<span class="p-team p-club" data-club="true">Garibaldina Pulcini</span> vs <span class="p-team">scriptalert(1)/script</span>');
    expect(html).toContain('Campo: Campo ”A” &amp; B');
    expect(html).toContain('Spogliatoi: Garibaldina 1 · Ospiti 2');
    // The card's texts are React's (common/matches/card-text.ts): the long Italian date, badges, times.
    expect(html).toContain(`<span class="p-sub2">${formatDataIt(tomorrow)}</span><span class="p-sub2 p-muted">15:00 - 17:00</span>`);
    expect(html).toContain('<span class="p-badge p-primary">Campionato</span><span class="p-badge p-success">CASA</span>');
    expect(html).toContain('<span class="p-badge p-out">Erba</span><span class="p-badge p-out p-primary">Pulcini</span>');
    // The page's controls as React draws them, marked for src/app/publicHome.ts; the filter panel folded on phones.
    expect(html).toMatch(/<a class="p-btn p-contained" href="\/login" data-action="login">Login<\/a>/);
    expect(html).toContain('aria-haspopup="dialog" data-action="calendar">Aggiungi al calendario</button>');
    expect(html).toContain('aria-expanded="false" aria-controls="p-filtri" data-testid="filters-toggle" data-action="filters">Filtri<span class="p-count">0</span><span class="p-sr">filtri attivi</span></button>');
    expect(html).toContain('<section id="p-filtri" class="p-paper p-panel" aria-label="Filtri">');
    expect(html).toContain('data-testid="active-filters">0 filtri attivi</p>');
    expect((html.match(/data-action="card"/g) ?? []).length).toBe(1);
    // Every match fits the first page: no 'Mostra altre partite'.
    expect(html).not.toContain('data-action="more"');
    // Its stylesheet in <head>, where it stays once React has replaced the markup.
    expect(html.indexOf('.p-card{')).toBeGreaterThan(-1);
    expect(html.indexOf('.p-card{')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain(EVIL);
    // Every <script> is either the module file (src) or the JSON block: nothing inline runs.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag.includes(' src=') || tag.includes('type="application/json"')).toBe(true);
    expect(scripts.some((tag) => tag.includes('type="application/json"'))).toBe(true);
    // The JSON block cannot close itself and holds the same data as the API.
    const block = dataBlock(html);
    expect(block).not.toContain('<');
    const page = JSON.parse(block) as { producedAt: number; etag: string; body: { data: Array<{ squadratrasferta: string }> } };
    expect(page.body.data[0].squadratrasferta).toBe(EVIL);
    const api = await t.app.inject({ method: 'GET', url: '/api/partite/public' });
    expect(page.etag).toBe(api.headers.etag);
    expect(page.body).toEqual(JSON.parse(api.body));
    expect(Math.abs(page.producedAt - Date.now())).toBeLessThan(60_000);
    // The same moment on the page, read by the entry to tell the service worker's old copy (offline).
    expect(html).toContain(`<div class="p-page" id="public-page" data-produced-at="${page.producedAt}">`);
    // The preload of the list goes: the data is in the page.
    expect(html).not.toContain('rel="preload" href="/api/partite/public"');
  });

  it('sends the page compressed when the browser accepts it (brotli, else gzip), plain otherwise', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Without the moment of production, which differs per request.
    const strip = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '').replace(/data-produced-at="\d+"/, '');
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(strip(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toBe(strip(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip;q=0.8, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(strip(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toBe(strip(plain.body));
  });

  it('keeps the ETag/304 of the API after / read the list', async () => {
    await t.app.inject({ method: 'GET', url: '/' });
    const first = await t.app.inject({ method: 'GET', url: '/api/partite/public' });
    const again = await t.app.inject({ method: 'GET', url: '/api/partite/public', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves / from memory with an ETag: 304 for the same page, a new page (and ETag) after a change', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // Another encoding is another representation.
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.etag).not.toBe(etag);
    // The page says when it was produced (the offline page reads it): at most HOME_RERENDER_MS ago.
    const html = zlib.brotliDecompressSync(first.rawPayload).toString('utf8');
    const producedAt = Number(/data-produced-at="(\d+)"/.exec(html)![1]);
    expect(Date.now() - producedAt).toBeLessThan(HOME_RERENDER_MS);
    await t.db.pool.query(`UPDATE public.partite SET campo = 'Campo Nuovo'`);
    let changed = first;
    for (let i = 0; i < 150 && changed.headers.etag === etag; i++) {
      changed = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      if (changed.headers.etag === etag) await new Promise((r) => setTimeout(r, 100));
    }
    expect(changed.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(changed.rawPayload).toString('utf8')).toContain('Campo Nuovo');
  });

  it('renders a page once per listing version, compresses it once per encoding, and renders again after HOME_RERENDER_MS', async () => {
    let now = 1_000_000;
    const cache = new HomePageCache(() => now);
    const renders: number[] = [];
    const render = (producedAt: number) => {
      renders.push(producedAt);
      return `<p data-produced-at="${producedAt}">${'pagina '.repeat(300)}</p>`;
    };
    const v1 = { body: '[]', etag: '"v1"' } as CachedListing;
    const a = cache.page(v1, render);
    expect(cache.page(v1, render)).toBe(a);
    const compressedBefore = compressionCount();
    const br = await a.copies.encoded('br');
    expect(await cache.page(v1, render).copies.encoded('br')).toBe(br);
    expect(zlib.gunzipSync(await a.copies.encoded('gzip')).toString()).toBe(a.html);
    expect(compressionCount() - compressedBefore).toBe(2);
    expect(renders).toEqual([1_000_000]);
    now += HOME_RERENDER_MS - 1;
    expect(cache.page(v1, render)).toBe(a);
    now += 1;
    const b = cache.page(v1, render);
    expect(b.etag).not.toBe(a.etag);
    expect(cache.page({ body: '[1]', etag: '"v2"' } as CachedListing, render)).not.toBe(b);
    expect(renders).toHaveLength(3);
  });

  it('shows the new list after a change, and other pages get the plain shell', async () => {
    await t.db.pool.query(`UPDATE public.partite SET squadratrasferta = 'Lupi Nord'`);
    // The cache empties on NOTIFY; give the listener a moment.
    let html = '';
    for (let i = 0; i < 150 && !html.includes('Lupi Nord'); i++) {
      html = (await t.app.inject({ method: 'GET', url: '/' })).body;
      if (!html.includes('Lupi Nord')) await new Promise((r) => setTimeout(r, 100));
    }
    expect(html).toContain('Lupi Nord');
    const other = await t.app.inject({ method: 'GET', url: '/login' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('public-partite');
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('marks a match not In programma as React does: status badge in its colours, reason, struck teams', async () => {
    await t.db.pool.query(`UPDATE public.partite SET stato = 'annullata', motivo_stato = 'Campo allagato'`);
    let html = '';
    for (let i = 0; i < 50 && !html.includes('Campo allagato'); i++) {
      html = (await t.app.inject({ method: 'GET', url: '/' })).body;
      if (!html.includes('Campo allagato')) await new Promise((r) => setTimeout(r, 100));
    }
    expect(html).toContain('data-stato="annullata"');
    expect(html).toContain('<span class="p-badge p-stato" data-testid="match-status" style="background:#b71c1c;color:#ffffff">Annullata</span>');
    expect(html).toContain('<p class="p-teams p-struck">');
    expect(html).toContain('<p class="p-body2 p-mt">Motivo: Campo allagato</p>');
  });

  it('reads the two kinds of rinviata as every output does (docs/matches.md, status)', async () => {
    const page = async (expected: string) => {
      let html = '';
      for (let i = 0; i < 50 && !html.includes(expected); i++) {
        html = (await t.app.inject({ method: 'GET', url: '/' })).body;
        if (!html.includes(expected)) await new Promise((r) => setTimeout(r, 100));
      }
      return html;
    };
    await t.db.pool.query(`UPDATE public.partite SET stato = 'rinviata', motivo_stato = NULL, data_da_definire = true`);
    expect(await page('data da definire')).toContain('background:#a84300;color:#ffffff">Rinviata - data da definire</span>');
    await t.db.pool.query(`UPDATE public.partite SET data_da_definire = false, data_originale = '2026-11-21'`);
    const moved = await page('Spostata dal');
    // Moved to a new date: played there, in programma's colours, not struck.
    expect(moved).toContain('background:#1b5e20;color:#ffffff">Spostata dal 21/11/2026</span>');
    expect(moved).not.toContain('<p class="p-teams p-struck">');
  });
});

describe('the page of / with a large season (docs/public-page.md: the first page only)', () => {
  let big: TestApp;
  const MATCHES = 5000;
  beforeAll(async () => {
    big = await createTestApp({ clientDir });
    await big.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
    await big.db.pool.query(
      `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, spogliatoio_gari, spogliatoio_ospiti)
       SELECT current_date + 1 + (i % 250), '15:00', '17:00', 'Garibaldina Pulcini ' || i, 'Associazione Sportiva Ospiti ' || i, 'Pulcini', 'Campo Comunale ' || (i % 9), 'erba', 'campionato', true, 1, 2
         FROM generate_series(1, $1) AS i`,
      [MATCHES],
    );
  }, 60000);
  afterAll(async () => {
    await big?.close();
  });

  it(`stays under 200 KB uncompressed with ${MATCHES} matches: the first ${PUBLIC_PAGE_SIZE} cards, the whole count and 'Mostra altre partite'`, async () => {
    const res = await big.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(200 * 1024);
    const html = res.body;
    expect((html.match(/data-action="card"/g) ?? []).length).toBe(PUBLIC_PAGE_SIZE);
    expect(html).toContain(`Prossime Partite (${MATCHES})`);
    expect(html).toContain('data-action="more" data-testid="show-more">Mostra altre partite</button>');
    // The JSON block: the same first page as the API, with the total.
    const page = JSON.parse(dataBlock(html)) as { body: { data: unknown[]; total: number } };
    expect(page.body.data).toHaveLength(PUBLIC_PAGE_SIZE);
    expect(page.body.total).toBe(MATCHES);
  });
});
