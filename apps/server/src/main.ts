import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { EditedMigrationError } from './db/migrate.ts';
import { StartupError, startUp } from './start-up.ts';

/** How long a shutdown may take to finish the calls in flight before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The `.env` file read at start, if any: a configuration error says where its values came from. */
let dotEnv: string | null = null;

async function main(): Promise<void> {
  dotEnv = loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  let closing = false;
  try {
    const app = await startUp({ config, database, say: (line) => console.warn(line) });

    // Graceful shutdown (decision 043): stop accepting (keep-alive connections close as soon as
    // they are idle, a call arriving on a busy one answers 503), let every call in flight finish,
    // and with it the group-commit batches it waits on, stop the event runner after its batch
    // (onClose), then close the database. A repeated signal (Ctrl-C reaches npm start's wrapper
    // and the server both) changes nothing; past SHUTDOWN_GRACE_MS the process exits 1 anyway.
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing the calls in flight');
      const force = setTimeout(() => {
        console.error(`Playhall did not stop within ${SHUTDOWN_GRACE_MS / 1000} s of ${signal}: exiting anyway`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      // Fastify closes the connections idle when it starts closing; one busy then turns idle once it
      // has answered, and would stay open for its keep-alive time (72 s), holding the close up.
      const idle = setInterval(() => app.server.closeIdleConnections(), 50);
      let code = 0;
      try {
        await app.close();
      } catch (err) {
        app.log.error({ err }, 'shutdown: closing the app failed');
        code = 1;
      } finally {
        clearInterval(idle);
        await database.close().catch(() => (code = 1));
        app.log.info('stopped');
        process.exit(code);
      }
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

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
