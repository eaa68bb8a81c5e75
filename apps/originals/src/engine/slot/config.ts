/**
 * Fortune Reels: the Originals slot. 5 reels × 3 rows, 20 fixed paylines paying left to right
 * for 3, 4 or 5 of a kind; a wild that substitutes for every symbol except the scatter; a
 * scatter that pays anywhere and awards free spins (retriggerable, all wins × 2).
 *
 * Everything here is data. The evaluator, the exact RTP and the published rules are all derived
 * from this one object, so changing a number here changes all of them together (and the RTP
 * test fails until `SLOT_RTP` is updated to the new enumerated figure).
 */

/** Symbol names, by index. Index 0 must be the wild and 1 the scatter. */
export const SLOT_SYMBOLS = ['wild', 'scatter', 'seven', 'diamond', 'bell', 'clover', 'ace', 'king', 'queen', 'jack'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
export const WILD = 0;
export const SCATTER = 1;
export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/**
 * A slot definition. Rows are 0 (top) .. 2 (bottom); a reel at stop s shows strip positions
 * s, s+1, s+2 (wrapping) on rows 0, 1, 2.
 */
export interface SlotConfig {
  symbols: readonly string[];
  /** Row on each reel, per payline. */
  lines: readonly (readonly number[])[];
  /** Line pays in line-bet multiples for [3, 4, 5] of a kind, by symbol index (the scatter's row is ignored). */
  linePays: readonly (readonly [number, number, number])[];
  /** Scatter pays in total-bet multiples, by number of scatters visible (index 0..5). */
  scatterPays: readonly number[];
  /** Free spins awarded, by number of scatters visible (index 0..5); the same during free spins (retrigger). */
  freeSpinsAwarded: readonly number[];
  /** Every free-spin win (lines and scatters) is multiplied by this. */
  freeSpinMultiplier: number;
  /** Safety stop: a round plays at most this many free spins (reaching it has a chance below 10^-69). */
  maxFreeSpins: number;
  /** Reel strips (symbol indices) of the base game and of the free spins. */
  baseStrips: readonly (readonly number[])[];
  freeStrips: readonly (readonly number[])[];
}

/** The 20 paylines, as the row on reels 1..5 (0 top, 1 middle, 2 bottom). */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

/** Line pays in line-bet multiples for 3, 4 and 5 of a kind. */
export const SLOT_LINE_PAYS: Readonly<Record<Exclude<SlotSymbol, 'scatter'>, readonly [number, number, number]>> = {
  wild: [25, 100, 500],
  seven: [20, 80, 300],
  diamond: [15, 60, 200],
  bell: [12, 40, 150],
  clover: [10, 30, 100],
  ace: [6, 15, 60],
  king: [5, 12, 50],
  queen: [5, 10, 40],
  jack: [4, 8, 25],
};

/** Scatter pays in total-bet multiples for 3, 4, 5 scatters anywhere. */
export const SLOT_SCATTER_PAYS = { 3: 2, 4: 8, 5: 40 } as const;
/** Free spins for 3, 4, 5 scatters, in the base game and again (added) during free spins. */
export const SLOT_FREE_SPINS = { 3: 6, 4: 10, 5: 15 } as const;
export const SLOT_FREE_SPIN_MULTIPLIER = 2;
export const SLOT_MAX_FREE_SPINS = 1_000;

/**
 * Reel strips. Built so the same symbol never sits next to itself (no stacks: fewer huge
 * multi-line hits, a calmer game) and two scatters are never within 3 stops on one reel (a reel
 * shows at most one scatter, so P(scatter on reel) = 3 × scatters / length exactly).
 */
const STRIP_NAMES: readonly (readonly SlotSymbol[])[] = [
  // reel 1: 33 stops
  [
    'jack', 'queen', 'ace', 'king', 'bell', 'clover', 'jack', 'queen', 'king', 'ace', 'king',
    'clover', 'wild', 'seven', 'ace', 'queen', 'diamond', 'seven', 'jack', 'bell', 'scatter', 'jack',
    'diamond', 'ace', 'king', 'bell', 'queen', 'clover', 'queen', 'scatter', 'jack', 'diamond', 'wild',
  ],
  // reel 2: 32 stops
  [
    'king', 'clover', 'jack', 'king', 'jack', 'queen', 'diamond', 'bell', 'wild', 'queen', 'clover',
    'jack', 'king', 'wild', 'scatter', 'bell', 'ace', 'jack', 'queen', 'jack', 'seven', 'ace',
    'clover', 'king', 'queen', 'diamond', 'bell', 'seven', 'ace', 'wild', 'ace', 'queen',
  ],
  // reel 3: 34 stops
  [
    'ace', 'clover', 'king', 'queen', 'ace', 'queen', 'wild', 'bell', 'diamond', 'bell', 'jack',
    'wild', 'queen', 'ace', 'king', 'clover', 'scatter', 'diamond', 'queen', 'ace', 'seven', 'queen',
    'jack', 'bell', 'clover', 'scatter', 'king', 'jack', 'diamond', 'jack', 'seven', 'king', 'wild',
    'jack',
  ],
  // reel 4: 32 stops
  [
    'bell', 'ace', 'jack', 'queen', 'ace', 'clover', 'queen', 'king', 'bell', 'diamond', 'queen',
    'ace', 'queen', 'king', 'seven', 'jack', 'king', 'scatter', 'wild', 'king', 'jack', 'bell',
    'wild', 'clover', 'seven', 'jack', 'queen', 'diamond', 'ace', 'wild', 'jack', 'clover',
  ],
  // reel 5: 33 stops
  [
    'jack', 'ace', 'wild', 'bell', 'king', 'scatter', 'ace', 'diamond', 'clover', 'scatter', 'diamond',
    'wild', 'clover', 'queen', 'seven', 'jack', 'king', 'queen', 'king', 'jack', 'bell', 'diamond',
    'queen', 'jack', 'ace', 'queen', 'clover', 'jack', 'bell', 'seven', 'queen', 'ace', 'king',
  ],
];

function indexOf(name: string): number {
  const i = SLOT_SYMBOLS.indexOf(name as SlotSymbol);
  if (i < 0) throw new Error(`unknown slot symbol ${name}`);
  return i;
}

const baseStrips = STRIP_NAMES.map((strip) => strip.map(indexOf));

/** The game as played. Free spins use the base strips; their extra value is the × 2 multiplier. */
export const FORTUNE_REELS: SlotConfig = {
  symbols: SLOT_SYMBOLS,
  lines: SLOT_LINES,
  linePays: SLOT_SYMBOLS.map((s) => (s === 'scatter' ? ([0, 0, 0] as const) : SLOT_LINE_PAYS[s])),
  scatterPays: [0, 0, 0, SLOT_SCATTER_PAYS[3], SLOT_SCATTER_PAYS[4], SLOT_SCATTER_PAYS[5]],
  freeSpinsAwarded: [0, 0, 0, SLOT_FREE_SPINS[3], SLOT_FREE_SPINS[4], SLOT_FREE_SPINS[5]],
  freeSpinMultiplier: SLOT_FREE_SPIN_MULTIPLIER,
  maxFreeSpins: SLOT_MAX_FREE_SPINS,
  baseStrips,
  freeStrips: baseStrips,
};

/** Bet step: the total bet must be a whole number of line bets, each a whole number of hundredths. */
export const SLOT_BET_STEP = SLOT_LINES.length;

/**
 * Published figures, from the exact enumeration (`slotExactRtp()`, see exact.ts). A test
 * recomputes them and fails if the strips or pays change without these being updated.
 */
export const SLOT_FIGURES = {
  /** Return to player: 96.6144 %. */
  rtp: 0.9661436175,
  /** Parts of the RTP. */
  baseLineRtp: 0.6600413603,
  baseScatterRtp: 0.0586478716,
  freeSpinsRtp: 0.2474543856,
  /** Standard deviation of one round's win, in bets. */
  stdDev: 2.968005,
  /** Chance a base spin wins anything. */
  hitFrequency: 0.5606377107,
  /** Chance a base spin triggers free spins (about 1 in 43). */
  triggerProbability: 0.0232737110,
} as const;
