import { z } from 'zod';
import { PageSize } from '../constants.ts';
import { defineEndpoint, money } from '../envelope.ts';
import { int4Id } from '../fields.ts';

/**
 * Rebate (issue 17 §3, decision 046): a share of valid bets by VIP level and game type, accrued in
 * millionths of a coin, paid in hundredths (the floor) when received; the rest stays accrued.
 */

export const rebateType = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  /** Valid bet since this type's last claim (hundredths). */
  validBet: money,
  /** The player's rate on this type at their level now, basis points (100 = 1 %). */
  rateBp: z.number().int(),
  /** Accrued, millionths of a coin (10,000 = one hundredth). */
  accruedMicros: z.number().int(),
  /** What a claim pays now for this type (hundredths, the floor). */
  claimable: money,
});
export type RebateType = z.infer<typeof rebateType>;

export const betBonusEndpoint = defineEndpoint({
  path: 'betBonus',
  summary: 'Rebate: accrued and receivable per game type (one type, or all)',
  request: { type: int4Id().optional() },
  response: z.object({
    activityId: z.number().int(),
    level: z.number().int(),
    list: z.array(rebateType),
    /** The sum of the list's claimable. */
    claimable: money,
  }),
});

export const betBonusReceiveEndpoint = defineEndpoint({
  path: 'betBonusReceive',
  summary: 'Rebate: receive what every game type has accrued (the floor in hundredths; the rest stays)',
  request: {},
  response: z.object({
    id: z.number().int(),
    awardId: z.number().int(),
    amount: money,
    turnover: money,
    details: z.array(z.object({ typeId: z.number().int(), validBet: money, amount: money })),
    coin: money,
  }),
});

export const rebateClaim = z.object({
  id: z.number().int(),
  amount: money,
  details: z.array(z.object({ typeId: z.number().int(), typeName: z.string(), validBet: money, amount: money })),
  createTime: z.string(),
});
export type RebateClaim = z.infer<typeof rebateClaim>;

export const betBonusLogEndpoint = defineEndpoint({
  path: 'betBonusLog',
  summary: 'Rebate: what the player received, newest first, paged',
  request: {
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
  },
  response: z.object({ list: z.array(rebateClaim), pageNum: z.number().int(), pageSize: z.number().int(), total: z.number().int(), pages: z.number().int() }),
});
