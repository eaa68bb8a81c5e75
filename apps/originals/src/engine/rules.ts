/**
 * Published rules: plain numbers the game screens and the rules page render. Multipliers keep
 * the engine's integer scales (E2 = hundredths, E4 = ten-thousandths); amounts are hundredths.
 * RULES.md says the same in words.
 */
import { CRASH_GROWTH_PER_MS, CRASH_MAX_E2, CRASH_MIN_CASH_OUT_E2, CRASH_RTP_E4, crashReachProbability } from './crash.ts';
import { DICE_MAX_WIN_ROLLS, DICE_MIN_WIN_ROLLS, DICE_OUTCOMES, DICE_RTP_E4 } from './dice.ts';
import { CLIENT_SEED_MAX_LENGTH, FLOATS_PER_DIGEST, SERVER_SEED_BYTES } from '@playhall/fairness';
import { MINES_MAX, MINES_MIN, MINES_RTP_E4, MINES_TILES, minesMaxPicks, minesMultiplierE4 } from './mines.ts';
import type { SlotSymbol } from './slot/config.ts';
import {
  SLOT_BET_STEP,
  SLOT_FIGURES,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS,
  SLOT_LINE_PAYS,
  SLOT_LINES,
  SLOT_MAX_FREE_SPINS,
  SLOT_REELS,
  SLOT_ROWS,
  SLOT_SCATTER_PAYS,
  SLOT_SYMBOLS,
} from './slot/config.ts';

export type SlotSymbolKind = 'wild' | 'scatter' | 'high' | 'low';

const SYMBOL_KIND: Record<SlotSymbol, SlotSymbolKind> = {
  wild: 'wild',
  scatter: 'scatter',
  seven: 'high',
  diamond: 'high',
  bell: 'high',
  clover: 'high',
  ace: 'low',
  king: 'low',
  queen: 'low',
  jack: 'low',
};

export const slotRules = {
  game: 'slot',
  name: 'Fortune Reels',
  reels: SLOT_REELS,
  rows: SLOT_ROWS,
  /** Paylines: the row (0 top .. 2 bottom) on reels 1..5. Lines pay left to right, 3+ of a kind. */
  lines: SLOT_LINES,
  /** The total bet must be a multiple of this many hundredths; line bet = bet / lines. */
  betStep: SLOT_BET_STEP,
  /** Line pays in line-bet multiples (scatter: total-bet multiples, anywhere). */
  symbols: SLOT_SYMBOLS.map((id) => ({
    id,
    kind: SYMBOL_KIND[id],
    pays: id === 'scatter' ? { 3: SLOT_SCATTER_PAYS[3], 4: SLOT_SCATTER_PAYS[4], 5: SLOT_SCATTER_PAYS[5] } : { 3: SLOT_LINE_PAYS[id][0], 4: SLOT_LINE_PAYS[id][1], 5: SLOT_LINE_PAYS[id][2] },
  })),
  wild: { substitutesFor: SLOT_SYMBOLS.filter((s) => s !== 'wild' && s !== 'scatter'), paysOwnRun: true },
  scatter: { paysAnywhere: true, payUnit: 'totalBet' as const },
  freeSpins: {
    /** Free spins for 3, 4, 5 scatters; the same award retriggers during free spins. */
    awards: { ...SLOT_FREE_SPINS },
    multiplier: SLOT_FREE_SPIN_MULTIPLIER,
    retrigger: true,
    maxPerRound: SLOT_MAX_FREE_SPINS,
  },
  ...SLOT_FIGURES,
} as const;

export const crashRules = {
  game: 'crash',
  rtp: CRASH_RTP_E4 / 10_000,
  minCashOutE2: CRASH_MIN_CASH_OUT_E2,
  maxMultiplierE2: CRASH_MAX_E2,
  /** Curve: multiplier = e^(growthPerMs × elapsed ms), floored to hundredths. */
  growthPerMs: CRASH_GROWTH_PER_MS,
  /** Chance of an instant crash at 1.00× (no cash-out can win). */
  instantCrashChance: 1 - crashReachProbability(CRASH_MIN_CASH_OUT_E2),
} as const;

/** multipliersE4[mines − 1][safePicks − 1]: the cash-out multiplier table. */
function minesTable(): number[][] {
  const rows: number[][] = [];
  for (let m = MINES_MIN; m <= MINES_MAX; m++) {
    const row: number[] = [];
    for (let k = 1; k <= minesMaxPicks(m); k++) row.push(minesMultiplierE4(m, k));
    rows.push(row);
  }
  return rows;
}

export const minesRules = {
  game: 'mines',
  rtp: MINES_RTP_E4 / 10_000,
  tiles: MINES_TILES,
  minMines: MINES_MIN,
  maxMines: MINES_MAX,
  multipliersE4: minesTable(),
} as const;

export const diceRules = {
  game: 'dice',
  rtp: DICE_RTP_E4 / 10_000,
  /** Rolls are hundredths 0..9999 (0.00-99.99). */
  outcomes: DICE_OUTCOMES,
  minWinChanceE4: DICE_MIN_WIN_ROLLS,
  maxWinChanceE4: DICE_MAX_WIN_ROLLS,
} as const;

export const fairnessRules = {
  serverSeedBytes: SERVER_SEED_BYTES,
  clientSeedMaxLength: CLIENT_SEED_MAX_LENGTH,
  commitment: 'SHA-256(serverSeed)',
  floats: 'HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`)',
  floatsPerDigest: FLOATS_PER_DIGEST,
  firstNonce: 0,
} as const;

/** Every game's rules, keyed by game id. */
export const rules = { slot: slotRules, crash: crashRules, mines: minesRules, dice: diceRules, fairness: fairnessRules } as const;
