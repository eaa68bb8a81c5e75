import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActivityType, AwardId } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { withTx } from '../../db/tx.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { award } from './award.service.ts';
import { startActivity } from './rewards-test-kit.ts';

/** activityAwardGetSum: what the player received, summed by activity and asset, from the engine's grant records. */
describeDb('reward sums (activityAwardGetSum)', () => {
  let t: TestApp;
  let signUp: number;
  let signIn: number;

  const activity = (body: Record<string, unknown>) => startActivity(t, body);
  const grant = (p: TestPlayer, activityId: number | null, awardId: number, count: number, key: string, multiplier = 0) =>
    withTx(t.database.db, (tx) => award(tx, { userId: p.user.id, awardId, count, key: `sum-test:${p.user.id}:${key}`, multiplier, reason: 'reward_test', activityId, at: t.clock.now() }));
  const sums = (p?: TestPlayer) => call(t.app, 'activityAwardGetSum', {}, p?.token);

  beforeAll(async () => {
    t = await createTestApp();
    signUp = await activity({ type: ActivityType.signUpBonus, name: 'Welcome bonus', settings: { amount: 500, multiplier: 3, days: 7 } });
    signIn = await activity({ type: ActivityType.freeSign, name: 'Daily sign-in', settings: { rewards: [123, 150, 200, 250, 300, 350, 1_000], multiplier: 2 } });
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  it('a new player has nothing; a visitor is refused', async () => {
    const p = await buildPlayer(t.app);
    expect((await sums(p)).data).toEqual({ list: [], totals: [] });
    expect((await sums()).code).toBe(401);
  });

  it('sums each activity by asset, latest activity first, with the totals; equal to the records and the balance', async () => {
    const p = await buildPlayer(t.app);
    const other = await buildPlayer(t.app);
    expect((await call(t.app, 'activityReceive', { activityId: signUp }, p.token)).code).toBe(200);
    t.clock.advance(60_000);
    expect((await call(t.app, 'loginBonus3UserReceive', {}, p.token)).code).toBe(200);
    t.clock.advance(60_000);
    // More from the sign-in activity: coin again, points and a coupon (whole units), and a grant outside any activity.
    await grant(p, signIn, AwardId.coin, 77, 'coin', 2);
    await grant(p, signIn, AwardId.points, 40, 'points');
    await grant(p, signIn, 1001, 2, 'coupon');
    t.clock.advance(60_000);
    await grant(p, null, AwardId.coin, 5, 'none');
    // Another player's grants never show.
    await grant(other, signIn, AwardId.coin, 9_999, 'other');

    const res = await sums(p);
    expect(res.code).toBe(200);
    expect(res.data.list).toEqual([
      { activityId: null, activityType: null, activityName: null, asset: 'coin', count: 5, turnover: 0, grants: 1, lastTime: expect.any(String) },
      { activityId: signIn, activityType: 36, activityName: 'Daily sign-in', asset: 'coin', count: 123 + 77, turnover: 246 + 154, grants: 2, lastTime: expect.any(String) },
      { activityId: signIn, activityType: 36, activityName: 'Daily sign-in', asset: 'coupon:1001', count: 2, turnover: 0, grants: 1, lastTime: expect.any(String) },
      { activityId: signIn, activityType: 36, activityName: 'Daily sign-in', asset: 'points', count: 40, turnover: 0, grants: 1, lastTime: expect.any(String) },
      { activityId: signUp, activityType: 15, activityName: 'Welcome bonus', asset: 'coin', count: 500, turnover: 1_500, grants: 1, lastTime: expect.any(String) },
    ]);
    expect(res.data.totals).toEqual([
      { asset: 'coin', count: 705, grants: 4 },
      { asset: 'coupon:1001', count: 2, grants: 1 },
      { asset: 'points', count: 40, grants: 1 },
    ]);

    // The same figures as the records, one by one, and the coin balance (nothing else moved it).
    const log = (await call(t.app, 'activityAwardGetLog', { pageSize: 100 }, p.token)).data as { list: { awardId: number; count: number }[] };
    expect(log.list.filter((r) => r.awardId === AwardId.coin).reduce((s, r) => s + r.count, 0)).toBe(705);
    expect((await call(t.app, 'refreshData', {}, p.token)).data.coin).toBe(705);
    // The other player sees only their own.
    expect((await sums(other)).data.totals).toEqual([{ asset: 'coin', count: 9_999, grants: 1 }]);
  });

  it("naming another player in the body still answers only the caller's own (the session decides)", async () => {
    const rich = await buildPlayer(t.app);
    await grant(rich, signUp, AwardId.coin, 1_234, 'rich');
    const p = await buildPlayer(t.app);
    const res = await call(t.app, 'activityAwardGetSum', { userId: rich.user.id, user_id: rich.user.id }, p.token);
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ list: [], totals: [] });
    expect((await sums(rich)).data.totals).toEqual([{ asset: 'coin', count: 1_234, grants: 1 }]);
  });
});
