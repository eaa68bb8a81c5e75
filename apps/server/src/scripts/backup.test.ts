import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createScratchPgDatabase, describeDb, TEST_DB, testConfig } from '../test/create-test-app.ts';
import { checkLedger, deposit, newUserId } from '../modules/ledger/ledger-test-helpers.ts';
import * as ledger from '../modules/ledger/ledger.service.ts';
import { runBackup } from './backup.ts';

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
if (TEST_DB === 'pg' && !hasPgDump) console.warn('⚠ pg_dump not found: the PostgreSQL backup round trip is SKIPPED');

(TEST_DB === 'pg' && hasPgDump ? describeDb : describe.skip)('backup: PostgreSQL dump and restore', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('restores a pg_dump into a scratch database with the same ledger, checked clean', async () => {
    const source = await createScratchPgDatabase('playhall_backup', inject('pgTemplate') ?? undefined);
    drops.push(source.drop);
    const db = await openDatabase({ url: source.url });
    let before;
    try {
      for (let i = 0; i < 3; i++) {
        const p = await newUserId(db.db);
        await ledger.transfer(db.db, deposit(`backup:${p}`, p, 1_000 * (i + 1)));
      }
      before = await checkLedger(db.db);
    } finally {
      await db.close();
    }
    expect(before.ok).toBe(true);
    expect(before.counts).not.toEqual({});

    const file = join(mkdtempSync(join(tmpdir(), 'playhall-backup-')), 'playhall.dump');
    expect(runBackup(['--out', file], { ...testConfig(), databaseUrl: source.url })).toContain(file);
    const target = await createScratchPgDatabase('playhall_restore');
    drops.push(target.drop);
    expect(() => runBackup(['restore', file], testConfig())).toThrow(/--into/);
    runBackup(['restore', file, '--into', target.url], testConfig());

    const restored = await openDatabase({ url: target.url });
    try {
      const after = await checkLedger(restored.db);
      expect(after).toEqual(before);
      // A restored database is current: nothing left to migrate, and it takes transfers.
      await migrate(restored);
      const p = await newUserId(restored.db);
      expect((await ledger.transfer(restored.db, deposit(`restored:${p}`, p, 500))).replayed).toBe(false);
    } finally {
      await restored.close();
    }
  });
});

(TEST_DB === 'pglite' ? describe : describe.skip)('backup: the PGlite data folder', () => {
  it('refuses while a server holds the folder, and copies it once stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'playhall-data-'));
    const out = join(mkdtempSync(join(tmpdir(), 'playhall-backup-')), 'copy');
    const config = { ...testConfig(), databaseUrl: undefined, dataDir };
    const open = await openDatabase({ dataDir });
    try {
      // A table of our own: migrating a folder costs 20 s, and the copy does not care what it holds.
      await open.db.execute(sql`create table kept (note text)`);
      await open.db.execute(sql`insert into kept values ('before the backup')`);
      expect(() => runBackup(['--out', out], config)).toThrow(/stop the server first/);
      expect(existsSync(out)).toBe(false);
    } finally {
      await open.close();
    }
    expect(runBackup(['--out', out], config)).toContain(out);
    expect(existsSync(join(out, 'playhall.lock'))).toBe(false);
    const copy = await openDatabase({ dataDir: out });
    try {
      const rows = (await copy.db.execute(sql`select note from kept`)) as unknown as { rows: { note: string }[] };
      expect(rows.rows).toEqual([{ note: 'before the backup' }]);
    } finally {
      await copy.close();
    }
  });
});
