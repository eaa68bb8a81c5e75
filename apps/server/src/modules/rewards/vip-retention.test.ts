import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActivityType } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { api, fundedPlayer, openGame } from '../../test/originals/originals-test-kit.ts';
import { MINUTE } from '../../lib/clock.ts';
import { drainConsumers } from '../events/events-test-kit.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { startOfDay } from './calendar.ts';
import { periodDays, periodOfDay } from './kinds/vip/vip.rules.ts';
import { createRewardsService } from './rewards.service.ts';
import { closeCheckingLedger, startActivity } from './rewards-test-kit.ts';

// The VIP retention rule (issue 17 §2, decision 055): levels go down only when the operator sets
// `retention`; each period of `days` operator's days ends with every player keeping the level their
// valid bet in it supports (keepBet), evaluated once by the VIP consumer before the first round of a
// later period; a level reached again pays no second level-up reward. Real rounds through the
// Originals' signed wallet protocol, the real consumer, refreshData and getVipInfo.
const TZ = 'America/Sao_Paulo'; // UTC-3, no daylight saving
const WEEK = 7;

type Rows<T> = { rows: T[] };

describeDb('VIP retention rule (activity 8)', () => {
  let t: TestApp;
  let activityId: number;
  const settings = {
    levels: [
      { betAmount: 0 },
      { betAmount: 1_000, levelUpReward: 100, keepBet: 500 },
      { betAmount: 3_000, levelUpReward: 300, keepBet: 2_000 },
      { betAmount: 10_000, levelUpReward: 1_000, keepBet: 5_000 },
    ],
    retention: { days: WEEK },
  };

  const drain = () => drainConsumers(t.database.db, t.clock, createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers());
  const user = async (p: TestPlayer) => (await call(t.app, 'refreshData', {}, p.token)).data as { coin: number; vip: number; vipExp: number };
  const level = async (p: TestPlayer) => {
    const [u, v] = await Promise.all([user(p), call(t.app, 'getVipInfo', {}, p.token)]);
    // The top bar (refreshData) and the VIP page (getVipInfo) say the same.
    expect(v.data.vipData).toMatchObject({ level: u.vip, exp: u.vipExp });
    return { vip: u.vip, exp: u.vipExp };
  };
  const levelUps = async (p: TestPlayer) =>
    ((await t.database.db.execute(sql`select idempotency_key as k from reward_grant where user_id = ${p.user.id} and idempotency_key like 'reward:vip_level:%' order by id`)) as unknown as Rows<{ k: string }>).rows.map(
      (r) => Number(r.k.split(':').at(-1)),
    );
  /** The first operator's day the rule has not evaluated. */
  const until = async () =>
    ((await t.database.db.execute(sql`select evaluated_until::text as d from vip_retention where activity_id = ${activityId}`)) as unknown as Rows<{ d: string }>).rows[0]?.d ?? null;
  /** The last week evaluated. */
  const evaluated = async () => {
    const d = await until();
    return d === null ? null : periodOfDay(WEEK, d) - 1;
  };
  async function roll(p: TestPlayer, bet: number) {
    const g = await openGame(t, p, 'dice');
    const res = await api(t, 'dice/roll', { bet, target: 5_000, direction: 'under' }, g.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  /** The operator's day now, and the period holding it. */
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(t.clock.now());
  const period = () => periodOfDay(WEEK, today());
  /** Moves the clock to `hh:mm` on the first day of period `p` (operator's time). */
  function goTo(p: number, minutes = 9 * 60) {
    const at = startOfDay(TZ, periodDays(WEEK, p).from).getTime() + minutes * MINUTE;
    t.clock.advance(at - t.clock.now().getTime());
  }

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
    activityId = await startActivity(t, { type: ActivityType.vip, name: 'VIP with retention', settings });
  });
  afterAll(async () => {
    await closeCheckingLedger(t);
  });

  it('refuses a retention period outside 1-366 days and a negative keepBet, naming the field', async () => {
    for (const [bad, field] of [
      [{ ...settings, retention: { days: 0 } }, 'settings.retention.days'],
      [{ ...settings, levels: [{ betAmount: 0 }, { betAmount: 1_000, keepBet: -1 }] }, 'settings.levels.1.keepBet'],
    ] as const) {
      const res = await staffCall(t, 'POST', '/activities', { type: ActivityType.vip, name: 'bad', settings: bad });
      expect(res.code).toBe(5006);
      expect(res.msg).toContain(field);
    }
  });

  it('keeps a level by its keepBet in a period, drops to what the bet supports, once per period; a level reached again pays nothing', async () => {
    const start = period();
    const [keeper, dropper, idle, other] = (await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(t, 1_000_000)))) as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];

    // The first period seen is never evaluated: the rule counts from the next full one.
    await roll(keeper, 3_500);
    await roll(dropper, 3_500);
    await roll(idle, 1_200);
    await drain();
    expect(await level(keeper)).toEqual({ vip: 2, exp: 3_500 });
    expect(await level(idle)).toEqual({ vip: 1, exp: 1_200 });
    expect(await evaluated()).toBe(start);
    expect(await levelUps(dropper)).toEqual([1, 2]);

    // Period start+1: the keeper bets 2,000 (VIP 2's keepBet), the dropper 600 (VIP 1's is 500), the idle player nothing.
    goTo(start + 1);
    await roll(keeper, 2_000);
    await roll(dropper, 600);
    await drain();
    expect((await level(dropper)).vip).toBe(2); // not yet: the period has not ended
    expect(await evaluated()).toBe(start);

    // Period start+2: its first round ends start+1 for everyone at once.
    goTo(start + 2);
    await roll(other, 100);
    await drain();
    expect(await evaluated()).toBe(start + 1);
    expect(await level(keeper)).toEqual({ vip: 2, exp: 5_500 });
    expect(await level(dropper)).toEqual({ vip: 1, exp: 1_000 }); // exp back to where VIP 1 starts
    expect(await level(idle)).toEqual({ vip: 0, exp: 0 });
    await drain(); // evaluated once: nothing moves again
    expect(await level(dropper)).toEqual({ vip: 1, exp: 1_000 });

    // Climbing back to VIP 2 pays no second reward for it; the exp counts on from 1,000.
    await roll(dropper, 2_000);
    await drain();
    expect(await level(dropper)).toEqual({ vip: 2, exp: 3_000 });
    expect(await levelUps(dropper)).toEqual([1, 2]);
    const rewards = ((await t.database.db.execute(sql`select coalesce(sum(count), 0)::int as n from reward_grant where user_id = ${dropper.user.id}`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
    expect(rewards).toBe(100 + 300);

    // A round at 23:59 on the period's last day, read after midnight, counts in its own period:
    // the keeper's 2,000 keeps VIP 2 at the end of start+2.
    goTo(start + 3, -1);
    expect(periodOfDay(WEEK, today())).toBe(start + 2);
    await roll(keeper, 2_000);
    goTo(start + 3, 1);
    await roll(other, 100);
    await drain();
    expect(await evaluated()).toBe(start + 2);
    expect((await level(keeper)).vip).toBe(2);
    expect((await level(dropper)).vip).toBe(2); // bet 2,000 in start+2

    // Periods with no round at all: the first round after them evaluates start+3 (no bet from
    // these players) and the empty ones after it once: everyone down to what no bet keeps.
    goTo(start + 6);
    await roll(other, 100);
    await drain();
    expect(await evaluated()).toBe(start + 5);
    expect(await level(keeper)).toEqual({ vip: 0, exp: 0 });
    expect(await level(dropper)).toEqual({ vip: 0, exp: 0 });
    expect(await levelUps(keeper)).toEqual([1, 2]);

    // The operator changes the period to a day: the rule carries on from the first day not evaluated.
    const day0 = periodDays(WEEK, start + 6).from;
    expect(await until()).toBe(day0);
    expect((await staffCall(t, 'POST', `/activities/${activityId}`, { settings: { ...settings, retention: { days: 1 } } })).code).toBe(200);
    await roll(keeper, 1_200); // day0: VIP 1, and VIP 1's keepBet (500) met
    await drain();
    t.clock.advance(24 * 60 * MINUTE);
    await roll(other, 100);
    await drain();
    expect(await until()).toBe(periodDays(1, periodOfDay(1, day0) + 1).from);
    expect(await level(keeper)).toEqual({ vip: 1, exp: 1_200 });
    t.clock.advance(24 * 60 * MINUTE);
    await roll(other, 100);
    await drain(); // the day after day0: no bet from the keeper
    expect(await level(keeper)).toEqual({ vip: 0, exp: 0 });

    // The rule removed, then saved again days later: it counts from its first full period again,
    // not from the days it did not run.
    await roll(keeper, 1_200);
    expect((await staffCall(t, 'POST', `/activities/${activityId}`, { settings: { ...settings, retention: undefined } })).code).toBe(200);
    await drain();
    expect(await until()).toBeNull();
    t.clock.advance(5 * 24 * 60 * MINUTE);
    expect((await staffCall(t, 'POST', `/activities/${activityId}`, { settings: { ...settings, retention: { days: 1 } } })).code).toBe(200);
    await roll(other, 100);
    await drain();
    expect(await level(keeper)).toEqual({ vip: 1, exp: 1_200 });
    t.clock.advance(24 * 60 * MINUTE);
    await roll(other, 100);
    await drain(); // the day it was saved is not evaluated
    expect(await level(keeper)).toEqual({ vip: 1, exp: 1_200 });
    t.clock.advance(24 * 60 * MINUTE);
    await roll(other, 100);
    await drain(); // the first full day under the rule saved again has ended: no bet, VIP 0
    expect(await level(keeper)).toEqual({ vip: 0, exp: 0 });
  });
});
