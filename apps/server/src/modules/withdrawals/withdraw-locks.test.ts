import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActivityType, type ExchangeInfo, type WithdrawCheck } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { DAY } from '../../lib/clock.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { ensureCatalogue, fund, providerClient } from '../game-wallet/game-wallet-test-kit.ts';
import { startActivity } from '../rewards/rewards-test-kit.ts';
import { staffCall } from './withdrawals-test-kit.ts';

const SECRET = 'test-locks-secret-0123456789abcdef';

/**
 * Issue 14: the withdraw checklist's turnover line names the bonuses that lock money now, each with
 * the exact amount it locks and the turnover it added; together they are the locked figure.
 */
describeDb('the withdraw checklist names the bonuses that lock coin', () => {
  let t: TestApp;
  let n = 0;
  let signUp: number;
  let signIn: number;

  const activity = (body: Record<string, unknown>) => startActivity(t, body);

  async function register(): Promise<TestPlayer> {
    const account = `lk${Date.now().toString(36).slice(-5)}${++n}`;
    const res = await call(t.app, 'accountRegist', { account, password: 'secret-pass-1', deviceId: `locks-device-${n}-${Date.now()}` });
    expect(res.code, res.msg).toBe(200);
    return { account, password: 'secret-pass-1', token: res.data.token, user: res.data.user };
  }

  async function turnover(p: TestPlayer): Promise<Extract<WithdrawCheck, { key: 'turnover' }>> {
    const r = await call(t.app, 'getExchange', {}, p.token);
    expect(r.code, r.msg).toBe(200);
    const info = r.data as ExchangeInfo;
    return info.checklist.find((c) => c.key === 'turnover') as Extract<WithdrawCheck, { key: 'turnover' }>;
  }

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    t = await createTestApp();
    // Odd cents on purpose: the amounts are exact, never rounded to coins.
    signUp = await activity({ type: ActivityType.signUpBonus, name: 'Welcome bonus', settings: { amount: 1_523, multiplier: 3, days: 7 } });
    signIn = await activity({ type: ActivityType.freeSign, name: 'Daily sign-in', settings: { rewards: [123, 245, 300, 400, 500, 600, 1_000], multiplier: 2 } });
  });
  afterAll(async () => {
    if (!t) return;
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  it('names both bonuses newest first with exact amounts adding up to the locked figure; played off, the list empties; a later bonus is listed alone', async () => {
    const p = await register();
    expect(await turnover(p)).toMatchObject({ ok: true, locked: 0, bonuses: [] });

    expect((await call(t.app, 'activityReceive', { activityId: signUp }, p.token)).code).toBe(200);
    t.clock.advance(1_000);
    expect((await call(t.app, 'loginBonus3UserReceive', {}, p.token)).data).toMatchObject({ day: 1, amount: 123, turnover: 246 });

    const locked = await turnover(p);
    expect(locked).toMatchObject({ ok: false, locked: 1_646, required: 4_815, remaining: 4_815, played: 0 });
    expect(locked.bonuses).toEqual([
      { activityId: signIn, activityType: ActivityType.freeSign, activityName: 'Daily sign-in', amount: 123, turnover: 246, at: expect.any(String) },
      { activityId: signUp, activityType: ActivityType.signUpBonus, activityName: 'Welcome bonus', amount: 1_523, turnover: 4_569, at: expect.any(String) },
    ]);
    expect(Date.parse(locked.bonuses[0]!.at)).toBeGreaterThan(Date.parse(locked.bonuses[1]!.at));
    expect(sum(locked.bonuses.map((b) => b.amount))).toBe(locked.locked);
    expect(sum(locked.bonuses.map((b) => b.turnover))).toBe(locked.required);

    // Part played: both still lock (the lock is released only all at once).
    const cat = await ensureCatalogue(t.database.db, { platformCode: 'test-locks', secret: SECRET });
    const agg = providerClient(t, cat, SECRET);
    await fund(t.database.db, p.user.id, 10_000);
    const session = await agg.session(p.user.id);
    const play = async (amount: number) => {
      const roundId = `locks-r-${++n}`;
      const bet = await agg.call('bet', { sessionToken: session, transactionId: `locks-b-${n}`, roundId, gameCode: cat.games[0]!.code, amount });
      expect(bet.body.status, JSON.stringify(bet.body)).toBe('OK');
      const win = await agg.call('win', { sessionToken: session, transactionId: `locks-w-${n}`, roundId, amount: 0, endRound: true });
      expect(win.body.status, JSON.stringify(win.body)).toBe('OK');
    };
    await play(4_000);
    const partly = await turnover(p);
    expect(partly).toMatchObject({ ok: false, locked: 1_646, remaining: 815, played: 4_000 });
    expect(partly.bonuses.map((b) => b.amount)).toEqual([123, 1_523]);

    await play(1_000);
    expect(await turnover(p)).toMatchObject({ ok: true, locked: 0, remaining: 0, bonuses: [] });

    // The next day's sign-in starts a new lock: only it is named, not the bonuses already played off.
    t.clock.advance(DAY);
    expect((await call(t.app, 'loginBonus3UserReceive', {}, p.token)).data).toMatchObject({ day: 2, amount: 245, turnover: 490 });
    const again = await turnover(p);
    expect(again).toMatchObject({ ok: false, locked: 245, required: 490 });
    expect(again.bonuses).toEqual([{ activityId: signIn, activityType: ActivityType.freeSign, activityName: 'Daily sign-in', amount: 245, turnover: 490, at: expect.any(String) }]);
    // The reward records still show all three grants: the checklist names only what locks now.
    expect((await call(t.app, 'activityAwardGetLog', {}, p.token)).data.total).toBe(3);
  });

  it("names only the player's own bonuses, and none that came without wagering", async () => {
    const noWagering = await activity({ type: ActivityType.signUpBonus, name: 'Gift without wagering', settings: { amount: 700, multiplier: 0, days: 7 } });
    const a = await register();
    const b = await register();
    expect((await call(t.app, 'activityReceive', { activityId: noWagering }, a.token)).code).toBe(200);
    expect(await turnover(a)).toMatchObject({ ok: true, locked: 0, bonuses: [] });
    expect((await call(t.app, 'loginBonus3UserReceive', {}, a.token)).code).toBe(200);
    expect((await call(t.app, 'loginBonus3UserReceive', {}, b.token)).code).toBe(200);
    const mine = await turnover(a);
    expect(mine.bonuses.map((x) => x.activityName)).toEqual(['Daily sign-in']);
    expect(mine.locked).toBe(sum(mine.bonuses.map((x) => x.amount)));
    await staffCall(t, 'POST', `/activities/${noWagering}/disable`);
  });
});
