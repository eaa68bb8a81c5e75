import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app.ts';
import { isLoopbackHost, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { DEMO_PLAYER, seed } from './db/seed/index.ts';
import { demoPlayerWithoutHistory, seedDemoHistory } from './db/seed/demo-history.ts';
import { systemClock } from './lib/clock.ts';
import { ensureDevOperatorToken, operatorTokenFile } from './lib/operator-token.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/secrets.ts';
import { findUserByAccount } from './modules/accounts/users.repo.ts';
import { createPaymentProviders } from './modules/payments/payments.module.ts';
import { listEnabledChannels } from './modules/system/payment-channels.repo.ts';

/** A state of the database this server must not serve; the message says what to change. */
export class StartupError extends Error {}

export interface StartUpOptions {
  config: Config;
  database: Database;
  /** Where start-up notes go (the console unless given). */
  say?: (line: string) => void;
  logStream?: BuildAppOptions['logStream'];
}

/**
 * Everything between the configuration and listening: migrate, seed (demo data only when the
 * configuration asks for it), refuse a database production must not serve, and build the app.
 */
export async function startUp({ config, database, say = console.log, logStream }: StartUpOptions): Promise<FastifyInstance> {
  if (database.kind === 'pglite') {
    say(`⚠ Embedded PGlite database in ${config.dataDir} runs without fsync: fine for development and demos; use PostgreSQL via DATABASE_URL for real money.`);
  }
  await migrate(database);
  const hasher = createPasswordHasher(config.argon2);
  await seed(database.db, { demo: config.seedDemo, hashPassword: hasher.hash });
  await refuseUnservedChannels(database, config);
  if (config.nodeEnv === 'production') await refuseDemoPlayer(database, hasher);
  if (!config.operatorToken) {
    config.operatorToken = ensureDevOperatorToken(config.dataDir);
    say(`Operator token for the CLI (npm run ops) is in ${operatorTokenFile(config.dataDir)}`);
  }
  // loadConfig refused a network HOST with the public secrets: either the secrets are public and
  // the server is on loopback, or the secrets are private and only the SMS inbox is left open.
  if (config.devSecrets) {
    say('Development secrets in use: the server listens on this machine only (set HOST and real secrets to open it).');
  }
  if (config.smsProvider === 'dev' && !isLoopbackHost(config.host)) {
    say(`⚠ SMS_PROVIDER=dev: /dev/sms-inbox shows every login code to whoever reaches ${config.host}:${config.port}.`);
  }
  if (config.seedDemo && (await demoPlayerWithoutHistory(database.db)) !== null) {
    // The demo player's history, made once through the real calls of an app of its own, closed
    // afterwards, so the app returned here is not made ready (issue 13 §5).
    const seeder = await buildApp({ database, config, hasher, logStream, clock: systemClock });
    try {
      const history = await seedDemoHistory(seeder, database.db, { sandboxSecret: config.sandboxPaymentSecret });
      if (history.seeded) say(`Demo player "${DEMO_PLAYER.account}" got a history: deposits, game rounds and a withdrawal waiting for review.`);
      for (const problem of history.problems) say(`⚠ Demo history step skipped: ${problem}`);
    } finally {
      await seeder.close();
    }
  }
  return buildApp({ database, config, hasher, logStream, clock: systemClock });
}

/**
 * An enabled channel must have a provider this server serves. In production that excludes the
 * sandbox, whose pay page lets the paying player approve their own deposit (a database seeded by
 * a development start has such channels).
 */
async function refuseUnservedChannels(database: Database, config: Config): Promise<void> {
  const { providers } = createPaymentProviders(config, systemClock);
  const unserved = (await listEnabledChannels(database.db)).filter((c) => !providers[c.provider]);
  if (unserved.length === 0) return;
  const lines = unserved.map((c) => `  ${c.kind} channel ${c.key}: provider ${c.provider}`);
  const why =
    config.nodeEnv === 'production' && unserved.some((c) => c.provider === 'sandbox')
      ? 'The sandbox provider lets a player approve their own payment, so production does not serve it.'
      : 'No provider of that name is registered in this server.';
  throw new StartupError(
    `Refusing to start: enabled payment channels without a provider this server serves:\n${lines.join('\n')}\n${why} ` +
      'Switch them to a real provider or disable them (recharge_type.enabled, withdraw_channel.enabled = false).',
  );
}

/** A production database must not hold an active demo account with the password the README prints. */
async function refuseDemoPlayer(database: Database, hasher: PasswordHasher): Promise<void> {
  const demo = await findUserByAccount(database.db, DEMO_PLAYER.account);
  if (!demo?.passwordHash || demo.status !== 1 || !(await hasher.verify(demo.passwordHash, DEMO_PLAYER.password))) return;
  throw new StartupError(
    `Refusing to start: the player "${DEMO_PLAYER.account}" still has the demo password printed in the README (a development start seeded it). ` +
      'Delete or disable that account, or change its password, before serving production.',
  );
}
