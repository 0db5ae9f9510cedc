import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp, LOG_OPTIONS } from './app';
import { publicUrlWarning, type Config } from './config';
import { startEmbedded, type EmbeddedDb } from './db/embedded';
import { migrate } from './db/migrate';
import { createPool, type Pool } from './db/pool';
import { resolveJwtSecret } from './db/settings';
import { createMailer } from './mail/mailer';
import { ensureFirstAdmin } from './auth/admin';

/** How long a stop waits for the answers in flight (main.ts gives the whole stop 10 s). */
export const DRAIN_TIMEOUT_MS = 7000;

export interface RunningServer {
  app: FastifyInstance;
  pool: Pool;
  url: string;
  /** Answers new requests 503 while those in flight finish, then stops listening, closes the pool, stops the embedded PostgreSQL. */
  close(): Promise<void>;
}

/** Everything `npm start` does after reading the configuration; tests call it too. */
export async function startServer(
  config: Config,
  logger: Logger = pino({ level: config.logLevel, ...LOG_OPTIONS }),
  options: { onDatabaseLost?: (message: string) => void } = {},
): Promise<RunningServer> {
  let embedded: EmbeddedDb | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbedded(config.dataDir, logger, { onLost: options.onDatabaseLost });
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl, logger);
  try {
    const applied = await migrate(pool);
    if (applied.length) logger.info({ applied }, 'migrazioni applicate');
    const publicUrlMissing = publicUrlWarning(config);
    if (publicUrlMissing) logger.warn(publicUrlMissing);
    const jwtSecret = await resolveJwtSecret(pool, config.jwtSecret);
    await ensureFirstAdmin(pool, config, logger);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
    const app = await buildApp({
      config,
      pool,
      mailer,
      jwtSecret,
      clientDir: path.resolve('dist/client'),
      logger,
      // The notification queue (docs/notifications.md) runs in the server process; test apps leave it off.
      notifyWorker: true,
    });
    // After app.close(), not in an onClose hook: those run newest first, so a hook added here would end
    // the pool before the app's own hooks (the scheduler waiting for a job, the recovery mails) are done.
    const release = async () => {
      mailer.close();
      await pool.end();
      await embedded?.stop();
    };
    const address = await app.listen({ port: config.port, host: config.host });
    const port = new URL(address).port;
    const close = async () => {
      // Answers in flight are sent whole (new requests get 503 meanwhile); then the listener, the app's
      // hooks (jobs under way finish), the pool and PostgreSQL close.
      await app.drain(DRAIN_TIMEOUT_MS);
      try {
        await app.close();
      } finally {
        await release();
      }
    };
    return { app, pool, url: `http://localhost:${port}`, close };
  } catch (err) {
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}
