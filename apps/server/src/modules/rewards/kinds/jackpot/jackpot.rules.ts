import { z } from 'zod';
import { awardOf, JackpotAwardType, JackpotTiers, MaxCallAmount, type JackpotAwardConfig, type JackpotSection, type JackpotTier, type Money } from '@playhall/contract';
import { multiplier } from '../amounts.ts';

/**
 * The lucky jackpot's rules (activity 47, decision 050), pure: its settings, the award table as
 * published, the display sections, the chances a player has, and how contributions accrue.
 */

/** Contributions accrue in millionths of a hundredth: valid bet (hundredths) × share (millionths) is exact. */
export const MILLION = 1_000_000n;
/** The largest total weight of a table: floor(float × total) stays exact far below 2^53. */
export const MaxTotalWeight = 1_000_000_000;

const money = z.number().int().min(0).max(MaxCallAmount);
const section = z
  .object({ min: money, max: money })
  .strict()
  .refine((s) => s.max >= s.min, 'max must be at least min');

const awardEntry = z
  .object({
    /** The entry (its grid cell), unique; the table is published and drawn in id order. */
    id: z.number().int().min(1).max(9_999),
    /** 1 an award of the catalogue, 2 a jackpot tier (propId 50001-50004). */
    type: z.union([z.literal(JackpotAwardType.award), z.literal(JackpotAwardType.jackpot)]),
    propId: z.number().int(),
    /** Type 1: hundredths for coin, whole units otherwise. Type 2: 1 (the pool's rule gives the amount). */
    count: z.number().int().min(1).max(MaxCallAmount),
    /** What the cell shows (defaults to count; for a tier, its section's min). */
    showNum: z.number().int().min(0).max(MaxCallAmount).optional(),
    /** The entry's chance is weight / total weight (0: shown, never drawn). */
    weight: z.number().int().min(0).max(MaxTotalWeight),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.type === JackpotAwardType.jackpot) {
      if (!JackpotTiers.some((t) => t.propId === e.propId)) ctx.addIssue({ code: 'custom', path: ['propId'], message: 'a type 2 entry names a tier: 50001 Mega, 50002 Major, 50003 Minor, 50004 Mini' });
      if (e.count !== 1) ctx.addIssue({ code: 'custom', path: ['count'], message: 'a type 2 entry has count 1 (the pool gives the amount)' });
    } else {
      const def = awardOf(e.propId);
      if (!def || def.kind === 'jackpot') ctx.addIssue({ code: 'custom', path: ['propId'], message: 'a type 1 entry names an award of the catalogue (2001 coin, 2002 points, 4001 liveness, a coupon)' });
    }
  });

const tierSettings = z
  .object({
    /** Share of every valid bet added to this pool, in millionths (10,000 = 1 %); at most 10 %. */
    contributionPpm: z.number().int().min(0).max(100_000),
    /** What the pool restarts from after a hit (hundredths, funded from promotion); at least one hundredth. */
    seed: z.number().int().min(1).max(MaxCallAmount),
    /** The range the page shows for this tier (the second wheel's label). */
    section,
  })
  .strict();

export const jackpotSettings = z
  .object({
    awards: z.array(awardEntry).min(1).max(64),
    tiers: z.object({ mega: tierSettings, major: tierSettings, minor: tierSettings, mini: tierSettings }).strict(),
    /** Brackets for showing win amounts (rank, winners, records): a win shows the bracket holding it. */
    amountSections: z.array(section).max(20).default([]),
    /** How chances are earned: per credited deposit of at least `minAmount`, `chances`; per threshold of the operator's day's valid bet reached, one that day. */
    earn: z
      .object({
        deposit: z.object({ minAmount: z.number().int().min(1).max(MaxCallAmount), chances: z.number().int().min(1).max(10) }).strict().nullable().default(null),
        dailyBet: z.array(z.number().int().min(1).max(MaxCallAmount)).max(10).default([]),
      })
      .strict(),
    /** 'none': anyone with a chance draws; 'ever': only after a first deposit; 'today': only after a deposit in the operator's day (1003). */
    needDeposit: z.enum(['none', 'ever', 'today']).default('none'),
    /** The least time between two draws of one player (1004), ms. */
    minIntervalMs: z.number().int().min(0).max(3_600_000).default(2_000),
    /** Turnover per coin won before it can be withdrawn (product rules §2). */
    multiplier,
  })
  .strict()
  .superRefine((s, ctx) => {
    const ids = s.awards.map((a) => a.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['awards'], message: 'entry ids are unique' });
    const total = s.awards.reduce((n, a) => n + a.weight, 0);
    if (total < 1) ctx.addIssue({ code: 'custom', path: ['awards'], message: 'the weights add up to more than 0' });
    if (total > MaxTotalWeight) ctx.addIssue({ code: 'custom', path: ['awards'], message: `the weights add up to at most ${MaxTotalWeight}` });
    s.amountSections.forEach((x, i) => {
      if (i > 0 && x.min <= s.amountSections[i - 1]!.max) ctx.addIssue({ code: 'custom', path: ['amountSections', i], message: 'sections go up without overlapping' });
    });
    s.earn.dailyBet.forEach((b, i) => {
      if (i > 0 && b <= s.earn.dailyBet[i - 1]!) ctx.addIssue({ code: 'custom', path: ['earn', 'dailyBet', i], message: 'thresholds go up' });
    });
    if (!s.earn.deposit && s.earn.dailyBet.length === 0) ctx.addIssue({ code: 'custom', path: ['earn'], message: 'chances come from deposits, daily bets or both' });
  });
export type JackpotSettings = z.infer<typeof jackpotSettings>;
type Entry = JackpotSettings['awards'][number];

/** The table in id order: what a draw picks from and what is published. */
export function tableOf(s: JackpotSettings): Entry[] {
  return [...s.awards].sort((a, b) => a.id - b.id);
}

/** The tier a type 2 entry names. */
export function tierOf(propId: number): JackpotTier {
  const t = JackpotTiers.find((x) => x.propId === propId);
  if (!t) throw new RangeError(`${propId} is not a jackpot tier`);
  return t.tier;
}

/** The award table as published (app config, the rules page): each entry with its odds. */
export function publishedTable(s: JackpotSettings): JackpotAwardConfig[] {
  const table = tableOf(s);
  const total = table.reduce((n, a) => n + a.weight, 0);
  return table.map((a) => ({
    id: a.id,
    type: a.type,
    propId: a.propId,
    count: a.count,
    showNum: a.showNum ?? (a.type === JackpotAwardType.jackpot ? s.tiers[tierOf(a.propId)].section.min : a.count),
    weight: a.weight,
    odds: a.weight / total,
  }));
}

/** The bracket a win of `amount` is shown in: the configured section holding it, else the amount itself. */
export function sectionOf(s: JackpotSettings, amount: number): JackpotSection {
  const found = s.amountSections.find((x) => amount >= x.min && amount <= x.max);
  return (found ?? { min: amount, max: amount }) as JackpotSection;
}

export const m = (n: number) => n as Money;

/** What a player's chances depend on (their jackpot_player row, today's valid bet, deposits). */
export interface ChanceFacts {
  chances: number;
  betDay: string | null;
  dayUsed: number;
  depositDay: string | null;
  lastDrawAt: string | null;
  dayBet: number;
  totalRecharge: number;
}

export interface Chances {
  /** Daily valid-bet chances left today. */
  daily: number;
  /** Deposit chances left. */
  deposit: number;
  total: number;
  needDeposit: boolean;
  /** When the minimum interval allows the next draw (null: now). */
  nextDrawAt: Date | null;
}

/** The chances a player has at `now` in the operator's `day`. */
export function chancesOf(s: JackpotSettings, f: ChanceFacts, day: string, now: Date): Chances {
  const reached = s.earn.dailyBet.filter((b) => f.dayBet >= b).length;
  const daily = Math.max(0, reached - (f.betDay === day ? f.dayUsed : 0));
  const deposit = f.chances;
  const needDeposit = s.needDeposit === 'ever' ? f.totalRecharge <= 0 : s.needDeposit === 'today' ? f.depositDay !== day : false;
  const last = f.lastDrawAt ? Date.parse(f.lastDrawAt) : null;
  const next = last !== null && now.getTime() - last < s.minIntervalMs ? new Date(last + s.minIntervalMs) : null;
  return { daily, deposit, total: daily + deposit, needDeposit, nextDrawAt: next };
}

/**
 * A batch's contributions to one pool (decision 050): rest (millionths of a hundredth, below a
 * million) plus valid bet × share; the whole hundredths move into the pool, the rest stays. Exact
 * (bigint): summing a batch's bets before multiplying gives what round by round would.
 */
export function accrue(rest: bigint, validBet: bigint, ppm: number): { whole: bigint; rest: bigint } {
  const total = rest + validBet * BigInt(ppm);
  return { whole: total / MILLION, rest: total % MILLION };
}

/** The tiers in lock order (the pools' rows are locked in this order). */
export const TIER_ORDER: readonly JackpotTier[] = ['major', 'mega', 'mini', 'minor'];
