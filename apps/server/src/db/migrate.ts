import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Advisory lock key so two migrators (two instances starting at once) never race. */
const MIGRATION_LOCK_KEY = 7_401_121;
const FILE_PATTERN = /^\d{8}_\d{4}_[a-z0-9_-]+\.sql$/;

export function listMigrations(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => {
      if (!FILE_PATTERN.test(f)) throw new Error(`Migration file name ${f} does not match YYYYMMDD_NNNN_name.sql`);
      return f;
    })
    .sort();
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Applies every migration not yet recorded in schema_migrations, in name order, each file in its
 * own transaction together with its record. Forward-only: applied files are never edited.
 * Returns the names applied now.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  return database.withLockedConnection(MIGRATION_LOCK_KEY, async (run) => {
    await run('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await run('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of listMigrations(dir)) {
      if (done.has(file)) continue;
      const body = readFileSync(join(dir, file), 'utf8');
      await run('BEGIN');
      try {
        await run(body);
        await run(`INSERT INTO schema_migrations (name) VALUES (${literal(file)})`);
        await run('COMMIT');
      } catch (err) {
        await run('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
    }
    return applied;
  });
}
