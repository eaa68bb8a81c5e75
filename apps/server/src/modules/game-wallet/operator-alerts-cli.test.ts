import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { operatorCli } from '../../test/operator-cli.ts';
import { newUserId } from '../ledger/ledger-test-helpers.ts';
import { ensureCatalogue, fund, providerClient } from './game-wallet-test-kit.ts';

const SECRET = 'test-alerts-cli-secret-0123456789';

describeDb('operator CLI: npm run ops -- alerts list', () => {
  let t: TestApp;
  let ops: Awaited<ReturnType<typeof operatorCli>>;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await operatorCli(t);
  });
  afterAll(async () => t?.close());

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
