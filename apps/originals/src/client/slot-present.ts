/**
 * How a slot round is presented: the spins in order (base, then each free spin with its
 * counter), and for each spin the paying cells and line paths to highlight. Pure, so a test
 * can check the presentation of a fixed outcome.
 */
import { SLOT_LINES } from '../engine/index.ts';
import type { SlotSpin, SlotSpinResponse } from '../api/schemas.ts';

export interface SpinStep {
  spin: SlotSpin;
  /** 0 for the base spin, 1.. for free spins. */
  index: number;
  free: boolean;
  /** Free spins still to play after this one (including retrigger awards so far). */
  freeLeft: number;
  /** Running total of the round's win after this spin (hundredths). */
  totalSoFar: number;
}

export interface SpinHighlight {
  /** "reel:row" of every cell in a paying run or a paying scatter. */
  cells: Set<string>;
  /** One polyline per winning line: [reel, row] centres across all 5 reels. */
  lines: { line: number; points: [number, number][]; count: number; amount: number }[];
}

export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

export function spinSteps(outcome: SlotSpinResponse['outcome']): SpinStep[] {
  const steps: SpinStep[] = [];
  let total = outcome.base.win;
  let left = outcome.base.freeSpinsAwarded;
  steps.push({ spin: outcome.base, index: 0, free: false, freeLeft: left, totalSoFar: total });
  outcome.freeSpins.forEach((spin, i) => {
    left = left - 1 + spin.freeSpinsAwarded;
    total += spin.win;
    steps.push({ spin, index: i + 1, free: true, freeLeft: Math.max(0, left), totalSoFar: total });
  });
  return steps;
}

export function highlight(spin: SlotSpin): SpinHighlight {
  const cells = new Set<string>();
  const lines: SpinHighlight['lines'] = [];
  for (const w of spin.lineWins) {
    const rows = SLOT_LINES[w.line];
    if (!rows) continue;
    for (let reel = 0; reel < w.count; reel++) cells.add(cellKey(reel, rows[reel] as number));
    lines.push({ line: w.line, points: rows.map((row, reel) => [reel, row] as [number, number]), count: w.count, amount: w.amount });
  }
  if (spin.scatter.amount > 0 || spin.freeSpinsAwarded > 0) {
    for (const [reel, row] of spin.scatter.positions) cells.add(cellKey(reel, row));
  }
  return { cells, lines };
}

/** Count-up value at time t of a duration: ease-out, whole hundredths, exact at the end. */
export function countUp(target: number, t: number, duration: number): number {
  if (t >= duration) return target;
  if (t <= 0) return 0;
  const p = t / duration;
  return Math.floor(target * (1 - (1 - p) ** 3));
}

/** Count-up length grows with the win relative to the bet (a big win takes longer to count). */
export function countUpMs(win: number, bet: number): number {
  if (win <= 0) return 0;
  const x = win / Math.max(1, bet);
  return Math.round(Math.min(3_000, 400 + 600 * Math.log2(1 + x)));
}

/** A big-win tier for the celebration (only when value is actually credited). */
export function winTier(win: number, bet: number): 'none' | 'small' | 'big' | 'mega' {
  if (win <= 0) return 'none';
  const x = win / Math.max(1, bet);
  return x >= 50 ? 'mega' : x >= 10 ? 'big' : 'small';
}
