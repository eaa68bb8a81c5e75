/**
 * Mines: a 5×5 board hides 1-24 mines (the player chooses how many). The player uncovers tiles
 * one by one; a mine ends the round with nothing, and after at least one safe tile the player
 * may cash out at the multiplier for the number of safe tiles uncovered.
 *
 * Fair multiplier: the chance of k safe picks in a row with m mines is C(25−m, k) / C(25, k),
 * so the multiplier RTP × C(25, k) / C(25−m, k) returns exactly RTP whenever the player stops.
 * We round it down to 4 decimals, which keeps every stop's RTP in (96.49 %, 96.50 %].
 *
 * Mine positions: a forward Fisher–Yates shuffle of tiles 0..24 (tile = row × 5 + column),
 * stopped after `mines` steps: step i swaps tile i with tile i + floor(f_i × (25 − i)). The first
 * `mines` tiles are the mines, a uniform draw of every possible set. Uses `mines` floats.
 */
import { OriginalsError, assertIntIn } from './errors.ts';
import { assertBet, floorDiv, payoutFor } from './money.ts';
import type { FloatSource } from '@playhall/fairness';
import { intBelow } from '@playhall/fairness';

/** RTP in ten-thousandths: 96.50 %. */
export const MINES_RTP_E4 = 9_650;
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export interface MinesParams {
  /** Stake in hundredths. */
  bet: number;
  /** Number of mines, 1..24. */
  mines: number;
  /**
   * Tiles the player uncovered, in order (0..24, row × 5 + column). The round ends at the first
   * mine; otherwise the player cashed out after the last pick. At least one pick.
   */
  picks: readonly number[];
}

export interface MinesOutcome {
  /** The mines, ascending tile indices. */
  mines: number[];
  /** Safe tiles uncovered before the round ended. */
  safePicks: number;
  hitMine: boolean;
  /** Cash-out multiplier in ten-thousandths (0 when a mine was hit). */
  multiplierE4: number;
  /** Amount paid back in hundredths. */
  payout: number;
}

const binomial: number[][] = (() => {
  const c: number[][] = [];
  for (let n = 0; n <= MINES_TILES; n++) {
    const row: number[] = [1];
    for (let k = 1; k <= n; k++) row.push((c[n - 1]?.[k - 1] ?? 0) + (c[n - 1]?.[k] ?? 0));
    c.push(row);
  }
  return c;
})();

/** C(n, k) for 0 ≤ k ≤ n ≤ 25 (exact: the largest, C(25, 12), is 5,200,300). */
export function choose(n: number, k: number): number {
  return binomial[n]?.[k] ?? 0;
}

/** The largest number of safe picks with `mines` mines. */
export function minesMaxPicks(mines: number): number {
  return MINES_TILES - mines;
}

/**
 * Cash-out multiplier (ten-thousandths) after `safePicks` safe tiles with `mines` mines:
 * floor(9650 × C(25, k) / C(25 − m, k)). All operands stay below 2^53, so this is exact.
 */
export function minesMultiplierE4(mines: number, safePicks: number): number {
  assertIntIn('mines', mines, MINES_MIN, MINES_MAX);
  assertIntIn('safe picks', safePicks, 0, minesMaxPicks(mines));
  return floorDiv(MINES_RTP_E4 * choose(MINES_TILES, safePicks), choose(MINES_TILES - mines, safePicks));
}

/** Exact chance of `safePicks` safe tiles in a row with `mines` mines. */
export function minesSurvivalProbability(mines: number, safePicks: number): number {
  return choose(MINES_TILES - mines, safePicks) / choose(MINES_TILES, safePicks);
}

/** Exact RTP of the strategy "stop after k safe picks" (chance × multiplier). */
export function minesRtp(mines: number, safePicks: number): number {
  return (minesSurvivalProbability(mines, safePicks) * minesMultiplierE4(mines, safePicks)) / 10_000;
}

/** Draws the mines (ascending tile indices). Uses `mines` floats. */
export function drawMines(next: FloatSource, mines: number): number[] {
  assertIntIn('mines', mines, MINES_MIN, MINES_MAX);
  const tiles: number[] = [];
  for (let t = 0; t < MINES_TILES; t++) tiles.push(t); // (a loop: Array.from is ~10× slower here)
  for (let i = 0; i < mines; i++) {
    const j = i + intBelow(next(), MINES_TILES - i);
    const t = tiles[i] as number;
    tiles[i] = tiles[j] as number;
    tiles[j] = t;
  }
  return tiles.slice(0, mines).sort((a, b) => a - b);
}

/** Validates the parameters that do not depend on the board. */
export function checkMinesParams(params: MinesParams): void {
  assertBet(params.bet);
  assertIntIn('mines', params.mines, MINES_MIN, MINES_MAX);
  if (!Array.isArray(params.picks) || params.picks.length === 0) {
    throw new OriginalsError('INVALID_PARAMS', 'uncover at least one tile before cashing out');
  }
  let seen = 0; // one bit per tile
  for (const p of params.picks) {
    assertIntIn('tile', p, 0, MINES_TILES - 1);
    if (seen & (1 << p)) throw new OriginalsError('INVALID_PARAMS', `tile ${p} was picked twice`);
    seen |= 1 << p;
  }
}

/**
 * Settles a round against known mine positions: walks the picks in order, stops at the first
 * mine (picks after it are refused: the round was already over), otherwise cashes out.
 */
export function settleMines(mines: readonly number[], params: MinesParams): MinesOutcome {
  checkMinesParams(params);
  if (mines.length !== params.mines) throw new OriginalsError('INVALID_PARAMS', 'the board does not have the chosen number of mines');
  let mineBits = 0;
  for (const m of mines) mineBits |= 1 << m;
  const sorted = [...mines].sort((a, b) => a - b);
  let safePicks = 0;
  for (let i = 0; i < params.picks.length; i++) {
    if (mineBits & (1 << (params.picks[i] as number))) {
      if (i !== params.picks.length - 1) throw new OriginalsError('INVALID_PARAMS', 'no picks are allowed after a mine');
      return { mines: sorted, safePicks, hitMine: true, multiplierE4: 0, payout: 0 };
    }
    safePicks++;
  }
  const multiplierE4 = minesMultiplierE4(params.mines, safePicks);
  return {
    mines: sorted,
    safePicks,
    hitMine: false,
    multiplierE4,
    payout: payoutFor(params.bet, multiplierE4, 10_000),
  };
}

/** Plays one mines round (draw the board, then settle the picks). Uses `mines` floats. */
export function playMines(next: FloatSource, params: MinesParams): MinesOutcome {
  checkMinesParams(params);
  return settleMines(drawMines(next, params.mines), params);
}
