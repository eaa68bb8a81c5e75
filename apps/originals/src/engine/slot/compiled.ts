/**
 * The compiled (tight) slot evaluator, for the exact RTP enumeration and simulations.
 *
 * A line's pay depends only on its 5 symbols, so every possible 5-symbol line is priced once into
 * a lookup table indexed by the line's symbols written as a base-B number (B = symbol count):
 * code = s1·B^4 + s2·B^3 + s3·B^2 + s4·B + s5. For each reel and stop we precompute every line's
 * share of that code (`codes[r][stop × lines + line] = symbol on the line's row × B^(4−r)`), so a
 * spin is 5 additions and one table read per line, in typed arrays, with no allocation.
 */
import type { SlotConfig } from './config.ts';
import { SCATTER, SLOT_REELS, SLOT_ROWS } from './config.ts';
import { linePay, scatterAward } from './evaluate.ts';

export interface CompiledStrips {
  /** Stops per reel. */
  lens: Int32Array;
  /** Per reel: line code shares, `[stop * lines + line]`. */
  codes: Int32Array[];
  /** Per reel: number of scatters visible at each stop. */
  scatters: Uint8Array[];
  /** Per reel: the symbols in view, `[stop * 3 + row]`. */
  windows: Uint8Array[];
}

export interface CompiledSlot {
  lines: number;
  /** Number of symbols (the base of the line codes). */
  symbolCount: number;
  /** Row of each line on each reel, `[line * 5 + reel]`. */
  lineRows: Int8Array;
  /** Line pay (line-bet multiples) by line code. */
  lut: Int32Array;
  /** Scatter pay in line-bet units (total-bet multiple × lines) by scatter count 0..15. */
  scatterUnits: Int32Array;
  /** Free spins awarded by scatter count 0..15. */
  freeSpins: Int32Array;
  multiplier: number;
  maxFreeSpins: number;
  base: CompiledStrips;
  free: CompiledStrips;
  /** True when free spins use the very same strips (the exact RTP then enumerates once). */
  sameStrips: boolean;
}

/** Throws on a malformed configuration (wrong reel count, unknown symbols, bad rows). */
export function checkSlotConfig(cfg: SlotConfig): void {
  const fail = (why: string): never => {
    throw new Error(`slot config: ${why}`);
  };
  if (cfg.symbols[0] !== 'wild' || cfg.symbols[SCATTER] !== 'scatter') fail('symbol 0 must be the wild and 1 the scatter');
  if (cfg.linePays.length !== cfg.symbols.length) fail('one line-pay row per symbol');
  if (cfg.lines.length === 0) fail('no paylines');
  for (const rows of cfg.lines) {
    if (rows.length !== SLOT_REELS || rows.some((r) => !Number.isInteger(r) || r < 0 || r >= SLOT_ROWS)) fail(`bad payline ${rows.join(',')}`);
  }
  for (const strips of [cfg.baseStrips, cfg.freeStrips]) {
    if (strips.length !== SLOT_REELS) fail(`${SLOT_REELS} reels expected`);
    for (const strip of strips) {
      if (strip.length < SLOT_ROWS) fail('a strip is shorter than the window');
      if (strip.some((s) => !Number.isInteger(s) || s < 0 || s >= cfg.symbols.length)) fail('unknown symbol on a strip');
    }
  }
  if (!(cfg.freeSpinMultiplier >= 1) || !Number.isInteger(cfg.freeSpinMultiplier)) fail('the free-spin multiplier must be a whole number ≥ 1');
}

function compileStrips(strips: readonly (readonly number[])[], lines: readonly (readonly number[])[], base: number): CompiledStrips {
  const L = lines.length;
  const lens = new Int32Array(strips.map((s) => s.length));
  const codes: Int32Array[] = [];
  const scatters: Uint8Array[] = [];
  const windows: Uint8Array[] = [];
  strips.forEach((strip, r) => {
    const n = strip.length;
    const weight = base ** (SLOT_REELS - 1 - r);
    const c = new Int32Array(n * L);
    const sc = new Uint8Array(n);
    const win = new Uint8Array(n * SLOT_ROWS);
    for (let stop = 0; stop < n; stop++) {
      for (let l = 0; l < L; l++) c[stop * L + l] = (strip[(stop + (lines[l]?.[r] as number)) % n] as number) * weight;
      for (let row = 0; row < SLOT_ROWS; row++) {
        const sym = strip[(stop + row) % n] as number;
        win[stop * SLOT_ROWS + row] = sym;
        if (sym === SCATTER) sc[stop] = (sc[stop] as number) + 1;
      }
    }
    codes.push(c);
    scatters.push(sc);
    windows.push(win);
  });
  return { lens, codes, scatters, windows };
}

/** Compiles a slot definition into lookup tables. */
export function compileSlot(cfg: SlotConfig): CompiledSlot {
  checkSlotConfig(cfg);
  const B = cfg.symbols.length;
  const lut = new Int32Array(B ** SLOT_REELS);
  const syms = new Int32Array(SLOT_REELS);
  for (let code = 0; code < lut.length; code++) {
    let v = code;
    for (let r = SLOT_REELS - 1; r >= 0; r--) {
      syms[r] = v % B;
      v = Math.floor(v / B);
    }
    lut[code] = linePay(cfg, syms)?.pays ?? 0;
  }
  const maxScatters = SLOT_REELS * SLOT_ROWS;
  const scatterUnits = new Int32Array(maxScatters + 1);
  const freeSpins = new Int32Array(maxScatters + 1);
  for (let c = 0; c <= maxScatters; c++) {
    const a = scatterAward(cfg, c);
    scatterUnits[c] = a.pays * cfg.lines.length;
    freeSpins[c] = a.freeSpins;
  }
  const base = compileStrips(cfg.baseStrips, cfg.lines, B);
  const sameStrips = cfg.freeStrips === cfg.baseStrips;
  return {
    lines: cfg.lines.length,
    symbolCount: B,
    lineRows: new Int8Array(cfg.lines.flat()),
    lut,
    scatterUnits,
    freeSpins,
    multiplier: cfg.freeSpinMultiplier,
    maxFreeSpins: cfg.maxFreeSpins,
    base,
    free: sameStrips ? base : compileStrips(cfg.freeStrips, cfg.lines, B),
    sameStrips,
  };
}

/**
 * Line pays of one spin in line-bet units (scatter pays not included), from the compiled tables.
 * For tests and tools; the enumeration and the simulator inline this loop.
 */
export function compiledLineUnits(slot: CompiledSlot, strips: CompiledStrips, stops: ArrayLike<number>): number {
  const L = slot.lines;
  const [c0, c1, c2, c3, c4] = strips.codes as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const i0 = (stops[0] as number) * L;
  const i1 = (stops[1] as number) * L;
  const i2 = (stops[2] as number) * L;
  const i3 = (stops[3] as number) * L;
  const i4 = (stops[4] as number) * L;
  const lut = slot.lut;
  let w = 0;
  for (let l = 0; l < L; l++) w += lut[(c0[i0 + l] as number) + (c1[i1 + l] as number) + (c2[i2 + l] as number) + (c3[i3 + l] as number) + (c4[i4 + l] as number)] as number;
  return w;
}

/** Scatters visible at the given stops. */
export function compiledScatters(strips: CompiledStrips, stops: ArrayLike<number>): number {
  let c = 0;
  for (let r = 0; r < SLOT_REELS; r++) c += strips.scatters[r]?.[stops[r] as number] as number;
  return c;
}
