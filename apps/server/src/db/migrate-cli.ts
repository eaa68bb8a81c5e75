import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { seed } from './seed/index.ts';
import { createPasswordHasher } from '../lib/secrets.ts';

// `npm run migrate -w apps/server`: applies pending migrations and the idempotent seed, then exits.
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  const applied = await migrate(database);
  await seed(database.db, { demo: config.seedDemo, hashPassword: createPasswordHasher(config.argon2).hash });
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await database.close();
}
