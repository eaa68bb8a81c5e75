import { z } from 'zod';
import { defineEndpoint, money } from '../envelope.ts';
import { int4Id } from '../fields.ts';

/** VIP (activity 8, issue 17 §2; operators: docs/rewards.md). Amounts are hundredths. */

export const vipTask = z.object({
  id: z.number().int(),
  /** Valid bet to reach today (operator's day). */
  betAmount: money,
  reward: money,
});

/** What one level gives. */
export const vipLevelView = z.object({
  level: z.number().int(),
  /** The vipExp this level starts at. */
  betAmount: money,
  levelUpReward: money,
  dailyGift: money,
  signInGift: money,
  /** Rebate on every game type without its own rate, basis points of valid bet (100 = 1 %). */
  rebateBp: z.number().int(),
  /** Rebate per game type id, basis points. */
  rebateBpByType: z.record(z.string(), z.number().int()),
  tasks: z.array(vipTask),
});
export type VipLevelView = z.infer<typeof vipLevelView>;

export const vipTaskState = vipTask.extend({
  /** Today's valid bet towards it, at most betAmount. */
  progress: money,
  status: z.enum(['open', 'done', 'received']),
});
export type VipTaskState = z.infer<typeof vipTaskState>;

export const vipData = z.object({
  activityId: z.number().int(),
  level: z.number().int(),
  /** Valid bet counted so far (by game-type weight), hundredths. */
  exp: money,
  /** The next level, or null at the top. */
  next: z.object({ level: z.number().int(), betAmount: money, remaining: money, progressPct: z.number().min(0).max(100) }).nullable(),
  levels: z.array(vipLevelView),
  /** Today's valid bet (operator's day), what the VIP tasks count. */
  todayBet: money,
  claimable: z.object({
    /** The daily gift receivable now (0: none, or received today). */
    daily: money,
    dailyReceived: z.boolean(),
    /** The sign-in gift receivable this week (0: none, or received). */
    signIn: money,
    signInReceived: z.boolean(),
    tasks: z.array(vipTaskState),
    /** The rebate receivable now (every game type). */
    rebate: money,
  }),
  /** Level-up rewards received, newest first (the VIP gift modal shows new ones). */
  levelUps: z.array(z.object({ level: z.number().int(), amount: money, at: z.string() })),
  multiplier: z.number().int(),
  /** When the operator's day ends (the next daily gift), and the week (the next sign-in gift). */
  nextDayAt: z.string(),
  nextWeekAt: z.string(),
  timeZone: z.string(),
});
export type VipData = z.infer<typeof vipData>;

export const getVipInfoEndpoint = defineEndpoint({
  path: 'getVipInfo',
  summary: 'VIP: level, exp, the next level and progress, what each level gives, what is receivable now',
  request: {},
  response: z.object({ vipData }),
});

/** What a VIP claim paid: the amount and the coin balance right after. */
export const vipClaimResult = z.object({
  awardId: z.number().int(),
  amount: money,
  turnover: money,
  coin: money,
});
export type VipClaimResult = z.infer<typeof vipClaimResult>;

export const appVipUserReceiveDailyEndpoint = defineEndpoint({
  path: 'appVipUserReceiveDaily',
  summary: "VIP: receive the level's daily gift (once per operator's calendar day)",
  request: {},
  response: vipClaimResult,
});

export const appVipUserReceiveSignInAwardEndpoint = defineEndpoint({
  path: 'appVipUserReceiveSignInAward',
  summary: "VIP: receive the level's sign-in gift (once per operator's week, Monday to Sunday)",
  request: {},
  response: vipClaimResult,
});

export const receiveVipTaskEndpoint = defineEndpoint({
  path: 'receiveVipTask',
  summary: "VIP: receive a VIP task's reward once today's valid bet reaches it",
  request: { id: int4Id() },
  response: vipClaimResult,
});

export const receiveVipTaskUnReceiveBonusEndpoint = defineEndpoint({
  path: 'receiveVipTaskUnReceiveBonus',
  summary: 'VIP: receive every VIP task done today and not yet received, at once',
  request: {},
  response: vipClaimResult.extend({ tasks: z.array(z.number().int()) }),
});
