import { z } from 'zod';
import { ActivityType, AppError, AwardId, ErrorCode } from '@playhall/contract';
import type { Executor } from '../../../../db/tx.ts';
import { balanceAt } from '../../../ledger/ledger.service.ts';
import { dayIn, startOfDay } from '../../calendar.ts';
import { bonusAmount, multiplier } from '../amounts.ts';
import type { Activity, ActivityKind, KindContext } from '../kind.ts';

/**
 * Fund (16): daily interest on the safebox. Each operator's day the player may receive the interest
 * on what their safebox held when the day began: floor(balance × rate), at most `maxPerDay`, for
 * balances of at least `minBalance`. A day not claimed is not carried over.
 */
const settings = z
  .object({
    /** Interest per day in basis points (1 = 0.01 %), 1-1000. */
    dailyRateBp: z.number().int().min(1).max(1_000),
    maxPerDay: bonusAmount,
    minBalance: z.number().int().min(0).default(0),
    multiplier,
  })
  .strict();
type Settings = z.infer<typeof settings>;

const NAME = 'fund';

/** Today's interest (hundredths) and its key. */
async function interest(x: Executor, ctx: KindContext, a: Activity<Settings>, userId: number): Promise<{ amount: number; key: string }> {
  const today = dayIn(ctx.timeZone, ctx.clock.now());
  const held = await balanceAt(x, userId, 'safebox', startOfDay(ctx.timeZone, today));
  const amount = held < a.settings.minBalance ? 0 : Math.min(a.settings.maxPerDay, Math.floor((held * a.settings.dailyRateBp) / 10_000));
  return { amount, key: `${NAME}:${a.id}:${userId}:${today}` };
}

export const fundKind: ActivityKind<Settings> = {
  type: ActivityType.fund,
  name: NAME,
  settings,
  detail: (a) => ({ dailyRateBp: a.settings.dailyRateBp, maxPerDay: a.settings.maxPerDay, minBalance: a.settings.minBalance, multiplier: a.settings.multiplier }),

  async claim(tx, ctx, a, userId) {
    const { amount, key } = await interest(tx, ctx, a, userId);
    if (amount < 1) throw new AppError(ErrorCode.rewardNotEligible, 'No interest today: keep coin in the safebox through the night to earn it');
    return [{ awardId: AwardId.coin, count: amount, multiplier: a.settings.multiplier, key }];
  },

  async redDots(x, ctx, a, userId) {
    const { amount, key } = await interest(x, ctx, a, userId);
    return { fund: amount >= 1 && !(await ctx.granted(x, key)) };
  },
};
