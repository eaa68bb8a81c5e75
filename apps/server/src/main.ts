import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { EditedMigrationError } from './db/migrate.ts';
import { StartupError, startUp } from './start-up.ts';

/** The `.env` file read at start, if any: a configuration error says where its values came from. */
let dotEnv: string | null = null;

async function main(): Promise<void> {
  dotEnv = loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  let closing = false;
  try {
    const app = await startUp({ config, database, say: (line) => console.warn(line) });

    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      try {
        await app.close();
      } finally {
        await database.close();
        process.exit(0);
      }
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    console.log(`Playhall is ready at http://${shownHost}:${port}`);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(dotEnv ? `${err.message}\n(read from the environment and ${dotEnv})` : err.message);
  } else if (err instanceof DataDirLockedError || err instanceof StartupError || err instanceof EditedMigrationError) {
    console.error(err.message);
  } else {
    console.error('Playhall could not start:', err);
  }
  process.exit(1);
});
