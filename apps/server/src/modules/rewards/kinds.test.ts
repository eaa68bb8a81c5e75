import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile, type TestPlayer } from '../../test/factories.ts';
import { DAY } from '../../lib/clock.ts';
import { drainConsumers, testEventRunner } from '../events/events-test-kit.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { createRewardsService } from './rewards.service.ts';
import { startActivity } from './rewards-test-kit.ts';

const TZ = 'America/Sao_Paulo';

describeDb('reward kinds', () => {
  let t: TestApp;
  let n = 0;

  /** Creates and enables an activity as an operator would; answers its id. */
  const activity = (body: Record<string, unknown>) => startActivity(t, { name: `activity ${++n}`, ...body });
  const receive = (p: TestPlayer, activityId: number) => call(t.app, 'activityReceive', { activityId }, p.token);
  const dots = async (p: TestPlayer) => (await call(t.app, 'activityGetStatusList', {}, p.token)).data.redDots;
  const coin = async (p: TestPlayer) => (await call(t.app, 'refreshData', {}, p.token)).data as { coin: number; bet: number };
  async function register(deviceId: string): Promise<TestPlayer> {
    const account = `k${Date.now().toString(36).slice(-5)}${++n}`;
    const res = await call(t.app, 'accountRegist', { account, password: 'secret-pass-1', deviceId });
    expect(res.code, res.msg).toBe(200);
    return { account, password: 'secret-pass-1', token: res.data.token, user: res.data.user };
  }

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  describe('sign-up bonus (15)', () => {
    let id: number;
    beforeAll(async () => {
      id = await activity({ type: ActivityType.signUpBonus, settings: { amount: 500, multiplier: 3, days: 7 } });
    });

    it('pays a new player once, with its wagering; the dot goes off', async () => {
      const p = await register(`device-a-${n}`);
      expect((await dots(p)).signupBonus).toBe(true);
      const got = await receive(p, id);
      expect(got.data).toEqual({ activityId: id, awards: [{ awardId: 2001, count: 500, turnover: 1_500 }], coin: 500 });
      expect(await coin(p)).toMatchObject({ coin: 500, bet: 1_500 });
      expect((await receive(p, id)).code).toBe(ErrorCode.rewardAlreadyReceived);
      expect((await dots(p)).signupBonus).toBe(false);
    });

    it('a second account on the same device gets no dot and no bonus, and nothing changes', async () => {
      const device = `device-b-${n}`;
      const first = await register(device);
      expect((await receive(first, id)).code).toBe(200);
      const second = await register(device);
      expect((await dots(second)).signupBonus).toBe(false);
      const refused = await receive(second, id);
      expect(refused.code).toBe(ErrorCode.rewardOncePerPerson);
      expect(await coin(second)).toMatchObject({ coin: 0, bet: 0 });
    });

    it('ten taps at once pay once', async () => {
      const p = await register(`device-c-${n}`);
      const answers = await Promise.all(Array.from({ length: 10 }, () => receive(p, id)));
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.code !== 200).every((a) => a.code === ErrorCode.rewardAlreadyReceived)).toBe(true);
      expect((await coin(p)).coin).toBe(500);
    });

    it('is for players in their first days; an unknown or not running activity says so', async () => {
      const p = await register(`device-d-${n}`);
      t.clock.advance(8 * DAY);
      const late = await receive(p, id);
      expect(late.code).toBe(ErrorCode.rewardNotEligible);
      expect(late.msg).toContain('first 7 days');
      expect((await dots(p)).signupBonus).toBe(false);
      expect((await receive(p, 999_999)).code).toBe(ErrorCode.activityNotFound);
      await staffCall(t, 'POST', `/activities/${id}/disable`);
      expect((await receive(await register(`device-e-${n}`), id)).code).toBe(ErrorCode.activityNotRunning);
    });
  });

  it('bind phone (4): refused until the account has a phone, then paid once', async () => {
    const id = await activity({ type: ActivityType.bind, settings: { amount: 300 } });
    const p = await buildPlayer(t.app);
    const refused = await receive(p, id);
    expect(refused).toMatchObject({ code: ErrorCode.rewardNotEligible, msg: 'Bind a phone number to your account first' });
    await t.database.db.execute(sql`update app_user set mobile = ${newMobile()} where id = ${p.user.id}`);
    expect((await receive(p, id)).data).toMatchObject({ awards: [{ awardId: 2001, count: 300, turnover: 300 }], coin: 300 });
    expect((await receive(p, id)).code).toBe(ErrorCode.rewardAlreadyReceived);
  });

  it('notice (25): refused without an English title; its text reaches the player app', async () => {
    const bad = await staffCall(t, 'POST', '/activities', { type: ActivityType.notice, name: 'Maintenance', settings: { title: { 'pt-BR': 'Manutenção' }, body: { 'en-US': 'x' } } });
    expect(bad.code).toBe(ErrorCode.activitySettingsInvalid);
    expect(bad.msg).toContain('settings.title.en-US');
    const id = await activity({ type: ActivityType.notice, settings: { title: { 'en-US': 'Maintenance tonight' }, body: { 'en-US': 'Games pause from 02:00 to 02:30.' } } });
    const p = await buildPlayer(t.app);
    const ids = await call(t.app, 'getActivityIds', {}, p.token);
    expect(ids.data.activityMap[String(id)].detail).toEqual({ title: { 'en-US': 'Maintenance tonight' }, body: { 'en-US': 'Games pause from 02:00 to 02:30.' } });
    expect((await receive(p, id)).code).toBe(ErrorCode.activityNotFound);
  });

  it('fund (16): interest on what the safebox held when the day began, once a day, capped', async () => {
    const id = await activity({ type: ActivityType.fund, settings: { dailyRateBp: 10, maxPerDay: 5_000, minBalance: 1_000 } });
    const p = await buildPlayer(t.app);
    const { fund } = await import('../game-wallet/game-wallet-test-kit.ts');
    await fund(t.database.db, p.user.id, 200_000);
    await call(t.app, 'setSafeboxPassword', { password: '123456' }, p.token);
    expect((await call(t.app, 'safeboxDeposit', { amount: 100_000 }, p.token)).code).toBe(200);
    // Today the safebox held nothing when the day began.
    expect((await receive(p, id)).code).toBe(ErrorCode.rewardNotEligible);
    expect((await dots(p)).fund).toBe(false);
    t.clock.advance(DAY);
    expect((await dots(p)).fund).toBe(true);
    // 0.10 % of 1,000.00 coins = 1.00 coin.
    expect((await receive(p, id)).data).toMatchObject({ awards: [{ awardId: 2001, count: 100 }], coin: 100_100 });
    expect((await receive(p, id)).code).toBe(ErrorCode.rewardAlreadyReceived);
    expect((await dots(p)).fund).toBe(false);
  });

  it('first deposit (44): the tier the first deposit reaches, paid once however often the webhook comes; a second deposit earns nothing', async () => {
    const id = await activity({
      type: ActivityType.firstDeposit,
      settings: { tiers: [{ minDeposit: 5_000, bonus: 1_000 }, { minDeposit: 20_000, bonus: 5_000 }], multiplier: 2 },
    });
    const bad = await staffCall(t, 'POST', `/activities/${id}`, { settings: { tiers: [{ minDeposit: 20_000, bonus: 1 }, { minDeposit: 5_000, bonus: 2 }] } });
    expect(bad.code).toBe(ErrorCode.activitySettingsInvalid);
    const p = await buildPlayer(t.app);
    const ids = await call(t.app, 'getActivityIds', {}, p.token);
    expect(ids.data.activityMap[String(id)].detail.tiers).toHaveLength(2);

    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount: 30_000 });
    for (let i = 0; i < 3; i++) await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 30_000 });
    const consumers = createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers();
    await drainConsumers(t.database.db, t.clock, consumers);
    await drainConsumers(t.database.db, t.clock, consumers);
    expect(await coin(p)).toMatchObject({ coin: 35_000, bet: 10_000 });

    const second = await openOrder(t.app, p, { typeId: pix.id, amount: 30_000 });
    await sendWebhook(t, { orderId: second.orderId, status: 'paid', amount: 30_000 });
    await drainConsumers(t.database.db, t.clock, consumers);
    expect((await coin(p)).coin).toBe(65_000);
    const log = await call(t.app, 'activityAwardGetLog', { activityType: ActivityType.firstDeposit }, p.token);
    expect(log.data.list).toHaveLength(1);
    expect(log.data.list[0]).toMatchObject({ activityId: id, count: 5_000, turnover: 10_000, reason: 'reward_first_deposit_44' });
  });

  it('first deposit (39): a batch of first deposits is paid as one award list; a disabled account gets nothing, the others are paid', async () => {
    const id = await activity({ type: ActivityType.firstCharge, settings: { tiers: [{ minDeposit: 5_000, bonus: 700 }], multiplier: 1 } });
    const players = await Promise.all(Array.from({ length: 4 }, () => buildPlayer(t.app)));
    const { pix } = await channels(t.app, players[0]!.token);
    for (const p of players) {
      const order = await openOrder(t.app, p, { typeId: pix.id, amount: 10_000 });
      await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 10_000 });
    }
    const [off, ...on] = players;
    await t.database.db.execute(sql`update app_user set status = 2 where id = ${off!.user.id}`);
    const consumers = createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers();
    // A read window reaching every deposit, so one batch holds them all.
    const runner = testEventRunner(t.database.db, t.clock, consumers, { minTxidWindow: 1_000_000 });
    expect(await runner.runBatch('rewards.first_deposit_39')).toMatchObject({ status: 'applied' });
    await drainConsumers(t.database.db, t.clock, consumers);
    await t.database.db.execute(sql`update app_user set status = 1 where id = ${off!.user.id}`);
    const ids = `{${players.map((p) => p.user.id).join(',')}}`;
    const res = (await t.database.db.execute(sql`select count(*)::int as n, count(distinct xmin::text)::int as txs, count(distinct cmin::text)::int as cmds
        from reward_grant where activity_id = ${id} and user_id = any (${ids}::bigint[])`)) as unknown as { rows: { n: number; txs: number; cmds: number }[] };
    // One grant per eligible player, written by one insert of one reward_award statement (decision 056).
    expect(res.rows[0]).toEqual({ n: 3, txs: 1, cmds: 1 });
    // 700 from this activity and 1,000 from the first deposit (44) of the test before, still running.
    for (const p of on) expect((await coin(p)).coin).toBe(11_700);
    expect((await coin(off!)).coin).toBe(10_000);
  });
});
