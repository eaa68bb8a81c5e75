import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawRunner } from './client.ts';

const DB_DIR = dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = join(DB_DIR, 'migrations');
const FUNCTIONS_DIR = join(DB_DIR, 'functions');
/** Advisory lock key so two migrators (two instances starting at once) never race. */
const MIGRATION_LOCK_KEY = 7_401_121;
const FILE_PATTERN = /^\d{8}_\d{4}_[a-z0-9_-]+\.sql$/;
/** A function file: <area>/<order>_<function name>.sql; the order is unique across areas. */
const FUNCTION_FILE_PATTERN = /^(\d{3})_[a-z0-9_]+\.sql$/;

export function listMigrations(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => {
      if (!FILE_PATTERN.test(f)) throw new Error(`Migration file name ${f} does not match YYYYMMDD_NNNN_name.sql`);
      return f;
    })
    .sort();
}

/**
 * The function files under dir as names relative to it (area/NNN_name.sql, '/'-separated), in the
 * order they are applied: by their number, so a function comes after those it depends on.
 */
export function listFunctionFiles(dir = FUNCTIONS_DIR): string[] {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.sql'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
  const byOrder = new Map<string, string>();
  for (const file of files) {
    const order = FUNCTION_FILE_PATTERN.exec(basename(file))?.[1];
    if (!order) throw new Error(`Function file name ${file} does not match <area>/NNN_name.sql`);
    const other = byOrder.get(order);
    if (other) throw new Error(`Function files ${other} and ${file} share the order number ${order}`);
    byOrder.set(order, file);
  }
  return [...byOrder.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, file]) => file);
}

/** sha256 of a file's text, line endings normalised (a checkout with CRLF is the same file). */
export function fileChecksum(path: string): string {
  return createHash('sha256').update(readFileSync(path, 'utf8').replace(/\r\n/g, '\n')).digest('hex');
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** An applied migration's file no longer matches what was applied: the server must not start. */
export class EditedMigrationError extends Error {}

export interface MigrateDirs {
  migrations?: string;
  functions?: string;
}

export interface MigrateReport {
  /** Forward-only migrations applied now. */
  migrations: string[];
  /** Function files (re)applied now. */
  functions: string[];
}

/**
 * Applies every migration not yet recorded in schema_migrations, in name order, each file in its
 * own transaction together with its record and checksum; then the function files. Refuses (before
 * changing anything) when an applied migration's file was edited: forward-only means history
 * never changes, a change is a new migration. Returns the migrations applied now.
 */
export async function migrate(database: Database, dirs: MigrateDirs = {}): Promise<string[]> {
  return (await migrateWithReport(database, dirs)).migrations;
}

export async function migrateWithReport(database: Database, dirs: MigrateDirs = {}): Promise<MigrateReport> {
  const migrationsDir = dirs.migrations ?? MIGRATIONS_DIR;
  const functionsDir = dirs.functions ?? FUNCTIONS_DIR;
  return database.withLockedConnection(MIGRATION_LOCK_KEY, async (run) => {
    const files = listMigrations(migrationsDir);
    const checksums = new Map(files.map((f) => [f, fileChecksum(join(migrationsDir, f))]));
    const done = await readAppliedMigrations(run, checksums);
    for (const [file, recorded] of done) {
      const now = checksums.get(file);
      // A file no longer in the folder is history this build does not carry; nothing to compare.
      if (now !== undefined && now !== recorded) {
        throw new EditedMigrationError(
          `Migration ${file} was edited after it was applied (recorded sha256 ${recorded}, the file now has ${now}): ` +
            'restore the file as it was and put the change in a new migration',
        );
      }
    }
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const body = readFileSync(join(migrationsDir, file), 'utf8');
      await run('BEGIN');
      try {
        await run(body);
        await run(`INSERT INTO schema_migrations (name, checksum) VALUES (${literal(file)}, ${literal(checksums.get(file)!)})`);
        await run('COMMIT');
      } catch (err) {
        await run('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
    }
    // A migration applied now may have dropped or replaced a function (a signature change drops
    // the old one first), so after any migration every file is applied again.
    const functions = await applyFunctionFiles(run, functionsDir, applied.length > 0);
    return { migrations: applied, functions };
  });
}

/**
 * The applied migrations and their checksums. A database from before checksums gets the column,
 * and its rows get the checksums of the files as they are now (the best record there is).
 */
async function readAppliedMigrations(run: RawRunner, checksums: Map<string, string>): Promise<Map<string, string>> {
  await run('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  await run('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
  const rows = await run('SELECT name, checksum FROM schema_migrations');
  const done = new Map<string, string>();
  for (const row of rows) {
    const name = String(row.name);
    let checksum = row.checksum === null ? undefined : String(row.checksum);
    if (checksum === undefined) {
      checksum = checksums.get(name);
      if (checksum === undefined) continue;
      await run(`UPDATE schema_migrations SET checksum = ${literal(checksum)} WHERE name = ${literal(name)} AND checksum IS NULL`);
    }
    done.set(name, checksum);
  }
  return done;
}

/**
 * Applies the function files (CREATE OR REPLACE, so repeatable) whose text changed since they were
 * last applied, or all of them when `all`, in their order and in one transaction with their records.
 */
async function applyFunctionFiles(run: RawRunner, dir: string, all: boolean): Promise<string[]> {
  const files = listFunctionFiles(dir);
  await run(
    'CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const recorded = new Map((await run('SELECT name, checksum FROM schema_functions')).map((r) => [String(r.name), String(r.checksum)]));
  const due = files.map((file) => ({ file, checksum: fileChecksum(join(dir, file)) })).filter((f) => all || recorded.get(f.file) !== f.checksum);
  if (due.length === 0) return [];
  await run('BEGIN');
  let current = '';
  try {
    for (const { file, checksum } of due) {
      current = file;
      await run(readFileSync(join(dir, file), 'utf8'));
      await run(
        `INSERT INTO schema_functions (name, checksum) VALUES (${literal(file)}, ${literal(checksum)}) ` +
          'ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()',
      );
    }
    await run('COMMIT');
  } catch (err) {
    await run('ROLLBACK').catch(() => undefined);
    throw new Error(`Function file ${current} failed: ${(err as Error).message}`, { cause: err });
  }
  return due.map((f) => f.file);
}
