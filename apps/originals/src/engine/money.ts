/**
 * Money in the engine is what it is everywhere in Playhall: an integer number of hundredths.
 * Multipliers are integers too, with a stated scale (E2 = hundredths, E4 = ten-thousandths), so a
 * payout is one integer multiplication and one division rounded down, never a float.
 */
import { OriginalsError } from './errors.ts';

/** Throws INVALID_BET unless the bet is a positive safe integer number of hundredths. */
export function assertBet(bet: unknown): asserts bet is number {
  if (typeof bet !== 'number' || !Number.isSafeInteger(bet) || bet <= 0) {
    throw new OriginalsError('INVALID_BET', 'the bet must be a positive whole number of hundredths');
  }
}

/**
 * floor(bet × multiplier / scale), computed exactly with BigInt (bet × multiplier can pass 2^53).
 * Rounding down is the house's rounding rule for every game: the player never gets a fraction of
 * a hundredth that the multiplier did not fully earn.
 */
export function payoutFor(bet: number, multiplier: number, scale: number): number {
  const out = (BigInt(bet) * BigInt(multiplier)) / BigInt(scale);
  if (out > BigInt(Number.MAX_SAFE_INTEGER)) throw new OriginalsError('INVALID_BET', 'the payout would exceed the largest safe amount');
  return Number(out);
}

/** Exact floor(a / b) for non-negative integers below 2^53 (no float rounding at the boundary). */
export function floorDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}
