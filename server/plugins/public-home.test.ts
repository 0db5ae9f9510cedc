import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { createTestApp, type TestApp } from '../../test/app';
import { todayIn } from '../../common/dates';
import { escapeHtml, jsonForScript } from './public-home';

/** Issue 13: / carries the public list in its first response, every text escaped, the data as JSON. */
let t: TestApp;
let clientDir: string;
const EVIL = '<script>alert(1)</script>';

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-home-'));
  fs.copyFileSync(path.resolve('index.html'), path.join(clientDir, 'index.html'));
  t = await createTestApp({ clientDir });
  await t.db.pool.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
  await t.db.pool.query(
    `INSERT INTO public.partite (data, ora, ora_fine, squadracasa, squadratrasferta, gruppo, campo, terreno, tipo_gara, is_house_match, spogliatoio_gari, spogliatoio_ospiti)
     VALUES ($1, '15:00', '17:00', 'Garibaldina Pulcini', $2, 'Pulcini', 'Campo "A" & B', 'erba', 'campionato', true, 1, 2)`,
    [dayjs(todayIn('Europe/Rome')).add(1, 'day').format('YYYY-MM-DD'), EVIL],
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
    // Cleaned as the client cleans on read (no < > " ' ; `), and what remains escaped (&).
    expect(html).toContain('Garibaldina Pulcini</span> vs <span style="font-weight:500">scriptalert(1)/script</span>');
    expect(html).toContain('Campo: Campo A &amp; B');
    expect(html).toContain('Spogliatoi: Garibaldina 1 · Ospiti 2');
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
    // The preload of the list goes: the data is in the page.
    expect(html).not.toContain('rel="preload" href="/api/partite/public"');
  });

  it('keeps the ETag/304 of the API after / read the list', async () => {
    await t.app.inject({ method: 'GET', url: '/' });
    const first = await t.app.inject({ method: 'GET', url: '/api/partite/public' });
    const again = await t.app.inject({ method: 'GET', url: '/api/partite/public', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('shows the new list after a change, and other pages get the plain shell', async () => {
    await t.db.pool.query(`UPDATE public.partite SET squadratrasferta = 'Lupi Nord'`);
    // The cache empties on NOTIFY; give the listener a moment.
    let html = '';
    for (let i = 0; i < 50 && !html.includes('Lupi Nord'); i++) {
      html = (await t.app.inject({ method: 'GET', url: '/' })).body;
      if (!html.includes('Lupi Nord')) await new Promise((r) => setTimeout(r, 100));
    }
    expect(html).toContain('Lupi Nord');
    const other = await t.app.inject({ method: 'GET', url: '/login' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('public-partite');
    expect(other.body).toContain('<div id="root"></div>');
  });
});
