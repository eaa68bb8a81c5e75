import { describe, expect, test } from 'vitest';
import { chiSquarePValue, chiSquareUniformity, estimateMean, logGamma, normalCdf, regularizedGammaP, runsTest } from './stats.ts';

describe('p-value maths', () => {
  test('log gamma matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(10)).toBeCloseTo(Math.log(362_880), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  test('regularized gamma: P(1, x) = 1 − e^−x on both branches', () => {
    for (const x of [0.1, 0.9, 2, 5, 30]) expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 12);
  });

  test('chi-square critical values from the tables give p = 0.05 and 0.01', () => {
    expect(chiSquarePValue(3.841458820694124, 1)).toBeCloseTo(0.05, 9);
    expect(chiSquarePValue(18.307038053275146, 10)).toBeCloseTo(0.05, 9);
    expect(chiSquarePValue(134.64161685578915, 99)).toBeCloseTo(0.01, 10);
    // Reference values from an independent implementation (SciPy chi2.sf).
    expect(chiSquarePValue(100, 99)).toBeCloseTo(0.4529585113209314, 10);
    expect(chiSquarePValue(1.5, 3)).toBeCloseTo(0.6822703303362125, 10);
    expect(chiSquarePValue(250, 200)).toBeCloseTo(0.009379131668826098, 10);
  });

  test('normal CDF at known points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 14);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 12);
    expect(normalCdf(-5)).toBeCloseTo(2.866515718791939e-7, 15);
  });

  test('the tests reject floats that are not uniform or not independent', () => {
    const skewed = Array.from({ length: 10_000 }, (_, i) => ((i * 0.618033988749895) % 1) ** 1.2);
    expect(chiSquareUniformity(skewed, 20).p).toBeLessThan(1e-6);
    const alternating = Array.from({ length: 10_000 }, (_, i) => (i % 2 === 0 ? 0.25 : 0.75));
    expect(runsTest(alternating).p).toBeLessThan(1e-6);
    const clustered = Array.from({ length: 10_000 }, (_, i) => (Math.floor(i / 50) % 2 === 0 ? 0.25 : 0.75));
    expect(runsTest(clustered).p).toBeLessThan(1e-6);
  });

  test('mean estimate and its 95 % interval', () => {
    const xs = [1, 2, 3, 4, 5];
    const e = estimateMean(5, 15, 55);
    expect(e.mean).toBe(3);
    expect(e.stdDev).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(e.high - e.low).toBeCloseTo(2 * 1.959964 * Math.sqrt(2.5 / xs.length), 6);
  });
});
