import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, TEST_JWT_SECRET } from './app';

/** Settings of the README: none of them leaks from the environment of the test run into a child. */
const SETTINGS = [
  'PORT', 'HOST', 'PUBLIC_URL', 'DATABASE_URL', 'DATA_DIR', 'JWT_SECRET', 'SMTP_URL', 'MAIL_FROM',
  'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'APP_TIMEZONE', 'CLUB_NAME', 'LOG_LEVEL', 'TRUST_PROXY',
];

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match of re in the output, waiting for it up to timeoutMs. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node --import tsx server/main.ts`, the process `npm start` runs, with only the given settings. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  // NODE_ENV=test (set by Jest) is dropped too: the child runs as `npm start` does.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !SETTINGS.includes(k) && k !== 'NODE_ENV'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    listeners.forEach((l) => l());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
      listeners.forEach((l) => l());
    }),
  );
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    pid: child.pid!,
    output: () => out,
    exited,
    waitFor(re, timeoutMs = 60000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(re);
          if (m) {
            cleanup();
            resolve(m);
          } else if (done) {
            cleanup();
            reject(new Error(`il server è terminato senza scrivere ${re}:\n${out}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${re} non comparso entro ${timeoutMs} ms:\n${out}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Starts the server and waits for the line with its URL; returns the URL too. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess & { url: string }> {
  const server = spawnServer(env);
  const m = await server.waitFor(/in ascolto su (http:\/\/\S+)/);
  return Object.assign(server, { url: m[1] });
}

/** `npm start` on the embedded PostgreSQL of `dataDir`, on a free port, logging warnings and errors. */
export async function startOnDataDir(dataDir: string): Promise<ServerProcess & { url: string }> {
  return startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'warn' });
}

/** Waits for the process to exit, failing after timeoutMs. */
export async function waitExit(server: ServerProcess, timeoutMs = 15000) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      server.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`nessuna uscita entro ${timeoutMs} ms:\n${server.output()}`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends one signal (a second SIGTERM would mean "exit now") and waits for the exit. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15000) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return waitExit(server, timeoutMs);
}

/** The connection URL of the embedded PostgreSQL running on dataDir (its port is chosen at each start). */
export function embeddedDatabaseUrl(dataDir: string): string {
  const pidFile = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pidFile[3]);
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/garibaldina`;
}

/** Pids of the postmasters whose data directory is under dataDir. */
export function postgresProcesses(dataDir: string): number[] {
  const dir = path.join(dataDir, 'pg');
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd.some((a) => /postgres$/.test(a)) && cmd.includes(dir)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** The postmasters of dataDir and every process they started (backends, checkpointer, walwriter...). */
export function postgresTree(dataDir: string): number[] {
  const roots = postgresProcesses(dataDir);
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const all: number[] = [];
  const visit = (pid: number) => {
    all.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  roots.forEach(visit);
  return all;
}

/** A fresh DATA_DIR the postgres system user may use (the embedded server refuses to run as root). */
export function tempDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `garibaldina-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export function removeDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The categories stored in the embedded PostgreSQL of dataDir, with how many referents each has. */
export async function storedCategories(dataDir: string): Promise<Map<string, number>> {
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string; n: number }>(
      `SELECT g.name, count(r.id)::int AS n FROM public.gruppi g LEFT JOIN public.gruppi_referenti r ON r.gruppo_id = g.id GROUP BY g.name`,
    );
    return new Map(rows.map((r) => [r.name, r.n]));
  } finally {
    await db.end();
  }
}
