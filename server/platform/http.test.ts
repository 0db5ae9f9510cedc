import { execFileSync } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { createPool, longQuery } from '../db/pool';
import { isDatabaseDown } from '../shared/errors';
import { MSG } from '../../common/core/messages';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { bearer, createUser, type TestUser } from '../../test/users';

interface ProbeApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The real app (buildApp) on a fresh database, with probe routes that fail the ways real handlers can. */
async function probeApp(
  opts: { env?: Record<string, string>; clientDir?: string; logger?: pino.Logger; recordError?: (err: Error) => void } = {},
): Promise<ProbeApp> {
  const db = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'garibaldina-probe'), ...opts.env });
  const logger = opts.logger ?? pino({ level: 'silent' });
  const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, logger });
  const app = await buildApp({ config, pool: db.pool, mailer, jwtSecret: TEST_JWT_SECRET, logger, clientDir: opts.clientDir, recordError: opts.recordError });
  app.get('/api/probe/sql', async () => db.pool.query('SELECT secret_column FROM tabella_inesistente'));
  app.get('/api/probe/constraint', async () => db.pool.query("INSERT INTO public.gruppi (name) VALUES ('  spazi  ')"));
  app.get('/api/probe/throw', async () => {
    throw new Error('segreto interno: password=hunter2 in /srv/app/server/x.ts');
  });
  app.get('/api/probe/status', async () => {
    throw Object.assign(new Error('upstream said no: internal detail'), { statusCode: 502 });
  });
  app.get('/api/probe/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      mailer.close();
      await db.drop();
    },
  };
}

const gruppo = (name: string) => ({ name, components: [{ nome: 'Mario', cognome: 'Rossi', telefono: '3331234567' }] });

async function countGruppi(t: TestApp): Promise<number> {
  const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM public.gruppi');
  return rows[0].n;
}

describe('bodies the API refuses (docs/api.md, input: nothing changed)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db.pool, 'admin');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | Buffer, contentType: string, auth = true) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...(auth ? bearer(admin) : {}) } });

  it('accepts a good body (the checks below are not refusing everything)', async () => {
    const res = await post('/api/gruppi', JSON.stringify(gruppo('Pulcini')), 'application/json');
    expect(res.statusCode).toBe(201);
    expect(await countGruppi(t)).toBe(1);
  });

  it.each(['/api/gruppi', '/api/login'])('%s: a body that is not JSON is a 400 with an Italian message', async (url) => {
    const res = await post(url, '{"name": "Esordienti", ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.http.invalidJsonBody);
  });

  it.each([
    ['text/plain', JSON.stringify(gruppo('Esordienti'))],
    ['application/x-www-form-urlencoded', 'name=Esordienti'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nEsordienti\r\n--x--\r\n'],
    ['application/xml', '<gruppo><name>Esordienti</name></gruppo>'],
  ])('a %s body is a 415', async (type, payload) => {
    for (const url of ['/api/gruppi', '/api/login']) {
      const res = await post(url, payload, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: MSG.http.unsupportedMediaType });
    }
    expect(await countGruppi(t)).toBe(1);
  });

  it('a body over 1 MiB is a 413', async () => {
    const big = JSON.stringify({ ...gruppo('Giovanissimi'), pad: 'x'.repeat(1024 * 1024) });
    for (const url of ['/api/gruppi', '/api/login']) {
      const res = await post(url, big, 'application/json');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: MSG.http.payloadTooLarge });
    }
    expect(await countGruppi(t)).toBe(1);
  });

  it('unknown fields and mass assignment (id, created_at) are a 400 naming the field', async () => {
    for (const extra of [{ id: 999 }, { created_at: '2000-01-01T00:00:00Z' }, { isAdmin: true }]) {
      const res = await post('/api/gruppi', JSON.stringify({ ...gruppo('Allievi'), ...extra }), 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.http.unknownField(Object.keys(extra)[0]) });
    }
    const login = await post('/api/login', JSON.stringify({ email: admin.email, password: admin.password, role: 'admin' }), 'application/json', false);
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toBeTruthy();
    expect(await countGruppi(t)).toBe(1);
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM public.gruppi WHERE id = 999');
    expect(rows[0].n).toBe(0);
  });

  it('an oversize string inside a valid body is a 400', async () => {
    const res = await post('/api/gruppi', JSON.stringify(gruppo('x'.repeat(10000))), 'application/json');
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await countGruppi(t)).toBe(1);
  });
});

describe('5xx answers carry no internals (docs/operations.md, HTTP answers)', () => {
  let p: ProbeApp;
  const recorded: string[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
    p = await probeApp({ logger, recordError: (err) => void recorded.push(err.message) });
  });
  afterAll(() => p.close());

  it.each(['sql', 'constraint', 'throw', 'status'])('%s: generic Italian message and the request id, nothing else', async (probe) => {
    const res = await p.app.inject({ method: 'GET', url: `/api/probe/${probe}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({ error: MSG.http.internal, requestId });
    for (const leak of ['tabella_inesistente', 'secret_column', 'gruppi_name_valid', 'SELECT', 'INSERT', 'hunter2', '/srv/', '.ts', 'at ', 'upstream', 'stack']) {
      expect(res.body).not.toContain(leak);
    }
    // The details go to the log, under the same request id, for whoever runs the server.
    expect(logLines.some((l) => l.includes(requestId as string) && l.includes('"level":50'))).toBe(true);
  });

  it('hands unexpected errors to the error recorder', () => {
    expect(recorded).toEqual(expect.arrayContaining([expect.stringContaining('tabella_inesistente')]));
  });
});

describe('security headers, SPA serving, caching and precompression (docs/operations.md, HTTP answers)', () => {
  let t: ProbeApp;
  let https: ProbeApp;
  let clientDir: string;
  const asset = 'assets/index-Ab12Cd34.js';
  const assetBody = `console.log(${JSON.stringify('calendario '.repeat(400))});\n`;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'garibaldina-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      `<!doctype html><html lang="it"><head><title>Calendario Partite Garibaldina</title><script type="module" src="/${asset}"></script></head><body><div id="root"></div></body></html>\n`,
    );
    fs.writeFileSync(path.join(clientDir, asset), assetBody);
    // The same compression step `npm run build` runs.
    execFileSync(process.execPath, [path.resolve('scripts/compress.mjs'), clientDir]);
    t = await probeApp({ clientDir });
    https = await probeApp({ clientDir, env: { PUBLIC_URL: 'https://calendario.example.it' } });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  function expectSecurityHeaders(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Plain HTTP (a club's LAN): upgrading would break every request.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  }

  it('on the SPA page, with history fallback on any non-API path', async () => {
    for (const url of ['/', '/gruppi', '/modifica-partita/12', '/qualsiasi/percorso']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Calendario Partite Garibaldina</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(res.headers);
    }
  });

  it('on an API answer, an API 404 and a 500', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers);

    for (const url of ['/api/non-esiste', '/auth/v1/non-esiste', '/rest/v1/non-esiste']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
      expectSecurityHeaders(missing.headers);
    }
    const missingAsset = await t.app.inject({ method: 'POST', url: '/non-esiste' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ error: MSG.http.notFound });
    expectSecurityHeaders(missingAsset.headers);

    const failed = await t.app.inject({ method: 'GET', url: '/api/probe/throw' });
    expect(failed.statusCode).toBe(500);
    expectSecurityHeaders(failed.headers);
  });

  it('over HTTPS (PUBLIC_URL https://...): HSTS and upgrade-insecure-requests', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('hashed assets: cached for a year, sent precompressed as the client accepts', async () => {
    const br = await t.app.inject({ method: 'GET', url: `/${asset}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(Number(br.headers['content-length'])).toBeLessThan(assetBody.length / 4);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(clientDir, `${asset}.br`)))).toBe(true);
    expectSecurityHeaders(br.headers);

    const gz = await t.app.inject({ method: 'GET', url: `/${asset}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(clientDir, `${asset}.gz`)))).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url: `/${asset}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetBody);

    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-manca.js' });
    expect(missing.statusCode).not.toBe(500);
  });
});

describe('client IP (X-Forwarded-For only behind TRUST_PROXY, README.md settings)', () => {
  async function ipSeen(env: Record<string, string>, forwardedFor: string): Promise<string> {
    const p = await probeApp({ env });
    try {
      const res = await p.app.inject({ method: 'GET', url: '/api/probe/ip', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': forwardedFor } });
      return res.json().ip;
    } finally {
      await p.close();
    }
  }

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await ipSeen({}, '203.0.113.9')).toBe('10.0.0.5');
  });
  it('trusts it from the named proxy only', async () => {
    expect(await ipSeen({ TRUST_PROXY: '10.0.0.5' }, '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeen({ TRUST_PROXY: '10.0.0.6' }, '203.0.113.9')).toBe('10.0.0.5');
  });
  it('with a hop count, trusts only that many proxies', async () => {
    expect(await ipSeen({ TRUST_PROXY: '1' }, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('database pool (docs/operations.md, HTTP answers: error listener and timeouts)', () => {
  it('has an error listener and the request limits: 2 s to get a connection, 2.5 s per statement, 2 s per lock wait, 3 s without an answer', async () => {
    const db = await createTestDatabase();
    const pool = createPool(db.url);
    try {
      expect(pool.listenerCount('error')).toBeGreaterThan(0);
      expect(pool.options.max).toBe(10);
      expect(pool.options.connectionTimeoutMillis).toBe(2000);
      expect(pool.options.query_timeout).toBe(3000);
      expect((await pool.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('2500ms');
      expect((await pool.query('SHOW lock_timeout')).rows[0].lock_timeout).toBe('2s');
      expect((await pool.query('SHOW idle_in_transaction_session_timeout')).rows[0].idle_in_transaction_session_timeout).toBe('15s');
      // A statement past the limit is cancelled by the server: an outage answer (503), not a fault.
      const late = await pool.query('SELECT pg_sleep(3)').catch((err: unknown) => err);
      expect(isDatabaseDown(late)).toBe(true);
      // Migrations are exempt: longQuery waits past the client-side limit on a session without the server's.
      const exempt = await pool.connect();
      try {
        await exempt.query('SET statement_timeout = 0');
        expect((await longQuery(exempt, 'SELECT 1 AS one FROM pg_sleep(3.2)')).rows[0].one).toBe(1);
      } finally {
        exempt.release(true);
      }
      // An idle connection killed by the server is an event for the listener, not a crash.
      const client = await pool.connect();
      const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      client.release();
      const dropped = new Promise((resolve) => pool.once('error', resolve));
      await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await dropped;
      expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});

describe("the framework's own refusals answer in the app's format", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends raw bytes and reads the whole answer (the server closes the connection). */
  const raw = (request: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
    });
  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
  };
  const expectAppFormat = (headers: Record<string, string | null>, requestId: string | null) => {
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  };

  it('a URL that cannot be decoded: 400 Indirizzo non valido, not echoed', async () => {
    const res = await fetch(`${t.url}/%c0%ae`);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: MSG.http.badUrl });
    expect(text).not.toContain('%c0');
    expectAppFormat(Object.fromEntries(res.headers), res.headers.get('x-request-id'));
  });

  it('headers too large: 431 in Italian', async () => {
    const answer = parse(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ error: MSG.http.headersTooLarge });
    expectAppFormat(answer.headers, answer.headers['x-request-id']);
  });

  it('two different Content-Length: 400 in Italian', async () => {
    const answer = parse(await raw(`POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{}`));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: MSG.http.badRequest });
    expectAppFormat(answer.headers, answer.headers['x-request-id']);
  });
});
