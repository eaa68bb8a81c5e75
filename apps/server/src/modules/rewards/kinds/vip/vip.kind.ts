import {
  ActivityType,
  AppError,
  appVipUserReceiveDailyEndpoint,
  appVipUserReceiveSignInAwardEndpoint,
  AwardId,
  betBonusEndpoint,
  betBonusLogEndpoint,
  betBonusReceiveEndpoint,
  ErrorCode,
  getVipInfoEndpoint,
  receiveVipTaskEndpoint,
  receiveVipTaskUnReceiveBonusEndpoint,
  type Money,
} from '@playhall/contract';
import { withTx, type Executor, type Tx } from '../../../../db/tx.ts';
import { must } from '../../../../plugins/app/endpoints.ts';
import { defineConsumer } from '../../../events/domain-events.service.ts';
import { award, awardAll, consumerPaid, paidOrThrow, type AwardInput, type AwardResult } from '../../award.service.ts';
import { addDays, dayIn, startOfDay } from '../../calendar.ts';
import { assertEligible, eligibleGrants } from '../../eligibility.ts';
import * as rewards from '../../rewards.repo.ts';
import type { Activity, ActivityKind, KindContext } from '../kind.ts';
import * as repo from './vip.repo.ts';
import {
  applyRounds,
  claimable,
  expOf,
  levelOf,
  MICROS_PER_HUNDREDTH,
  periodDays,
  periodOfDay,
  rateOf,
  vipSettings,
  type PlayerVip,
  type ValidBet,
  type VipLevel,
  type VipSettings,
} from './vip.rules.ts';

/**
 * VIP (activity 8, issue 17 §2-§3, decisions 045 and 046) and its rebate, one kind: the rebate's
 * rates are part of the level table. The consumer reads `game.round_settled` (valid bet = the
 * settled stake) set-based per batch: exp and level in app_user, the rebate per game type, the
 * valid bet per operator's day, and the level-up rewards of the levels a batch reaches.
 */
type Vip = Activity<VipSettings>;
const m = (n: number) => n as Money;

/** Keys name what they pay for (decision 028): concurrent claims send the same key and pay once. */
const key = {
  level: (u: number, level: number) => `vip_level:${u}:${level}`,
  daily: (u: number, day: string) => `vip_daily:${u}:${day}`,
  signIn: (u: number, week: string) => `vip_sign_in:${u}:${week}`,
  task: (u: number, day: string, id: number) => `vip_task:${u}:${day}:${id}`,
  rebate: (claimId: number) => `vip_rebate:${claimId}`,
};

/** The Monday (YYYY-MM-DD) of `day`'s week. */
function weekOf(day: string): string {
  const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -dow);
}

interface VipFacts {
  userId: number;
  level: number | null;
  todayBet: string | null;
  rebate: boolean;
  granted: Record<string, boolean>;
}

/** The operator's day and week (its Monday) at `now`. */
function periodOf(ctx: KindContext, now: Date) {
  const day = dayIn(ctx.timeZone, now);
  return { day, week: weekOf(day) };
}

const levelRow = (s: VipSettings, level: number): VipLevel => s.levels[Math.min(level, s.levels.length - 1)]!;

/** The VIP claims that are open now from the facts: gifts not yet received, tasks done and not received. */
function openClaims(a: Vip, userId: number, level: number, todayBet: number, day: string, week: string, granted: (k: string) => boolean) {
  const l = levelRow(a.settings, level);
  const daily = l.dailyGift > 0 && !granted(key.daily(userId, day));
  const signIn = l.signInGift > 0 && !granted(key.signIn(userId, week));
  const tasks = l.tasks.map((t) => {
    const received = granted(key.task(userId, day, t.id));
    return { ...t, progress: Math.min(todayBet, t.betAmount), status: received ? ('received' as const) : todayBet >= t.betAmount ? ('done' as const) : ('open' as const) };
  });
  return { l, daily, signIn, tasks };
}

/** Every claim key of the player today and this week (the dot's facts and getVipInfo test them). */
function keysOf(a: Vip, userId: number, day: string, week: string): string[] {
  return [key.daily(userId, day), key.signIn(userId, week), ...a.settings.levels.flatMap((l) => l.tasks.map((t) => key.task(userId, day, t.id)))];
}

/** One VIP award's input (bonus coin with the activity's wagering), reason `reward_vip_<what>`. */
const grantInput = (a: Vip, userId: number, count: number, k: string, what: string, now: Date): AwardInput => ({
  userId,
  awardId: AwardId.coin,
  count,
  reason: `reward_vip_${what}`,
  key: k,
  multiplier: a.settings.multiplier,
  activityId: a.id,
  at: now,
});

/** One VIP award in the caller's transaction. */
const grant = (tx: Executor, a: Vip, userId: number, count: number, k: string, what: string, now: Date) => award(tx, grantInput(a, userId, count, k, what, now));

/** A claim's award; a key paid before is 5003. */
async function pay(tx: Executor, a: Vip, userId: number, count: number, k: string, what: string, now: Date): Promise<AwardResult> {
  const paid = await grant(tx, a, userId, count, k, what, now);
  if (paid.replayed) throw new AppError(ErrorCode.rewardAlreadyReceived);
  return paid;
}

const claimResult = (p: AwardResult) => ({ awardId: p.awardId, amount: m(p.count), turnover: m(p.turnover), coin: m(p.balanceAfter ?? 0) });

/** The running VIP activity at `now` read in the consumer's transaction (its settings as checked on save). */
async function runningVip(tx: Tx, now: Date): Promise<Vip | null> {
  const row = (await rewards.runningActivities(tx, now, ActivityType.vip))[0];
  const parsed = row && vipSettings.safeParse(row.settings);
  return row && parsed?.success ? { ...row, settings: parsed.data } : null;
}

/**
 * Level-up rewards one consumer transaction pays at most: each holds its player's coin account (and
 * the transaction the consumers' horizon) until commit, while that player plays.
 */
const MAX_LEVEL_UPS = 10;

/**
 * How many of a batch's events (null: not a valid bet) one transaction applies: all of them,
 * unless their rounds reach more than MAX_LEVEL_UPS rewarded levels, then those before the round
 * that would pass it (at least one).
 */
function levelUpCut(s: VipSettings, held: Map<number, PlayerVip>, rounds: readonly (ValidBet | null)[]): number {
  const players = new Map<number, PlayerVip>();
  let ups = 0;
  for (let i = 0; i < rounds.length; i++) {
    const r = rounds[i];
    if (!r) continue;
    const start = held.get(r.userId);
    if (!start) continue;
    const p = players.get(r.userId) ?? { ...start };
    players.set(r.userId, p);
    const before = p.level;
    p.exp += expOf(s, r.typeId, r.bet);
    p.level = levelOf(s, p.level, p.exp);
    for (let l = before + 1; l <= p.level; l++) if (s.levels[l]!.levelUpReward > 0) ups++;
    if (ups > MAX_LEVEL_UPS) return Math.max(1, i);
  }
  return rounds.length;
}

/** A settled round as the consumer applies it, with its operator's day. */
interface DatedRound {
  userId: number;
  typeId: number;
  bet: number;
  day: string;
}

/**
 * Applies rounds (in outbox order) set-based: the players' levels (`read`, or read here), then one
 * statement for exp, levels, rebate and day totals. Answers the levels reached, whose rewards the
 * batch pays at its end (payLevelUps; rare; a level reached again replays its key and pays nothing).
 */
async function applySegment(tx: Tx, a: Vip, rounds: DatedRound[], now: Date, read?: Map<number, PlayerVip>): Promise<LevelUp[]> {
  const held = read ?? (await repo.playersVip(tx, [...new Set(rounds.map((r) => r.userId))]));
  const players = new Map<number, PlayerVip>();
  for (const r of rounds) {
    const p = held.get(r.userId);
    if (p && !players.has(r.userId)) players.set(r.userId, { ...p });
  }
  const mine = rounds.filter((r) => players.has(r.userId));
  const rebate = applyRounds(a.settings, players, mine);
  // The day totals serve the VIP tasks and the retention rule: written only when one exists.
  const days = new Map<string, { userId: number; day: string; validBet: number }>();
  if (a.settings.retention || a.settings.levels.some((l) => l.tasks.length > 0)) {
    for (const r of mine) {
      const row = days.get(`${r.userId}:${r.day}`) ?? { userId: r.userId, day: r.day, validBet: 0 };
      row.validBet += r.bet;
      days.set(`${r.userId}:${r.day}`, row);
    }
  }
  // Lock order (decision 045): the VIP rows first, then (a level-up award) the money.
  await repo.applyBatch(tx, {
    players: [...players].map(([userId, p]) => ({ userId, exp: p.exp - held.get(userId)!.exp, level: p.level })),
    rebate,
    days: [...days.values()],
    at: now,
  });
  const ups: LevelUp[] = [];
  for (const [userId, p] of players) {
    for (let level = held.get(userId)!.level + 1; level <= p.level; level++) {
      const amount = a.settings.levels[level]!.levelUpReward;
      if (amount >= 1) ups.push({ userId, level, amount });
    }
  }
  return ups;
}

/** A level a player reached in a batch, with its reward. */
interface LevelUp {
  userId: number;
  level: number;
  amount: number;
}

/**
 * The batch's level-up rewards, paid together in one award list at its end (decision 056): one
 * statement, one promotion shard, the players' coin accounts locked in one order. A player who may
 * not receive promotions (a disabled account) is left out: the level counts, its reward is not paid.
 * A level reached twice in the batch (a retention drop between) is sent once; one paid before replays.
 */
async function payLevelUps(tx: Tx, a: Vip, ups: LevelUp[], now: Date): Promise<void> {
  if (!ups.length) return;
  const eligible = await eligibleGrants(tx, ups.map((u) => ({ activity: a, userId: u.userId, at: now })));
  const inputs = new Map<string, AwardInput>();
  ups.forEach((u, i) => {
    const k = key.level(u.userId, u.level);
    if (eligible[i] && !inputs.has(k)) inputs.set(k, grantInput(a, u.userId, u.amount, k, 'level', now));
  });
  consumerPaid(await awardAll(tx, [...inputs.values()]));
}

/**
 * Evaluates, once, every retention period that ended before `period` and was not evaluated yet
 * (the activity's vip_retention row, locked, says from which day): the first of them with its
 * players' valid bets, and if more ended since (no round at all in them), one more evaluation with
 * none. The first period seen is never evaluated: the rule counts from the first full period after
 * it is saved. A changed period length carries on from the first day not evaluated.
 */
async function evaluateRetention(tx: Tx, a: Vip, days: number, period: number, now: Date): Promise<void> {
  const { from, to } = periodDays(days, period);
  const until = await repo.retentionUntil(tx, a.id);
  if (until === null) return repo.setRetentionUntil(tx, a.id, to, now);
  if (until >= from) return;
  const first = periodOfDay(days, until);
  const keep = a.settings.levels.map((l) => l.keepBet);
  const start = a.settings.levels.map((l) => l.betAmount);
  await repo.applyRetention(tx, { ...periodDays(days, first), keep, start });
  if (first < period - 1) await repo.applyRetention(tx, { from: '2000-01-01', to: '2000-01-01', keep, start });
  await repo.setRetentionUntil(tx, a.id, from, now);
}

export const vipKind: ActivityKind<VipSettings, VipFacts> = {
  type: ActivityType.vip,
  name: 'vip',
  settings: vipSettings,
  detail: (a) => ({ levels: a.settings.levels.map((l, level) => ({ level, betAmount: l.betAmount })), multiplier: a.settings.multiplier }),

  dotFacts(ctx, a, userId, now) {
    const { day, week } = periodOf(ctx, now);
    return repo.vipFactsExpr(userId, day, MICROS_PER_HUNDREDTH, Object.fromEntries(keysOf(a, userId, day, week).map((k) => [k, ctx.grantedExpr(k)])));
  },
  redDots(facts, ctx, a, now) {
    if (!facts) return { vipAward: false, rebate: false };
    const { day, week } = periodOf(ctx, now);
    const open = openClaims(a, facts.userId, facts.level ?? 0, Number(facts.todayBet ?? 0), day, week, (k) => facts.granted[k] === true);
    return { vipAward: open.daily || open.signIn || open.tasks.some((t) => t.status === 'done'), rebate: facts.rebate };
  },

  consumers: (ctx) => [
    defineConsumer({
      name: 'rewards.vip',
      events: ['game.round_settled'],
      // A batch's cost is mostly fixed (nine statements): large batches keep it small per round (decision 055).
      batchSize: 1_000,
      async handle(tx, events) {
        const now = ctx.clock.now();
        const a = await runningVip(tx, now);
        if (!a) return;
        // Level-up rewards lock each player's coin account until the batch commits, while they
        // play: a batch stops after MAX_LEVEL_UPS of them, and the rest come in the next.
        const settled = (e: (typeof events)[number]) => e.payload.status === 'settled' && e.payload.bet > 0;
        const held = await repo.playersVip(tx, [...new Set(events.filter(settled).map((e) => e.payload.userId))]);
        const cut = levelUpCut(a.settings, held, events.map((e) => (settled(e) ? e.payload : null)));
        const rounds = events.slice(0, cut).filter(settled);
        if (!rounds.length) return cut;
        // Each round's operator day.
        const dated = rounds.map((e) => ({ userId: e.payload.userId, typeId: e.payload.typeId, bet: e.payload.bet, day: dayIn(ctx.timeZone, e.createdAt) }));
        const retention = a.settings.retention;
        if (!retention) {
          // No rule (or no longer): a rule saved later counts from its first full period.
          await repo.clearRetention(tx, a.id);
          // Nothing wrote the players' levels since they were read (the row locks of applyBatch come next).
          await payLevelUps(tx, a, await applySegment(tx, a, dated, now, held), now);
          return cut;
        }
        // With a retention rule: the rounds of each period, in order; a period's end is evaluated
        // (every player at once) before the first round of a later period (decision 055).
        const ups: LevelUp[] = [];
        let from = 0;
        while (from < dated.length) {
          const period = periodOfDay(retention.days, dated[from]!.day);
          let to = from + 1;
          while (to < dated.length && periodOfDay(retention.days, dated[to]!.day) === period) to++;
          await evaluateRetention(tx, a, retention.days, period, now);
          ups.push(...(await applySegment(tx, a, dated.slice(from, to), now)));
          from = to;
        }
        await payLevelUps(tx, a, ups, now);
        return cut;
      },
    }),
  ],

  routes(registry, ctx, running) {
    const current = async (): Promise<Vip> => {
      const a = await running(ActivityType.vip);
      if (!a) throw new AppError(ErrorCode.activityNotRunning);
      return a;
    };
    /** A claim: the activity, eligibility, the player's level and today, in one transaction. */
    const claim = <T>(userId: number, fn: (tx: Tx, a: Vip, level: number, now: Date) => Promise<T>) =>
      current().then((a) =>
        withTx(ctx.db, async (tx) => {
          const now = ctx.clock.now();
          await assertEligible(tx, a, userId, now);
          const p = (await repo.playersVip(tx, [userId])).get(userId)!;
          return fn(tx, a, levelOf(a.settings, p.level, p.exp), now);
        }),
      );
    const nothing = (what: string) => new AppError(ErrorCode.rewardNotEligible, what);

    registry.handle(getVipInfoEndpoint, async (c) => {
      const { userId } = must(c.session);
      const a = await current();
      const now = ctx.clock.now();
      const { day, week } = periodOf(ctx, now);
      const [held, todayBet, rebate, granted, levelUps] = await Promise.all([
        repo.playersVip(ctx.db, [userId]),
        repo.dayBet(ctx.db, userId, day),
        repo.rebateOf(ctx.db, userId),
        repo.grantedKeys(ctx.db, keysOf(a, userId, day, week)),
        repo.levelUpGrants(ctx.db, userId),
      ]);
      const p = held.get(userId)!;
      const level = levelOf(a.settings, p.level, p.exp);
      const open = openClaims(a, userId, level, todayBet, day, week, (k) => granted.has(k));
      const nextRow = a.settings.levels[level + 1];
      const prev = levelRow(a.settings, level).betAmount;
      return {
        vipData: {
          activityId: a.id,
          level,
          exp: m(p.exp),
          next: nextRow
            ? {
                level: level + 1,
                betAmount: m(nextRow.betAmount),
                remaining: m(Math.max(0, nextRow.betAmount - p.exp)),
                progressPct: Math.min(100, Math.max(0, Math.floor(((p.exp - prev) * 100) / (nextRow.betAmount - prev)))),
              }
            : null,
          levels: a.settings.levels.map((l, i) => ({
            level: i,
            betAmount: m(l.betAmount),
            levelUpReward: m(l.levelUpReward),
            dailyGift: m(l.dailyGift),
            signInGift: m(l.signInGift),
            rebateBp: l.rebateBp,
            rebateBpByType: l.rebateBpByType,
            tasks: l.tasks.map((t) => ({ id: t.id, betAmount: m(t.betAmount), reward: m(t.reward) })),
          })),
          todayBet: m(todayBet),
          claimable: {
            daily: m(open.daily ? open.l.dailyGift : 0),
            dailyReceived: granted.has(key.daily(userId, day)),
            signIn: m(open.signIn ? open.l.signInGift : 0),
            signInReceived: granted.has(key.signIn(userId, week)),
            tasks: open.tasks.map((t) => ({ id: t.id, betAmount: m(t.betAmount), reward: m(t.reward), progress: m(t.progress), status: t.status })),
            rebate: m(rebate.reduce((s, r) => s + claimable(r.accrued), 0)),
          },
          levelUps: levelUps.map((g) => ({ level: g.level, amount: m(g.amount), at: g.at.toISOString() })),
          multiplier: a.settings.multiplier,
          nextDayAt: startOfDay(ctx.timeZone, addDays(day, 1)).toISOString(),
          nextWeekAt: startOfDay(ctx.timeZone, addDays(week, 7)).toISOString(),
          timeZone: ctx.timeZone,
        },
      };
    });

    registry.handle(appVipUserReceiveDailyEndpoint, async (c) => {
      const { userId } = must(c.session);
      return claim(userId, async (tx, a, level, now) => {
        const amount = levelRow(a.settings, level).dailyGift;
        if (amount < 1) throw nothing(`VIP ${level} has no daily gift`);
        return claimResult(await pay(tx, a, userId, amount, key.daily(userId, periodOf(ctx, now).day), 'daily', now));
      });
    });

    registry.handle(appVipUserReceiveSignInAwardEndpoint, async (c) => {
      const { userId } = must(c.session);
      return claim(userId, async (tx, a, level, now) => {
        const amount = levelRow(a.settings, level).signInGift;
        if (amount < 1) throw nothing(`VIP ${level} has no sign-in gift`);
        return claimResult(await pay(tx, a, userId, amount, key.signIn(userId, periodOf(ctx, now).week), 'sign_in', now));
      });
    });

    registry.handle(receiveVipTaskEndpoint, async (c, b) => {
      const { userId } = must(c.session);
      return claim(userId, async (tx, a, level, now) => {
        const t = levelRow(a.settings, level).tasks.find((x) => x.id === b.id);
        if (!t) throw nothing(`VIP ${level} has no task ${b.id}`);
        const { day } = periodOf(ctx, now);
        if ((await repo.dayBet(tx, userId, day)) < t.betAmount) throw nothing('This task is not done yet today');
        return claimResult(await pay(tx, a, userId, t.reward, key.task(userId, day, t.id), 'task', now));
      });
    });

    registry.handle(receiveVipTaskUnReceiveBonusEndpoint, async (c) => {
      const { userId } = must(c.session);
      return claim(userId, async (tx, a, level, now) => {
        const { day } = periodOf(ctx, now);
        const bet = await repo.dayBet(tx, userId, day);
        const done = levelRow(a.settings, level).tasks.filter((t) => bet >= t.betAmount);
        // Every task done today in one award list (decision 056); those received before replay.
        const results = paidOrThrow(await awardAll(tx, done.map((t) => grantInput(a, userId, t.reward, key.task(userId, day, t.id), 'task', now))));
        const paid = done.map((t, i) => ({ id: t.id, p: results[i]! })).filter((x) => !x.p.replayed);
        if (!paid.length) throw done.length ? new AppError(ErrorCode.rewardAlreadyReceived) : nothing('No VIP task is done yet today');
        return {
          awardId: AwardId.coin,
          amount: m(paid.reduce((s, x) => s + x.p.count, 0)),
          turnover: m(paid.reduce((s, x) => s + x.p.turnover, 0)),
          coin: m(paid.at(-1)!.p.balanceAfter ?? 0),
          tasks: paid.map((x) => x.id),
        };
      });
    });

    // ---- rebate (decision 046) ----
    registry.handle(betBonusEndpoint, async (c, b) => {
      const { userId } = must(c.session);
      const a = await current();
      const [held, rows, names] = await Promise.all([repo.playersVip(ctx.db, [userId]), repo.rebateOf(ctx.db, userId), repo.gameTypeNames(ctx.db)]);
      const p = held.get(userId)!;
      const level = levelOf(a.settings, p.level, p.exp);
      const byType = new Map(rows.map((r) => [r.typeId, r]));
      const list = [...names]
        .filter(([typeId]) => b.type === undefined || typeId === b.type)
        .map(([typeId, typeName]) => {
          const r = byType.get(typeId);
          return { typeId, typeName, validBet: m(r?.validBet ?? 0), rateBp: rateOf(a.settings, level, typeId), accruedMicros: r?.accrued ?? 0, claimable: m(claimable(r?.accrued ?? 0)) };
        });
      return { activityId: a.id, level, list, claimable: m(list.reduce((s, r) => s + r.claimable, 0)) };
    });

    registry.handle(betBonusReceiveEndpoint, async (c) => {
      const { userId } = must(c.session);
      return claim(userId, async (tx, a, _level, now) => {
        // The rows stay locked until commit: ten taps at once wait here, and the later ones find the rest.
        const rows = await repo.rebateOf(tx, userId, true);
        const details = rows.filter((r) => claimable(r.accrued) >= 1).map((r) => ({ typeId: r.typeId, validBet: r.validBet, amount: claimable(r.accrued) }));
        const amount = details.reduce((s, d) => s + d.amount, 0);
        if (amount < 1) throw nothing('No rebate to receive yet');
        const id = await repo.takeRebate(tx, { userId, activityId: a.id, amount, details, micros: MICROS_PER_HUNDREDTH, at: now });
        const p = await pay(tx, a, userId, amount, key.rebate(id), 'rebate', now);
        return { id, awardId: p.awardId, amount: m(p.count), turnover: m(p.turnover), details: details.map((d) => ({ typeId: d.typeId, validBet: m(d.validBet), amount: m(d.amount) })), coin: m(p.balanceAfter ?? 0) };
      });
    });

    registry.handle(betBonusLogEndpoint, async (c, b) => {
      const { userId } = must(c.session);
      const [{ rows, total }, names] = await Promise.all([repo.rebateClaims(ctx.db, userId, b.pageSize, (b.pageNum - 1) * b.pageSize), repo.gameTypeNames(ctx.db)]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          amount: m(r.amount),
          details: r.details.map((d) => ({ typeId: d.typeId, typeName: names.get(d.typeId) ?? String(d.typeId), validBet: m(d.validBet), amount: m(d.amount) })),
          createTime: r.createdAt.toISOString(),
        })),
        pageNum: b.pageNum,
        pageSize: b.pageSize,
        total,
        pages: Math.ceil(total / b.pageSize),
      };
    });
  },
};
