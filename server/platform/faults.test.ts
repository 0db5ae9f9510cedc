import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '../../common/core/messages';
import { bearer, createUser, type TestUser } from '../../test/users';
import { createPool } from '../db/pool';
import {
  embeddedDatabaseUrl,
  postgresProcesses,
  postgresTree,
  removeDataDir,
  sleep,
  startOnDataDir,
  stopServerProcess,
  storedCategories,
  tempDataDir,
  waitExit,
  type ServerProcess,
} from '../../test/server-process';

/*
 * Fault injection on the embedded PostgreSQL under `npm start`'s own process: the postmaster dies
 * (kill -9, or stopped by its signals for pg_ctl stop -m immediate and -m fast) while twenty clients
 * write. The app stays up, answers 503 meanwhile, starts PostgreSQL again by itself and keeps every
 * write it acknowledged; when PostgreSQL cannot come back, it exits 1 with one Italian line. And
 * PostgreSQL frozen (SIGSTOP) for 20 s under mixed load: every request still gets its answer within 6 s.
 */

jest.setTimeout(240_000);

const referenti = [
  { nome: 'Mario', cognome: 'Rossi', telefono: '3331234567' },
  { nome: 'Anna', cognome: 'Verdi', telefono: null },
];

const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
/** The running postmaster's pid, or null while there is none (its pid file is gone between two). */
const currentPostmaster = (dataDir: string) => {
  try {
    return postmasterPid(dataDir);
  } catch {
    return null;
  }
};

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/** Twenty clients creating categories (a row and its referents in one transaction) until stopped; an answer slower than maxMs is unexpected. */
function writers(server: ServerProcess & { url: string }, admin: TestUser, label: string, maxMs = Infinity) {
  const acknowledged: string[] = [];
  const unexpected: string[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: 20 }, async (_, w) => {
      for (let n = 0; running; n++) {
        const name = `${label} ${w}-${n}`;
        const started = Date.now();
        try {
          const res = await fetch(`${server.url}/api/gruppi`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(admin) },
            body: JSON.stringify({ name, components: referenti }),
          });
          const body = await res.text();
          if (Date.now() - started > maxMs) unexpected.push(`${res.status} dopo ${Date.now() - started} ms`);
          if (res.status === 201) acknowledged.push(name);
          else if (res.status === 503) {
            if (JSON.parse(body).error !== MSG.http.unavailable) unexpected.push(`503 ${body}`);
            await sleep(20);
          } else unexpected.push(`${res.status} ${body}`);
        } catch (err) {
          unexpected.push(`connessione: ${String(err)}`);
        }
      }
    }),
  );
  return {
    acknowledged,
    unexpected,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe('the embedded PostgreSQL dies during writes', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDataDir('faults');
  });
  afterAll(() => removeDataDir(dataDir));

  it('kill -9, pg_ctl stop -m immediate and -m fast: the app stays up, starts it again within 15 s and keeps every acknowledged write', async () => {
    const server = await startOnDataDir(dataDir);
    try {
      const setup = createPool(embeddedDatabaseUrl(dataDir));
      const admin = await createUser(setup, 'admin');
      await setup.end();
      const acknowledged: string[] = [];
      // SIGKILL: kill -9; SIGQUIT: what pg_ctl stop -m immediate sends; SIGINT: -m fast.
      for (const signal of ['SIGKILL', 'SIGQUIT', 'SIGINT'] as const) {
        const load = writers(server, admin, signal);
        while (load.acknowledged.length < 40) await sleep(20);
        const pid = postmasterPid(dataDir);
        process.kill(pid, signal);
        const killedAt = Date.now();
        // Down, then back by itself: the app restarted PostgreSQL (a new postmaster) and serves again.
        // (The old postmaster may still answer a moment after the signal: only a new one counts.)
        while (!(await healthy(server.url)) || [null, pid].includes(currentPostmaster(dataDir))) {
          expect(server.child.exitCode).toBeNull();
          expect(Date.now() - killedAt).toBeLessThan(15_000);
          await sleep(100);
        }
        // It serves writes again too.
        const before = load.acknowledged.length;
        while (load.acknowledged.length < before + 20) {
          expect(Date.now() - killedAt).toBeLessThan(30_000);
          await sleep(20);
        }
        await load.stop();
        expect(load.unexpected).toEqual([]);
        acknowledged.push(...load.acknowledged);
        expect(server.child.exitCode).toBeNull();
        expect(server.output()).toContain('PostgreSQL incorporato terminato inaspettatamente: lo riavvio');
      }
      const stored = await storedCategories(dataDir);
      for (const name of acknowledged) expect(stored.get(name)).toBe(referenti.length);
      for (const n of stored.values()) expect(n).toBe(referenti.length);
    } finally {
      // SIGTERM after all this still stops everything within 10 s.
      const started = Date.now();
      expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    expect(postgresProcesses(dataDir)).toEqual([]);
  });

  /**
   * A server on dataDir whose postmaster is then killed and cannot start again (PG_VERSION is moved away:
   * the running server does not read it again, a new one refuses to start without it); put back after.
   */
  async function withPostmasterLost(check: (server: ServerProcess & { url: string }) => Promise<void>) {
    const server = await startOnDataDir(dataDir);
    const versionFile = path.join(dataDir, 'pg', 'PG_VERSION');
    fs.renameSync(versionFile, `${versionFile}.via`);
    try {
      process.kill(postmasterPid(dataDir), 'SIGKILL');
      await check(server);
      expect(postgresProcesses(dataDir)).toEqual([]);
    } finally {
      fs.renameSync(`${versionFile}.via`, versionFile);
      await stopServerProcess(server).catch(() => undefined);
    }
  }

  it('SIGTERM while PostgreSQL is down and being started again ends the app within 10 s, nothing left running', () =>
    withPostmasterLost(async (server) => {
      await server.waitFor(/riavvio del PostgreSQL incorporato non riuscito/, 20_000);
      // Meanwhile every request gets the Italian 503 at once.
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const signalled = Date.now();
      const exit = await stopServerProcess(server, 'SIGTERM', 12_000);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(exit).toEqual({ code: 0, signal: null });
    }));

  it('a postmaster that cannot start again ends the app with exit 1 and one Italian line', () =>
    withPostmasterLost(async (server) => {
      const exit = await waitExit(server, 40_000);
      expect(exit).toEqual({ code: 1, signal: null });
      expect(server.output()).toMatch(/^PostgreSQL incorporato terminato e non riavviabile dopo \d+ tentativi \(.*\): esco perché il servizio riavvii l'app$/m);
    }));
});

describe('the embedded PostgreSQL freezes (SIGSTOP for 20 s) under mixed load', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDataDir('stall');
  });
  afterAll(() => removeDataDir(dataDir));

  it('answers every request (success or the Italian 503) within 6 s, keeps every acknowledged write, serves again after', async () => {
    const server = await startOnDataDir(dataDir);
    const frozen: number[] = [];
    try {
      const setup = createPool(embeddedDatabaseUrl(dataDir));
      const admin = await createUser(setup, 'admin');
      const anonKey = ((await (await fetch(`${server.url}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
      await setup.end();
      const slow: string[] = [];
      const unexpected: string[] = [];
      const statuses = new Map<string, number>();
      let running = true;
      /** The Italian 503; /rest/v1 in PostgREST's shape (PGRST000, the Italian message). */
      const outage = (label: string, status: number, body: string) =>
        label === 'health'
          ? status === 503 && JSON.parse(body).database === 'down'
          : label === 'lista riservata'
            ? status === 503 && JSON.parse(body).code === 'PGRST000' && JSON.parse(body).message === MSG.http.unavailable
            : status === 503 && JSON.parse(body).error === MSG.http.unavailable;
      /** Clients repeating one request until stopped; every answer is timed to its last byte. */
      const clients = (n: number, label: string, statusOk: number, request: (i: number, k: number) => Promise<Response>) =>
        Array.from({ length: n }, async (_, i) => {
          for (let k = 0; running; k++) {
            const started = Date.now();
            try {
              const res = await request(i, k);
              const body = await res.text();
              const took = Date.now() - started;
              if (took > 6000) slow.push(`${label}: ${res.status} dopo ${took} ms`);
              const down = res.status !== statusOk && outage(label, res.status, body);
              const key = `${label} ${down ? 'giù' : res.status}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
              if (down) await sleep(50);
              else if (res.status !== statusOk) unexpected.push(`${label} ${res.status} ${body.slice(0, 200)}`);
            } catch (err) {
              unexpected.push(`${label} connessione: ${String(err)}`);
            }
          }
        });
      const load = writers(server, admin, 'stallo', 6000);
      const readers = Promise.all([
        ...clients(4, 'lista pubblica', 200, (i, k) => fetch(`${server.url}/api/partite/public?gruppo=${['Pulcini', 'pulcini', 'Allievi', ''][(i + k) % 4]}`)),
        ...clients(2, 'pagina pubblica', 200, () => fetch(`${server.url}/`)),
        ...clients(2, 'health', 200, () => fetch(`${server.url}/api/health`)),
        ...clients(3, 'lista riservata', 200, () =>
          fetch(`${server.url}/rest/v1/partite?select=*`, { headers: { apikey: anonKey, ...bearer(admin) } }),
        ),
        ...clients(2, 'categorie', 200, () => fetch(`${server.url}/api/gruppi`, { headers: bearer(admin) })),
      ]);
      while (load.acknowledged.length < 40) await sleep(20);

      frozen.push(...postgresTree(dataDir));
      expect(frozen.length).toBeGreaterThan(3);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      const stoppedAt = Date.now();
      const duringStall = load.acknowledged.length;
      while (Date.now() - stoppedAt < 20_000) {
        expect(server.child.exitCode).toBeNull();
        await sleep(200);
      }
      // The stall was felt: at most the one write each writer had in flight when PostgreSQL stopped
      // (its commit done just before) was acknowledged during the 20 s.
      expect(load.acknowledged.length - duringStall).toBeLessThanOrEqual(20);
      for (const pid of frozen.splice(0)) process.kill(pid, 'SIGCONT');
      const resumedAt = Date.now();
      while (!(await healthy(server.url))) {
        expect(Date.now() - resumedAt).toBeLessThan(15_000);
        await sleep(100);
      }
      const before = load.acknowledged.length;
      while (load.acknowledged.length < before + 20) {
        expect(Date.now() - resumedAt).toBeLessThan(30_000);
        await sleep(20);
      }
      running = false;
      await load.stop();
      await readers;
      expect(slow).toEqual([]);
      expect([...load.unexpected, ...unexpected]).toEqual([]);
      // The requests that need the database met the stall: each kind got its outage answer.
      for (const label of ['lista riservata', 'categorie', 'health']) expect(statuses.get(`${label} giù`)).toBeGreaterThan(0);
      expect(server.child.exitCode).toBeNull();
      const stored = await storedCategories(dataDir);
      for (const name of load.acknowledged) expect(stored.get(name)).toBe(referenti.length);
      for (const n of stored.values()) expect(n).toBe(referenti.length);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      expect(await stopServerProcess(server)).toEqual({ code: 0, signal: null });
    }
    expect(postgresProcesses(dataDir)).toEqual([]);
  });
});
