import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FairnessError } from './errors.ts';
import { fairFloats, hashServerSeed, verifyWeightedDrawSync } from './hmac-node.ts';
import { verifyWeightedDraw } from './hmac-web.ts';
import { pickWeighted, weightedOdds } from './pick.ts';
import { TWO_POW_32 } from './rng.ts';
import { chiSquarePValue } from './stats.ts';

/** The definition, in BigInt: the i with cum(i) ≤ floor(k × total / 2^32) < cum(i + 1). */
function reference(k: number, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + BigInt(b), 0n);
  const target = (BigInt(k) * total) >> 32n;
  let cum = 0n;
  for (let i = 0; i < weights.length; i++) {
    cum += BigInt(weights[i] as number);
    if (target < cum) return i;
  }
  throw new Error('no index');
}

const u32 = fc.integer({ min: 0, max: TWO_POW_32 - 1 });
/** Award tables: small, large and huge integer weights, zeros included, total > 0. */
const weightsArb = fc
  .oneof(
    fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 12 }),
    fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
    fc.array(fc.integer({ min: 0, max: 2 ** 50 }), { minLength: 1, maxLength: 6 }),
  )
  .filter((w) => w.some((x) => x > 0));
const anyFloat = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('pickWeighted', () => {
  test('equals the exact integer definition for every scheme float (k / 2^32), small to huge totals', () => {
    fc.assert(
      fc.property(u32, weightsArb, (k, weights) => {
        expect(pickWeighted(k / TWO_POW_32, weights)).toBe(reference(k, weights));
      }),
      { numRuns: 5_000 },
    );
  });

  test('never picks an entry of weight 0, and is monotonic in the float', () => {
    fc.assert(
      fc.property(anyFloat, anyFloat, weightsArb, (a, b, weights) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const i = pickWeighted(lo, weights);
        const j = pickWeighted(hi, weights);
        expect(weights[i]).toBeGreaterThan(0);
        expect(weights[j]).toBeGreaterThan(0);
        expect(i).toBeLessThanOrEqual(j);
      }),
      { numRuns: 5_000 },
    );
  });

  test('any double is floored exactly: entry i owns exactly [cum(i) / total, cum(i + 1) / total)', () => {
    fc.assert(
      fc.property(anyFloat, weightsArb, (f, weights) => {
        const i = pickWeighted(f, weights);
        const total = weights.reduce((s, w) => s + w, 0);
        const before = weights.slice(0, i).reduce((s, w) => s + w, 0);
        // f × total in exact rationals: f = m / 2^s.
        let m = f;
        let s = 0;
        while (!Number.isInteger(m)) {
          m *= 2;
          s++;
        }
        const scaled = BigInt(m) * BigInt(total); // f × total × 2^s
        expect(scaled >= BigInt(before) << BigInt(s)).toBe(true);
        expect(scaled < BigInt(before + (weights[i] as number)) << BigInt(s)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  test('entry i owns exactly the scheme floats k / 2^32 with ceil(cum(i) × 2^32 / total) ≤ k < ceil(cum(i + 1) × 2^32 / total)', () => {
    const firstK = (cum: number, total: number) => Number((BigInt(cum) * BigInt(TWO_POW_32) + BigInt(total) - 1n) / BigInt(total));
    fc.assert(
      fc.property(weightsArb, (weights) => {
        const total = weights.reduce((s, w) => s + w, 0);
        let cum = 0;
        let owned = 0;
        weights.forEach((w, i) => {
          const [from, to] = [firstK(cum, total), firstK(cum + w, total)];
          // Its share of the 2^32 floats is w / total, rounded to a whole step (a tiny entry of a
          // table whose total exceeds 2^32 may own none).
          expect(Math.abs((to - from) - (w / total) * TWO_POW_32)).toBeLessThan(1);
          if (to > from) {
            expect(pickWeighted(from / TWO_POW_32, weights)).toBe(i);
            expect(pickWeighted((to - 1) / TWO_POW_32, weights)).toBe(i);
          }
          owned += to - from;
          cum += w;
        });
        expect(owned).toBe(TWO_POW_32);
      }),
      { numRuns: 2_000 },
    );
  });

  test('a table of equal weights is a plain floor(f × n)', () => {
    fc.assert(
      fc.property(u32, fc.integer({ min: 1, max: 1000 }), (k, n) => {
        expect(pickWeighted(k / TWO_POW_32, Array(n).fill(7))).toBe(Math.floor((k / TWO_POW_32) * n));
      }),
    );
  });

  test('refuses bad floats and bad tables with a clear error', () => {
    for (const f of [1, -0.1, Number.NaN, Infinity]) expect(() => pickWeighted(f, [1, 2])).toThrow(RangeError);
    for (const weights of [[], [0, 0], [1, -1], [1.5, 2], [Number.NaN], [2 ** 53, 1], [Number.MAX_SAFE_INTEGER, 1]]) {
      expect(() => pickWeighted(0.5, weights)).toThrow(FairnessError);
    }
    expect(() => pickWeighted(0.5, [0, 0])).toThrow(/more than 0/);
    expect(() => pickWeighted(0.5, [1, -1])).toThrow(/whole number/);
  });

  test('published odds are weight / total', () => {
    expect(weightedOdds([1, 0, 3])).toEqual([0.25, 0, 0.75]);
  });

  test('10^6 draws on HMAC floats (one float per nonce) land within 3σ of each entry\'s published odds', () => {
    const weights = [5000, 2500, 1500, 700, 250, 49, 1];
    const odds = weightedOdds(weights);
    const counts = new Array<number>(weights.length).fill(0);
    const n = 1_000_000;
    const seeds = { serverSeed: hashServerSeed('draw-simulation'), clientSeed: 'sim' };
    for (let nonce = 0; nonce < n; nonce++) {
      const [f] = fairFloats({ ...seeds, nonce }, 1) as [number];
      counts[pickWeighted(f, weights)]!++;
    }
    let chi = 0;
    odds.forEach((p, i) => {
      const expected = n * p;
      const sigma = Math.sqrt(n * p * (1 - p));
      expect(Math.abs((counts[i] as number) - expected), `entry ${i}: ${counts[i]} vs ${expected}`).toBeLessThanOrEqual(3 * sigma);
      chi += ((counts[i] as number) - expected) ** 2 / expected;
    });
    expect(chiSquarePValue(chi, weights.length - 1)).toBeGreaterThan(0.001);
  });
});

describe('verifyWeightedDraw', () => {
  const serverSeed = '5e1f3a0c9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f';
  const weights = [10, 20, 30, 40];

  test('recomputes the draw from the revealed seed (WebCrypto and node:crypto agree) and checks the commitment', async () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const input = { serverSeed, clientSeed: 'lucky:player', nonce, weights, serverSeedHash: hashServerSeed(serverSeed) };
      const [float] = fairFloats(input, 1) as [number];
      const web = await verifyWeightedDraw(input);
      expect(web).toEqual({ serverSeedHash: input.serverSeedHash, hashMatches: true, float, index: pickWeighted(float, weights) });
      expect(verifyWeightedDrawSync(input)).toEqual(web);
    }
    // Pinned: nonce 42's first float is 0.8185828076675534 (fair.test.ts), so 81.86 of 100 → entry 3.
    expect((await verifyWeightedDraw({ serverSeed, clientSeed: 'lucky:player', nonce: 42, weights })).index).toBe(3);
    expect((await verifyWeightedDraw({ serverSeed, clientSeed: 'lucky:player', nonce: 42, weights: [82, 18] })).index).toBe(0);
    expect((await verifyWeightedDraw({ serverSeed, clientSeed: 'lucky:player', nonce: 42, weights: [81, 19] })).index).toBe(1);
  });

  test('says when the seed does not match the commitment, and refuses bad input', async () => {
    const wrong = await verifyWeightedDraw({ serverSeed, clientSeed: 'x', nonce: 0, weights, serverSeedHash: 'AB'.repeat(32) });
    expect(wrong.hashMatches).toBe(false);
    expect((await verifyWeightedDraw({ serverSeed, clientSeed: 'x', nonce: 0, weights })).hashMatches).toBeNull();
    await expect(verifyWeightedDraw({ serverSeed: 'nope', clientSeed: 'x', nonce: 0, weights })).rejects.toMatchObject({ code: 'INVALID_SEED' });
    await expect(verifyWeightedDraw({ serverSeed, clientSeed: 'x', nonce: 0, weights: [0] })).rejects.toMatchObject({ code: 'INVALID_WEIGHTS' });
  });
});
