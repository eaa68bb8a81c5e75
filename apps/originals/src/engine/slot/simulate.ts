/**
 * Fast slot simulation on the compiled tables with a seeded xoshiro128** generator. Plays the
 * same rounds as `playSlot` would for the same floats (same stop rule, same free-spin queue and
 * safety stop), only without building the outcome objects.
 */
import { TWO_POW_32, xoshiroSeedState } from '@playhall/fairness';
import type { CompiledSlot, CompiledStrips } from './compiled.ts';
import { compileSlot } from './compiled.ts';
import { FORTUNE_REELS, SCATTER, WILD } from './config.ts';

export interface SlotSimulation {
  rounds: number;
  /** Spins played: base spins plus free spins. */
  spins: number;
  /** Σ round win and Σ round win², in bets. */
  sum: number;
  sumSquares: number;
  /** Rounds that won anything. */
  hits: number;
  /** Rounds that triggered free spins. */
  triggers: number;
  /** Largest round win, in bets. */
  maxWin: number;
}

/**
 * Reels 1+2 and 3+4 folded into pair tables: 3 reads per line instead of 5. And per stop pair of
 * reels 1 and 2, the lines that can still pay: a line needs its first two symbols equal or one of
 * them wild (and neither a scatter), which about three lines in four fail. Skipping them changes
 * no result (their table entry is 0), only the work.
 */
interface PairTables {
  n0: number;
  n1: number;
  n2: number;
  n3: number;
  n4: number;
  ab: Int32Array;
  cd: Int32Array;
  e: Int32Array;
  scAb: Uint8Array;
  scCd: Uint8Array;
  scE: Uint8Array;
  /** Lines that can pay, for stop pair p = s0 × n1 + s1: `candidates[candidateStart[p] .. candidateStart[p + 1])`. */
  candidates: Uint8Array;
  candidateStart: Int32Array;
}

function pairTables(cs: CompiledStrips, L: number, B: number): PairTables {
  const [n0, n1, n2, n3, n4] = cs.lens as unknown as [number, number, number, number, number];
  const pair = (x: Int32Array, y: Int32Array, nx: number, ny: number, kx: Uint8Array, ky: Uint8Array) => {
    const codes = new Int32Array(nx * ny * L);
    const sc = new Uint8Array(nx * ny);
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < ny; j++) {
        for (let l = 0; l < L; l++) codes[(i * ny + j) * L + l] = (x[i * L + l] as number) + (y[j * L + l] as number);
        sc[i * ny + j] = (kx[i] as number) + (ky[j] as number);
      }
    }
    return { codes, sc };
  };
  const [c0, c1, c2, c3, c4] = cs.codes as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const [k0, k1, k2, k3, k4] = cs.scatters as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const ab = pair(c0, c1, n0, n1, k0, k1);
  const cd = pair(c2, c3, n2, n3, k2, k3);
  const candidates: number[] = [];
  const candidateStart = new Int32Array(n0 * n1 + 1);
  for (let i = 0; i < n0; i++) {
    for (let j = 0; j < n1; j++) {
      candidateStart[i * n1 + j] = candidates.length;
      for (let l = 0; l < L; l++) {
        const a = Math.floor((c0[i * L + l] as number) / B ** 4);
        const b = Math.floor((c1[j * L + l] as number) / B ** 3);
        if (a !== SCATTER && b !== SCATTER && (a === b || a === WILD || b === WILD)) candidates.push(l);
      }
    }
  }
  candidateStart[n0 * n1] = candidates.length;
  return { n0, n1, n2, n3, n4, ab: ab.codes, cd: cd.codes, e: c4, scAb: ab.sc, scCd: cd.sc, scE: k4, candidates: new Uint8Array(candidates), candidateStart };
}

let fortuneReels: CompiledSlot | undefined;
/** Fortune Reels, compiled once per process. */
export function compiledFortuneReels(): CompiledSlot {
  fortuneReels ??= compileSlot(FORTUNE_REELS);
  return fortuneReels;
}

/** Simulates `rounds` rounds from `seed`. Sums are exact integers in line-bet units until the end. */
export function simulateSlot(rounds: number, seed: number, slot: CompiledSlot = compiledFortuneReels()): SlotSimulation {
  const L = slot.lines;
  const lut = slot.lut;
  const scatterUnits = slot.scatterUnits;
  const award = slot.freeSpins;
  const mult = slot.multiplier;
  const maxFree = slot.maxFreeSpins;
  let scatters = 0;

  const base = pairTables(slot.base, L, slot.symbolCount);
  const free = slot.sameStrips ? base : pairTables(slot.free, L, slot.symbolCount);

  // xoshiro128** inlined (the same generator as rng.ts, seeded the same way): a call per float
  // would cost more than the line evaluation itself.
  const seeded = xoshiroSeedState(seed);
  let xa = seeded[0], xb = seeded[1], xc = seeded[2], xd = seeded[3];
  const nextU32 = (): number => {
    const x = Math.imul(xb, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = xb << 9;
    xc ^= xa;
    xd ^= xb;
    xb ^= xc;
    xa ^= xd;
    xc ^= t;
    xd = (xd << 11) | (xd >>> 21);
    return result;
  };

  const spin = (t: PairTables): number => {
    // stop = floor(u / 2^32 × n), exactly as intBelow() computes it for the HMAC floats.
    const s0 = ((nextU32() * t.n0) / TWO_POW_32) | 0;
    const s1 = ((nextU32() * t.n1) / TWO_POW_32) | 0;
    const s2 = ((nextU32() * t.n2) / TWO_POW_32) | 0;
    const s3 = ((nextU32() * t.n3) / TWO_POW_32) | 0;
    const s4 = ((nextU32() * t.n4) / TWO_POW_32) | 0;
    const a = t.ab, b = t.cd, c = t.e, cand = t.candidates;
    const p = s0 * t.n1 + s1;
    const ia = p * L, ib = (s2 * t.n3 + s3) * L, ic = s4 * L;
    const to = t.candidateStart[p + 1] as number;
    let w = 0;
    for (let k = t.candidateStart[p] as number; k < to; k++) {
      const l = cand[k] as number;
      w += lut[(a[ia + l] as number) + (b[ib + l] as number) + (c[ic + l] as number)] as number;
    }
    scatters = (t.scAb[p] as number) + (t.scCd[s2 * t.n3 + s3] as number) + (t.scE[s4] as number);
    return w + (scatterUnits[scatters] as number);
  };

  let spins = 0;
  let sum = 0;
  let sumSquares = 0;
  let hits = 0;
  let triggers = 0;
  let maxWin = 0;
  for (let i = 0; i < rounds; i++) {
    let w = spin(base);
    spins++;
    let left = award[scatters] as number;
    if (left > 0) {
      triggers++;
      let played = 0;
      while (left > 0 && played < maxFree) {
        w += mult * spin(free);
        played++;
        left += (award[scatters] as number) - 1;
      }
      spins += played;
    }
    sum += w;
    sumSquares += w * w;
    if (w > 0) hits++;
    if (w > maxWin) maxWin = w;
  }
  return { rounds, spins, sum: sum / L, sumSquares: sumSquares / (L * L), hits, triggers, maxWin: maxWin / L };
}
