/**
 * Float sources. Every game function takes a `FloatSource` (a function returning the next float
 * in [0, 1)) so the server (HMAC floats), the verify page (the same HMAC floats, recomputed) and
 * simulations (a fast seeded PRNG) all run the very same game code.
 */

/** The next float in [0, 1). Real rounds use HMAC floats; simulations use `xoshiro128ss`. */
export type FloatSource = () => number;

/** 2^32: every float we produce is an integer multiple of 1 / 2^32. */
export const TWO_POW_32 = 4_294_967_296;

/** Thrown when a finite list of floats runs out; the async verifier catches it and asks for more. */
export class FloatsExhaustedError extends Error {
  constructor(readonly used: number) {
    super(`the round needs more than ${used} floats`);
    this.name = 'FloatsExhaustedError';
  }
}

/** Serves the floats of an array in order, then throws `FloatsExhaustedError`. */
export function arraySource(floats: readonly number[]): FloatSource {
  let i = 0;
  return () => {
    if (i >= floats.length) throw new FloatsExhaustedError(floats.length);
    const f = floats[i++] as number;
    if (!(f >= 0 && f < 1)) throw new RangeError(`float ${f} is not in [0, 1)`);
    return f;
  };
}

/** Accepts either form, so callers can pass a recorded list of floats or a live source. */
export function toFloatSource(floats: FloatSource | readonly number[]): FloatSource {
  return typeof floats === 'function' ? floats : arraySource(floats);
}

/**
 * An integer in [0, n) from a float: floor(f × n). With 32-bit floats the bias is below n / 2^32
 * (under 10^-8 for every n we use), far below anything a simulation could detect.
 */
export function intBelow(f: number, n: number): number {
  return Math.floor(f * n);
}

/**
 * The 8 floats of one 32-byte digest: each 4-byte group b0..b3 gives
 * b0/256 + b1/256^2 + b2/256^3 + b3/256^4, which is exactly the big-endian uint32 / 2^32.
 */
export function digestToFloats(digest: Uint8Array, out: number[] = []): number[] {
  for (let i = 0; i + 4 <= digest.length; i += 4) {
    const u = ((digest[i] as number) * 16_777_216 + (digest[i + 1] as number) * 65_536 + (digest[i + 2] as number) * 256 + (digest[i + 3] as number));
    out.push(u / TWO_POW_32);
  }
  return out;
}

/** SplitMix32: spreads one seed number over the four words of xoshiro's state. */
function splitMix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A seeded xoshiro128** generator: `nextU32` is the raw 32-bit output, `next` the float. */
export interface Xoshiro128 {
  nextU32(): number;
  next: FloatSource;
}

/** The initial xoshiro128** state for a seed (for loops that inline the generator). */
export function xoshiroSeedState(seed: number): [number, number, number, number] {
  const mix = splitMix32(seed);
  const s: [number, number, number, number] = [mix(), mix(), mix(), mix()];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1; // the all-zero state is the one fixed point
  return s;
}

/**
 * xoshiro128** (Blackman & Vigna): 2^128 − 1 period, passes BigCrush, a few integer ops per
 * output. For simulations only: it is fast and reproducible, not cryptographic.
 */
export function xoshiro128ss(seed: number): Xoshiro128 {
  let [a, b, c, d] = xoshiroSeedState(seed);
  const nextU32 = (): number => {
    const x = Math.imul(b, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    return result;
  };
  return { nextU32, next: () => nextU32() / TWO_POW_32 };
}
