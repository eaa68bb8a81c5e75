import { describe, expect, test } from 'vitest';
import { MINES_MAX, MINES_MIN, choose, drawMines, minesMaxPicks, minesMultiplierE4, minesRtp, playMines, settleMines } from './mines.ts';
import { arraySource, xoshiro128ss, chiSquareUniformity, estimateMean } from '@playhall/fairness';
import { simulateMines } from './simulate.ts';

describe('mines', () => {
  test('multiplier = 96.5 % × C(25, k) / C(25 − mines, k), rounded down to 4 decimals', () => {
    expect(choose(25, 12)).toBe(5_200_300);
    expect(minesMultiplierE4(1, 1)).toBe(10_052); // 0.965 × 25/24 = 1.00520…
    expect(minesMultiplierE4(3, 1)).toBe(10_965); // 0.965 × 25/22 = 1.09659…
    expect(minesMultiplierE4(24, 1)).toBe(241_250); // 0.965 × 25 = 24.125
    expect(minesMultiplierE4(1, 24)).toBe(241_250);
    expect(minesMultiplierE4(5, 20)).toBe(9650 * 53_130); // C(25, 20) / C(20, 20)
  });

  test('every (mines, safe picks) stop returns between 96.49 % and 96.50 % (exact)', () => {
    for (let m = MINES_MIN; m <= MINES_MAX; m++) {
      for (let k = 1; k <= minesMaxPicks(m); k++) {
        const rtp = minesRtp(m, k);
        expect(rtp).toBeLessThanOrEqual(0.965);
        expect(rtp).toBeGreaterThan(0.9649);
        expect(minesMultiplierE4(m, k)).toBeGreaterThan(10_000); // every cash-out is a profit
      }
    }
  });

  test('mines come from a Fisher–Yates shuffle of the floats', () => {
    expect(drawMines(arraySource([0, 0, 0]), 3)).toEqual([0, 1, 2]);
    // 0.99 each time: tile 0 ↔ 24, then tile 1 ↔ 24 (now holding 0), then tile 2 ↔ 24 (now 1)
    expect(drawMines(arraySource([0.99, 0.99, 0.99]), 3)).toEqual([0, 1, 24]);
    // step 0 swaps tile 0 with floor(0.5 × 25) = 12; step 1 swaps tile 1 with 1 + floor(0.5 × 24) = 13
    expect(drawMines(arraySource([0.5, 0.5]), 2)).toEqual([12, 13]);
    expect(() => drawMines(arraySource([0.5]), 2)).toThrow(/more than 1 floats/);
  });

  test('every tile is equally likely to hold a mine (chi-square, p > 0.01)', () => {
    const next = xoshiro128ss(7).next;
    const hits: number[] = [];
    for (let i = 0; i < 40_000; i++) for (const t of drawMines(next, 5)) hits.push((t + 0.5) / 25);
    expect(chiSquareUniformity(hits, 25).p).toBeGreaterThan(0.01);
  });

  test('a mine ends the round with nothing; safe picks cash out at the table multiplier', () => {
    const board = [3, 7, 11];
    expect(settleMines(board, { bet: 1000, mines: 3, picks: [0, 1, 7] })).toMatchObject({ hitMine: true, safePicks: 2, payout: 0 });
    expect(settleMines(board, { bet: 1000, mines: 3, picks: [0, 1] })).toMatchObject({ hitMine: false, safePicks: 2, multiplierE4: 12_532, payout: 1253 }); // 0.965 × 300/231
    const allSafe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !board.includes(t));
    expect(settleMines(board, { bet: 100, mines: 3, picks: allSafe })).toMatchObject({ safePicks: 22, payout: Math.floor((100 * minesMultiplierE4(3, 22)) / 10_000) });
  });

  test('refuses picks after a mine, repeated tiles, no picks and bad mine counts', () => {
    const board = [3, 7, 11];
    expect(() => settleMines(board, { bet: 100, mines: 3, picks: [7, 0] })).toThrow(/after a mine/);
    expect(() => settleMines(board, { bet: 100, mines: 3, picks: [0, 0] })).toThrow(/twice/);
    expect(() => settleMines(board, { bet: 100, mines: 3, picks: [] })).toThrow(/at least one/);
    expect(() => settleMines(board, { bet: 100, mines: 3, picks: [25] })).toThrow(/tile/);
    expect(() => playMines(arraySource([0.1]), { bet: 100, mines: 0, picks: [1] })).toThrow(/mines/);
    expect(() => playMines(arraySource([0.1]), { bet: 100, mines: 25, picks: [1] })).toThrow(/mines/);
  });

  test('a simulation of 10^6 rounds lands within 3σ of the exact RTP', () => {
    const sim = simulateMines(1_000_000, 20_261_121);
    const est = estimateMean(sim.rounds, sim.sum, sim.sumSquares);
    const sigma = Math.sqrt(sim.expectedVariance / sim.rounds);
    expect(sim.expectedMean).toBeGreaterThan(0.9649);
    expect(sim.expectedMean).toBeLessThanOrEqual(0.965);
    expect(Math.abs(est.mean - sim.expectedMean)).toBeLessThan(3 * sigma);
  });
});
