import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchPgDatabase, describeDb, TEST_DB } from '../test/create-test-app.ts';
import { openDatabase, type Database } from './client.ts';
import { EditedMigrationError, fileChecksum, listFunctionFiles, listMigrations, migrateWithReport, type MigrateDirs } from './migrate.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The last migration that defines functions; theirs were copied into db/functions (decision 020). */
const LAST_MIGRATION_WITH_FUNCTIONS = '20261122_0430_game_wallet_set_based.sql';

// A fresh, empty database and a copy of the migration and function folders, so a test can edit
// files the way a developer would without touching the real ones.
describeDb('migrate: forward-only migrations with checksums, then the repeatable function files', () => {
  let database: Database;
  let drop = async () => {};
  let root: string;
  let dirs: Required<MigrateDirs>;
  const rows = async (text: string) => database.withLockedConnection(1, (run) => run(text));

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'playhall-migrate-'));
    dirs = { migrations: join(root, 'migrations'), functions: join(root, 'functions') };
    cpSync(join(HERE, 'migrations'), dirs.migrations, { recursive: true });
    cpSync(join(HERE, 'functions'), dirs.functions, { recursive: true });
    if (TEST_DB === 'pg') {
      const scratch = await createScratchPgDatabase('playhall_migrate');
      database = await openDatabase({ url: scratch.url });
      drop = scratch.drop;
    } else {
      database = await openDatabase({ memory: true });
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('a fresh database gets every migration, then every function file; a second migrate applies nothing', async () => {
    const first = await migrateWithReport(database, dirs);
    expect(first.migrations).toEqual(listMigrations());
    expect(first.functions).toEqual(listFunctionFiles());
    expect(first.functions.length).toBeGreaterThan(0);

    const recorded = await rows('SELECT name, checksum FROM schema_migrations ORDER BY name');
    expect(recorded).toEqual(listMigrations().map((name) => ({ name, checksum: fileChecksum(join(dirs.migrations, name)) })));
    const stamps = await rows('SELECT name, checksum, applied_at::text AS at FROM schema_functions ORDER BY name');
    expect(stamps.map((r) => [r.name, r.checksum])).toEqual(
      listFunctionFiles()
        .sort()
        .map((name) => [name, fileChecksum(join(dirs.functions, name))]),
    );

    expect(await migrateWithReport(database, dirs)).toEqual({ migrations: [], functions: [] });
    expect(await rows('SELECT name, checksum, applied_at::text AS at FROM schema_functions ORDER BY name')).toEqual(stamps);
  });

  it('has a file for every function in the migrated database, and no later migration defines one', async () => {
    const live = await rows(
      "SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1",
    );
    const files = listFunctionFiles(dirs.functions).map((f) => basename(f, '.sql').replace(/^\d+_/, ''));
    expect(live.map((r) => r.name)).toEqual([...files].sort());

    // A later migration's definition would be overwritten by the file's on a new database: a
    // function changes in its file, and a migration only drops one whose signature changes.
    const defined = listMigrations()
      .filter((m) => m > LAST_MIGRATION_WITH_FUNCTIONS)
      .flatMap((m) =>
        [...readFileSync(join(HERE, 'migrations', m), 'utf8').matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)/gi)].map((x) => `${m}: ${x[1]}`),
      );
    expect(defined).toEqual([]);
  });

  it('applies a changed function file again, alone, and the database runs the new definition', async () => {
    const file = 'game-wallet/300_game_round_close_status.sql';
    const path = join(dirs.functions, file);
    const before = readFileSync(path, 'utf8');
    expect(await rows('SELECT game_round_close_status(1, 0) AS s')).toEqual([{ s: 'settled' }]);
    try {
      writeFileSync(path, before.replace("ELSE 'settled'", "ELSE 'settled (edited)'"));
      expect(await migrateWithReport(database, dirs)).toEqual({ migrations: [], functions: [file] });
      expect(await rows('SELECT game_round_close_status(1, 0) AS s')).toEqual([{ s: 'settled (edited)' }]);
      expect(await migrateWithReport(database, dirs)).toEqual({ migrations: [], functions: [] });
    } finally {
      writeFileSync(path, before);
    }
    expect(await migrateWithReport(database, dirs)).toEqual({ migrations: [], functions: [file] });
    expect(await rows('SELECT game_round_close_status(1, 0) AS s')).toEqual([{ s: 'settled' }]);
  });

  it('refuses to migrate when an applied migration was edited, naming the file, and applies nothing else', async () => {
    const edited = '20261121_0300_ledger.sql';
    const path = join(dirs.migrations, edited);
    const before = readFileSync(path, 'utf8');
    const added = join(dirs.migrations, '20991231_9999_probe.sql');
    writeFileSync(added, 'CREATE TABLE migrate_probe (id integer);');
    try {
      writeFileSync(path, `${before}\nCREATE INDEX ledger_probe_idx ON ledger_entry (reason);\n`);
      const refusal = migrateWithReport(database, dirs);
      await expect(refusal).rejects.toThrow(EditedMigrationError);
      await expect(refusal).rejects.toThrow(`Migration ${edited} was edited after it was applied`);
      expect(await rows("SELECT to_regclass('migrate_probe') IS NULL AS absent")).toEqual([{ absent: true }]);

      // The same text with Windows line endings is the same file.
      writeFileSync(path, before.replace(/\n/g, '\r\n'));
      expect(await migrateWithReport(database, dirs)).toEqual({ migrations: ['20991231_9999_probe.sql'], functions: listFunctionFiles(dirs.functions) });
    } finally {
      writeFileSync(path, before);
      rmSync(added);
    }
  });

  it('gives a database migrated before checksums the checksums of its files, then holds them to it', async () => {
    await rows('ALTER TABLE schema_migrations DROP COLUMN checksum');
    expect(await migrateWithReport(database, dirs)).toEqual({ migrations: [], functions: [] });
    expect(await rows("SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL AND name <> '20991231_9999_probe.sql'")).toEqual([
      { n: 0 },
    ]);
    const edited = '20261121_0001_init.sql';
    const path = join(dirs.migrations, edited);
    const before = readFileSync(path, 'utf8');
    try {
      writeFileSync(path, before.replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS'));
      await expect(migrateWithReport(database, dirs)).rejects.toThrow(`Migration ${edited} was edited after it was applied`);
    } finally {
      writeFileSync(path, before);
    }
  });
});
