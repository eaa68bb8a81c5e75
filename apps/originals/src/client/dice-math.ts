/**
 * Dice slider maths, straight from the engine: the target and direction decide the win chance,
 * the chance decides the multiplier (RTP ÷ chance, rounded down to 4 decimals). The reverse,
 * chance → target, lets the player type a chance or a multiplier.
 */
import { DICE_MAX_WIN_ROLLS, DICE_MIN_WIN_ROLLS, DICE_OUTCOMES, diceMultiplierE4, diceWinRolls } from '../engine/index.ts';
import type { DiceDirection } from '../engine/index.ts';

export interface DiceQuote {
  /** Winning rolls out of 10,000 (= chance in hundredths of a percent). */
  winRolls: number;
  multiplierE4: number;
}

export function clampWinRolls(winRolls: number): number {
  return Math.min(DICE_MAX_WIN_ROLLS, Math.max(DICE_MIN_WIN_ROLLS, Math.round(winRolls)));
}

/** The target (hundredths) that gives this many winning rolls in this direction. */
export function targetForWinRolls(winRolls: number, direction: DiceDirection): number {
  const w = clampWinRolls(winRolls);
  return direction === 'under' ? w : DICE_OUTCOMES - 1 - w;
}

/** Keeps a slider value inside the allowed chance range for the direction. */
export function clampTarget(target: number, direction: DiceDirection): number {
  return targetForWinRolls(diceWinRolls(Math.round(target), direction), direction);
}

export function quote(target: number, direction: DiceDirection): DiceQuote {
  const winRolls = diceWinRolls(clampTarget(target, direction), direction);
  return { winRolls, multiplierE4: diceMultiplierE4(winRolls) };
}

/** The target whose multiplier is closest to (not above) the one asked for. */
export function targetForMultiplier(multiplier: number, direction: DiceDirection): number {
  if (!(multiplier > 0)) return targetForWinRolls(DICE_MAX_WIN_ROLLS, direction);
  // multiplierE4 = floor(96,500,000 / winRolls): start from the real-valued inverse, then step to
  // the smallest chance whose multiplier does not exceed the request.
  let w = clampWinRolls(Math.ceil(96_500_000 / (multiplier * 10_000)));
  while (w < DICE_MAX_WIN_ROLLS && diceMultiplierE4(w) > multiplier * 10_000) w++;
  return targetForWinRolls(w, direction);
}

/** Flipping the direction keeps the same winning range size (the mirror target). */
export function flipTarget(target: number, from: DiceDirection): { target: number; direction: DiceDirection } {
  const direction: DiceDirection = from === 'under' ? 'over' : 'under';
  return { target: targetForWinRolls(diceWinRolls(target, from), direction), direction };
}
