import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AwardId } from '@playhall/contract';
import { pickWeighted, xoshiro128ss } from '@playhall/fairness';
import { accrue, chancesOf, jackpotSettings, publishedTable, sectionOf, type ChanceFacts } from './jackpot.rules.ts';

// The lucky jackpot's pure rules (decision 050): the published table and its odds, the exact
// accrual of contributions, chances, and a simulation of the published table.
const settings = jackpotSettings.parse({
  awards: [
    { id: 3, type: 2, propId: AwardId.jackpotMini, count: 1, weight: 120 },
    { id: 1, type: 1, propId: AwardId.coin, count: 100, weight: 5_000 },
    { id: 2, type: 1, propId: AwardId.coin, count: 500, weight: 2_500 },
    { id: 4, type: 1, propId: AwardId.points, count: 10, weight: 2_330 },
    { id: 5, type: 2, propId: AwardId.jackpotMinor, count: 1, weight: 40 },
    { id: 6, type: 2, propId: AwardId.jackpotMajor, count: 1, weight: 9 },
    { id: 7, type: 2, propId: AwardId.jackpotMega, count: 1, weight: 1 },
  ],
  tiers: {
    mega: { contributionPpm: 5_000, seed: 1_000_000, section: { min: 1_000_000, max: 50_000_000 } },
    major: { contributionPpm: 3_000, seed: 100_000, section: { min: 100_000, max: 5_000_000 } },
    minor: { contributionPpm: 2_000, seed: 10_000, section: { min: 10_000, max: 500_000 } },
    mini: { contributionPpm: 1_000, seed: 1_000, section: { min: 1_000, max: 50_000 } },
  },
  amountSections: [{ min: 0, max: 999 }, { min: 1_000, max: 99_999 }],
  earn: { deposit: { minAmount: 10_000, chances: 1 }, dailyBet: [10_000, 50_000, 100_000] },
  needDeposit: 'ever',
  minIntervalMs: 3_000,
});

describe('lucky jackpot rules', () => {
  it('publishes the table in id order with each entry\'s odds (weight / total) and what its cell shows', () => {
    const t = publishedTable(settings);
    expect(t.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.reduce((s, e) => s + e.odds, 0)).toBeCloseTo(1, 12);
    expect(t.find((e) => e.id === 1)).toEqual({ id: 1, type: 1, propId: AwardId.coin, count: 100, showNum: 100, weight: 5_000, odds: 0.5 });
    expect(t.find((e) => e.id === 7)).toMatchObject({ type: 2, propId: AwardId.jackpotMega, showNum: 1_000_000, odds: 0.0001 });
  });

  it('accrues contributions exactly: any split of the bets into batches moves the same whole hundredths and keeps the same rest', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 50 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 49 }), (bets, ppm, cut) => {
        const whole = (batches: number[][]) => {
          let rest = 0n;
          let moved = 0n;
          for (const b of batches) {
            const r = accrue(rest, BigInt(b.reduce((s, x) => s + x, 0)), ppm);
            expect(r.rest >= 0n && r.rest < 1_000_000n).toBe(true);
            moved += r.whole;
            rest = r.rest;
          }
          return { moved, rest };
        };
        const one = whole([bets]);
        const each = whole(bets.map((b) => [b]));
        const two = whole([bets.slice(0, cut), bets.slice(cut)]);
        const exact = BigInt(bets.reduce((s, x) => s + x, 0)) * BigInt(ppm);
        expect(one).toEqual(each);
        expect(two).toEqual(each);
        // Nothing lost: what moved plus what stays is the exact share.
        expect(one.moved * 1_000_000n + one.rest).toBe(exact);
      }),
      { numRuns: 300 },
    );
  });

  it('counts chances: daily thresholds reached less those drawn today, plus deposit chances; needDeposit; the minimum interval', () => {
    const now = new Date('2026-11-27T15:00:00Z');
    const f: ChanceFacts = { chances: 2, betDay: '2026-11-27', dayUsed: 1, depositDay: null, lastDrawAt: null, dayBet: 60_000, totalRecharge: 10_000 };
    expect(chancesOf(settings, f, '2026-11-27', now)).toEqual({ daily: 1, deposit: 2, total: 3, needDeposit: false, nextDrawAt: null });
    // Yesterday's draws do not count today.
    expect(chancesOf(settings, { ...f, betDay: '2026-11-26', dayBet: 10_000 }, '2026-11-27', now).daily).toBe(1);
    expect(chancesOf(settings, { ...f, totalRecharge: 0 }, '2026-11-27', now).needDeposit).toBe(true);
    const today = jackpotSettings.parse({ ...settings, needDeposit: 'today' });
    expect(chancesOf(today, f, '2026-11-27', now).needDeposit).toBe(true);
    expect(chancesOf(today, { ...f, depositDay: '2026-11-27' }, '2026-11-27', now).needDeposit).toBe(false);
    const soon = chancesOf(settings, { ...f, lastDrawAt: '2026-11-27T14:59:58.500Z' }, '2026-11-27', now);
    expect(soon.nextDrawAt?.toISOString()).toBe('2026-11-27T15:00:01.500Z');
    expect(chancesOf(settings, { ...f, lastDrawAt: '2026-11-27T14:59:57.000Z' }, '2026-11-27', now).nextDrawAt).toBeNull();
  });

  it('shows a win in the bracket holding it, or as itself past every bracket', () => {
    expect(sectionOf(settings, 999)).toEqual({ min: 0, max: 999 });
    expect(sectionOf(settings, 1_000)).toEqual({ min: 1_000, max: 99_999 });
    expect(sectionOf(settings, 123_456)).toEqual({ min: 123_456, max: 123_456 });
  });

  // The draws' floats are multiples of 2^-32 like the scheme's (HMAC-SHA256) floats, from a fast seeded
  // generator: the simulation checks the table and pickWeighted, not the HMAC (the fairness package's own tests do).
  it('10^6 draws of the published table land within 3σ of its published odds and expected value', () => {
    const table = publishedTable(settings);
    const weights = table.map((e) => e.weight);
    // What each entry is worth as published (hundredths of coin: a tier at its section's min, points at 0).
    const value = table.map((e) => (e.propId === AwardId.coin ? e.count : e.type === 2 ? e.showNum : 0));
    const N = 1_000_000;
    const hits = new Array<number>(table.length).fill(0);
    const floats = xoshiro128ss(20261128);
    let sum = 0;
    for (let n = 0; n < N; n++) {
      const i = pickWeighted(floats.next(), weights);
      hits[i]!++;
      sum += value[i]!;
    }
    table.forEach((e, i) => {
      const sigma = Math.sqrt(N * e.odds * (1 - e.odds));
      expect(Math.abs(hits[i]! - N * e.odds), `entry ${e.id}: ${hits[i]} drawn, ${N * e.odds} expected, σ ${sigma.toFixed(1)}`).toBeLessThanOrEqual(3 * sigma);
    });
    const mean = table.reduce((s, e, i) => s + e.odds * value[i]!, 0);
    const variance = table.reduce((s, e, i) => s + e.odds * (value[i]! - mean) ** 2, 0);
    const sigmaMean = Math.sqrt(variance / N);
    expect(Math.abs(sum / N - mean), `mean ${sum / N} vs ${mean} (σ ${sigmaMean.toFixed(3)})`).toBeLessThanOrEqual(3 * sigmaMean);
  });
});
