/**
 * The readable slot evaluator: one grid in, every line win and the scatter result out. Real
 * rounds use it (the outcome lists each win); the compiled evaluator used for the exact RTP and
 * simulations is built from the same `linePay` and tested to agree with this one.
 */
import type { SlotConfig } from './config.ts';
import { SCATTER, SLOT_ROWS, WILD } from './config.ts';

export interface LineResult {
  /** The paying symbol (WILD when a run of wilds out-pays the symbol it completes). */
  symbol: number;
  /** Length of the paying run from reel 1 (3..5). */
  count: number;
  /** Pay in line-bet multiples. */
  pays: number;
}

/**
 * The pay of one line (its 5 symbols, reel 1 first). Rules:
 * - A line pays its longest run from the leftmost reel of one symbol, wilds counting as that
 *   symbol; 3, 4 or 5 in a row pay. The symbol is the first non-wild one.
 * - Wilds pay on their own too: a run of leading wilds pays the wild's pay when that is more
 *   than the symbol they complete. Only the higher of the two is paid (one win per line).
 * - The scatter never pays on a line and is not substituted: it ends any run.
 */
export function linePay(cfg: SlotConfig, symbols: ArrayLike<number>): LineResult | null {
  const n = symbols.length;
  let wilds = 0;
  while (wilds < n && symbols[wilds] === WILD) wilds++;
  const wildPays = wilds >= 3 ? (cfg.linePays[WILD]?.[wilds - 3] ?? 0) : 0;
  const first = symbols[wilds];
  if (wilds === n || first === SCATTER || first === undefined) {
    return wildPays > 0 ? { symbol: WILD, count: wilds, pays: wildPays } : null;
  }
  let count = wilds + 1;
  while (count < n && (symbols[count] === first || symbols[count] === WILD)) count++;
  const symbolPays = count >= 3 ? (cfg.linePays[first]?.[count - 3] ?? 0) : 0;
  if (symbolPays === 0 && wildPays === 0) return null;
  return symbolPays >= wildPays ? { symbol: first, count, pays: symbolPays } : { symbol: WILD, count: wilds, pays: wildPays };
}

export interface LineWin extends LineResult {
  /** Payline index (0-based, in `cfg.lines` order). */
  line: number;
}

export interface SpinResult {
  stops: number[];
  /** grid[reel][row], symbol indices. */
  grid: number[][];
  lineWins: LineWin[];
  /** [reel, row] of every scatter in view. */
  scatterPositions: [number, number][];
  /** Scatter pay in total-bet multiples. */
  scatterPays: number;
  freeSpinsAwarded: number;
}

/** The window a stop shows: strip[stop], strip[stop + 1], strip[stop + 2] (wrapping) on rows 0..2. */
export function gridAt(strips: readonly (readonly number[])[], stops: readonly number[]): number[][] {
  return strips.map((strip, r) => {
    const stop = stops[r] as number;
    const col: number[] = [];
    for (let row = 0; row < SLOT_ROWS; row++) col.push(strip[(stop + row) % strip.length] as number);
    return col;
  });
}

/** Scatter pays and free spins for a scatter count (more than the table's end counts as its end). */
export function scatterAward(cfg: SlotConfig, scatters: number): { pays: number; freeSpins: number } {
  const i = Math.min(scatters, cfg.scatterPays.length - 1);
  return { pays: cfg.scatterPays[i] ?? 0, freeSpins: cfg.freeSpinsAwarded[Math.min(scatters, cfg.freeSpinsAwarded.length - 1)] ?? 0 };
}

/** Evaluates one spin at the given stops on the given strips. */
export function evaluateSpin(cfg: SlotConfig, strips: readonly (readonly number[])[], stops: readonly number[]): SpinResult {
  const grid = gridAt(strips, stops);
  const lineWins: LineWin[] = [];
  cfg.lines.forEach((rows, line) => {
    const win = linePay(
      cfg,
      rows.map((row, reel) => grid[reel]?.[row] as number),
    );
    if (win) lineWins.push({ line, ...win });
  });
  const scatterPositions: [number, number][] = [];
  grid.forEach((col, reel) =>
    col.forEach((sym, row) => {
      if (sym === SCATTER) scatterPositions.push([reel, row]);
    }),
  );
  const award = scatterAward(cfg, scatterPositions.length);
  return { stops: [...stops], grid, lineWins, scatterPositions, scatterPays: award.pays, freeSpinsAwarded: award.freeSpins };
}

/** Total win of a spin in line-bet units (line pays + scatter pays × lines), before any multiplier. */
export function spinUnitsOf(cfg: SlotConfig, spin: SpinResult): number {
  return spin.lineWins.reduce((a, w) => a + w.pays, 0) + spin.scatterPays * cfg.lines.length;
}
