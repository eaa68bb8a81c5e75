import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/create-test-app.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';
import { listMigrations, migrateWithReport } from './migrate.ts';
import { isUniqueViolation, withTx } from './tx.ts';

describe('embedded database folder lock', () => {
  // A new folder is a new cluster: PGlite's initdb took 6 s on a quiet machine, 40 s under the whole
  // suite's load (CI), past the server tests' 30 s.
  it('refuses a second opener of the same PGlite folder with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'playhall-lock-'));
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, 'playhall.lock'))).toBe(false);
  }, 120_000);

  it('names the process that holds the folder, and takes over a lock left by a dead one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'playhall-lock-'));
    writeFileSync(join(dir, 'playhall.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(
      `The data folder ${dir} is already used by process ${process.ppid}; stop it or set DATA_DIR/DATABASE_URL`,
    );
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(dir, 'playhall.lock'), dead);
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'playhall.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, 'playhall.lock'))).toBe(false);
  });
});

describeDb('migrations and transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('applies every migration and function file once and nothing on a second run', async () => {
    expect(listMigrations().length).toBeGreaterThan(0);
    expect(await migrateWithReport(t.database)).toEqual({ migrations: [], functions: [] });
  });

  it('rolls a failed transaction back completely and recognises unique violations', async () => {
    const { sql } = await import('drizzle-orm');
    const err = await withTx(t.database.db, async (tx) => {
      await tx.execute(sql`insert into app_config (key, value) values ('tx_probe', '1')`);
      await tx.execute(sql`insert into app_config (key, value) values ('tx_probe', '2')`);
    }).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from app_config where key = 'tx_probe'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]?.n).toBe(0);
  });
});
