import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType, AwardId, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { MINUTE, DAY } from '../../lib/clock.ts';
import { withTx } from '../../db/tx.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { award } from './award.service.ts';
import { assertEligible } from './eligibility.ts';
import * as repo from './rewards.repo.ts';

const SIGN_IN = { type: ActivityType.freeSign, name: 'Daily sign-in', sort: 5, rules: { 'en-US': 'Sign in once a day.' }, settings: { rewards: [100, 200, 300, 400, 500, 600, 1_000], multiplier: 2 } };
/** The test clock starts 2026-11-21 12:00 UTC: 09:00 in São Paulo (UTC−3 all year). */
const TZ = 'America/Sao_Paulo';

async function count(t: TestApp, q: ReturnType<typeof sql>): Promise<number> {
  const res = (await t.database.db.execute(q)) as unknown as { rows: { n: string | number }[] };
  return Number(res.rows[0]!.n);
}

describeDb('rewards engine', () => {
  let t: TestApp;
  let activityId: number;

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  describe('operators configure activities', () => {
    it('refuses bad settings, a type this release does not run and a bad link, storing nothing', async () => {
      const before = await count(t, sql`select count(*) as n from activity`);
      const bad = await staffCall(t, 'POST', '/activities', { ...SIGN_IN, settings: { rewards: [100, 200], multiplier: 2 } });
      expect(bad.code).toBe(ErrorCode.activitySettingsInvalid);
      expect(bad.msg).toContain('settings.rewards');
      const lottery = await staffCall(t, 'POST', '/activities', { type: ActivityType.lottery, name: 'Lottery' });
      expect(lottery.code).toBe(ErrorCode.activityTypeUnavailable);
      const unknownType = await staffCall(t, 'POST', '/activities', { ...SIGN_IN, type: 999 });
      expect(unknownType.code).toBe(ErrorCode.badRequest);
      const link = await staffCall(t, 'POST', '/activities', { ...SIGN_IN, clickType: 3, clickAction: 'http://example.test' });
      expect(link.code).toBe(ErrorCode.badRequest);
      const noToken = await staffCall(t, 'POST', '/activities', SIGN_IN, null);
      expect(noToken.status).toBe(401);
      expect(await count(t, sql`select count(*) as n from activity`)).toBe(before);
    });

    it('creates an activity disabled, shows it to players once enabled, and audits every change', async () => {
      const created = await staffCall(t, 'POST', '/activities', SIGN_IN);
      expect(created.code).toBe(200);
      activityId = created.data!.id as number;
      expect(created.data).toMatchObject({ type: 36, enabled: false, running: false });
      const p = await buildPlayer(t.app);
      expect((await call(t.app, 'getActivityIds', {}, p.token)).data.activityIds).not.toContain(activityId);

      expect((await staffCall(t, 'POST', `/activities/${activityId}/enable`)).data).toMatchObject({ enabled: true, running: true });
      const ids = await call(t.app, 'getActivityIds', {}, p.token);
      expect(ids.data.activityIds).toContain(activityId);
      expect(ids.data.activityMap[String(activityId)]).toMatchObject({ type: 36, name: 'Daily sign-in', sort: 5, clickType: 1, rules: { 'en-US': 'Sign in once a day.' } });
      expect(ids.data).toMatchObject({ hasTurntable: false, totalRecharge: 0 });
      const after = await call(t.app, 'getAfterLoginInfoWeb', {}, p.token);
      expect(after.data.activityIds.activityIds).toEqual(ids.data.activityIds);
      // A visitor's start-up call lists the same running activities (getActivityIds needs a session).
      const visitor = await call(t.app, 'preLogin', {});
      expect(visitor.data.activityIds.activityIds).toEqual(ids.data.activityIds);
      expect(visitor.data.activityIds.activityMap[String(activityId)]).toEqual(ids.data.activityMap[String(activityId)]);

      const edited = await staffCall(t, 'POST', `/activities/${activityId}`, { settings: { rewards: [100, 200, 300, 400, 500, 600, 1_500] } });
      expect(edited.data!.settings).toEqual({ rewards: [100, 200, 300, 400, 500, 600, 1_500], multiplier: 1 });
      const badEdit = await staffCall(t, 'POST', `/activities/${activityId}`, { settings: { rewards: [0, 1, 2, 3, 4, 5, 6] } });
      expect(badEdit.code).toBe(ErrorCode.activitySettingsInvalid);
      expect((await staffCall(t, 'POST', `/activities/${activityId}`, { settings: SIGN_IN.settings })).code).toBe(200);
      expect((await staffCall(t, 'POST', '/activities/999999/enable')).code).toBe(ErrorCode.activityNotFound);

      const audit = (await t.database.db.execute(
        sql`select action from staff_audit where target = ${`activity:${activityId}`} order by id`,
      )) as unknown as { rows: { action: string }[] };
      expect(audit.rows.map((r) => r.action)).toEqual(['activity.create', 'activity.enable', 'activity.update', 'activity.update']);
    });
  });

  describe('free sign-in (36)', () => {
    let p: TestPlayer;
    beforeAll(async () => {
      p = await buildPlayer(t.app);
    });
    const status = async (token?: string) => (await call(t.app, 'activityGetStatusList', {}, token)).data;
    const receive = (token: string) => call(t.app, 'loginBonus3UserReceive', {}, token);

    it('a visitor gets every flag false; a player who has not signed in today sees the sign-in dot', async () => {
      const visitor = await call(t.app, 'activityGetStatusList', {});
      expect(visitor.code).toBe(200);
      expect(Object.values(visitor.data.redDots).every((v) => v === false)).toBe(true);
      expect(visitor.data.signInFlag).toBe(false);
      expect(await status(p.token)).toMatchObject({ signInFlag: true, redDots: { signIn: true } });
    });

    it('pays day 1 once, with its wagering, and the dot goes off', async () => {
      const view = await call(t.app, 'loginBonus3User', {}, p.token);
      expect(view.data).toMatchObject({ activityId, today: 1, receivedToday: false, multiplier: 2, timeZone: TZ });
      expect(view.data.days.map((d: { status: string }) => d.status)).toEqual(['today', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
      // The next day opens at midnight in São Paulo: 03:00 UTC.
      expect(view.data.nextDayAt).toBe('2026-11-22T03:00:00.000Z');

      const got = await receive(p.token);
      expect(got.data).toEqual({ day: 1, awardId: AwardId.coin, amount: 100, turnover: 200, coin: 100 });
      expect((await call(t.app, 'refreshData', {}, p.token)).data).toMatchObject({ coin: 100, bet: 200 });
      expect((await receive(p.token)).code).toBe(ErrorCode.rewardAlreadyReceived);
      expect(await status(p.token)).toMatchObject({ signInFlag: false, redDots: { signIn: false } });
    });

    it("a new day starts at the operator's midnight, not 24 hours later; a missed day restarts the cycle", async () => {
      t.clock.advance(14 * 60 * MINUTE + 59 * MINUTE); // 23:59 in São Paulo, still the 21st
      expect((await receive(p.token)).code).toBe(ErrorCode.rewardAlreadyReceived);
      t.clock.advance(2 * MINUTE); // 00:01 on the 22nd
      expect(await status(p.token)).toMatchObject({ signInFlag: true });
      expect((await receive(p.token)).data).toMatchObject({ day: 2, amount: 200, coin: 300 });
      const view = await call(t.app, 'loginBonus3User', {}, p.token);
      expect(view.data.days.map((d: { status: string }) => d.status)).toEqual(['received', 'received', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);

      t.clock.advance(2 * DAY); // the 24th: the 23rd was missed
      const restart = await call(t.app, 'loginBonus3User', {}, p.token);
      expect(restart.data).toMatchObject({ today: 1, receivedToday: false });
      expect((await receive(p.token)).data).toMatchObject({ day: 1, amount: 100, coin: 400 });
    });

    it('ten taps at once pay once', async () => {
      const q = await buildPlayer(t.app);
      const answers = await Promise.all(Array.from({ length: 10 }, () => receive(q.token)));
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.code === ErrorCode.rewardAlreadyReceived)).toHaveLength(9);
      expect((await call(t.app, 'refreshData', {}, q.token)).data).toMatchObject({ coin: 100, bet: 200 });
      expect(await count(t, sql`select count(*) as n from reward_grant where user_id = ${q.user.id}`)).toBe(1);
    });

    it('lists what the player received, newest first, filtered by activity type', async () => {
      const log = await call(t.app, 'activityAwardGetLog', { pageNum: 1, pageSize: 2 }, p.token);
      expect(log.data).toMatchObject({ total: 3, pages: 2, pageNum: 1, pageSize: 2 });
      expect(log.data.list.map((r: { count: number }) => r.count)).toEqual([100, 200]);
      expect(log.data.list[0]).toMatchObject({ activityId, activityType: 36, activityName: 'Daily sign-in', awardId: 2001, reason: 'reward_free_sign', turnover: 200 });
      expect((await call(t.app, 'activityAwardGetLog', { activityType: ActivityType.firstDeposit }, p.token)).data.total).toBe(0);
      expect((await call(t.app, 'activityAwardGetLog', {})).code).toBe(401);
    });

    it('a disabled activity cannot be received and leaves the player lists', async () => {
      await staffCall(t, 'POST', `/activities/${activityId}/disable`);
      expect((await call(t.app, 'loginBonus3User', {}, p.token)).code).toBe(ErrorCode.activityNotRunning);
      expect((await call(t.app, 'getActivityIds', {}, p.token)).data.activityIds).not.toContain(activityId);
      expect((await call(t.app, 'preLogin', {})).data.activityIds.activityIds).not.toContain(activityId);
      expect(await status(p.token)).toMatchObject({ signInFlag: false });
      await staffCall(t, 'POST', `/activities/${activityId}/enable`);
    });
  });

  describe('the award function', () => {
    it('credits coupons and points without wagering, replays a key, and refuses an award it does not know', async () => {
      const p = await buildPlayer(t.app);
      const now = t.clock.now();
      const coupon = await withTx(t.database.db, (tx) => award(tx, { userId: p.user.id, awardId: 1001, count: 2, reason: 'reward_test', key: `test:${p.user.id}:c`, at: now }));
      expect(coupon).toMatchObject({ replayed: false, count: 2, turnover: 0, balanceAfter: 2 });
      const again = await withTx(t.database.db, (tx) => award(tx, { userId: p.user.id, awardId: 1001, count: 2, reason: 'reward_test', key: `test:${p.user.id}:c`, at: now }));
      expect(again).toMatchObject({ replayed: true, grantId: coupon.grantId });
      const other = withTx(t.database.db, (tx) => award(tx, { userId: p.user.id, awardId: 1001, count: 3, reason: 'reward_test', key: `test:${p.user.id}:c`, at: now }));
      await expect(other).rejects.toMatchObject({ code: ErrorCode.idempotencyConflict });
      const unknown = withTx(t.database.db, (tx) => award(tx, { userId: p.user.id, awardId: 40_001, count: 1, reason: 'reward_test', key: `test:${p.user.id}:n`, at: now }));
      await expect(unknown).rejects.toMatchObject({ code: ErrorCode.awardUnknown });
      const points = await withTx(t.database.db, (tx) => award(tx, { userId: p.user.id, awardId: AwardId.points, count: 50, reason: 'reward_test', key: `test:${p.user.id}:p`, multiplier: 5, at: now }));
      expect(points).toMatchObject({ turnover: 0, balanceAfter: 50 });
      expect(await count(t, sql`select count(*) as n from reward_grant where user_id = ${p.user.id}`)).toBe(2);
      expect((await call(t.app, 'refreshData', {}, p.token)).data).toMatchObject({ coin: 0, bet: 0 });
    });

    it('one-off grants are once per person: a second account on the same device is refused', async () => {
      const device = `dev-${Date.now()}`;
      const reg = async (account: string) => (await call(t.app, 'accountRegist', { account, password: 'secret-pass-1', deviceId: device })).data.user.id as number;
      const a = await reg(`once_a${Date.now() % 100000}`);
      const b = await reg(`once_b${Date.now() % 100000}`);
      const activity = { ...(await repo.activityById(t.database.db, activityId))!, type: ActivityType.signUpBonus };
      const now = t.clock.now();
      await withTx(t.database.db, (tx) => assertEligible(tx, activity, a, now, { oncePerPerson: true }));
      await expect(withTx(t.database.db, (tx) => assertEligible(tx, activity, b, now, { oncePerPerson: true }))).rejects.toMatchObject({ code: ErrorCode.rewardOncePerPerson });
      await expect(withTx(t.database.db, (tx) => assertEligible(tx, activity, a, now, { oncePerPerson: true }))).rejects.toMatchObject({ code: ErrorCode.rewardAlreadyReceived });
      expect(await count(t, sql`select count(*) as n from reward_once where user_id = ${b}`)).toBe(0);
    });
  });
});
