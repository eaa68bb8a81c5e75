import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { api, fundedPlayer, openGame } from '../../test/originals/originals-test-kit.ts';
import { MINUTE } from '../../lib/clock.ts';
import { withTx } from '../../db/tx.ts';
import { drainConsumers, testEventRunner } from '../events/events-test-kit.ts';
import { insertDomainEvent } from '../events/domain-events.service.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { createRewardsService } from './rewards.service.ts';
import { closeCheckingLedger, startActivity } from './rewards-test-kit.ts';

// VIP (activity 8) and its rebate (issue 17 §2-§3, decisions 045 and 046), through the real app:
// rounds played in the Originals through the signed wallet protocol, the event runner's consumer,
// the claims, the red dots, and the ledger after.
const TZ = 'America/Sao_Paulo'; // UTC-3, no daylight saving

type Rows<T> = { rows: T[] };

describeDb('VIP and rebate (activity 8)', () => {
  let t: TestApp;
  let types: Record<'slots' | 'crash' | 'instant', number>;
  let activityId: number;

  const settings = () => ({
    levels: [
      { betAmount: 0, rebateBp: 10, tasks: [{ id: 1, betAmount: 1_000, reward: 5 }] },
      { betAmount: 1_000, levelUpReward: 100, dailyGift: 50, signInGift: 70, rebateBp: 50, rebateBpByType: { [types.instant]: 100 }, tasks: [{ id: 11, betAmount: 2_000, reward: 20 }, { id: 12, betAmount: 5_000, reward: 30 }] },
      { betAmount: 3_000, levelUpReward: 300, dailyGift: 80, rebateBp: 70 },
      { betAmount: 5_000, levelUpReward: 500, dailyGift: 120, signInGift: 200, rebateBp: 90 },
      { betAmount: 1_000_000, levelUpReward: 5_000, dailyGift: 1_000, rebateBp: 150 },
    ],
    expWeights: { [types.slots]: 50 },
    multiplier: 1,
  });

  const consumers = () => createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers();
  const drain = () => drainConsumers(t.database.db, t.clock, consumers());
  const info = async (p: TestPlayer) => {
    const res = await call(t.app, 'getVipInfo', {}, p.token);
    expect(res.code, res.msg).toBe(200);
    return res.data.vipData;
  };
  const user = async (p: TestPlayer) => (await call(t.app, 'refreshData', {}, p.token)).data as { coin: number; vip: number; vipExp: number; bet: number };
  const dots = async (p: TestPlayer) => (await call(t.app, 'activityGetStatusList', {}, p.token)).data;
  const grants = async (p: TestPlayer, like: string) =>
    ((await t.database.db.execute(sql`select idempotency_key as k, count::int as n from reward_grant where user_id = ${p.user.id} and idempotency_key like ${`reward:${like}%`} order by id`)) as unknown as Rows<{ k: string; n: number }>).rows;

  /** A dice roll of `bet` as the in-iframe client plays it: one signed bet and one win at the wallet; the round settles. */
  async function roll(p: TestPlayer, bet: number, token?: string) {
    const g = token ?? (await openGame(t, p, 'dice')).token;
    const res = await api(t, 'dice/roll', { bet, target: 5_000, direction: 'under' }, g);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
    const rows = ((await t.database.db.execute(sql`select id, code from game_type`)) as unknown as Rows<{ id: number; code: string }>).rows;
    types = Object.fromEntries(rows.map((r) => [r.code, r.id])) as typeof types;
    activityId = await startActivity(t, { type: ActivityType.vip, name: 'VIP club', settings: settings() });
  });
  afterAll(async () => {
    await closeCheckingLedger(t);
  });

  it('refuses settings that do not hold (levels going down, level 0 above 0, duplicate task ids) naming the field', async () => {
    const bad = settings();
    bad.levels[2]!.betAmount = 500;
    const res = await staffCall(t, 'POST', '/activities', { type: ActivityType.vip, name: 'bad', settings: bad });
    expect(res.code).toBe(ErrorCode.activitySettingsInvalid);
    expect(res.msg).toContain('settings.levels');
    const dup = settings();
    dup.levels[1]!.tasks = [{ id: 1, betAmount: 10, reward: 1 }];
    expect((await staffCall(t, 'POST', '/activities', { type: ActivityType.vip, name: 'bad', settings: dup })).code).toBe(ErrorCode.activitySettingsInvalid);
  });

  it('the app config carries the level config and vip map (spec §3) of the running VIP activity', async () => {
    const cfg = (await call(t.app, 'anonymous/appConfig', {})).data;
    expect(cfg.levelConfig).toEqual(settings().levels.map((l, level) => ({ level, betAmount: l.betAmount })));
    expect(cfg.vipMap['2']).toEqual({ level: 2, betAmount: 3_000 });
  });

  it('levels up from real rounds: one round crossing three levels pays each level once, exp by game-type weight', async () => {
    const p = await fundedPlayer(t, 1_000_000);
    expect((await info(p)).level).toBe(0);
    const g = await roll(p, 6_000); // instant (dice): weight 100 → exp 6,000: VIP 3
    const before = await user(p);
    expect(before).toMatchObject({ vip: 0, vipExp: 0 }); // not yet: the consumer has not run
    await drain();
    const after = await user(p);
    expect(after).toMatchObject({ vip: 3, vipExp: 6_000 });
    expect(after.coin).toBe(before.coin + 100 + 300 + 500);
    expect((await grants(p, 'vip_level:')).map((r) => [r.k, r.n])).toEqual([
      [`reward:vip_level:${p.user.id}:1`, 100],
      [`reward:vip_level:${p.user.id}:2`, 300],
      [`reward:vip_level:${p.user.id}:3`, 500],
    ]);
    await drain(); // nothing new: nothing more paid
    expect((await user(p)).coin).toBe(after.coin);
    const v = await info(p);
    expect(v).toMatchObject({ level: 3, exp: 6_000, next: { level: 4, betAmount: 1_000_000, remaining: 994_000 } });
    expect(v.levelUps.map((l: { level: number }) => l.level)).toEqual([3, 2, 1]);
    expect(g.roundId).toBeTruthy();

    // Slots count half: a 2,000 spin adds 1,000 exp.
    const slot = await openGame(t, p, 'slot');
    const spin = await api(t, 'slot/spin', { bet: 2_000 }, slot.token);
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);
    await drain();
    expect(await user(p)).toMatchObject({ vip: 3, vipExp: 7_000 });
    const log = await call(t.app, 'activityAwardGetLog', { activityType: ActivityType.vip }, p.token);
    expect(log.data.list.map((r: { reason: string }) => r.reason)).toEqual(['reward_vip_level', 'reward_vip_level', 'reward_vip_level']);
  });

  it('a batch reaching more than 10 rewarded levels stops before the round that would pass them; the next carries on; each level paid once', async () => {
    const players = await Promise.all(Array.from({ length: 30 }, () => fundedPlayer(t, 100_000)));
    for (const p of players) await roll(p, 6_000); // VIP 3 each: levels 1, 2 and 3 rewarded, 90 in all
    const ids = `{${players.map((p) => p.user.id).join(',')}}`;
    const levelUps = async () =>
      ((await t.database.db.execute(sql`select count(*)::int as n from reward_grant where user_id = any (${ids}::bigint[]) and idempotency_key like 'reward:vip_level:%'`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
    // A read window reaching every round, so the first batch holds them all and stops by itself.
    const runner = testEventRunner(t.database.db, t.clock, consumers(), { minTxidWindow: 1_000_000 });
    const first = await runner.runBatch('rewards.vip');
    expect(first).toMatchObject({ status: 'applied', more: true });
    expect(await levelUps()).toBe(9); // 3 players' rounds: the 4th's three would pass 10
    // Paid as one award list (decision 056): one transaction, one insert of the grants (one command
    // of one reward_award statement), one promotion shard.
    const paidTogether = (await t.database.db.execute(sql`select count(distinct g.xmin::text)::int as txs, count(distinct g.cmin::text)::int as cmds,
        count(distinct a.shard)::int as shards from reward_grant g join ledger_entry e on e.transfer_id = g.ledger_transfer_id
        join ledger_account a on a.id = e.account_id and a.user_id is null
       where g.user_id = any (${ids}::bigint[]) and g.idempotency_key like 'reward:vip_level:%'`)) as unknown as Rows<{ txs: number; cmds: number; shards: number }>;
    expect(paidTogether.rows[0]).toEqual({ txs: 1, cmds: 1, shards: 1 });
    await drain();
    expect(await levelUps()).toBe(90);
    for (const p of players) expect(await user(p)).toMatchObject({ vip: 3, vipExp: 6_000 });
  });

  it('levels never go down: an operator raising the thresholds keeps the level held', async () => {
    const p = await fundedPlayer(t, 100_000);
    await roll(p, 1_200);
    await drain();
    expect((await user(p)).vip).toBe(1);
    const higher = settings();
    higher.levels[1]!.betAmount = 2_000;
    expect((await staffCall(t, 'POST', `/activities/${activityId}`, { settings: higher })).code).toBe(200);
    await roll(p, 100);
    await drain();
    expect(await user(p)).toMatchObject({ vip: 1, vipExp: 1_300 });
    expect((await info(p)).level).toBe(1);
    expect((await staffCall(t, 'POST', `/activities/${activityId}`, { settings: settings() })).code).toBe(200);
  });

  it('daily gift: once per operator day, again after the operator’s midnight; the dot follows', async () => {
    const p = await fundedPlayer(t, 100_000);
    expect((await call(t.app, 'appVipUserReceiveDaily', {}, p.token)).code).toBe(ErrorCode.rewardNotEligible); // VIP 0 has none
    await roll(p, 1_000);
    await drain();
    // 23:58 in São Paulo (02:58 UTC next day).
    const now = t.clock.now();
    const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 2, 58);
    t.clock.advance(target - now.getTime());
    expect((await dots(p)).vipAwardFlag).toBe(true);
    const coin = (await user(p)).coin;
    const first = await call(t.app, 'appVipUserReceiveDaily', {}, p.token);
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ amount: 50, turnover: 50, coin: coin + 50 });
    expect((await call(t.app, 'appVipUserReceiveDaily', {}, p.token)).code).toBe(ErrorCode.rewardAlreadyReceived);
    const sign = await call(t.app, 'appVipUserReceiveSignInAward', {}, p.token);
    expect(sign.data).toMatchObject({ amount: 70 });
    expect((await call(t.app, 'appVipUserReceiveSignInAward', {}, p.token)).code).toBe(ErrorCode.rewardAlreadyReceived);
    expect((await info(p)).claimable).toMatchObject({ daily: 0, dailyReceived: true, signIn: 0, signInReceived: true });
    expect((await dots(p)).vipAwardFlag).toBe(false);

    t.clock.advance(3 * MINUTE); // 00:01 the next operator day
    expect((await dots(p)).vipAwardFlag).toBe(true);
    expect((await call(t.app, 'appVipUserReceiveDaily', {}, p.token)).data).toMatchObject({ amount: 50 });
    const days = (await grants(p, 'vip_daily:')).map((r) => r.k.split(':').at(-1));
    expect(days).toHaveLength(2);
    expect(new Set(days).size).toBe(2);
  });

  it('ten daily-gift taps and ten rebate taps at once each pay once', async () => {
    const p = await fundedPlayer(t, 100_000);
    await roll(p, 2_000);
    await drain();
    const coin = (await user(p)).coin;
    const daily = await Promise.all(Array.from({ length: 10 }, () => call(t.app, 'appVipUserReceiveDaily', {}, p.token)));
    expect(daily.filter((a) => a.code === 200)).toHaveLength(1);
    expect(daily.every((a) => a.code === 200 || a.code === ErrorCode.rewardAlreadyReceived)).toBe(true);
    // Rebate: the 2,000 dice round at VIP 0's 10 bp accrued 2,000 × 10 = 20,000 millionths: 2 hundredths.
    const rebate = await Promise.all(Array.from({ length: 10 }, () => call(t.app, 'betBonusReceive', {}, p.token)));
    expect(rebate.filter((a) => a.code === 200)).toHaveLength(1);
    expect(rebate.filter((a) => a.code !== 200).every((a) => a.code === ErrorCode.rewardNotEligible)).toBe(true);
    expect(rebate.find((a) => a.code === 200)!.data).toMatchObject({ amount: 2, details: [{ typeId: types.instant, validBet: 2_000, amount: 2 }] });
    // Level 1 (100) + daily 50 + rebate 2.
    expect((await user(p)).coin).toBe(coin + 50 + 2);
  });

  it('VIP tasks: done by today’s valid bet, received one by one or all at once, once; another level’s task is refused', async () => {
    const p = await fundedPlayer(t, 100_000);
    await roll(p, 1_000);
    await drain(); // VIP 1, today 1,000
    let v = await info(p);
    expect(v.claimable.tasks.map((x: { id: number; status: string; progress: number }) => [x.id, x.status, x.progress])).toEqual([
      [11, 'open', 1_000],
      [12, 'open', 1_000],
    ]);
    expect((await call(t.app, 'receiveVipTask', { id: 11 }, p.token)).code).toBe(ErrorCode.rewardNotEligible);
    expect((await call(t.app, 'receiveVipTask', { id: 1 }, p.token)).code).toBe(ErrorCode.rewardNotEligible); // VIP 0's task
    expect((await call(t.app, 'receiveVipTaskUnReceiveBonus', {}, p.token)).code).toBe(ErrorCode.rewardNotEligible);
    await roll(p, 1_000); // today 2,000 (exp 2,000: still VIP 1)
    await drain();
    expect((await call(t.app, 'receiveVipTask', { id: 11 }, p.token)).data).toMatchObject({ amount: 20 });
    expect((await call(t.app, 'receiveVipTask', { id: 11 }, p.token)).code).toBe(ErrorCode.rewardAlreadyReceived);
    await roll(p, 800);
    await roll(p, 200); // today 4,000: VIP 2 (exp 4,000), which has no tasks
    await drain();
    expect((await info(p)).level).toBe(2);
    expect((await call(t.app, 'receiveVipTaskUnReceiveBonus', {}, p.token)).code).toBe(ErrorCode.rewardNotEligible);
    const q = await fundedPlayer(t, 100_000);
    await roll(q, 1_000);
    await drain();
    const twin = await fundedPlayer(t, 100_000);
    await roll(q, 1_500); // exp and today 2,500: VIP 1, task 11 done, task 12 not
    await roll(twin, 100);
    await drain();
    v = await info(q);
    expect(v.level).toBe(1);
    const all = await Promise.all(Array.from({ length: 5 }, () => call(t.app, 'receiveVipTaskUnReceiveBonus', {}, q.token)));
    expect(all.filter((a) => a.code === 200).map((a) => a.data)).toEqual([expect.objectContaining({ amount: 20, tasks: [11] })]);
    // The other player's state is theirs: they have no task done and nothing to receive.
    expect((await call(t.app, 'receiveVipTask', { id: 11 }, twin.token)).code).toBe(ErrorCode.rewardNotEligible);
    expect((await call(t.app, 'betBonusReceive', {}, twin.token)).code).toBe(ErrorCode.rewardNotEligible);
    expect((await call(t.app, 'getVipInfo', {})).code).toBe(ErrorCode.unauthorized);
    expect((await call(t.app, 'betBonusReceive', {})).code).toBe(ErrorCode.unauthorized);
  });

  it('rebate: accrued per game type, floored at claim with the rest kept; betBonus, the log and the dot', async () => {
    const p = await fundedPlayer(t, 100_000);
    await roll(p, 1_001); // VIP 0 at 10 bp: 10,010 millionths → 1 hundredth (10 left)
    await drain(); // now VIP 1
    const slot = await openGame(t, p, 'slot');
    for (let i = 0; i < 3; i++) expect((await api(t, 'slot/spin', { bet: 300 }, slot.token)).status).toBe(200); // VIP 1 slots 50 bp: 3 × 15,000
    await drain();
    const bb = await call(t.app, 'betBonus', {}, p.token);
    expect(bb.code, bb.msg).toBe(200);
    const byType = Object.fromEntries(bb.data.list.map((r: { typeId: number }) => [r.typeId, r]));
    expect(byType[types.instant]).toMatchObject({ validBet: 1_001, accruedMicros: 10_010, claimable: 1, rateBp: 100 });
    expect(byType[types.slots]).toMatchObject({ validBet: 900, accruedMicros: 45_000, claimable: 4, rateBp: 50 });
    expect(bb.data.claimable).toBe(5);
    expect((await call(t.app, 'betBonus', { type: types.slots }, p.token)).data.list).toHaveLength(1);
    expect((await dots(p)).redDots.rebate).toBe(true);
    const got = await call(t.app, 'betBonusReceive', {}, p.token);
    expect(got.data).toMatchObject({ amount: 5, turnover: 5 });
    expect((await dots(p)).redDots.rebate).toBe(false);
    const left = await call(t.app, 'betBonus', {}, p.token);
    expect(Object.fromEntries(left.data.list.map((r: { typeId: number; accruedMicros: number }) => [r.typeId, r.accruedMicros]))).toMatchObject({ [types.instant]: 10, [types.slots]: 5_000 });
    const log = await call(t.app, 'betBonusLog', {}, p.token);
    expect(log.data).toMatchObject({ total: 1, list: [{ amount: 5 }] });
    expect(log.data.list[0].details.map((d: { typeName: string }) => d.typeName).sort()).toEqual(['Instant', 'Slots']);
    const rec = await call(t.app, 'activityAwardGetLog', { activityType: ActivityType.vip }, p.token);
    expect(rec.data.list[0]).toMatchObject({ reason: 'reward_vip_rebate', count: 5 });
  });

  it('rebate equals a model over random bet sequences and claims (fast-check; floors only at claim)', async () => {
    const s = settings();
    const rateAt = (level: number, typeId: number) => (s.levels[level]!.rebateBpByType as Record<string, number> | undefined)?.[String(typeId)] ?? s.levels[level]!.rebateBp;
    const typeIds = [types.slots, types.crash, types.instant];
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.record({ typeIx: fc.nat(2), bet: fc.integer({ min: 1, max: 700 }) }), fc.constant('claim' as const)), { minLength: 1, maxLength: 25 }),
        async (steps) => {
          const p = await fundedPlayer(t, 0);
          // The model: exact millionths per type, level from weighted exp, a claim pays each type's floor.
          const acc = new Map<number, number>();
          let exp = 0;
          let level = 0;
          let paidModel = 0;
          let paid = 0;
          const flush = async () => {
            await drain();
          };
          for (const step of steps) {
            if (step === 'claim') {
              await flush();
              let due = 0;
              for (const [k, v] of acc) {
                due += Math.floor(v / 10_000);
                acc.set(k, v % 10_000);
              }
              paidModel += due;
              const res = await call(t.app, 'betBonusReceive', {}, p.token);
              if (due === 0) expect(res.code).toBe(ErrorCode.rewardNotEligible);
              else {
                expect(res.code, res.msg).toBe(200);
                paid += res.data.amount as number;
              }
              continue;
            }
            const typeId = typeIds[step.typeIx]!;
            await withTx(t.database.db, (tx) =>
              insertDomainEvent(tx, 'game.round_settled', { userId: p.user.id, platform: 'originals', gameId: 1, typeId, roundId: `fc-${++seq}`, status: 'settled', bet: step.bet, win: 0, endedBy: 'provider' }, t.clock.now()),
            );
            acc.set(typeId, (acc.get(typeId) ?? 0) + step.bet * rateAt(level, typeId));
            exp += Math.floor((step.bet * ((s.expWeights as Record<string, number>)[String(typeId)] ?? 100)) / 100);
            for (let l = 1; l < s.levels.length; l++) if (exp >= s.levels[l]!.betAmount) level = Math.max(level, l);
          }
          await flush();
          expect(paid).toBe(paidModel);
          const left = await call(t.app, 'betBonus', {}, p.token);
          for (const r of left.data.list as { typeId: number; accruedMicros: number }[]) expect(r.accruedMicros).toBe(acc.get(r.typeId) ?? 0);
          expect((await user(p)).vipExp).toBe(exp);
        },
      ),
      { numRuns: TEST_DB === 'pg' ? 12 : 8 },
    );
  });

  (TEST_DB === 'pg' ? describe : describe.skip)('under concurrency (PostgreSQL)', () => {
    it('rounds ending at once and consumers draining at once pay each level once', async () => {
      const p = await fundedPlayer(t, 10_000_000);
      const sessions = await Promise.all(Array.from({ length: 12 }, () => openGame(t, p, 'dice')));
      await Promise.all(sessions.map((g) => roll(p, 600, g.token))); // 7,200 exp: VIP 3 by the 9th round
      await Promise.all([drain(), drain(), drain()]);
      await drain();
      expect(await user(p)).toMatchObject({ vip: 3, vipExp: 7_200 });
      const paid = await grants(p, 'vip_level:');
      expect(paid.map((r) => r.k.split(':').at(-1))).toEqual(['1', '2', '3']);
    });
  });
});
