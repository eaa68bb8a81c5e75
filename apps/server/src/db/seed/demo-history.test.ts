import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { checkLedger } from '../../modules/ledger/ledger-check.ts';
import { DEMO_PLAYER } from './index.ts';
import { DemoHistory, seedDemoHistory } from './demo-history.ts';

describeDb('demo data: the README account has a believable history that adds up (issue 13 §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const login = async () => {
    const res = await call(t.app, 'accountLogin', { account: DEMO_PLAYER.account, password: DEMO_PLAYER.password, loginType: 2 });
    expect(res.code, res.msg).toBe(200);
    return res.data.token as string;
  };

  it('seeds deposits credited by the provider, game rounds and a pending withdrawal, and the ledger checks out', async () => {
    const before = await call(t.app, 'refreshData', {}, await login());
    expect(before.data.coin).toBe(0);

    const result = await seedDemoHistory(t.app, t.database.db, { sandboxSecret: t.config.sandboxPaymentSecret, now: () => t.clock.now() });
    expect(result).toEqual({ seeded: true, problems: [] });

    const token = await login();
    const orders = await rows<{ status: string; amount: string }>(
      sql`select o.status, o.amount::text as amount from deposit_order o join app_user u on u.id = o.user_id where u.account = ${DEMO_PLAYER.account} order by o.created_at`,
    );
    expect(orders.filter((o) => o.status === 'paid').map((o) => Number(o.amount))).toEqual([...DemoHistory.deposits]);
    expect(orders.some((o) => o.status !== 'paid' && o.status !== 'pending')).toBe(true);

    const bets = await call(t.app, 'betRecord', { pageNum: 1, pageSize: 100 }, token);
    expect(bets.code, bets.msg).toBe(200);
    const rounds = bets.data.list as { bet: number; win: number }[];
    expect(rounds).toHaveLength(DemoHistory.diceRolls.length + DemoHistory.slotSpins.length);

    // The balance is exactly what the history says: deposits − the withdrawal held + wins − bets.
    const net = rounds.reduce((s, r) => s + r.win - r.bet, 0);
    const paid = DemoHistory.deposits.reduce((s, a) => s + a, 0);
    const now = await call(t.app, 'refreshData', {}, token);
    expect(now.data.coin).toBe(paid - DemoHistory.withdrawal + net);
    expect(now.data.totalRecharge).toBe(paid);

    const withdrawals = await rows<{ status: string; amount: string }>(
      sql`select w.status, w.amount::text as amount from withdrawal_order w join app_user u on u.id = w.user_id where u.account = ${DEMO_PLAYER.account}`,
    );
    expect(withdrawals).toEqual([{ status: 'pending', amount: String(DemoHistory.withdrawal) }]);

    const report = await checkLedger(t.database.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });

  it('runs once: a second start leaves the history as it is', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from ledger_transfer`))[0]!.n;
    const n = await count();
    expect(await seedDemoHistory(t.app, t.database.db, { sandboxSecret: t.config.sandboxPaymentSecret, now: () => t.clock.now() })).toEqual({ seeded: false, problems: [] });
    expect(await count()).toBe(n);
  });
});
