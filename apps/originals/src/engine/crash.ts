/**
 * Crash: a multiplier climbs from 1.00× along a fixed curve and stops at the crash point; a
 * player who cashed out at or below it wins bet × cash-out multiplier.
 *
 * Crash point from one float f = k / 2^32 (k = 0 .. 2^32 − 1), in hundredths:
 *
 *     crashE2 = floor(RTP × 100 × 2^32 / (2^32 − k)),   clamped to [100, CRASH_MAX_E2]
 *
 * Proof that every cash-out target pays the same RTP: for a target M (hundredths, M ≥ 101),
 * crashE2 ≥ M ⟺ RTP×100×2^32 / (2^32 − k) ≥ M ⟺ 2^32 − k ≤ A / M (A = RTP×100×2^32)
 * ⟺ 2^32 − k ≤ floor(A / M). So exactly floor(A / M) of the 2^32 values of k reach M, and
 *
 *     P(crash ≥ M) × M/100 = floor(A / M) × M / (100 × 2^32) ∈ (RTP − M / (100 × 2^32), RTP].
 *
 * With M ≤ 1,000,000 (the 10,000× cap) the shortfall is below 0.0000024: the RTP is 96.50 %
 * (to 5 decimals) for every target. The floor to hundredths never moves a probability because
 * targets are whole hundredths too. The cap only lowers crash points above it, which no allowed
 * target can tell apart.
 */
import { assertIntIn } from './errors.ts';
import { assertBet, floorDiv, payoutFor } from './money.ts';
import type { FloatSource } from '@playhall/fairness';
import { TWO_POW_32 } from '@playhall/fairness';

/** RTP in ten-thousandths: 96.50 %. */
export const CRASH_RTP_E4 = 9_650;
/** A = RTP × 100 × 2^32 = 96.5 × 2^32, an exact integer (386 × 2^30). */
export const CRASH_NUMERATOR = (CRASH_RTP_E4 / 25) * 2 ** 30;
/** Lowest cash-out target: 1.01×. */
export const CRASH_MIN_CASH_OUT_E2 = 101;
/** The cap: no round goes above 10,000.00×. */
export const CRASH_MAX_E2 = 1_000_000;
/** Growth rate of the curve: multiplier(t) = e^(λ t), t in ms (about 2× after 11.6 s). */
export const CRASH_GROWTH_PER_MS = 0.00006;

export interface CrashParams {
  /** Stake in hundredths. */
  bet: number;
  /** The multiplier (hundredths) the player cashed out at, automatically or by hand; 101 .. 1,000,000. */
  cashOutE2: number;
}

export interface CrashOutcome {
  /** Where the round stopped, in hundredths (100 = 1.00×, an instant crash). */
  crashPointE2: number;
  /** Milliseconds from start to the crash on the curve (for the animation). */
  crashAtMs: number;
  won: boolean;
  /** Amount paid back in hundredths (0 on a loss). */
  payout: number;
}

/** The crash point in hundredths from one float (see the file comment for the formula). */
export function crashPointE2(next: FloatSource): number {
  const k = Math.floor(next() * TWO_POW_32);
  const e2 = floorDiv(CRASH_NUMERATOR, TWO_POW_32 - k);
  return Math.min(CRASH_MAX_E2, Math.max(100, e2));
}

/**
 * Exact P(crash ≥ target): floor(A / M) / 2^32 for M ≥ 101. Used by the proofs and the RTP tables.
 */
export function crashReachProbability(targetE2: number): number {
  if (targetE2 <= 100) return 1;
  if (targetE2 > CRASH_MAX_E2) return 0;
  return floorDiv(CRASH_NUMERATOR, targetE2) / TWO_POW_32;
}

/** Exact RTP of a bet cashed out at `targetE2`, as a fraction of the stake. */
export function crashRtp(targetE2: number): number {
  return (crashReachProbability(targetE2) * targetE2) / 100;
}

/** The multiplier shown `ms` after the start, in hundredths (floor(100 × e^(λ ms))). */
export function crashMultiplierAtMs(ms: number): number {
  if (!(ms > 0)) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * ms));
}

/**
 * The first whole millisecond at which the curve shows at least `e2`: the inverse of
 * `crashMultiplierAtMs`, corrected by one step either way so the two agree exactly despite
 * float rounding in exp/log.
 */
export function crashMsForMultiplier(e2: number): number {
  if (e2 <= 100) return 0;
  let ms = Math.ceil(Math.log(e2 / 100) / CRASH_GROWTH_PER_MS);
  while (crashMultiplierAtMs(ms) < e2) ms++;
  while (ms > 0 && crashMultiplierAtMs(ms - 1) >= e2) ms--;
  return ms;
}

/** Validates a cash-out multiplier. */
export function checkCrashParams(params: CrashParams): void {
  assertBet(params.bet);
  assertIntIn('cashOutE2', params.cashOutE2, CRASH_MIN_CASH_OUT_E2, CRASH_MAX_E2);
}

/**
 * Settles a bet against a known crash point: a cash-out at or below the crash point wins.
 * The game server uses it for manual cash-outs (cashOutE2 = the curve's value at the cash-out
 * time, which it must check is before the crash time).
 */
export function settleCrash(crashPoint: number, params: CrashParams): CrashOutcome {
  checkCrashParams(params);
  const won = params.cashOutE2 <= crashPoint;
  return {
    crashPointE2: crashPoint,
    crashAtMs: crashMsForMultiplier(crashPoint),
    won,
    payout: won ? payoutFor(params.bet, params.cashOutE2, 100) : 0,
  };
}

/** Plays one crash round for one bet with its cash-out multiplier. Uses one float. */
export function playCrash(next: FloatSource, params: CrashParams): CrashOutcome {
  checkCrashParams(params);
  return settleCrash(crashPointE2(next), params);
}
