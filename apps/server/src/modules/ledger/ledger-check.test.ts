import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createScratchPgDatabase, describeDb, TEST_DB } from '../../test/create-test-app.ts';
import { builtScript } from '../../test/server-process.ts';
import { openDatabase, type DatabaseOptions } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { deposit, newUserId } from './ledger-test-helpers.ts';
import { transfer } from './ledger.service.ts';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'apps/server/src/scripts/ledger-check.ts');

/**
 * Runs the ledger check against the database and returns its exit code and output: `npm run
 * ledger:check`'s script through tsx, as a developer runs it, or the same script as the production
 * build holds it (plain node: about a second where tsx took five on a loaded machine).
 */
async function ledgerCheck(env: Record<string, string>, how: 'tsx' | 'built' = 'built'): Promise<{ code: number; out: string }> {
  const [cmd, args] = how === 'tsx' ? [TSX, [CLI]] : [process.execPath, [builtScript('ledger-check')]];
  try {
    const { stdout } = await run(cmd, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describeDb('npm run ledger:check', () => {
  let opts: DatabaseOptions;
  let env: Record<string, string>;
  let cleanup = async () => {};

  beforeAll(async () => {
    if (TEST_DB === 'pg') {
      const scratch = await createScratchPgDatabase('playhall_check');
      opts = { url: scratch.url };
      env = { DATABASE_URL: scratch.url };
      cleanup = scratch.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'playhall-check-'));
      opts = { dataDir: join(dir, 'data') };
      env = { DATA_DIR: join(dir, 'data') };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => cleanup());

  /** The embedded database admits one opener at a time, so each step opens and closes it. */
  const withDb = async (fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) => {
    const database = await openDatabase(opts);
    try {
      await fn(database.db);
    } finally {
      await database.close();
    }
  };

  it('explains itself on a database without a ledger, passes on real postings, fails on a corrupted balance', async () => {
    const empty = await ledgerCheck(env, 'tsx');
    expect(empty.code).toBe(2);
    expect(empty.out).toContain('has no ledger yet');

    const database = await openDatabase(opts);
    await migrate(database);
    const player = await newUserId(database.db);
    await transfer(database.db, deposit(`cli:${player}`, player, 4_200));
    await database.close();

    const clean = await ledgerCheck(env);
    expect(clean.out).toContain('✓ every account equals the sum of its entries');
    expect(clean.out).toMatch(/coin\s+players\s+4200\s+house\s+-4200/);
    expect(clean.code).toBe(0);

    await withDb(async (db) => {
      await db.execute(sql`update ledger_account set balance = 4300 where user_id = ${player}`);
    });
    const dirty = await ledgerCheck(env);
    expect(dirty.code).toBe(1);
    expect(dirty.out).toContain(`player ${player}, coin, coin): balance 4300 but entries sum to 4200`);

    // Every sum agrees again, but a deposit order says paid and nothing ever credited it.
    await withDb(async (db) => {
      await db.execute(sql`update ledger_account set balance = 4200 where user_id = ${player}`);
      await db.execute(sql`insert into recharge_type (type_key, name) values ('cli', 'CLI') on conflict do nothing`);
      await db.execute(sql`insert into deposit_order (order_no, user_id, type_id, amount, status, provider, pay_token_hash, created_at, expires_at, paid_at, updated_at)
                           select 'DPCLI0000000000000001', ${player}, id, 900, 'paid', 'sandbox', 'x', now(), now(), now(), now() from recharge_type where type_key = 'cli'`);
    });
    const uncredited = await ledgerCheck(env);
    expect(uncredited.out).toContain(`✗ deposit order DPCLI0000000000000001 (player ${player}, 900) is paid but has no ledger credit`);
    expect(uncredited.out).toContain('✗ 1 problem(s) found');
    expect(uncredited.code).toBe(1);
  }, 60_000);
});
