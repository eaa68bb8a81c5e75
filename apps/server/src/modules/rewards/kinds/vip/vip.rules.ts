import { z } from 'zod';
import { MaxCallAmount } from '@playhall/contract';

/**
 * VIP (activity 8) and its rebate, the rules alone (pure; decision 045): the settings an operator
 * configures, the level a vipExp reaches, and how settled rounds accrue exp and rebate.
 */

const hundredths = z.number().int().min(0).max(MaxCallAmount);
/** Basis points: 1 = 0.01 % of the valid bet; at most 10 %. */
const bp = z.number().int().min(0).max(1_000);
/** A game type id as a settings key (JSON object keys are text). */
const typeKey = z.string().regex(/^[1-9]\d{0,8}$/, 'a game type id');

const task = z
  .object({
    /** Unique across every level: what receiveVipTask {id} names. */
    id: z.number().int().min(1).max(1_000_000),
    /** Valid bet to reach today (operator's day), hundredths. */
    betAmount: hundredths.min(1),
    /** Bonus coin when received, hundredths. */
    reward: hundredths.min(1),
  })
  .strict();

const level = z
  .object({
    /** The vipExp this level starts at (hundredths of valid bet); level 0's is 0. */
    betAmount: hundredths,
    /** Paid once when the level is first reached (0: none). */
    levelUpReward: hundredths.default(0),
    /** Receivable once per operator's day at this level (0: none). */
    dailyGift: hundredths.default(0),
    /** Receivable once per operator's week (Monday to Sunday) at this level (0: none). */
    signInGift: hundredths.default(0),
    /** Rebate on every game type (basis points of valid bet). */
    rebateBp: bp.default(0),
    /** Rebate per game type id, overriding rebateBp. */
    rebateBpByType: z.record(typeKey, bp).default({}),
    tasks: z.array(task).max(10).default([]),
    /** With a retention rule: the valid bet within a period that keeps this level (0: never lost). */
    keepBet: hundredths.default(0),
  })
  .strict();

/** Levels go down only with this rule (decision 055): periods of `days` operator's days from RETENTION_EPOCH. */
const retention = z.object({ days: z.number().int().min(1).max(366) }).strict();

export const vipSettings = z
  .object({
    /** VIP 0, 1, 2 …: level i starts at levels[i].betAmount; level 0 at 0, each above the one before. */
    levels: z
      .array(level)
      .min(2)
      .max(51)
      .refine((ls) => ls[0]!.betAmount === 0, 'level 0 starts at betAmount 0')
      .refine((ls) => ls.every((l, i) => i === 0 || l.betAmount > ls[i - 1]!.betAmount), 'levels go up: each betAmount above the one before')
      .refine((ls) => {
        const ids = ls.flatMap((l) => l.tasks.map((t) => t.id));
        return new Set(ids).size === ids.length;
      }, 'task ids are unique across levels'),
    /** Percent of a game type's valid bet that counts as exp (default 100 for every type). */
    expWeights: z.record(typeKey, z.number().int().min(0).max(1_000)).default({}),
    /** Turnover per coin of every VIP bonus (gifts, tasks, level-ups, rebate) before it can be withdrawn, 0-10. */
    multiplier: z.number().int().min(0).max(10).default(1),
    /** Absent: levels never go down. */
    retention: retention.optional(),
  })
  .strict();
export type VipSettings = z.infer<typeof vipSettings>;
export type VipLevel = VipSettings['levels'][number];

/** The first day of period 0 (a Monday: periods of 7 days are the operator's weeks, Monday to Sunday). */
export const RETENTION_EPOCH = '2024-01-01';
const DAY_MS = 86_400_000;

/** The retention period (its index) holding an operator's day (YYYY-MM-DD). */
export const periodOfDay = (days: number, day: string) => Math.floor((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${RETENTION_EPOCH}T00:00:00Z`)) / DAY_MS / days);

/** A period's days: from its first day to the first day after it (YYYY-MM-DD, end excluded). */
export function periodDays(days: number, index: number): { from: string; to: string } {
  const day = (n: number) => new Date(Date.parse(`${RETENTION_EPOCH}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
  return { from: day(index * days), to: day((index + 1) * days) };
}

/** Millionths of a coin per hundredth: a claim pays floor(accrued / MICROS_PER_HUNDREDTH). */
export const MICROS_PER_HUNDREDTH = 10_000;

/** The level `exp` reaches: the highest whose betAmount it meets. */
export function levelFor(s: VipSettings, exp: number): number {
  let l = 0;
  for (let i = 1; i < s.levels.length; i++) if (exp >= s.levels[i]!.betAmount) l = i;
  return l;
}

/** The player's level: what their exp reaches, never below what they held (levels go down only by the retention rule, which lowers both). */
export const levelOf = (s: VipSettings, held: number, exp: number) => Math.min(s.levels.length - 1, Math.max(held, levelFor(s, exp)));

/** The exp a valid bet of a game type earns: floor(bet × weight %). */
export const expOf = (s: VipSettings, typeId: number, bet: number) => Math.floor((bet * (s.expWeights[String(typeId)] ?? 100)) / 100);

/** A level's rebate rate on a game type, basis points. */
export const rateOf = (s: VipSettings, level: number, typeId: number) => {
  const l = s.levels[Math.min(level, s.levels.length - 1)]!;
  return l.rebateBpByType[String(typeId)] ?? l.rebateBp;
};

/** A settled round as the VIP consumer reads it (valid bet = the settled stake, hundredths). */
export interface ValidBet {
  userId: number;
  typeId: number;
  bet: number;
}

export interface PlayerVip {
  level: number;
  exp: number;
}

/**
 * Applies settled rounds in order to the players' levels and exp (mutated) and answers what they
 * accrue: per (player, type) the valid bet and the rebate in millionths, at the rate of the level
 * the player held when the round settled (before its own exp). bet (hundredths) × rate (bp) is the
 * rebate in millionths exactly: nothing is rounded while accruing.
 */
export function applyRounds(s: VipSettings, players: Map<number, PlayerVip>, rounds: readonly ValidBet[]) {
  const rebate = new Map<string, { userId: number; typeId: number; validBet: number; accrued: number }>();
  for (const r of rounds) {
    const p = players.get(r.userId)!;
    const k = `${r.userId}:${r.typeId}`;
    const row = rebate.get(k) ?? { userId: r.userId, typeId: r.typeId, validBet: 0, accrued: 0 };
    row.validBet += r.bet;
    row.accrued += r.bet * rateOf(s, p.level, r.typeId);
    rebate.set(k, row);
    p.exp += expOf(s, r.typeId, r.bet);
    p.level = levelOf(s, p.level, p.exp);
  }
  return [...rebate.values()];
}

/** What a claim pays from an accrued amount (millionths): the floor in hundredths; the rest stays. */
export const claimable = (accrued: number) => Math.floor(accrued / MICROS_PER_HUNDREDTH);
