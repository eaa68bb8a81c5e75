import { loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateWithReport } from './migrate.ts';
import { seed } from './seed/index.ts';
import { createPasswordHasher } from '../lib/secrets.ts';

// `npm run migrate -w apps/server`: applies pending migrations, changed function files and the
// idempotent seed, then exits.
loadDotEnv();
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  const applied = await migrateWithReport(database);
  await seed(database.db, { demo: config.seedDemo, hashPassword: createPasswordHasher(config.argon2).hash });
  if (applied.migrations.length) console.log(`Migrations applied: ${applied.migrations.join(', ')}`);
  if (applied.functions.length) console.log(`Functions applied: ${applied.functions.join(', ')}`);
  if (!applied.migrations.length && !applied.functions.length) console.log('Database is up to date');
} finally {
  await database.close();
}
