import { describe, expect, test } from 'vitest';
import { DICE_MAX_WIN_ROLLS, DICE_MIN_WIN_ROLLS, diceMultiplierE4, diceRtp, playDice, rollDice } from './dice.ts';
import { arraySource, estimateMean } from '@playhall/fairness';
import { simulateDice } from './simulate.ts';

describe('dice', () => {
  test('the roll is floor(float × 10,000): 0.00 to 99.99', () => {
    expect(rollDice(arraySource([0]))).toBe(0);
    expect(rollDice(arraySource([0.5]))).toBe(5000);
    expect(rollDice(arraySource([0.99999]))).toBe(9999);
    expect(rollDice(arraySource([(2 ** 32 - 1) / 2 ** 32]))).toBe(9999);
  });

  test('multiplier = 96.5 % / chance, rounded down to 4 decimals', () => {
    expect(diceMultiplierE4(5000)).toBe(19_300); // 50 % → 1.93×
    expect(diceMultiplierE4(4950)).toBe(19_494); // 49.50 % → 1.9494×
    expect(diceMultiplierE4(100)).toBe(965_000); // 1 % → 96.5×
    expect(diceMultiplierE4(9500)).toBe(10_157); // 95 % → 1.0157×
  });

  test('every allowed win chance returns between 96.49 % and 96.50 % (exact)', () => {
    for (let w = DICE_MIN_WIN_ROLLS; w <= DICE_MAX_WIN_ROLLS; w++) {
      const rtp = diceRtp(w);
      expect(rtp).toBeLessThanOrEqual(0.965);
      expect(rtp).toBeGreaterThan(0.9649);
      expect(diceMultiplierE4(w)).toBeGreaterThan(10_000); // a win always pays more than the stake
    }
  });

  test('under wins below the target, over wins above it; payouts round down to hundredths', () => {
    const under = { bet: 100, target: 5000, direction: 'under' as const };
    expect(playDice(arraySource([0.4999]), under)).toMatchObject({ roll: 4999, won: true, payout: 193 });
    expect(playDice(arraySource([0.5]), under)).toMatchObject({ roll: 5000, won: false, payout: 0 });
    const over = { bet: 7, target: 5000, direction: 'over' as const };
    expect(playDice(arraySource([0.5]), over)).toMatchObject({ won: false });
    expect(playDice(arraySource([0.5001]), over)).toMatchObject({ roll: 5001, won: true, winRolls: 4999, payout: 13 }); // 7 × 1.9303 = 13.51
  });

  test('refuses win chances outside 1 %-95 %, bad directions and bad bets', () => {
    const next = arraySource([0.5]);
    expect(() => playDice(next, { bet: 100, target: 99, direction: 'under' })).toThrow(/1.00 % to 95.00 %/);
    expect(() => playDice(next, { bet: 100, target: 9501, direction: 'under' })).toThrow(/1.00 % to 95.00 %/);
    expect(() => playDice(next, { bet: 100, target: 498, direction: 'over' })).toThrow(/1.00 % to 95.00 %/);
    expect(() => playDice(next, { bet: 100, target: 9900, direction: 'over' })).toThrow(/1.00 % to 95.00 %/);
    expect(playDice(arraySource([0.99]), { bet: 100, target: 9500, direction: 'under' }).winRolls).toBe(9500);
    expect(() => playDice(next, { bet: 100, target: 5000, direction: 'sideways' as 'over' })).toThrow(/direction/);
    expect(() => playDice(next, { bet: 0, target: 5000, direction: 'over' })).toThrow(/bet/);
    expect(() => playDice(next, { bet: 1.5, target: 5000, direction: 'over' })).toThrow(/bet/);
  });

  test('a simulation of 10^6 rounds lands within 3σ of the exact RTP', () => {
    const sim = simulateDice(1_000_000, 20_261_121);
    const est = estimateMean(sim.rounds, sim.sum, sim.sumSquares);
    const sigma = Math.sqrt(sim.expectedVariance / sim.rounds);
    expect(sim.expectedMean).toBeGreaterThan(0.96);
    expect(sim.expectedMean).toBeLessThan(0.97);
    expect(Math.abs(est.mean - sim.expectedMean)).toBeLessThan(3 * sigma);
  });
});
