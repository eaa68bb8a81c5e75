/**
 * Simulations of Crash, Mines and Dice through their real `play*` functions on a seeded
 * xoshiro128** source, each with the exact mean and variance it should reproduce.
 *
 * Each simulation cycles through a fixed set of player strategies (round i uses strategy
 * i mod S), so the expected RTP is the plain average of the strategies' exact RTPs and the
 * variance of the simulated mean is the average of their exact variances divided by the rounds.
 * Wins are measured in bets (payout / stake) with a stake of 100.00, large enough that the
 * rounding down of payouts to hundredths is exact for every multiplier (they have at most 4
 * decimals and 10000 × E4 / 10^4 is a whole number).
 */
import { crashRtp, playCrash } from './crash.ts';
import { diceMultiplierE4, diceWinRolls, playDice } from './dice.ts';
import type { DiceDirection } from './dice.ts';
import { MINES_TILES, drawMines, minesMultiplierE4, minesSurvivalProbability, settleMines } from './mines.ts';
import { intBelow, xoshiro128ss } from '@playhall/fairness';

export interface Simulation {
  rounds: number;
  /** Σ win and Σ win², in bets. */
  sum: number;
  sumSquares: number;
  /** What the sums must estimate: the exact RTP of the strategy mix and the exact variance of one round. */
  expectedMean: number;
  expectedVariance: number;
}

const STAKE = 10_000;

/** Exact mean and variance of "win m with probability p, else 0". */
function bernoulli(p: number, m: number): { mean: number; variance: number } {
  return { mean: p * m, variance: p * m * m - (p * m) ** 2 };
}

function run<S>(rounds: number, strategies: readonly S[], exact: (s: S) => { mean: number; variance: number }, play: (s: S) => number): Simulation {
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < rounds; i++) {
    const x = play(strategies[i % strategies.length] as S);
    sum += x;
    sumSquares += x * x;
  }
  // Strategy s is used ⌈(rounds − s) / S⌉ times; weight the exact figures the same way.
  let expectedMean = 0;
  let expectedVariance = 0;
  strategies.forEach((s, i) => {
    const uses = Math.ceil((rounds - i) / strategies.length);
    const e = exact(s);
    expectedMean += (uses * e.mean) / rounds;
    expectedVariance += (uses * e.variance) / rounds;
  });
  return { rounds, sum, sumSquares, expectedMean, expectedVariance };
}

/** Dice targets from 1 % to 95 % win chance, both directions. */
export const DICE_STRATEGIES: readonly { target: number; direction: DiceDirection }[] = [
  { target: 100, direction: 'under' },
  { target: 500, direction: 'under' },
  { target: 2500, direction: 'under' },
  { target: 4950, direction: 'under' },
  { target: 9500, direction: 'under' },
  { target: 9899, direction: 'over' },
  { target: 7499, direction: 'over' },
  { target: 5050, direction: 'over' },
  { target: 1000, direction: 'over' },
  { target: 499, direction: 'over' },
];

export function simulateDice(rounds: number, seed: number): Simulation {
  const next = xoshiro128ss(seed).next;
  return run(
    rounds,
    DICE_STRATEGIES,
    (s) => {
      const w = diceWinRolls(s.target, s.direction);
      return bernoulli(w / 10_000, diceMultiplierE4(w) / 10_000);
    },
    (s) => playDice(next, { bet: STAKE, ...s }).payout / STAKE,
  );
}

/** Cash-out targets (hundredths) from 1.01× to 50×. */
export const CRASH_STRATEGIES: readonly number[] = [101, 110, 150, 200, 300, 500, 1000, 2000, 5000];

export function simulateCrash(rounds: number, seed: number): Simulation {
  const next = xoshiro128ss(seed).next;
  return run(
    rounds,
    CRASH_STRATEGIES,
    (target) => bernoulli(crashRtp(target) / (target / 100), target / 100),
    (cashOutE2) => playCrash(next, { bet: STAKE, cashOutE2 }).payout / STAKE,
  );
}

/** (mines, safe picks before cashing out), from cautious to bold. */
export const MINES_STRATEGIES: readonly { mines: number; picks: number }[] = [
  { mines: 1, picks: 1 },
  { mines: 1, picks: 10 },
  { mines: 3, picks: 3 },
  { mines: 3, picks: 8 },
  { mines: 5, picks: 5 },
  { mines: 10, picks: 2 },
  { mines: 10, picks: 4 },
  { mines: 20, picks: 1 },
  { mines: 24, picks: 1 },
];

export function simulateMines(rounds: number, seed: number): Simulation {
  const next = xoshiro128ss(seed).next;
  const tiles = Array.from({ length: MINES_TILES }, (_, i) => i);
  return run(
    rounds,
    MINES_STRATEGIES,
    (s) => bernoulli(minesSurvivalProbability(s.mines, s.picks), minesMultiplierE4(s.mines, s.picks) / 10_000),
    (s) => {
      // The player's tiles: a random sequence of distinct tiles (where they click does not matter
      // to the odds, but a fixed pattern would not exercise the board's uniformity).
      for (let i = 0; i < s.picks; i++) {
        const j = i + intBelow(next(), MINES_TILES - i);
        const t = tiles[i] as number;
        tiles[i] = tiles[j] as number;
        tiles[j] = t;
      }
      const board = drawMines(next, s.mines);
      // The player stops at the first mine: the picks after it are never made.
      let made = 0;
      while (made < s.picks && !board.includes(tiles[made] as number)) made++;
      const picks = tiles.slice(0, Math.min(made + 1, s.picks));
      return settleMines(board, { bet: STAKE, mines: s.mines, picks }).payout / STAKE;
    },
  );
}
