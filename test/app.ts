import { weekPdfBuilder } from '../server/features/export/week-pdf';
import type { WeekPdfBuilder } from '../server/features/notifications/worker';
import net from 'node:net';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import { createMailer } from '../server/mail/mailer';
import { createTestDatabase, type TestDatabase } from './db';
import { startSmtp, type TestSmtp } from './smtp';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  smtp: TestSmtp;
  config: Config;
  /** http://127.0.0.1:<port> once listen() was asked for, else ''. */
  url: string;
  /** The export feature's week sheet of one category, as server/app.ts hands it to the weekly digest. */
  weekPdf: WeekPdfBuilder;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * The real app on a fresh database, mailing through a real SMTP server.
 * listen: true serves it on a free loopback port (for supabase-js and the browser).
 */
export async function createTestApp(
  opts: { listen?: boolean; env?: Record<string, string>; clientDir?: string; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const smtp = await startSmtp();
  const logger = pino({ level: 'silent' });
  const port = opts.listen ? await freePort() : 0;
  const url = opts.listen ? `http://127.0.0.1:${port}` : '';
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    DATA_DIR: '/tmp/garibaldina-test-data',
    PORT: String(port),
    PUBLIC_URL: url || 'http://localhost:3000',
    ...opts.env,
  });
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, dataDir: config.dataDir, logger });
  const deps: AppDeps = { config, pool: db.pool, mailer, jwtSecret: TEST_JWT_SECRET, clientDir: opts.clientDir, ...opts.deps };
  const app = await buildApp(deps);
  if (opts.listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    db,
    smtp,
    config,
    url,
    weekPdf: weekPdfBuilder(deps),
    async close() {
      await app.close();
      mailer.close();
      await smtp.close();
      await db.drop();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
