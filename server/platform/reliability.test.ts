import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { MSG } from '../../common/core/messages';
import { freePort, TEST_JWT_SECRET } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { bearer, createUser } from '../../test/users';
import { createPool } from '../db/pool';
import {
  embeddedDatabaseUrl,
  postgresProcesses,
  removeDataDir,
  sleep,
  startOnDataDir,
  startServerProcess,
  stopServerProcess,
  storedCategories,
  tempDataDir,
  waitExit,
  type ServerProcess,
} from '../../test/server-process';

jest.setTimeout(120000);

const referenti = [
  { nome: 'Mario', cognome: 'Rossi', telefono: '3331234567' },
  { nome: 'Luca', cognome: 'Bianchi', telefono: null },
  { nome: 'Anna', cognome: 'Verdi', telefono: '0551234567' },
];

describe('R1: kill -9 of the server during writes', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDataDir('r1');
  });
  afterAll(() => removeDataDir(dataDir));

  it('keeps every acknowledged write after a restart, and no half transaction', async () => {
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'warn' };
    const first = await startServerProcess(env);
    const setup = createPool(embeddedDatabaseUrl(dataDir));
    const admin = await createUser(setup, 'admin');
    await setup.end();

    const acknowledged: string[] = [];
    const attempted: string[] = [];
    let killed = false;
    // Six writers, each creating categories (a row plus three referents in one transaction) until the server dies.
    const writers = Array.from({ length: 6 }, async (_, w) => {
      for (let n = 0; !killed; n++) {
        const name = `R1 scrittore ${w} numero ${n}`;
        attempted.push(name);
        try {
          const res = await fetch(`${first.url}/api/gruppi`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(admin) },
            body: JSON.stringify({ name, components: referenti }),
          });
          if (res.status === 201) acknowledged.push(name);
          else if (!killed) throw new Error(`risposta inattesa ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (!killed) throw err;
          return;
        }
      }
    });
    while (acknowledged.length < 60) await sleep(20);
    killed = true;
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(writers);

    // The embedded PostgreSQL outlived its parent; the next start shuts it down cleanly and reuses the data.
    const second = await startServerProcess(env);
    try {
      const stored = await storedCategories(dataDir);
      for (const name of acknowledged) expect(stored.get(name)).toBe(3);
      // Whatever else committed was a request the server had received, whole: never a category without its referents.
      for (const [name, n] of stored) {
        expect(attempted).toContain(name);
        expect(n).toBe(3);
      }
      const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
      await db.connect();
      try {
        const orphans = await db.query('SELECT count(*)::int AS n FROM public.gruppi_referenti r WHERE NOT EXISTS (SELECT 1 FROM public.gruppi g WHERE g.id = r.gruppo_id)');
        expect(orphans.rows[0].n).toBe(0);
      } finally {
        await db.end();
      }
      const list = await fetch(`${second.url}/api/gruppi`, { headers: bearer(admin) });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { count: number }).count).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      expect(await stopServerProcess(second)).toEqual({ code: 0, signal: null });
    }
    expect(postgresProcesses(dataDir)).toEqual([]);
  });
});

describe('R2: database outage during load', () => {
  it('answers 503 with an Italian message at once, never crashes, and recovers by itself within 5 s', async () => {
    const database = await createTestDatabase();
    const dbName = new URL(database.url).pathname.slice(1);
    const editor = await createUser(database.pool, 'editor');
    const dataDir = tempDataDir('r2');
    const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(await freePort()), JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'error' });
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    type Result = { at: number; status: number; body: string; ms: number };
    const results: Result[] = [];
    let running = true;
    const load = Array.from({ length: 4 }, async (_, i) => {
      while (running) {
        const started = Date.now();
        const url = i === 0 ? `${server.url}/api/health` : `${server.url}/api/gruppi`;
        try {
          const res = await fetch(url, { headers: bearer(editor) });
          results.push({ at: started, status: res.status, body: await res.text(), ms: Date.now() - started });
        } catch (err) {
          // A dropped connection is recorded as status 0, which fails the test below.
          results.push({ at: started, status: 0, body: String(err), ms: Date.now() - started });
        }
      }
    });
    try {
      await sleep(1000);
      expect(results.length).toBeGreaterThan(10);
      expect(results.every((r) => r.status === 200)).toBe(true);

      const outageStart = Date.now();
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
      await sleep(2500);
      const outageEnd = Date.now();
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);

      const duringOutage = results.filter((r) => r.at > outageStart + 200 && r.at + r.ms < outageEnd);
      expect(duringOutage.length).toBeGreaterThan(10);
      for (const r of duringOutage) {
        expect(r.status).toBe(503);
        // Fail fast: no request waits for a connection that cannot come.
        expect(r.ms).toBeLessThan(1000);
        const body = JSON.parse(r.body);
        if ('status' in body) expect(body).toEqual({ status: 'error', database: 'down' });
        else expect(body).toEqual({ error: MSG.http.unavailable, requestId: expect.any(String) });
      }
      // Nothing during the outage turned into a 500 or a dropped connection.
      expect(results.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);

      const deadline = outageEnd + 5000;
      while (Date.now() < deadline && !results.some((r) => r.at > outageEnd && r.status === 200)) await sleep(50);
      const recovered = results.filter((r) => r.at > outageEnd && r.status === 200);
      expect(recovered.length).toBeGreaterThan(0);
      expect(recovered[0].at - outageEnd).toBeLessThan(5000);
      await sleep(500);
      const last = results.slice(-8);
      expect(last.every((r) => r.status === 200)).toBe(true);
      expect(server.child.exitCode).toBeNull();
    } finally {
      running = false;
      await Promise.allSettled(load);
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
      removeDataDir(dataDir);
      await database.drop();
    }
  });
});

/** Sends the head and the first half of a POST; the returned function sends the rest and reads the answer. */
function halfSentRequest(url: string, pathname: string, body: string): Promise<() => Promise<string>> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
      const bytes = Buffer.from(body);
      const half = Math.floor(bytes.length / 2);
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(bytes.subarray(0, half));
      let answer = '';
      socket.on('data', (c) => (answer += c.toString('utf8')));
      const ended = new Promise<string>((done) => socket.on('close', () => done(answer)));
      resolve(async () => {
        socket.write(bytes.subarray(half));
        return ended;
      });
    });
    socket.on('error', reject);
  });
}

describe('R3: SIGTERM under load', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDataDir('r3');
  });
  afterAll(() => removeDataDir(dataDir));

  it('finishes the requests in flight, refuses new ones, exits 0 within 10 s with PostgreSQL stopped cleanly', async () => {
    const credentials = { email: 'segreteria@garibaldina.example.it', password: 'Garibaldina1!' };
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ADMIN_EMAIL: credentials.email,
      ADMIN_PASSWORD: credentials.password,
      LOG_LEVEL: 'info',
    });
    const finishedAt: number[] = [];
    const login = (body: { email: string; password: string } = credentials) =>
      fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (res) => {
          const answer = `${res.status} ${await res.text()}`;
          finishedAt.push(Date.now());
          return answer;
        },
        // A connection the server had not accepted yet when it stopped listening.
        (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
      );
    expect(await login()).toBe('200 {"success":true}');
    finishedAt.length = 0;

    // A request whose body is still arriving when the signal comes.
    const slow = await halfSentRequest(server.url, '/api/login', JSON.stringify(credentials));
    // Each sign-in is a bcrypt check plus database writes: thirty at once keep the server busy for a while.
    // One address each: parallel attempts on one account are capped by the lock-out (the fifth
    // places the lock in advance), and an unknown address costs the same bcrypt check (docs/auth.md, passwords).
    const load = Array.from({ length: 30 }, (_, i) => login({ email: `ospite${i}@garibaldina.example.it`, password: 'Sbagliata1!' }));
    while (finishedAt.length < 2) await sleep(5);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    // New requests get the Italian 503 while the answers in flight are sent.
    const late = await fetch(`${server.url}/api/health`).then(
      async (res) => `HTTP ${res.status} ${await res.text()}`,
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(late).toBe(`HTTP 503 ${JSON.stringify({ error: MSG.http.unavailable })}`);

    const slowAnswer = await slow();
    expect(slowAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(slowAnswer).toContain('{"success":true}');
    const answers = await Promise.all(load);
    const wrong = `401 ${JSON.stringify({ success: false, error: MSG.login.wrongCredentials })}`;
    for (const a of answers) expect([wrong, `503 ${JSON.stringify({ error: MSG.http.unavailable })}`]).toContain(a);
    expect(answers).toContain(wrong);
    // The signal really came while requests were running, and they finished.
    expect(finishedAt.filter((t) => t > signalledAt).length).toBeGreaterThan(5);

    const exit = await waitExit(server, 10000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10000);
    expect(postgresProcesses(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // Every request the server had started (per its own log) was answered: none was cut off.
    const log = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: { url: string }; res?: { statusCode: number } });
    const started = log.filter((l) => l.msg === 'incoming request').map((l) => l.reqId);
    const completed = new Map(log.filter((l) => l.msg === 'request completed').map((l) => [l.reqId, l.res!.statusCode]));
    expect(started.length).toBeGreaterThan(10);
    for (const id of started) expect([200, 401, 503]).toContain(completed.get(id));
  });
});

describe('R3b: SIGTERM with large answers in flight', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDataDir('r3b');
  });
  afterAll(() => removeDataDir(dataDir));

  it('sends every started answer whole, answers new requests 503 meanwhile, exits 0 within 10 s', async () => {
    const server = await startOnDataDir(dataDir);
    try {
      await largeAnswersInFlight(server);
    } finally {
      await stopServerProcess(server).catch(() => undefined);
    }
  });

  async function largeAnswersInFlight(server: ServerProcess & { url: string }) {
    const seed = createPool(embeddedDatabaseUrl(dataDir));
    await seed.query(`INSERT INTO public.gruppi (name) VALUES ('Pulcini')`);
    await seed.query(
      `INSERT INTO public.partite (data, ora, squadracasa, squadratrasferta, gruppo, campo, tipo_gara)
       SELECT current_date + 1 + (i % 300), '10:00', 'Garibaldina ' || i || ' Calcio Giovanile', 'Ospiti Associazione Sportiva ' || i, 'Pulcini', 'Campo Comunale ' || (i % 9), 'torneo'
         FROM generate_series(1, 20000) AS i`,
    );
    await seed.end();
    const { hostname, port } = new URL(server.url);
    // Thirty downloads of the whole season's feed (the public list comes by pages: docs/public-page.md), each
    // read only after the signal: their answers are mid-body then.
    const downloads = Array.from(
      { length: 30 },
      () =>
        new Promise<{ started: Promise<void>; done: Promise<{ status: number; body: string }> }>((resolveOuter) => {
          let resume = () => {};
          const started = new Promise<void>((ok) => (resume = ok));
          const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = http.get({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, path: '/api/calendar.ics', agent: false }, (res) => {
              res.pause();
              resume();
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
              res.on('error', reject);
              released.then(() => res.resume());
            });
            req.on('error', reject);
          });
          resolveOuter({ started, done });
        }),
    );
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    const all = await Promise.all(downloads);
    await Promise.all(all.map((d) => d.started));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // Meanwhile a new visitor gets the 503 (the app still listens).
    const late = await fetch(`${server.url}/api/health`).then(
      async (res) => `${res.status} ${await res.text()}`,
      (err: Error & { cause?: { code?: string } }) => `${err.cause?.code ?? err.message} exit=${server.child.exitCode} ${server.output().slice(-1500)}`,
    );
    expect(late).toBe(`503 ${JSON.stringify({ error: MSG.http.unavailable })}`);
    release();
    const answers = await Promise.all(all.map((d) => d.done));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.match(/^BEGIN:VEVENT\r?$/gm)).toHaveLength(20000);
      expect(a.body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    }
    const exit = await waitExit(server, 10000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10000);
    expect(postgresProcesses(dataDir)).toEqual([]);
  }
});
