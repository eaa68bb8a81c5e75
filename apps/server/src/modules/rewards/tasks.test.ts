import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType, AuthMode, AwardId, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile, type TestPlayer } from '../../test/factories.ts';
import { sendCode } from '../../test/sms-inbox.ts';
import { api, fundedPlayer, openGame } from '../../test/originals/originals-test-kit.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { drainPastNow } from '../events/events-test-kit.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { seededGameIds } from '../games/games-test-kit.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { createRewardsService } from './rewards.service.ts';

/** The test clock starts Saturday 2026-11-21 12:00 UTC: 09:00 in São Paulo (UTC−3 all year). */
const TZ = 'America/Sao_Paulo';
const title = (en: string) => ({ 'en-US': en });
const coin = (count: number, multiplier = 1) => ({ awardId: AwardId.coin, count, multiplier });

describeDb('tasks (42)', () => {
  let t: TestApp;
  let id: number;
  let dice: number;
  let consumers: ReturnType<ReturnType<typeof createRewardsService>['consumers']>;

  const drain = () => drainPastNow(t.database.db, t.clock, consumers);
  const tasks = async (p: TestPlayer) => {
    const res = await call(t.app, 'getTaskUser', {}, p.token);
    expect(res.code, res.msg).toBe(200);
    return res.data as { tasks: { id: string; progress: number; status: string; endsAt: string | null }[]; liveness: { daily: { value: number; chests: { status: string }[] }; weekly: { value: number } } };
  };
  const task = async (p: TestPlayer, taskId: string) => (await tasks(p)).tasks.find((x) => x.id === taskId)!;
  const receive = (p: TestPlayer, body: Record<string, unknown>) => call(t.app, 'receiveTaskAward', body, p.token);
  const dots = async (p: TestPlayer) => (await call(t.app, 'activityGetStatusList', {}, p.token)).data;
  const balance = async (p: TestPlayer) => (await call(t.app, 'refreshData', {}, p.token)).data as { coin: number; bet: number };
  async function rows(userId: number, taskId: string) {
    const res = (await t.database.db.execute(
      sql`select period, progress::int as progress from task_progress where user_id = ${userId} and task_id = ${taskId} order by period`,
    )) as unknown as { rows: { period: string; progress: number }[] };
    return res.rows;
  }
  /** One real dice round through the Originals and the provider wallet protocol (bet, then the settling win call). */
  async function roll(g: { token: string }, bet: number) {
    const res = await api(t, 'dice/roll', { bet, target: 5_000, direction: 'under' }, g.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  /** Moves the test clock to the São Paulo wall time `hh:mm` of the day `days` after the clock's day. */
  function clockTo(days: number, hh: number, mm: number) {
    const now = t.clock.now().getTime();
    const spMidnight = Math.floor((now - 3 * 60 * MINUTE) / DAY) * DAY + 3 * 60 * MINUTE;
    t.clock.advance(spMidnight + days * DAY + (hh * 60 + mm) * MINUTE - now);
  }

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
    ({ dice } = await seededGameIds(t.database));
    const created = await staffCall(t, 'POST', '/activities', {
      type: ActivityType.tasks,
      name: 'Tasks',
      settings: {
        tasks: [
          { id: 'bet-dice', period: 'daily', title: title('Bet 30.00 on Dice'), condition: { type: 'bet', gameId: dice }, target: 3_000, award: coin(500, 2), liveness: 20 },
          { id: 'rounds', period: 'daily', title: title('Play 3 rounds'), condition: { type: 'rounds' }, target: 3, award: coin(100), liveness: 10 },
          { id: 'week-rounds', period: 'weekly', title: title('Play 2 rounds this week'), condition: { type: 'rounds' }, target: 2, award: { awardId: AwardId.points, count: 50, multiplier: 0 } },
          { id: 'login', period: 'daily', title: title('Log in today'), condition: { type: 'login' }, target: 1, award: coin(50), liveness: 5 },
          { id: 'deposit', period: 'novice', title: title('Deposit 200.00'), condition: { type: 'depositAmount' }, target: 20_000, award: coin(1_000), liveness: 0 },
          { id: 'phone', period: 'novice', title: title('Bind your phone'), condition: { type: 'bindPhone' }, target: 1, award: coin(200) },
        ],
        chests: { daily: [{ liveness: 30, award: coin(300) }], weekly: [{ liveness: 1_000, award: coin(5_000) }] },
      },
    });
    expect(created.code, created.msg).toBe(200);
    id = created.data!.id as number;
    expect((await staffCall(t, 'POST', `/activities/${id}/enable`)).code).toBe(200);
    consumers = createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  it('refuses conditions that could never progress, or a follow without its https channel, naming the field; stores nothing', async () => {
    const base = { type: ActivityType.tasks, name: 'Bad tasks' };
    const one = (cond: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
      ...base,
      settings: { tasks: [{ id: 'x', period: 'daily', title: title('X'), condition: cond, target: 1, award: coin(1), ...more }] },
    });
    for (const url of [undefined, 'http://example.com/channel', 'javascript:alert(1)']) {
      const res = await staffCall(t, 'POST', '/activities', one({ type: 'follow', url }, { period: 'novice' }));
      expect(res.code).toBe(ErrorCode.activitySettingsInvalid);
      expect(res.msg).toContain('settings.tasks.0.condition.url');
    }
    const dailyFollow = await staffCall(t, 'POST', '/activities', one({ type: 'follow', url: 'https://example.com/channel' }));
    expect(dailyFollow.msg).toContain('follow tasks are novice tasks with target 1');
    const dailyPhone = await staffCall(t, 'POST', '/activities', one({ type: 'bindPhone' }));
    expect(dailyPhone.msg).toContain('settings.tasks.0.condition.type');
    const loginTwice = await staffCall(t, 'POST', '/activities', one({ type: 'login' }, { target: 2 }));
    expect(loginTwice.msg).toContain('settings.tasks.0.target');
    const jackpot = await staffCall(t, 'POST', '/activities', one({ type: 'rounds' }, { award: { awardId: AwardId.jackpotMega, count: 1 } }));
    expect(jackpot.msg).toContain('settings.tasks.0.award.awardId');
    const activities = (await t.database.db.execute(sql`select count(*)::int as n from activity where name = 'Bad tasks'`)) as unknown as { rows: { n: number }[] };
    expect(activities.rows[0]!.n).toBe(0);
  });

  it("a visitor sees the tasks in the activity's detail (preLogin) and must log in for progress and claims", async () => {
    const visitor = await call(t.app, 'preLogin', {});
    const detail = visitor.data.activityIds.activityMap[String(id)].detail;
    expect(detail.tasks.map((x: { id: string }) => x.id)).toEqual(['bet-dice', 'rounds', 'week-rounds', 'login', 'deposit', 'phone']);
    expect(detail.tasks[0]).toMatchObject({ period: 'daily', target: 3_000, award: coin(500, 2), liveness: 20, condition: { type: 'bet', gameId: dice } });
    expect(detail.chests.daily).toEqual([{ liveness: 30, award: coin(300) }]);
    expect((await call(t.app, 'getTaskUser', {})).status).toBe(401);
    expect((await call(t.app, 'receiveTaskAward', { taskId: 'rounds' })).status).toBe(401);
  });

  it('real rounds move bet and round tasks (only Dice for the Dice task); a claim pays once under 10 taps, with liveness; the dots go on and off', async () => {
    const p = await fundedPlayer(t, 100_000);
    const g = await openGame(t, p, 'dice');
    await roll(g, 1_000);
    await roll(g, 1_000);
    const s = await openGame(t, p, 'slot');
    const spin = await api(t, 'slot/spin', { bet: 500 }, s.token);
    expect(spin.status).toBe(200);
    expect((await task(p, 'rounds')).progress).toBe(0); // nothing until the consumer reads the events
    await drain();
    expect(await task(p, 'bet-dice')).toMatchObject({ progress: 2_000, status: 'doing' });
    expect(await task(p, 'rounds')).toMatchObject({ progress: 3, status: 'claimable' });
    expect(await task(p, 'week-rounds')).toMatchObject({ progress: 2, status: 'claimable' });
    expect(await dots(p)).toMatchObject({ taskAwardFlag: true, redDots: { task: true, taskAward: true } });

    // Another player cannot claim it: their own task is not complete.
    const other = await buildPlayer(t.app);
    expect((await receive(other, { taskId: 'rounds' })).code).toBe(ErrorCode.rewardNotEligible);
    expect((await receive(p, { taskId: 'bet-dice' })).code).toBe(ErrorCode.rewardNotEligible);
    expect((await receive(p, { taskId: 'nope' })).code).toBe(ErrorCode.badRequest);

    const before = await balance(p);
    const answers = await Promise.all(Array.from({ length: 10 }, () => receive(p, { taskId: 'rounds' })));
    const ok = answers.filter((a) => a.code === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.rewardAlreadyReceived)).toHaveLength(9);
    expect(ok[0]!.data.awards).toEqual([
      { awardId: AwardId.coin, count: 100, turnover: 100 },
      { awardId: AwardId.liveness, count: 10, turnover: 0 },
    ]);
    expect(ok[0]!.data.coin).toBe(before.coin + 100);
    expect((await balance(p)).coin).toBe(before.coin + 100);
    expect(await task(p, 'rounds')).toMatchObject({ status: 'received' });

    expect((await receive(p, { taskId: 'week-rounds' })).data.awards).toEqual([{ awardId: AwardId.points, count: 50, turnover: 0 }]);
    // Registering logged the player in: today's login task is done too.
    expect((await dots(p)).redDots.taskAward).toBe(true);
    expect((await receive(p, { taskId: 'login' })).code).toBe(200);
    expect((await dots(p)).redDots.taskAward).toBe(false);

    await roll(g, 1_000);
    await drain();
    expect(await task(p, 'bet-dice')).toMatchObject({ progress: 3_000, status: 'claimable' });
    expect((await receive(p, { taskId: 'bet-dice' })).data.awards[0]).toEqual({ awardId: AwardId.coin, count: 500, turnover: 1_000 });

    // 10 + 5 + 20 liveness today: the daily chest (30) opens, once however many taps.
    const view = await tasks(p);
    expect(view.liveness.daily).toMatchObject({ value: 35, chests: [{ status: 'claimable' }] });
    expect(view.liveness.weekly.value).toBe(35);
    expect((await dots(p)).redDots.taskAward).toBe(true);
    expect((await receive(p, { chest: { period: 'weekly', index: 0 } })).code).toBe(ErrorCode.rewardNotEligible);
    const chests = await Promise.all(Array.from({ length: 10 }, () => receive(p, { chest: { period: 'daily', index: 0 } })));
    expect(chests.filter((a) => a.code === 200)).toHaveLength(1);
    expect(chests.filter((a) => a.code === ErrorCode.rewardAlreadyReceived)).toHaveLength(9);
    expect((await tasks(p)).liveness.daily.chests[0]!.status).toBe('received');
    expect((await dots(p)).redDots.taskAward).toBe(false);

    const log = await call(t.app, 'activityAwardGetLog', { activityType: ActivityType.tasks }, p.token);
    expect(log.data.list.map((r: { awardId: number; count: number }) => [r.awardId, r.count])).toEqual([
      [AwardId.coin, 300],
      [AwardId.liveness, 20],
      [AwardId.coin, 500],
      [AwardId.liveness, 5],
      [AwardId.coin, 50],
      [AwardId.points, 50],
      [AwardId.liveness, 10],
      [AwardId.coin, 100],
    ]);
    expect(log.data.list.every((r: { reason: string }) => r.reason === 'reward_tasks')).toBe(true);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it("a round played at 23:59 in São Paulo counts for that day, though the consumer reads it after the operator's midnight", async () => {
    const p = await fundedPlayer(t, 100_000);
    clockTo(0, 23, 59);
    const day = '2026-11-21';
    const g = await openGame(t, p, 'dice');
    await roll(g, 1_000);
    clockTo(1, 0, 1);
    await drain();
    expect(await rows(p.user.id, 'rounds')).toEqual([{ period: day, progress: 1 }]);
    // Today (the 22nd) starts from nothing, and yesterday's task is over.
    expect((await task(p, 'rounds')).progress).toBe(0);
    await roll(g, 1_000);
    await drain();
    expect(await rows(p.user.id, 'rounds')).toEqual([
      { period: day, progress: 1 },
      { period: '2026-11-22', progress: 1 },
    ]);
  });

  it('the week ends at Monday 00:00 in São Paulo: Sunday 23:59 and Monday 00:01 count in two weeks', async () => {
    const p = await fundedPlayer(t, 100_000);
    // The clock is on Sunday the 22nd now.
    clockTo(0, 23, 59);
    const g = await openGame(t, p, 'dice');
    await roll(g, 1_000);
    clockTo(1, 0, 1);
    await roll(g, 1_000);
    await drain();
    expect(await rows(p.user.id, 'week-rounds')).toEqual([
      { period: 'w2026-11-16', progress: 1 },
      { period: 'w2026-11-23', progress: 1 },
    ]);
    expect(await task(p, 'week-rounds')).toMatchObject({ progress: 1, status: 'doing', endsAt: '2026-11-30T03:00:00.000Z' });
  });

  it('logins, deposits and a bound phone; novice tasks are once per player ever', async () => {
    const p = await buildPlayer(t.app); // registering logs in: account.logged_in
    expect((await call(t.app, 'accountLogin', { account: p.account, password: p.password })).code).toBe(200);
    await drain();
    expect(await task(p, 'login')).toMatchObject({ progress: 1, status: 'claimable' });
    expect((await receive(p, { taskId: 'login' })).code).toBe(200);

    // The next day the session is still open: opening the tasks page (finishTask) counts the visit, once.
    t.clock.advance(DAY);
    expect((await task(p, 'login')).status).toBe('doing');
    for (let i = 0; i < 2; i++) expect((await call(t.app, 'finishTask', { taskId: 'login' }, p.token)).data.task).toMatchObject({ progress: 1, status: 'claimable' });
    expect((await call(t.app, 'finishTask', { taskId: 'rounds' }, p.token)).code).toBe(ErrorCode.rewardNotEligible);
    expect((await call(t.app, 'finishTask', { taskId: 'phone' }, p.token)).code).toBe(ErrorCode.rewardNotEligible);

    // Deposit 250.00 in two payments (each webhook sent twice).
    const { pix } = await channels(t.app, p.token);
    for (const amount of [10_000, 15_000]) {
      const order = await openOrder(t.app, p, { typeId: pix.id, amount });
      await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount });
      await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount });
    }
    await drain();
    expect(await task(p, 'deposit')).toMatchObject({ progress: 20_000, status: 'claimable', endsAt: null });
    expect((await receive(p, { taskId: 'deposit' })).code).toBe(200);
    t.clock.advance(8 * DAY);
    expect((await task(p, 'deposit')).status).toBe('received');
    expect((await receive(p, { taskId: 'deposit' })).code).toBe(ErrorCode.rewardAlreadyReceived);

    // A phone bound with bindAccount (its event), and a player registered with a phone (checked on request).
    const mobile = newMobile();
    const code = await sendCode(t.app, mobile, AuthMode.bind, p.token);
    expect((await call(t.app, 'bindAccount', { mobile, code }, p.token)).code).toBe(200);
    await drain();
    expect(await task(p, 'phone')).toMatchObject({ progress: 1, status: 'claimable' });
    expect((await receive(p, { taskId: 'phone' })).data.awards[0].count).toBe(200);
    expect((await call(t.app, 'finishTask', { taskId: 'phone' }, p.token)).data.task.status).toBe('received');
  });

  it.skipIf(TEST_DB !== 'pg')('concurrent claims from 5 players, 4 taps each at once, pay each once (PostgreSQL)', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => buildPlayer(t.app)));
    await drain();
    const answers = await Promise.all(players.flatMap((p) => Array.from({ length: 4 }, () => receive(p, { taskId: 'login' }))));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(5);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});

describe('tasks without a running activity', () => {
  it('answers 5002', async () => {
    const t = await createTestApp();
    try {
      const p = await buildPlayer(t.app);
      expect((await call(t.app, 'getTaskUser', {}, p.token)).code).toBe(ErrorCode.activityNotRunning);
    } finally {
      await t.close();
    }
  });
});
