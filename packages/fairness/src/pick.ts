/**
 * Weighted picks for promotional draws (decision 051): one float in [0, 1) chooses one entry of
 * an award table by its integer weight. The arithmetic is exact: the float (a multiple of 2^-32
 * for scheme floats, any double otherwise) times the total weight is floored without rounding,
 * so the server, the verify page and any outside checker agree on every draw.
 */
import type { RoundSeeds } from './fair.ts';
import { FairnessError } from './errors.ts';
import { TWO_POW_32 } from './rng.ts';

/** Throws INVALID_WEIGHTS unless the weights are non-negative safe integers with a total > 0. */
export function assertWeights(weights: readonly number[]): void {
  if (!Array.isArray(weights) || weights.length === 0) throw new FairnessError('INVALID_WEIGHTS', 'the award table needs at least one weight');
  let total = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new FairnessError('INVALID_WEIGHTS', 'each weight must be a whole number ≥ 0');
    total += w;
  }
  if (total <= 0) throw new FairnessError('INVALID_WEIGHTS', 'the weights must add up to more than 0');
  if (!Number.isSafeInteger(total)) throw new FairnessError('INVALID_WEIGHTS', 'the weights add up to more than 2^53 − 1');
}

/** floor(f × n) computed exactly, for f in [0, 1) and a safe integer n ≥ 0. */
function floorTimes(f: number, n: number): number {
  const k = f * TWO_POW_32; // exact: a power of two only moves the exponent
  if (Number.isInteger(k) && k * n <= Number.MAX_SAFE_INTEGER) return Math.floor((k * n) / TWO_POW_32);
  // Any other double is m / 2^s exactly; do the product in integers.
  let m = f;
  let s = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    s++;
  }
  return Number((BigInt(m) * BigInt(n)) >> BigInt(s));
}

/**
 * The index i whose cumulative weight range [w0 + … + w(i−1), w0 + … + wi) holds floor(float ×
 * total). An entry of weight 0 is never picked; entry i is picked for exactly wi of the `total`
 * equal slices of [0, 1).
 */
export function pickWeighted(float: number, weights: readonly number[]): number {
  if (typeof float !== 'number' || !(float >= 0 && float < 1)) throw new RangeError(`float ${float} is not in [0, 1)`);
  assertWeights(weights);
  let total = 0;
  for (const w of weights) total += w;
  const target = floorTimes(float, total);
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += weights[i] as number;
    if (target < cumulative) return i;
  }
  throw new Error('unreachable: target < total'); // target ≤ total − 1 because float < 1
}

/** Each entry's chance, wi / total: what a rules page publishes as the odds. */
export function weightedOdds(weights: readonly number[]): number[] {
  assertWeights(weights);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** What a weighted draw's verification needs: the revealed seeds, nonce and the table's weights. */
export interface WeightedDrawInput extends RoundSeeds {
  /** The award table's weights, in the order the draw used (id order). */
  weights: readonly number[];
  /** The commitment shown before the draw; when given, the result says whether the seed matches. */
  serverSeedHash?: string;
}

export interface VerifiedWeightedDraw {
  /** SHA-256 of the revealed server seed. */
  serverSeedHash: string;
  /** Whether it equals the commitment given in the input (null when none was given). */
  hashMatches: boolean | null;
  /** The draw's float: the first of the round (cursor 0, bytes 0-3). */
  float: number;
  /** The winning entry's index in `weights`. */
  index: number;
}
