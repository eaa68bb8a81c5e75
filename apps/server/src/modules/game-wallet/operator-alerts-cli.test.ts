import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { newUserId } from '../ledger/ledger-test-helpers.ts';
import { ensureCatalogue, fund, providerClient } from './game-wallet-test-kit.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../../../..');
const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
const cli = resolve(repoRoot, 'apps/server/src/scripts/ops.ts');
const SECRET = 'test-alerts-cli-secret-0123456789';

describeDb('operator CLI: npm run ops -- alerts list', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => t?.close());

  const ops = async (args: string[]) => {
    try {
      const { stdout } = await run(tsx, [cli, ...args, '--url', url], { env: { ...process.env, OPERATOR_TOKEN: TEST_OPERATOR_TOKEN }, cwd: repoRoot });
      return { ok: true, out: stdout };
    } catch (err) {
      const e = err as { stderr: string; code: number };
      return { ok: false, out: e.stderr, exit: e.code };
    }
  };

  it('lists a win refused by its round\'s cap, filters by kind and refuses an unknown action', async () => {
    const cat = await ensureCatalogue(t.database.db, { platformCode: 'test-alert-cli', secret: SECRET });
    await t.database.db.execute(sql`update game_platform set win_cap_ratio = 2 where id = ${cat.platformId}`);
    const agg = providerClient(t, cat, SECRET);
    const userId = await newUserId(t.database.db);
    await fund(t.database.db, userId, 10_000);
    const sessionToken = await agg.session(userId);
    expect((await agg.call('bet', { sessionToken, transactionId: 'cli-bet', roundId: 'cli-round', gameCode: 'test-slot', amount: 1_000 })).body.status).toBe('OK');
    expect((await agg.call('win', { sessionToken, transactionId: 'cli-win', roundId: 'cli-round', amount: 2_001 })).body.error).toBe('WIN_LIMIT_EXCEEDED');

    const list = await ops(['alerts', 'list']);
    expect(list.ok, list.out).toBe(true);
    expect(list.out).toMatch(/winCapExceeded {2}×1 {2}20\.01/);
    expect(list.out).toContain(`test-alert-cli round cli-round of player ${userId}: a win of 20.01 coins refused`);
    expect((await ops(['alerts', 'list', '--kind', 'lateWin'])).out).toContain('No alerts.');
    const bad = await ops(['alerts', 'clear']);
    expect(bad).toMatchObject({ ok: false, exit: 1 });
    expect(bad.out).toContain('Unknown action clear');
  }, 60_000);
});
