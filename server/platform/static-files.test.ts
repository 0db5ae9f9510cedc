import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/app';
import { MSG } from '../../common/core/messages';

/** docs/public-page.md (crawlers): robots.txt is a file, a missing file is a 404, every other path still gets the app. */
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-static-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="it"><head><title>Calendario Partite Garibaldina</title></head><body></body></html>');
  fs.copyFileSync(path.resolve('public/robots.txt'), path.join(clientDir, 'robots.txt'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-Ab12.js'), 'console.log(1);');
  t = await createTestApp({ clientDir });
}, 60000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('static files and the app fallback', () => {
  it('serves robots.txt as text, allowing / and keeping crawlers off the API and signed-in screens', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toMatch(/^Allow: \/\$$/m);
    for (const p of ['/api/', '/auth/', '/rest/', '/gestione-utenti', '/error-logs']) expect(res.body).toContain(`Disallow: ${p}`);
  });

  it('answers 404 for a missing asset or file, never the app HTML', async () => {
    for (const url of ['/assets/index-vecchio.js', '/assets/manca.css', '/favicon.ico', '/immagini/logo.png', '/sw-vecchio.js', '/assets/index-Ab12.js.map?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: MSG.http.notFound });
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-Ab12.js' })).statusCode).toBe(200);
  });

  it('still serves the app on the route of every screen and any other path', async () => {
    for (const url of ['/', '/login', '/modifica-partita/12', '/gestione-utenti', '/qualsiasi/percorso', '/?data=2026-11-28']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Calendario Partite Garibaldina</title>');
    }
  });
});
