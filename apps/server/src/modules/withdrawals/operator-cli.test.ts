import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_OPERATOR_NAME, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { addPixAccount, fundedPlayer, requestWithdrawal } from './withdrawals-test-kit.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../../../..');
const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
const cli = resolve(repoRoot, 'apps/server/src/scripts/ops.ts');

describeDb('operator CLI (npm run ops) against a running server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => t?.close());

  const ops = async (args: string[], token = TEST_OPERATOR_TOKEN) => {
    try {
      const { stdout } = await run(tsx, [cli, ...args, '--url', url], { env: { ...process.env, OPERATOR_TOKEN: token }, cwd: repoRoot });
      return { ok: true, out: stdout };
    } catch (err) {
      const e = err as { stderr: string; code: number };
      return { ok: false, out: e.stderr, exit: e.code };
    }
  };

  it('lists pending requests, approves one (paid out) and refuses bad commands with exit 1', async () => {
    const p = await fundedPlayer(t, 200);
    const accountId = await addPixAccount(t, p);
    const orderId = (await requestWithdrawal(t, p, accountId, 8_000)).data.order.orderId as string;

    const list = await ops(['withdrawals', 'list', '--status', 'pending']);
    expect(list.ok).toBe(true);
    expect(list.out).toMatch(new RegExp(`${orderId}\\s+pending\\s+80\\.00`));

    const approved = await ops(['withdrawals', 'approve', orderId]);
    expect(approved.out).toContain(`${orderId}  PAID  80.00`);
    expect(approved.out).toContain(`by ${TEST_OPERATOR_NAME}`);
    expect((await getBalances(t.database.db, p.user.id)).withdrawHold).toBe(0);

    const again = await ops(['withdrawals', 'approve', orderId]);
    expect(again).toMatchObject({ ok: false, exit: 1 });
    expect(again.out).toContain('only a pending request can be approved');
    const noReason = await ops(['withdrawals', 'reject', orderId]);
    expect(noReason.out).toContain('reject needs --reason');
    const badToken = await ops(['withdrawals', 'list'], 'y'.repeat(40));
    expect(badToken).toMatchObject({ ok: false, exit: 1 });
    expect(badToken.out).toContain('A valid operator token is required');
  }, 60_000);
});
