import { z } from 'zod';
import { ActivityType, AppError, AwardId, ErrorCode, loginBonus3UserEndpoint, loginBonus3UserReceiveEndpoint, MaxCallAmount } from '@playhall/contract';
import { must } from '../../../../plugins/app/endpoints.ts';
import type { Executor } from '../../../../db/tx.ts';
import { withTx } from '../../../../db/tx.ts';
import { award } from '../../award.service.ts';
import { addDays, dayIn, startOfDay } from '../../calendar.ts';
import { assertEligible } from '../../eligibility.ts';
import * as repo from '../../rewards.repo.ts';
import type { Activity, ActivityKind, KindContext } from '../kind.ts';

/** Free sign-in (activity 36, product rules §4): a 7-day cycle, one claim per operator's calendar day. */
const settings = z
  .object({
    /** Bonus coin for days 1 to 7 of the cycle, in hundredths. */
    rewards: z.array(z.number().int().min(1).max(MaxCallAmount)).length(7),
    /** Turnover per coin of bonus before it can be withdrawn (0-10). */
    multiplier: z.number().int().min(0).max(10).default(1),
  })
  .strict();
type Settings = z.infer<typeof settings>;

const NAME = 'free_sign';
/** A grant's key ends with the cycle day it paid: `free_sign:<activity>:<player>:<YYYY-MM-DD>:d<1-7>`. */
const keyOf = (a: Activity<Settings>, userId: number, day: string, k: number) => `${NAME}:${a.id}:${userId}:${day}:d${k}`;
const KEY = /:(\d{4}-\d{2}-\d{2}):d([1-7])$/;

interface Cycle {
  today: string;
  /** The cycle day a claim today pays, or paid. */
  k: number;
  receivedToday: boolean;
  /** Cycle days already received in the current run (1..k-1, or 1..k when received today). */
  received: number;
}

/** Where the player is in the cycle on `today`, from the key of their latest grant of this activity. */
function cycleFrom(lastKey: string | null, today: string): Cycle {
  const m = lastKey ? KEY.exec(lastKey) : null;
  if (m && m[1] === today) return { today, k: Number(m[2]), receivedToday: true, received: Number(m[2]) };
  if (m && m[1] === addDays(today, -1) && Number(m[2]) < 7) return { today, k: Number(m[2]) + 1, receivedToday: false, received: Number(m[2]) };
  // No claim yet, a missed day, or a finished cycle: today is day 1.
  return { today, k: 1, receivedToday: false, received: 0 };
}

/** Where the player is in the cycle now, read from their latest grant (the kind's calls; the dot gets the key from the engine's statement). */
async function cycleOf(x: Executor, ctx: KindContext, a: Activity<Settings>, userId: number): Promise<Cycle> {
  const last = await repo.lastGrantOf(x, userId, a.id);
  return cycleFrom(last?.key ?? null, dayIn(ctx.timeZone, ctx.clock.now()));
}

export const freeSignKind: ActivityKind<Settings, { key: string | null }> = {
  type: ActivityType.freeSign,
  name: NAME,
  settings,

  dotFacts: (_ctx, a, userId) => repo.lastGrantKeyExpr(userId, a.id),
  redDots: (last, ctx, _a, now) => ({ signIn: !cycleFrom(last?.key ?? null, dayIn(ctx.timeZone, now)).receivedToday }),

  routes(registry, ctx, running) {
    const current = async () => {
      const a = await running(ActivityType.freeSign);
      if (!a) throw new AppError(ErrorCode.activityNotRunning);
      return a;
    };

    registry.handle(loginBonus3UserEndpoint, async (c) => {
      const { userId } = must(c.session);
      const a = await current();
      const cycle = await cycleOf(ctx.db, ctx, a, userId);
      const days = a.settings.rewards.map((amount, i) => {
        const day = i + 1;
        const status = day <= cycle.received ? ('received' as const) : day === cycle.k ? ('today' as const) : ('upcoming' as const);
        return { day, amount, status };
      });
      return {
        activityId: a.id,
        days,
        today: cycle.k,
        receivedToday: cycle.receivedToday,
        multiplier: a.settings.multiplier,
        nextDayAt: startOfDay(ctx.timeZone, addDays(cycle.today, 1)).toISOString(),
        timeZone: ctx.timeZone,
      };
    });

    registry.handle(loginBonus3UserReceiveEndpoint, async (c) => {
      const { userId } = must(c.session);
      const a = await current();
      return withTx(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        await assertEligible(tx, a, userId, now);
        const cycle = await cycleOf(tx, ctx, a, userId);
        if (cycle.receivedToday) throw new AppError(ErrorCode.rewardAlreadyReceived);
        const amount = a.settings.rewards[cycle.k - 1]!;
        // Ten taps at once read the same cycle and send the same key: one pays, the rest replay.
        const paid = await award(tx, {
          userId,
          awardId: AwardId.coin,
          count: amount,
          reason: `reward_${NAME}`,
          key: keyOf(a, userId, cycle.today, cycle.k),
          multiplier: a.settings.multiplier,
          activityId: a.id,
          at: now,
        });
        if (paid.replayed) throw new AppError(ErrorCode.rewardAlreadyReceived);
        return { day: cycle.k, awardId: paid.awardId, amount: paid.count, turnover: paid.turnover, coin: paid.balanceAfter ?? 0 };
      });
    });
  },
};
