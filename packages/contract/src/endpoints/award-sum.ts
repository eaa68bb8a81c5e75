import { z } from 'zod';
import { defineEndpoint, money } from '../envelope.ts';

/**
 * What the player received from one activity in one asset, over all their reward records.
 * `count` is hundredths for coin and whole units otherwise (points, liveness, a coupon).
 */
export const awardSumEntry = z.object({
  /** null: grants made outside an activity. */
  activityId: z.number().int().nullable(),
  activityType: z.number().int().nullable(),
  activityName: z.string().nullable(),
  /** The asset credited, as the award catalogue names it (`awardOf(id).asset`): coin, points, liveness, coupon:<award id>. */
  asset: z.string(),
  count: z.number().int(),
  /** Bonus coin only: the turnover those grants added. */
  turnover: money,
  /** How many grants. */
  grants: z.number().int(),
  /** The latest of them. */
  lastTime: z.string(),
});
export type AwardSumEntry = z.infer<typeof awardSumEntry>;

/** The player's rewards summed by activity and asset (the bonus centre's Reward page), newest activity first, and the totals per asset. */
export const activityAwardGetSumEndpoint = defineEndpoint({
  path: 'activityAwardGetSum',
  summary: 'What the player received, summed by activity and asset, with the total per asset',
  request: {},
  response: z.object({
    list: z.array(awardSumEntry),
    totals: z.array(z.object({ asset: z.string(), count: z.number().int(), grants: z.number().int() })),
  }),
});
