/**
 * Dice: one float gives a roll from 0.00 to 99.99; the player bets it lands under or over a
 * target. Multiplier = RTP / win chance, rounded down to 4 decimals, so the RTP of every bet is
 * RTP − (at most 0.0001 × chance), i.e. in [96.49 %, 96.50 %].
 */
import { OriginalsError, assertIntIn } from './errors.ts';
import { assertBet, floorDiv, payoutFor } from './money.ts';
import type { FloatSource } from '@playhall/fairness';
import { intBelow } from '@playhall/fairness';

/** RTP in ten-thousandths: 96.50 %. */
export const DICE_RTP_E4 = 9_650;
/** Rolls are hundredths: 0 (0.00) .. 9999 (99.99), 10,000 equally likely values. */
export const DICE_OUTCOMES = 10_000;
/**
 * Win chance limits in winning rolls out of 10,000: 1.00 % .. 95.00 %. The top is below the RTP
 * on purpose: above 96.5 % a "win" would pay back less than the stake (95 % pays 1.0157×).
 */
export const DICE_MIN_WIN_ROLLS = 100;
export const DICE_MAX_WIN_ROLLS = 9_500;

export type DiceDirection = 'under' | 'over';

export interface DiceParams {
  /** Stake in hundredths. */
  bet: number;
  /** Target in hundredths (5050 = 50.50). Under wins when roll < target; over when roll > target. */
  target: number;
  direction: DiceDirection;
}

export interface DiceOutcome {
  /** The roll in hundredths, 0..9999 (shown as 0.00-99.99). */
  roll: number;
  won: boolean;
  /** Winning rolls out of 10,000 (the win chance in hundredths of a percent). */
  winRolls: number;
  /** Payout multiplier in ten-thousandths (19300 = 1.9300×). */
  multiplierE4: number;
  /** Amount paid back in hundredths (0 on a loss; includes the stake on a win). */
  payout: number;
}

/** The roll in hundredths: floor(float × 10,000). */
export function rollDice(next: FloatSource): number {
  return intBelow(next(), DICE_OUTCOMES);
}

/** Number of winning rolls (0..10,000) for a target and direction, before limits. */
export function diceWinRolls(target: number, direction: DiceDirection): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** Multiplier in ten-thousandths for a bet winning on `winRolls` rolls out of 10,000. */
export function diceMultiplierE4(winRolls: number): number {
  // RTP / (winRolls / 10,000), in ten-thousandths: 9650 × 10,000 × 10,000 / (10,000 × winRolls).
  return floorDiv(DICE_RTP_E4 * DICE_OUTCOMES, winRolls);
}

/** The exact RTP of one dice bet as a fraction of the stake (win chance × multiplier). */
export function diceRtp(winRolls: number): number {
  return (winRolls * diceMultiplierE4(winRolls)) / (DICE_OUTCOMES * 10_000);
}

/** Validates the target and direction; returns the number of winning rolls. */
export function checkDiceParams(params: DiceParams): number {
  assertBet(params.bet);
  if (params.direction !== 'under' && params.direction !== 'over') {
    throw new OriginalsError('INVALID_PARAMS', 'direction must be "under" or "over"');
  }
  assertIntIn('target', params.target, 0, DICE_OUTCOMES - 1);
  const winRolls = diceWinRolls(params.target, params.direction);
  if (winRolls < DICE_MIN_WIN_ROLLS || winRolls > DICE_MAX_WIN_ROLLS) {
    throw new OriginalsError('INVALID_PARAMS', 'the win chance must be from 1.00 % to 95.00 %');
  }
  return winRolls;
}

/** Plays one dice round. Uses one float. */
export function playDice(next: FloatSource, params: DiceParams): DiceOutcome {
  const winRolls = checkDiceParams(params);
  const multiplierE4 = diceMultiplierE4(winRolls);
  const roll = rollDice(next);
  const won = params.direction === 'under' ? roll < params.target : roll > params.target;
  return { roll, won, winRolls, multiplierE4, payout: won ? payoutFor(params.bet, multiplierE4, 10_000) : 0 };
}
