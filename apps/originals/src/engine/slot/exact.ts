/**
 * The slot's exact RTP and volatility, by enumerating every reel-stop combination.
 *
 * One spin: enumerate all Π(strip lengths) stop combinations (every one is equally likely) and
 * total each combination's win (lines + scatter pays) in integer line-bet units, grouped by the
 * number of scatters in view. That gives, exactly, P(c scatters), E[win; c] and E[win²; c].
 *
 * Free spins (derivation): a free spin pays m·X (m the multiplier, X its win) and awards Y more
 * spins (Y = N_c for c scatters). Let G be the total paid by one free spin and everything it
 * retriggers. Spins are independent and identically distributed, so
 *     G = m·X + Σ_{j=1..Y} G_j   ⇒   E[G] = m·E[X] / (1 − μ),   μ = E[Y] = Σ_c q_c·N_c < 1,
 * the geometric series 1 + μ + μ² + … of retrigger generations. The second moment follows the
 * same way: E[G²](1 − μ) = m²E[X²] + 2m·E[XY]·E[G] + E[Y(Y−1)]·E[G]².
 * A round is the base spin B plus N_c independent copies of G when it shows c scatters:
 *     RTP = E[B] + Σ_c P(c)·N_c·E[G],
 *     E[W²] = E[B²] + 2·Σ_c E[B; c]·N_c·E[G] + Σ_c P(c)·(N_c·E[G²] + N_c(N_c−1)·E[G]²).
 * The 1,000-free-spin safety stop is ignored here: its chance is below 10^-69.
 */
import type { SlotConfig } from './config.ts';
import { FORTUNE_REELS, SCATTER, SLOT_ROWS } from './config.ts';
import type { CompiledSlot, CompiledStrips } from './compiled.ts';
import { compileSlot } from './compiled.ts';
import { linePay } from './evaluate.ts';

/** Sums over every stop combination of one strip set, by scatter count (exact integers). */
export interface SpinMoments {
  combinations: bigint;
  /** Index = scatters in view (0..15). */
  count: bigint[];
  /** Σ win (line-bet units) over the combinations with that scatter count. */
  sum: bigint[];
  /** Σ win². */
  sumSquares: bigint[];
  /** Combinations with a win > 0. */
  hits: bigint;
}

const SCATTER_SLOTS = 16;

/**
 * Enumerates every stop combination of one strip set. Tight loops over typed arrays: the line
 * codes of reels 1-4 are summed as the loops descend; then, once per reel-1..4 combination,
 * `rowPay[row × B + x]` = what all lines crossing reel 5 at `row` pay when that cell shows symbol
 * x. Each full combination's line pays are then 3 reads (its 3 reel-5 cells) instead of one read
 * per line: the same total, exactly, in a third of the work.
 */
export function enumerateSpins(slot: CompiledSlot, strips: CompiledStrips): SpinMoments {
  const L = slot.lines;
  const lut = slot.lut;
  const scatterUnits = slot.scatterUnits;
  const [n0, n1, n2, n3, n4] = strips.lens as unknown as [number, number, number, number, number];
  const [c0, c1, c2, c3] = strips.codes as [Int32Array, Int32Array, Int32Array, Int32Array];
  const [k0, k1, k2, k3, k4] = strips.scatters as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const w4 = strips.windows[4] as Uint8Array;
  const B = slot.symbolCount;
  const lastRow = Int32Array.from({ length: L }, (_, l) => slot.lineRows[l * 5 + 4] as number);
  const rowPay = new Int32Array(SLOT_ROWS * B);
  const p1 = new Int32Array(L);
  const p2 = new Int32Array(L);
  const p3 = new Int32Array(L);
  // Per outer stop the float sums stay exact (below 2^53); they are folded into BigInt after each.
  const cnt = new Float64Array(SCATTER_SLOTS);
  const sum = new Float64Array(SCATTER_SLOTS);
  const sq = new Float64Array(SCATTER_SLOTS);
  const total = { count: new Array<bigint>(SCATTER_SLOTS).fill(0n), sum: new Array<bigint>(SCATTER_SLOTS).fill(0n), sumSquares: new Array<bigint>(SCATTER_SLOTS).fill(0n) };
  let hits = 0n;
  for (let s0 = 0; s0 < n0; s0++) {
    cnt.fill(0);
    sum.fill(0);
    sq.fill(0);
    let hit = 0;
    const o0 = s0 * L;
    const sc0 = k0[s0] as number;
    for (let s1 = 0; s1 < n1; s1++) {
      const o1 = s1 * L;
      for (let l = 0; l < L; l++) p1[l] = (c0[o0 + l] as number) + (c1[o1 + l] as number);
      const sc1 = sc0 + (k1[s1] as number);
      for (let s2 = 0; s2 < n2; s2++) {
        const o2 = s2 * L;
        for (let l = 0; l < L; l++) p2[l] = (p1[l] as number) + (c2[o2 + l] as number);
        const sc2 = sc1 + (k2[s2] as number);
        for (let s3 = 0; s3 < n3; s3++) {
          const o3 = s3 * L;
          for (let l = 0; l < L; l++) p3[l] = (p2[l] as number) + (c3[o3 + l] as number);
          const sc3 = sc2 + (k3[s3] as number);
          rowPay.fill(0);
          for (let l = 0; l < L; l++) {
            const base = (lastRow[l] as number) * B;
            const code = p3[l] as number; // reel 5's weight is B^0 = 1: code + x prices symbol x there
            for (let x = 0; x < B; x++) rowPay[base + x] = (rowPay[base + x] as number) + (lut[code + x] as number);
          }
          for (let s4 = 0; s4 < n4; s4++) {
            const o4 = s4 * SLOT_ROWS;
            let w = (rowPay[w4[o4] as number] as number) + (rowPay[B + (w4[o4 + 1] as number)] as number) + (rowPay[2 * B + (w4[o4 + 2] as number)] as number);
            const sc = sc3 + (k4[s4] as number);
            w += scatterUnits[sc] as number;
            cnt[sc] = (cnt[sc] as number) + 1;
            sum[sc] = (sum[sc] as number) + w;
            sq[sc] = (sq[sc] as number) + w * w;
            if (w > 0) hit++;
          }
        }
      }
    }
    for (let c = 0; c < SCATTER_SLOTS; c++) {
      total.count[c] = (total.count[c] as bigint) + BigInt(cnt[c] as number);
      total.sum[c] = (total.sum[c] as bigint) + BigInt(sum[c] as number);
      total.sumSquares[c] = (total.sumSquares[c] as bigint) + BigInt(sq[c] as number);
    }
    hits += BigInt(hit);
  }
  return { combinations: BigInt(n0) * BigInt(n1) * BigInt(n2) * BigInt(n3) * BigInt(n4), ...total, hits };
}

export interface SlotExactResult {
  /** Return to player of a round (base spin + its free spins), as a fraction of the bet. */
  rtp: number;
  /** Parts of the RTP: base-game line pays, base-game scatter pays, the free-spin feature. */
  baseLineRtp: number;
  baseScatterRtp: number;
  freeSpinsRtp: number;
  /** Standard deviation of a round's win, in bets. */
  stdDev: number;
  /** Chance that a base spin wins anything. */
  hitFrequency: number;
  /** Chance that a base spin triggers free spins. */
  triggerProbability: number;
  /** Expected free spins per trigger, retriggers included (by scatter count 3, 4, 5). */
  expectedFreeSpins: Record<number, number>;
  /** Expected retriggered spins per free spin (μ of the geometric series). */
  retriggerRate: number;
  /** Stop combinations enumerated (base, plus free strips when they differ). */
  combinations: bigint;
  /** Wall time of the enumeration. */
  ms: number;
}

function ratio(a: bigint, b: bigint): number {
  // Exact integers in, one rounding out: split so neither side loses precision past 2^53.
  const q = a / b;
  return Number(q) + Number(a - q * b) / Number(b);
}

/** Combines base and free-spin moments into the round's exact RTP and standard deviation. */
export function combineMoments(slot: CompiledSlot, base: SpinMoments, free: SpinMoments): Omit<SlotExactResult, 'ms' | 'combinations'> {
  const units = BigInt(slot.lines);
  const N = (c: number): number => slot.freeSpins[c] as number;
  const m = slot.multiplier;
  const Pb = (c: number) => ratio(base.count[c] as bigint, base.combinations);
  const q = (c: number) => ratio(free.count[c] as bigint, free.combinations);
  let EB = 0n;
  let EB2 = 0n;
  let baseScatter = 0n;
  let EX = 0n;
  let EX2 = 0n;
  for (let c = 0; c < SCATTER_SLOTS; c++) {
    EB += base.sum[c] as bigint;
    EB2 += base.sumSquares[c] as bigint;
    baseScatter += (base.count[c] as bigint) * BigInt(slot.scatterUnits[c] as number);
    EX += free.sum[c] as bigint;
    EX2 += free.sumSquares[c] as bigint;
  }
  const eB = ratio(EB, base.combinations * units);
  const eB2 = ratio(EB2, base.combinations * units * units);
  const eX = ratio(EX, free.combinations * units);
  const eX2 = ratio(EX2, free.combinations * units * units);
  let mu = 0;
  let eYY1 = 0;
  let eXY = 0;
  for (let c = 0; c < SCATTER_SLOTS; c++) {
    mu += q(c) * N(c);
    eYY1 += q(c) * N(c) * (N(c) - 1);
    eXY += N(c) * ratio(free.sum[c] as bigint, free.combinations * units);
  }
  if (!(mu < 1)) throw new Error('slot config: free spins retrigger on average more than once per spin (no finite RTP)');
  const eG = (m * eX) / (1 - mu);
  const eG2 = (m * m * eX2 + 2 * m * eXY * eG + eYY1 * eG * eG) / (1 - mu);
  let feature = 0;
  let cross = 0;
  let featureSq = 0;
  let trigger = 0;
  const expectedFreeSpins: Record<number, number> = {};
  for (let c = 0; c < SCATTER_SLOTS; c++) {
    const n = N(c);
    if (n === 0) continue;
    trigger += Pb(c);
    feature += Pb(c) * n * eG;
    cross += ratio(base.sum[c] as bigint, base.combinations * units) * n * eG;
    featureSq += Pb(c) * (n * eG2 + n * (n - 1) * eG * eG);
    if (c <= 5) expectedFreeSpins[c] = n / (1 - mu);
  }
  const rtp = eB + feature;
  const eW2 = eB2 + 2 * cross + featureSq;
  return {
    rtp,
    baseLineRtp: eB - ratio(baseScatter, base.combinations * units),
    baseScatterRtp: ratio(baseScatter, base.combinations * units),
    freeSpinsRtp: feature,
    stdDev: Math.sqrt(eW2 - rtp * rtp),
    hitFrequency: ratio(base.hits, base.combinations),
    triggerProbability: trigger,
    expectedFreeSpins,
    retriggerRate: mu,
  };
}

/** The exact RTP of a slot definition by full enumeration (Fortune Reels by default). */
export function slotExactRtp(cfg: SlotConfig = FORTUNE_REELS): SlotExactResult {
  const started = performance.now();
  const slot = compileSlot(cfg);
  const base = enumerateSpins(slot, slot.base);
  const free = slot.sameStrips ? base : enumerateSpins(slot, slot.free);
  const result = combineMoments(slot, base, free);
  return { ...result, combinations: base.combinations + (slot.sameStrips ? 0n : free.combinations), ms: performance.now() - started };
}

/**
 * The same RTP by a second, independent route (no enumeration): reels are independent and a
 * line's symbol on reel r is uniform over that strip, so a line's expected pay is the sum over
 * all 5-symbol combinations of pay × Π per-reel symbol frequencies; the scatter count is the sum
 * of independent per-reel counts. Tests check both routes agree, which guards the enumeration.
 */
export function slotRtpByReelFrequencies(cfg: SlotConfig = FORTUNE_REELS): number {
  const B = cfg.symbols.length;
  const spinMoments = (strips: readonly (readonly number[])[]) => {
    const freq = strips.map((s) => {
      const f = new Array<number>(B).fill(0);
      for (const x of s) f[x] = (f[x] as number) + 1 / s.length;
      return f;
    });
    let lineEv = 0;
    const syms = [0, 0, 0, 0, 0];
    const walk = (r: number, p: number): void => {
      if (p === 0) return;
      if (r === syms.length) {
        lineEv += p * (linePay(cfg, syms)?.pays ?? 0);
        return;
      }
      for (let s = 0; s < B; s++) {
        syms[r] = s;
        walk(r + 1, p * (freq[r]?.[s] as number));
      }
    };
    walk(0, 1);
    // Distribution of the scatter count: convolve each reel's distribution of scatters in view.
    let dist = [1];
    for (const strip of strips) {
      const reel = new Array<number>(SLOT_ROWS + 1).fill(0);
      for (let stop = 0; stop < strip.length; stop++) {
        let k = 0;
        for (let row = 0; row < SLOT_ROWS; row++) if (strip[(stop + row) % strip.length] === SCATTER) k++;
        reel[k] = (reel[k] as number) + 1 / strip.length;
      }
      const next = new Array<number>(dist.length + SLOT_ROWS).fill(0);
      dist.forEach((a, i) => reel.forEach((b, k) => (next[i + k] = (next[i + k] as number) + a * b)));
      dist = next;
    }
    const at = (arr: readonly number[], c: number) => arr[Math.min(c, arr.length - 1)] ?? 0;
    const scatterEv = dist.reduce((a, p, c) => a + p * at(cfg.scatterPays, c), 0);
    const mu = dist.reduce((a, p, c) => a + p * at(cfg.freeSpinsAwarded, c), 0);
    // Each line's expected pay is lineEv line bets; lines × line bet = the bet, so it is also the
    // per-bet line RTP.
    return { spinEv: lineEv + scatterEv, dist, mu };
  };
  const base = spinMoments(cfg.baseStrips);
  const free = spinMoments(cfg.freeStrips);
  const eG = (cfg.freeSpinMultiplier * free.spinEv) / (1 - free.mu);
  return base.spinEv + base.dist.reduce((a, p, c) => a + p * (cfg.freeSpinsAwarded[Math.min(c, cfg.freeSpinsAwarded.length - 1)] ?? 0) * eG, 0);
}
