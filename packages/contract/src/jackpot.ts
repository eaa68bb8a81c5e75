import { z } from 'zod';
import { AwardId } from './constants.ts';
import { money } from './envelope.ts';
import { FairVerifyPath, fairVerifyHref } from './fairness.ts';

/**
 * The lucky jackpot's shared vocabulary (activity 47, issue 18, decision 050): the award table as
 * published, the four pools, draws and how each one is verified.
 */

/** An award table entry's type: 1 an award of the catalogue (coin, points, a coupon…), 2 a jackpot tier paid from its pool. */
export const JackpotAwardType = { award: 1, jackpot: 2 } as const;
export type JackpotAwardType = (typeof JackpotAwardType)[keyof typeof JackpotAwardType];

/** The four pools, by their award id (spec §3): Mega 50001, Major 50002, Minor 50003, Mini 50004. */
export const JackpotTiers = [
  { propId: AwardId.jackpotMega, tier: 'mega' },
  { propId: AwardId.jackpotMajor, tier: 'major' },
  { propId: AwardId.jackpotMinor, tier: 'minor' },
  { propId: AwardId.jackpotMini, tier: 'mini' },
] as const;
export type JackpotTier = (typeof JackpotTiers)[number]['tier'];

/** A range of amounts for display (hundredths): a tier's range, or the bracket a win falls in. */
export const jackpotSection = z.object({ min: money, max: money });
export type JackpotSection = z.infer<typeof jackpotSection>;

/**
 * One entry of the award table as published (app config's `jackpotAwardConfigList`, the rules
 * page, getJackpotDrawInfo). A draw picks an entry with probability weight / total weight
 * (`pickWeighted` over the entries' weights in id order, decision 050).
 */
export const jackpotAwardConfig = z.object({
  /** The entry (its cell on the grid); the table is published in id order. */
  id: z.number().int(),
  /** 1 an award, 2 a jackpot tier (`propId` names the tier's pool). */
  type: z.number().int(),
  /** The award id (spec §3): 2001 coin, 2002 points, a coupon…; for type 2 the tier 50001-50004. */
  propId: z.number().int(),
  /** How much of the award: hundredths for coin, whole units otherwise; 1 for a tier (the pool's rule gives the amount). */
  count: z.number().int(),
  /** The number the cell shows (hundredths for coin and tiers; whole units otherwise). */
  showNum: z.number().int(),
  /** The entry's weight: its chance is weight / the table's total weight. */
  weight: z.number().int(),
  /** weight / total weight, as published on the rules page (0-1). */
  odds: z.number(),
});
export type JackpotAwardConfig = z.infer<typeof jackpotAwardConfig>;

/**
 * What verifying a draw needs (issue 18 §2): the seed pair's public part at the draw, the nonce,
 * and the table it drew from (entry ids and weights in id order). The server seed is revealed when
 * the player rotates the pair (fairSeedRotate); `verifyPath` opens the public verify page filled in.
 */
export const jackpotDrawProof = z.object({
  seedId: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The table's entry ids and weights, in id order, as drawn from. */
  tableIds: z.array(z.number().int()),
  weights: z.array(z.number().int()),
  /** The entry drawn (index into tableIds). */
  index: z.number().int(),
  /** The server seed once the player rotated the pair (fairSeedRotate); null before. */
  serverSeed: z.string().nullable(),
  verifyPath: z.string(),
});
export type JackpotDrawProof = z.infer<typeof jackpotDrawProof>;

/** The verify page's address for a jackpot draw (the fairness contract's link, decision 051): the server builds it, the client opens it. */
export const JackpotVerifyPage = FairVerifyPath;
export function jackpotVerifyPath(p: { serverSeedHash: string; clientSeed: string; nonce: number; tableIds: readonly number[]; weights: readonly number[]; serverSeed?: string | null }): string {
  return fairVerifyHref({
    scope: 'jackpot',
    serverSeedHash: p.serverSeedHash,
    clientSeed: p.clientSeed,
    nonce: p.nonce,
    table: p.tableIds.map((id, i) => ({ id, weight: p.weights[i]! })),
    serverSeed: p.serverSeed ?? null,
  });
}

/** A real win of a jackpot tier, as every player sees it (spec §3 jackpotWinnerList). */
export const jackpotWinner = z.object({
  /** The draw's id. */
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.number().int(),
  /** The tier (50001-50004). */
  propId: z.number().int(),
  type: z.number().int(),
  /** The display bracket the amount falls in. */
  amountSection: jackpotSection,
  /** What was paid from the pool (hundredths). */
  count: money,
  updateTime: z.string(),
});
export type JackpotWinner = z.infer<typeof jackpotWinner>;

/** A draw as its player sees it in their records (spec §3 record entry), with its proof. */
export const jackpotRecord = z.object({
  /** The draw's id. */
  id: z.number().int(),
  /** The table entry drawn. */
  configId: z.number().int(),
  propId: z.number().int(),
  type: z.number().int(),
  amountSection: jackpotSection,
  /** The award's count: hundredths for coin and tiers (a tier: what the pool paid), whole units otherwise. */
  count: z.number().int(),
  /** Coin credited (hundredths); 0 for points and coupons. */
  bonus: money,
  createTime: z.string(),
  proof: jackpotDrawProof,
});
export type JackpotRecord = z.infer<typeof jackpotRecord>;

/** A rank entry (spec §3): a player's jackpot win, largest first. */
export const jackpotRankEntry = z.object({
  /** The draw's id. */
  id: z.number().int(),
  /** 1-based position in the whole rank. */
  rank: z.number().int(),
  avatar: z.number().int(),
  nickname: z.string(),
  propId: z.number().int(),
  amountSection: jackpotSection,
  createTime: z.string(),
});
export type JackpotRankEntry = z.infer<typeof jackpotRankEntry>;
