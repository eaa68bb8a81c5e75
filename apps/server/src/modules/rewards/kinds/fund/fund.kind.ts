import { z } from 'zod';
import { ActivityType, AppError, AwardId, ErrorCode } from '@playhall/contract';
import type { Executor } from '../../../../db/tx.ts';
import { balanceAt } from '../../../ledger/ledger.service.ts';
import { dayIn, startOfDay } from '../../calendar.ts';
import { bonusAmount, multiplier } from '../amounts.ts';
import type { Activity, ActivityKind, KindContext } from '../kind.ts';
import { dayFactsExpr, type FundFacts } from './fund.repo.ts';

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

/** The interest (hundredths) on what the safebox `held` when the day began. */
const interestOn = (a: Activity<Settings>, held: number) =>
  held < a.settings.minBalance ? 0 : Math.min(a.settings.maxPerDay, Math.floor((held * a.settings.dailyRateBp) / 10_000));

/** The operator's day at `now`, when it began, and the key of that day's interest. */
function dayOf(ctx: KindContext, a: Activity<Settings>, userId: number, now: Date) {
  const today = dayIn(ctx.timeZone, now);
  return { began: startOfDay(ctx.timeZone, today), key: `${NAME}:${a.id}:${userId}:${today}` };
}

/** Today's interest (hundredths) and its key. */
async function interest(x: Executor, ctx: KindContext, a: Activity<Settings>, userId: number): Promise<{ amount: number; key: string }> {
  const { began, key } = dayOf(ctx, a, userId, ctx.clock.now());
  return { amount: interestOn(a, await balanceAt(x, userId, 'safebox', began)), key };
}

export const fundKind: ActivityKind<Settings, FundFacts> = {
  type: ActivityType.fund,
  name: NAME,
  settings,
  detail: (a) => ({ dailyRateBp: a.settings.dailyRateBp, maxPerDay: a.settings.maxPerDay, minBalance: a.settings.minBalance, multiplier: a.settings.multiplier }),

  async claim(tx, ctx, a, userId) {
    const { amount, key } = await interest(tx, ctx, a, userId);
    if (amount < 1) throw new AppError(ErrorCode.rewardNotEligible, 'No interest today: keep coin in the safebox through the night to earn it');
    return [{ awardId: AwardId.coin, count: amount, multiplier: a.settings.multiplier, key }];
  },

  dotFacts(ctx, a, userId, now) {
    const { began, key } = dayOf(ctx, a, userId, now);
    return dayFactsExpr(userId, began, ctx.grantedExpr(key));
  },
  redDots: (facts, _ctx, a) => ({ fund: !!facts && interestOn(a, Number(facts.held)) >= 1 && !facts.granted }),
};
