import { describe, expect, test } from 'vitest';
import {
  CRASH_MAX_E2,
  CRASH_NUMERATOR,
  crashMsForMultiplier,
  crashMultiplierAtMs,
  crashPointE2,
  crashReachProbability,
  crashRtp,
  playCrash,
  settleCrash,
} from './crash.ts';
import { TWO_POW_32, arraySource, estimateMean } from '@playhall/fairness';
import { simulateCrash } from './simulate.ts';

const point = (k: number) => crashPointE2(arraySource([k / TWO_POW_32]));

describe('crash', () => {
  test('P(crash ≥ m) × m is 96.50 % for every cash-out target from 1.01× to the 10,000× cap', () => {
    // Exact integer counting, every target in hundredths: floor(A / M) of the 2^32 floats reach M.
    let lowest = 1;
    for (let M = 101; M <= CRASH_MAX_E2; M++) {
      const rtp = crashRtp(M);
      if (rtp < lowest) lowest = rtp;
      if (rtp > 0.965) throw new Error(`target ${M} pays ${rtp}`);
    }
    expect(lowest).toBeGreaterThan(0.965 - CRASH_MAX_E2 / (100 * TWO_POW_32));
    expect(lowest).toBeGreaterThan(0.96499);
  });

  test('the crash point function agrees with the counting: the floats at each threshold', () => {
    for (const M of [101, 102, 150, 199, 200, 1000, 12_345, 100_000, 999_999, CRASH_MAX_E2]) {
      const reach = Math.floor(CRASH_NUMERATOR / M); // values of 2^32 − k that reach M
      const firstK = TWO_POW_32 - reach;
      expect(point(firstK)).toBeGreaterThanOrEqual(M);
      expect(point(firstK - 1)).toBeLessThan(M);
      expect(crashReachProbability(M)).toBe(reach / TWO_POW_32);
    }
  });

  test('instant crash, ordinary and capped points', () => {
    expect(point(0)).toBe(100); // floor(96.5) → clamped to 1.00×
    expect(point(TWO_POW_32 / 2)).toBe(193); // 96.5 / 0.5
    expect(point(TWO_POW_32 - 1)).toBe(CRASH_MAX_E2);
  });

  test('a cash-out at or below the crash point wins bet × multiplier, rounded down', () => {
    expect(settleCrash(250, { bet: 333, cashOutE2: 250 })).toMatchObject({ won: true, payout: 832 }); // 333 × 2.5 = 832.5
    expect(settleCrash(250, { bet: 333, cashOutE2: 251 })).toMatchObject({ won: false, payout: 0 });
    expect(settleCrash(100, { bet: 100, cashOutE2: 101 })).toMatchObject({ won: false, crashAtMs: 0 });
    expect(() => playCrash(arraySource([0.5]), { bet: 100, cashOutE2: 100 })).toThrow(/cashOutE2/);
    expect(() => playCrash(arraySource([0.5]), { bet: 100, cashOutE2: CRASH_MAX_E2 + 1 })).toThrow(/cashOutE2/);
  });

  test('the curve and its inverse agree to the millisecond', () => {
    expect(crashMultiplierAtMs(0)).toBe(100);
    expect(crashMultiplierAtMs(11_553)).toBe(200); // e^(0.00006 × 11553) ≈ 2.0000
    let prev = 100;
    for (let ms = 0; ms < 160_000; ms += 97) {
      const m = crashMultiplierAtMs(ms);
      expect(m).toBeGreaterThanOrEqual(prev);
      prev = m;
    }
    for (const e2 of [101, 150, 200, 1000, 12_345, 100_000, CRASH_MAX_E2]) {
      const ms = crashMsForMultiplier(e2);
      expect(crashMultiplierAtMs(ms)).toBeGreaterThanOrEqual(e2);
      expect(crashMultiplierAtMs(ms - 1)).toBeLessThan(e2);
    }
  });

  test('a simulation of 10^6 rounds lands within 3σ of the exact RTP', () => {
    const sim = simulateCrash(1_000_000, 20_261_121);
    const est = estimateMean(sim.rounds, sim.sum, sim.sumSquares);
    const sigma = Math.sqrt(sim.expectedVariance / sim.rounds);
    expect(sim.expectedMean).toBeCloseTo(0.965, 5);
    expect(Math.abs(est.mean - sim.expectedMean)).toBeLessThan(3 * sigma);
  });
});
