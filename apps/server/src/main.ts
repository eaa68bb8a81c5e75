import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import { createPasswordHasher } from './lib/secrets.ts';
import { ensureDevOperatorToken, operatorTokenFile } from './lib/operator-token.ts';
import { buildApp } from './app.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  let closing = false;
  try {
    if (database.kind === 'pglite') {
      console.warn(
        `⚠ Embedded PGlite database in ${config.dataDir} runs without fsync: fine for development and demos; use PostgreSQL via DATABASE_URL for real money.`,
      );
    }
    await migrate(database);
    const hasher = createPasswordHasher(config.argon2);
    await seed(database.db, { hashPassword: hasher.hash });
    if (!config.operatorToken) {
      config.operatorToken = ensureDevOperatorToken(config.dataDir);
      console.log(`Operator token for the CLI (npm run ops) is in ${operatorTokenFile(config.dataDir)}`);
    }
    const app = await buildApp({ database, config, hasher });

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
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Playhall could not start:', err);
  }
  process.exit(1);
});
