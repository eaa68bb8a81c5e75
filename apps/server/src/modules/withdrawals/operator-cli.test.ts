import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_OPERATOR_NAME, type TestApp } from '../../test/create-test-app.ts';
import { operatorCli, type OperatorCli } from '../../test/operator-cli.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { addPixAccount, fundedPlayer, requestWithdrawal } from './withdrawals-test-kit.ts';


describeDb('operator CLI (npm run ops) against a running server', () => {
  let t: TestApp;
  let ops: OperatorCli;
  let spawned: OperatorCli;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await operatorCli(t);
    spawned = await operatorCli(t, { spawn: true });
  });
  afterAll(async () => t?.close());

  it('lists pending requests, approves one (paid out) and refuses bad commands (the real process exits 1, saying why on stderr)', async () => {
    const p = await fundedPlayer(t, 200);
    const accountId = await addPixAccount(t, p);
    const orderId = (await requestWithdrawal(t, p, accountId, 8_000)).data.order.orderId as string;

    const list = await spawned(['withdrawals', 'list', '--status', 'pending']);
    expect(list.ok).toBe(true);
    expect(list.out).toMatch(new RegExp(`${orderId}\\s+pending\\s+80\\.00`));

    const approved = await ops(['withdrawals', 'approve', orderId]);
    expect(approved.out).toContain(`${orderId}  PAID  80.00`);
    expect(approved.out).toContain(`by ${TEST_OPERATOR_NAME}`);
    expect((await getBalances(t.database.db, p.user.id)).withdrawHold).toBe(0);

    const again = await spawned(['withdrawals', 'approve', orderId]);
    expect(again).toMatchObject({ ok: false, exit: 1 });
    expect(again.out).toContain('only a pending request can be approved');
    const noReason = await ops(['withdrawals', 'reject', orderId]);
    expect(noReason.out).toContain('reject needs --reason');
    const badToken = await ops(['withdrawals', 'list'], 'y'.repeat(40));
    expect(badToken).toMatchObject({ ok: false, exit: 1 });
    expect(badToken.out).toContain('A valid operator token is required');
  }, 60_000);
});
