import { describe, expect, test } from 'vitest';
import { OriginalsError } from '../errors.ts';
import { arraySource, xoshiro128ss } from '@playhall/fairness';
import type { SlotConfig } from './config.ts';
import { FORTUNE_REELS, SCATTER, SLOT_SYMBOLS } from './config.ts';
import { slotExactRtp } from './exact.ts';
import { playSlot } from './play.ts';
import { simulateSlot } from './simulate.ts';

const strips = FORTUNE_REELS.baseStrips;
/** Floats that land each reel on the given stop: (stop + 0.5) / length. */
const floatsFor = (stops: number[]) => stops.map((s, r) => (s + 0.5) / (strips[r] as readonly number[]).length);

/** Stops showing exactly three scatters (reels 1-3) and stops showing none. */
const TRIGGER = [20, 14, 16, 0, 0];
const QUIET = [0, 0, 0, 0, 0];

describe('playSlot', () => {
  test('the stops come from the floats and the grid from the strips', () => {
    const out = playSlot(arraySource(floatsFor([5, 6, 7, 8, 9])), { bet: 100 });
    expect(out.base.stops).toEqual([5, 6, 7, 8, 9]);
    expect(out.base.grid[0]).toEqual([5, 6, 7].map((i) => SLOT_SYMBOLS[strips[0]?.[i] as number]));
  });

  test('line amounts are pays × line bet, and the round total adds every win', () => {
    const rng = xoshiro128ss(5);
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const out = playSlot(rng.next, { bet: 400 });
      expect(out.lineBet).toBe(20);
      const spins = [out.base, ...out.freeSpins];
      for (const spin of spins) {
        const sum = spin.lineWins.reduce((a, w) => a + w.amount, spin.scatter.amount);
        expect(spin.win).toBe(sum);
        for (const w of spin.lineWins) expect(w.amount % (20 * spin.multiplier)).toBe(0);
        checked += spin.lineWins.length;
      }
      expect(out.totalWin).toBe(spins.reduce((a, s) => a + s.win, 0));
    }
    expect(checked).toBeGreaterThan(1000);
  });

  test('three scatters play 6 free spins at × 2 inside the same round', () => {
    const floats = [...floatsFor(TRIGGER), ...Array.from({ length: 6 }, () => floatsFor(QUIET)).flat()];
    const out = playSlot(arraySource(floats), { bet: 20 }); // exactly 35 floats: a 7th spin would throw
    expect(out.base.scatter).toEqual({ count: 3, positions: [[0, 0], [1, 0], [2, 0]], amount: 40 });
    expect(out.base.freeSpinsAwarded).toBe(6);
    expect(out.freeSpins).toHaveLength(6);
    const quiet = playSlot(arraySource(floatsFor(QUIET)), { bet: 20 }).base;
    for (const spin of out.freeSpins) {
      expect(spin.multiplier).toBe(2);
      expect(spin.win).toBe(2 * quiet.win);
      expect(spin.lineWins.map((w) => w.amount)).toEqual(quiet.lineWins.map((w) => 2 * w.amount));
    }
    expect(out.totalWin).toBe(out.base.win + 6 * 2 * quiet.win);
    expect(out.freeSpinsAwarded).toBe(6);
  });

  test('scatters during free spins retrigger: the award is added to the spins left', () => {
    const floats = [...floatsFor(TRIGGER), ...floatsFor(TRIGGER), ...Array.from({ length: 11 }, () => floatsFor(QUIET)).flat()];
    const out = playSlot(arraySource(floats), { bet: 20 });
    expect(out.freeSpins).toHaveLength(12);
    expect(out.freeSpins[0]?.freeSpinsAwarded).toBe(6);
    expect(out.freeSpins[0]?.scatter.amount).toBe(2 * 2 * 20); // scatter pay × bet × multiplier
    expect(out.freeSpinsAwarded).toBe(12);
  });

  test('a round stops at the free-spin safety limit', () => {
    // Every window of these strips shows one scatter per reel: every spin retriggers.
    const always: SlotConfig = { ...FORTUNE_REELS, maxFreeSpins: 25, baseStrips: Array(5).fill([SCATTER, 2, 3]), freeStrips: Array(5).fill([SCATTER, 2, 3]) };
    const out = playSlot(xoshiro128ss(1).next, { bet: 20 }, always);
    expect(out.freeSpins).toHaveLength(25);
    expect(() => slotExactRtp(always)).toThrow(/no finite RTP/);
  });

  test('the bet must be a whole number of line bets', () => {
    expect(() => playSlot(arraySource([]), { bet: 30 })).toThrow(OriginalsError);
    expect(() => playSlot(arraySource([]), { bet: 30 })).toThrow(/multiple of 20/);
    expect(() => playSlot(arraySource([]), { bet: -20 })).toThrow(/bet/);
  });

  test('the fast simulator plays exactly the rounds playSlot plays from the same generator', () => {
    for (const seed of [1, 2, 3]) {
      const sim = simulateSlot(3000, seed);
      const next = xoshiro128ss(seed).next;
      let total = 0;
      let spins = 0;
      let triggers = 0;
      for (let i = 0; i < 3000; i++) {
        const out = playSlot(next, { bet: 20 });
        total += out.totalWin;
        spins += 1 + out.freeSpins.length;
        if (out.freeSpins.length) triggers++;
      }
      expect(sim.sum).toBeCloseTo(total / 20, 9);
      expect(sim.spins).toBe(spins);
      expect(sim.triggers).toBe(triggers);
    }
  });
});
