/**
 * The statistics behind the RNG tests and the RTP confidence intervals, written out so the
 * p-values can be checked by hand: regularized incomplete gamma (chi-square), the normal CDF
 * (through the same function: erfc(x) = Q(1/2, x²)), a chi-square uniformity test and the
 * Wald–Wolfowitz runs test.
 */

const LANCZOS = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

/** ln Γ(x) for x > 0 (Lanczos, g = 7; about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = 0.99999999999980993;
  const t = z + 7.5;
  LANCZOS.forEach((c, i) => (a += c / (z + i + 1)));
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized lower incomplete gamma P(a, x) = γ(a, x) / Γ(a). */
export function regularizedGammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  if (x < a + 1) {
    // Series: P = e^−x x^a / Γ(a+1) · Σ x^n / ((a+1)…(a+n)).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }
  return 1 - regularizedGammaQ(a, x);
}

/** Regularized upper incomplete gamma Q(a, x) = 1 − P(a, x). */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - regularizedGammaP(a, x);
  // Continued fraction (modified Lentz), converges fast for x ≥ a + 1.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** P(χ² with `df` degrees of freedom ≥ statistic). */
export function chiSquarePValue(statistic: number, df: number): number {
  return regularizedGammaQ(df / 2, statistic / 2);
}

/** Standard normal CDF Φ(z), through erfc(x) = Q(1/2, x²). */
export function normalCdf(z: number): number {
  const tail = 0.5 * regularizedGammaQ(0.5, (z * z) / 2); // P(Z > |z|)
  return z >= 0 ? 1 - tail : tail;
}

export interface TestResult {
  statistic: number;
  p: number;
}

/** Chi-square test that floats in [0, 1) fall evenly into `buckets` equal buckets. */
export function chiSquareUniformity(floats: ArrayLike<number>, buckets: number): TestResult & { df: number } {
  const counts = new Float64Array(buckets);
  for (let i = 0; i < floats.length; i++) {
    const b = Math.floor((floats[i] as number) * buckets);
    counts[b] = (counts[b] as number) + 1;
  }
  const expected = floats.length / buckets;
  let statistic = 0;
  for (const c of counts) statistic += ((c - expected) * (c - expected)) / expected;
  return { statistic, df: buckets - 1, p: chiSquarePValue(statistic, buckets - 1) };
}

/**
 * Wald–Wolfowitz runs test above/below 0.5 (the median of a uniform float): too few runs means
 * floats cluster, too many means they alternate. Two-sided p-value from the normal approximation.
 */
export function runsTest(floats: ArrayLike<number>): TestResult & { runs: number; expectedRuns: number } {
  let above = 0;
  let runs = 0;
  let prev = -1;
  for (let i = 0; i < floats.length; i++) {
    const side = (floats[i] as number) >= 0.5 ? 1 : 0;
    above += side;
    if (side !== prev) runs++;
    prev = side;
  }
  const n = floats.length;
  const n1 = above;
  const n2 = n - above;
  const expectedRuns = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const z = (runs - expectedRuns) / Math.sqrt(variance);
  return { statistic: z, runs, expectedRuns, p: 2 * (1 - normalCdf(Math.abs(z))) };
}

export interface MeanEstimate {
  mean: number;
  /** Sample standard deviation of one observation. */
  stdDev: number;
  /** Standard error of the mean. */
  stdError: number;
  /** 95 % confidence interval (normal approximation). */
  low: number;
  high: number;
}

/** Mean, standard error and 95 % interval from running sums. */
export function estimateMean(n: number, sum: number, sumSquares: number): MeanEstimate {
  const mean = sum / n;
  const stdDev = Math.sqrt(Math.max(0, (sumSquares - n * mean * mean) / (n - 1)));
  const stdError = stdDev / Math.sqrt(n);
  return { mean, stdDev, stdError, low: mean - 1.959964 * stdError, high: mean + 1.959964 * stdError };
}
