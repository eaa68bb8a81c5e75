/**
 * One slot round as the player sees it: the base spin and every free spin it leads to, played
 * out in the same round so a round is one bet and one win.
 */
import { OriginalsError } from '../errors.ts';
import { assertBet } from '../money.ts';
import type { FloatSource } from '@playhall/fairness';
import { intBelow } from '@playhall/fairness';
import type { SlotConfig, SlotSymbol } from './config.ts';
import { FORTUNE_REELS } from './config.ts';
import { evaluateSpin } from './evaluate.ts';

export interface SlotParams {
  /** Total stake in hundredths; a multiple of the number of lines (20), so the line bet is whole. */
  bet: number;
}

export interface SlotLineWin {
  /** Payline index, 0-based (see `rules.slot.lines`). */
  line: number;
  symbol: SlotSymbol;
  /** Symbols in the paying run, from reel 1. */
  count: number;
  /** Amount in hundredths (pay × line bet × multiplier). */
  amount: number;
}

export interface SlotSpinOutcome {
  /** Stop of each reel: the strip index shown on the top row. */
  stops: number[];
  /** grid[reel][row]: 5 reels of 3 rows, top row first. */
  grid: SlotSymbol[][];
  lineWins: SlotLineWin[];
  scatter: {
    count: number;
    /** [reel, row] of each scatter. */
    positions: [number, number][];
    /** Scatter pay in hundredths (pay × total bet × multiplier). */
    amount: number;
  };
  /** Free spins this spin awarded (a retrigger when it is itself a free spin). */
  freeSpinsAwarded: number;
  /** 1 in the base game, the free-spin multiplier in free spins. */
  multiplier: number;
  /** Everything this spin paid, in hundredths. */
  win: number;
}

export interface SlotOutcome {
  bet: number;
  lineBet: number;
  base: SlotSpinOutcome;
  /** Every free spin in order (empty when none were triggered). */
  freeSpins: SlotSpinOutcome[];
  /** Free spins awarded in the round (trigger plus retriggers). */
  freeSpinsAwarded: number;
  /** The round's win in hundredths: base spin plus all free spins. */
  totalWin: number;
}

/** Validates the bet: positive and a whole number of line bets. */
export function checkSlotParams(params: SlotParams, cfg: SlotConfig = FORTUNE_REELS): void {
  assertBet(params.bet);
  if (params.bet % cfg.lines.length !== 0) {
    throw new OriginalsError('INVALID_BET', `the slot bet must be a multiple of ${cfg.lines.length} hundredths (one whole line bet per line)`);
  }
}

function spinOutcome(cfg: SlotConfig, strips: readonly (readonly number[])[], next: FloatSource, bet: number, multiplier: number): SlotSpinOutcome {
  const stops = strips.map((strip) => intBelow(next(), strip.length));
  const spin = evaluateSpin(cfg, strips, stops);
  const lineBet = bet / cfg.lines.length;
  const name = (i: number) => cfg.symbols[i] as SlotSymbol;
  const lineWins = spin.lineWins.map((w) => ({ line: w.line, symbol: name(w.symbol), count: w.count, amount: w.pays * lineBet * multiplier }));
  const scatterAmount = spin.scatterPays * bet * multiplier;
  const win = lineWins.reduce((a, w) => a + w.amount, 0) + scatterAmount;
  if (!Number.isSafeInteger(win)) throw new OriginalsError('INVALID_BET', 'the payout would exceed the largest safe amount');
  return {
    stops,
    grid: spin.grid.map((col) => col.map(name)),
    lineWins,
    scatter: { count: spin.scatterPositions.length, positions: spin.scatterPositions, amount: scatterAmount },
    freeSpinsAwarded: spin.freeSpinsAwarded,
    multiplier,
    win,
  };
}

/**
 * Plays one round: 5 floats for the base spin (stop of reel r = floor(f × strip length)), then 5
 * per free spin, in order. Free spins are queued: each one played takes one off, each retrigger
 * adds its award. At most `cfg.maxFreeSpins` free spins are played.
 */
export function playSlot(next: FloatSource, params: SlotParams, cfg: SlotConfig = FORTUNE_REELS): SlotOutcome {
  checkSlotParams(params, cfg);
  const base = spinOutcome(cfg, cfg.baseStrips, next, params.bet, 1);
  const freeSpins: SlotSpinOutcome[] = [];
  let awarded = base.freeSpinsAwarded;
  let left = awarded;
  while (left > 0 && freeSpins.length < cfg.maxFreeSpins) {
    const spin = spinOutcome(cfg, cfg.freeStrips, next, params.bet, cfg.freeSpinMultiplier);
    freeSpins.push(spin);
    left += spin.freeSpinsAwarded - 1;
    awarded += spin.freeSpinsAwarded;
  }
  const totalWin = freeSpins.reduce((a, s) => a + s.win, base.win);
  if (!Number.isSafeInteger(totalWin)) throw new OriginalsError('INVALID_BET', 'the payout would exceed the largest safe amount');
  return { bet: params.bet, lineBet: params.bet / cfg.lines.length, base, freeSpins, freeSpinsAwarded: awarded, totalWin };
}
