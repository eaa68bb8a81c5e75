/**
 * The slot's RTP proof: exact by enumeration (checked against brute force and a second,
 * independent formula), then a large simulation that must land within ±0.1 percentage points.
 * One file so the enumeration's timing is not measured while the simulation's workers hold
 * both cores.
 */
import { describe, expect, test } from 'vitest';
import type { SlotConfig } from './config.ts';
import { FORTUNE_REELS, SCATTER, SLOT_FIGURES } from './config.ts';
import { compileSlot } from './compiled.ts';
import { evaluateSpin, spinUnitsOf } from './evaluate.ts';
import { enumerateSpins, slotExactRtp, slotRtpByReelFrequencies } from './exact.ts';
import { simulateSlotParallel } from './sim-parallel.ts';

/** A tiny slot (4- and 6-stop reels) whose every combination the readable evaluator can price. */
const TINY: SlotConfig = {
  ...FORTUNE_REELS,
  baseStrips: [
    [0, 2, 1, 6],
    [2, 0, 6, 1],
    [1, 2, 0, 9],
    [2, 6, 0, 1],
    [0, 1, 2, 6],
  ],
  // Longer free-spin strips with scatters on reels 1, 3 and 5 only: a retrigger chance of 1/8,
  // so the geometric series of retriggers (μ = 6/8) is exercised.
  freeStrips: [
    [0, 2, 6, 1, 9, 2],
    [2, 0, 6, 9, 6, 2],
    [1, 2, 0, 9, 6, 0],
    [2, 6, 9, 0, 6, 2],
    [0, 1, 2, 6, 9, 2],
  ],
};

describe('slot RTP', () => {
  test('the enumeration matches brute force over every combination of a small slot', () => {
    const slot = compileSlot(TINY);
    for (const [strips, compiled] of [
      [TINY.baseStrips, slot.base],
      [TINY.freeStrips, slot.free],
    ] as const) {
      const count = new Array<bigint>(16).fill(0n);
      const sum = new Array<bigint>(16).fill(0n);
      const sumSquares = new Array<bigint>(16).fill(0n);
      let hits = 0n;
      const n = strips[0]?.length as number;
      for (let i = 0; i < n ** 5; i++) {
        const stops = [0, 1, 2, 3, 4].map((r) => Math.floor(i / n ** r) % n);
        const spin = evaluateSpin(TINY, strips, stops);
        const w = BigInt(spinUnitsOf(TINY, spin));
        const c = spin.scatterPositions.length;
        count[c] = (count[c] as bigint) + 1n;
        sum[c] = (sum[c] as bigint) + w;
        sumSquares[c] = (sumSquares[c] as bigint) + w * w;
        if (w > 0n) hits++;
      }
      expect(enumerateSpins(slot, compiled)).toEqual({ combinations: BigInt(n ** 5), count, sum, sumSquares, hits });
    }
    const tiny = slotExactRtp(TINY);
    expect(tiny.retriggerRate).toBeCloseTo(6 / 8, 12);
    expect(tiny.rtp / slotRtpByReelFrequencies(TINY)).toBeCloseTo(1, 12); // (a very generous toy slot)
  });

  test('Fortune Reels: exact RTP in [96 %, 97 %] by enumerating all 37,914,624 stop combinations in under 10 s', () => {
    const exact = slotExactRtp();
    expect(exact.combinations).toBe(33n * 32n * 34n * 32n * 33n);
    expect(exact.ms).toBeLessThan(10_000);
    expect(exact.rtp).toBeGreaterThanOrEqual(0.96);
    expect(exact.rtp).toBeLessThanOrEqual(0.97);
    // A second, independent route (per-reel symbol frequencies, no enumeration) gives the same figure.
    expect(exact.rtp).toBeCloseTo(slotRtpByReelFrequencies(), 12);
    // The published figures are the enumerated ones.
    expect(exact.rtp).toBeCloseTo(SLOT_FIGURES.rtp, 10);
    expect(exact.baseLineRtp).toBeCloseTo(SLOT_FIGURES.baseLineRtp, 10);
    expect(exact.baseScatterRtp).toBeCloseTo(SLOT_FIGURES.baseScatterRtp, 10);
    expect(exact.freeSpinsRtp).toBeCloseTo(SLOT_FIGURES.freeSpinsRtp, 10);
    expect(exact.stdDev).toBeCloseTo(SLOT_FIGURES.stdDev, 6);
    expect(exact.hitFrequency).toBeCloseTo(SLOT_FIGURES.hitFrequency, 10);
    expect(exact.triggerProbability).toBeCloseTo(SLOT_FIGURES.triggerProbability, 10);
    expect(exact.baseLineRtp + exact.baseScatterRtp + exact.freeSpinsRtp).toBeCloseTo(exact.rtp, 14);
  });

  test('the 1,000-free-spin safety stop is reached with a chance below 10^-69 (Chernoff bound)', () => {
    // Scatter-count distribution of one spin: each reel independently shows a scatter with
    // chance 3 × scatters / length (scatters are never within 3 stops of each other).
    let dist = [1];
    for (const strip of FORTUNE_REELS.freeStrips) {
      const p = (3 * strip.filter((s) => s === SCATTER).length) / strip.length;
      dist = [...dist, 0].map((v, c) => v * (1 - p) + (dist[c - 1] ?? 0) * p);
    }
    const award = (c: number) => FORTUNE_REELS.freeSpinsAwarded[Math.min(c, 5)] ?? 0;
    const offspring = (z: number) => dist.reduce((a, q, c) => a + q * z ** award(c), 0);
    // H(s) = E[s^T] for the spins descending from one free spin solves H = s·f(H); a trigger
    // starts at most 15 spins, so P(T ≥ 1000) ≤ H(s)^15 / s^1000 for any s where H is finite.
    let best = 0;
    for (let s = 1.0001; s < 2; s *= 1.001) {
      // Iterate to the fixed point from below; stop when it no longer converges (s too large).
      let h = 1;
      let converged = false;
      for (let i = 0; i < 10_000 && h < 1e6; i++) {
        const next = s * offspring(h);
        converged = Math.abs(next - h) < 1e-13;
        h = next;
        if (converged) break;
      }
      if (!converged) break;
      best = Math.min(best, 15 * Math.log10(h) - FORTUNE_REELS.maxFreeSpins * Math.log10(s));
    }
    expect(best).toBeLessThan(-69);
  });

  test('a simulation of 80 million rounds agrees with the exact RTP to ±0.1 percentage points', async () => {
    const rounds = 40_000_000;
    const sim = await simulateSlotParallel(rounds, [20_261_121, 4]);
    const n = sim.rounds;
    const mean = sim.sum / n;
    const sd = Math.sqrt(sim.sumSquares / n - mean * mean);
    // The tolerance is meaningful: it is at least 3 standard errors of the simulated mean.
    expect((3 * SLOT_FIGURES.stdDev) / Math.sqrt(n)).toBeLessThanOrEqual(0.001);
    expect(Math.abs(mean - SLOT_FIGURES.rtp)).toBeLessThanOrEqual(0.001);
    // The exact volatility and trigger rate are reproduced too (free spins, retriggers, × 2).
    expect(sd / SLOT_FIGURES.stdDev).toBeGreaterThan(0.98);
    expect(sd / SLOT_FIGURES.stdDev).toBeLessThan(1.02);
    const p = SLOT_FIGURES.triggerProbability;
    expect(Math.abs(sim.triggers / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });
});
