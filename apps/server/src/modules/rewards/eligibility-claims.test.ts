import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActivityType, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { api, fundedPlayer, openGame } from '../../test/originals/originals-test-kit.ts';
import { drainConsumers } from '../events/events-test-kit.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { createRewardsService } from './rewards.service.ts';
import { closeCheckingLedger } from './rewards-test-kit.ts';

// Every VIP, task and rebate claim, and the level-up reward the VIP consumer pays, asks the one
// eligibility hook (eligibility.ts, decision 028) before it grants: an account that may not receive
// promotions gets nothing from any of them and nothing moves; the same claims pay once it may again.
// The responsible-gaming tools (a break, self-exclusion) refuse through that hook once they exist,
// so this is where "a player on a break gets nothing" will hold for all of them at once.
const TZ = 'America/Sao_Paulo';
const ACTIVE = 1;
const DISABLED = 2;

type Rows<T> = { rows: T[] };

describeDb('VIP, task and rebate claims ask the eligibility hook', () => {
  let t: TestApp;

  const drain = () => drainConsumers(t.database.db, t.clock, createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers());
  const coin = async (p: TestPlayer) => ((await call(t.app, 'refreshData', {}, p.token)).data as { coin: number }).coin;
  const setStatus = (p: TestPlayer, status: number) => t.database.db.execute(sql`update app_user set status = ${status} where id = ${p.user.id}`);
  const grants = async (p: TestPlayer) =>
    ((await t.database.db.execute(sql`select count(*)::int as n from reward_grant where user_id = ${p.user.id}`)) as unknown as Rows<{ n: number }>).rows[0]!.n;

  const claims: [string, Record<string, unknown>][] = [
    ['appVipUserReceiveDaily', {}],
    ['appVipUserReceiveSignInAward', {}],
    ['receiveVipTask', { id: 11 }],
    ['betBonusReceive', {}],
    ['finishTask', { taskId: 'login' }],
    ['receiveTaskAward', { taskId: 'rounds' }],
    ['receiveTaskAward', { chest: { period: 'daily', index: 0 } }],
  ];

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
    const coin = (count: number) => ({ awardId: 2001, count, multiplier: 1 });
    for (const body of [
      {
        type: ActivityType.vip,
        name: 'VIP club',
        settings: {
          levels: [
            { betAmount: 0, rebateBp: 100 },
            { betAmount: 1_000, levelUpReward: 100, dailyGift: 50, signInGift: 70, rebateBp: 100, tasks: [{ id: 11, betAmount: 1_000, reward: 20 }] },
          ],
        },
      },
      {
        type: ActivityType.tasks,
        name: 'Daily tasks',
        settings: {
          tasks: [
            { id: 'rounds', period: 'daily', title: { 'en-US': 'Play a round' }, condition: { type: 'rounds' }, target: 1, award: coin(100), liveness: 10 },
            { id: 'login', period: 'daily', title: { 'en-US': 'Log in today' }, condition: { type: 'login' }, target: 1, award: coin(50), liveness: 5 },
          ],
          chests: { daily: [{ liveness: 10, award: coin(300) }] },
        },
      },
    ]) {
      const created = await staffCall(t, 'POST', '/activities', body);
      expect(created.code, created.msg).toBe(200);
      expect((await staffCall(t, 'POST', `/activities/${created.data!.id as number}/enable`)).code).toBe(200);
    }
  });
  afterAll(async () => {
    await closeCheckingLedger(t);
  });

  it('an account that may not receive promotions gets nothing from any of them; the same claims pay once it may again', async () => {
    const p = await fundedPlayer(t, 100_000);
    const g = await openGame(t, p, 'dice');
    expect((await api(t, 'dice/roll', { bet: 1_500, target: 5_000, direction: 'under' }, g.token)).status).toBe(200);

    // Not eligible when the consumer reaches VIP 1: the level counts, its reward is not paid.
    await setStatus(p, DISABLED);
    await drain();
    expect(((await call(t.app, 'refreshData', {}, p.token)).data as { vip: number }).vip).toBe(1);
    expect(await grants(p)).toBe(0);
    const before = await coin(p);
    for (const [path, body] of claims) {
      const res = await call(t.app, path, body, p.token);
      expect(res.code, `${path} ${JSON.stringify(body)}: ${res.msg}`).toBe(ErrorCode.rewardNotEligible);
    }
    expect(await coin(p)).toBe(before);
    expect(await grants(p)).toBe(0);

    // Eligible again: each claim pays (the task before its chest, whose liveness it brings).
    await setStatus(p, ACTIVE);
    for (const [path, body] of claims) {
      const res = await call(t.app, path, body, p.token);
      expect(res.code, `${path} ${JSON.stringify(body)}: ${res.msg}`).toBe(200);
    }
    // Daily 50, sign-in 70, VIP task 20, rebate 1 % of 1,500 = 15, the rounds task 100 and its chest 300 (finishTask only counts).
    expect((await coin(p)) - before).toBe(50 + 70 + 20 + 15 + 100 + 300);
  });
});
