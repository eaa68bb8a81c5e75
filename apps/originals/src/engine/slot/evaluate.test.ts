import { describe, expect, test } from 'vitest';
import { xoshiro128ss } from '@playhall/fairness';
import { compileSlot, compiledLineUnits, compiledScatters } from './compiled.ts';
import type { SlotSymbol } from './config.ts';
import { FORTUNE_REELS, SLOT_SYMBOLS } from './config.ts';
import { evaluateSpin, linePay, spinUnitsOf } from './evaluate.ts';

const idx = (s: SlotSymbol) => SLOT_SYMBOLS.indexOf(s);
const line = (...s: SlotSymbol[]) => linePay(FORTUNE_REELS, s.map(idx));
const named = (r: ReturnType<typeof linePay>) => r && { symbol: SLOT_SYMBOLS[r.symbol], count: r.count, pays: r.pays };

/** A grid given as its three rows (top, middle, bottom) of 5 symbols, as 3-stop strips shown at stop 0. */
function gridSpin(top: SlotSymbol[], middle: SlotSymbol[], bottom: SlotSymbol[]) {
  const strips = [0, 1, 2, 3, 4].map((r) => [top[r], middle[r], bottom[r]].map((s) => idx(s as SlotSymbol)));
  return evaluateSpin(FORTUNE_REELS, strips, [0, 0, 0, 0, 0]);
}
const TOP: SlotSymbol[] = ['ace', 'king', 'queen', 'ace', 'king'];
const BOTTOM: SlotSymbol[] = ['bell', 'clover', 'diamond', 'bell', 'clover'];

describe('line rules', () => {
  test('3, 4 and 5 of a kind from reel 1 pay; 2 of a kind and runs not starting on reel 1 do not', () => {
    expect(named(line('seven', 'seven', 'seven', 'jack', 'ace'))).toEqual({ symbol: 'seven', count: 3, pays: 20 });
    expect(named(line('seven', 'seven', 'seven', 'seven', 'ace'))).toEqual({ symbol: 'seven', count: 4, pays: 80 });
    expect(named(line('jack', 'jack', 'jack', 'jack', 'jack'))).toEqual({ symbol: 'jack', count: 5, pays: 25 });
    expect(line('ace', 'ace', 'king', 'ace', 'ace')).toBeNull();
    expect(line('jack', 'seven', 'seven', 'seven', 'seven')).toBeNull();
  });

  test('the wild substitutes for any paying symbol, anywhere in the run', () => {
    expect(named(line('seven', 'wild', 'seven', 'jack', 'ace'))).toEqual({ symbol: 'seven', count: 3, pays: 20 });
    expect(named(line('bell', 'wild', 'wild', 'bell', 'king'))).toEqual({ symbol: 'bell', count: 4, pays: 40 });
    expect(named(line('wild', 'diamond', 'wild', 'wild', 'diamond'))).toEqual({ symbol: 'diamond', count: 5, pays: 200 });
  });

  test('leading wilds pay the higher of their own run and the symbol they complete', () => {
    expect(named(line('wild', 'wild', 'wild', 'wild', 'wild'))).toEqual({ symbol: 'wild', count: 5, pays: 500 });
    expect(named(line('wild', 'wild', 'wild', 'queen', 'ace'))).toEqual({ symbol: 'wild', count: 3, pays: 25 }); // 25 > queen×4 = 10
    expect(named(line('wild', 'wild', 'wild', 'wild', 'seven'))).toEqual({ symbol: 'seven', count: 5, pays: 300 }); // 300 > wild×4 = 100
    expect(named(line('wild', 'wild', 'wild', 'jack', 'jack'))).toEqual({ symbol: 'jack', count: 5, pays: 25 }); // a tie pays once
  });

  test('the scatter is never substituted and ends any run', () => {
    expect(line('seven', 'seven', 'scatter', 'seven', 'seven')).toBeNull();
    expect(line('wild', 'wild', 'scatter', 'wild', 'wild')).toBeNull();
    expect(named(line('wild', 'wild', 'wild', 'scatter', 'seven'))).toEqual({ symbol: 'wild', count: 3, pays: 25 });
    expect(line('scatter', 'scatter', 'scatter', 'scatter', 'scatter')).toBeNull();
  });
});

describe('spin evaluation on hand-built grids', () => {
  test('a stop shows strip[stop], strip[stop+1], strip[stop+2] top to bottom, wrapping', () => {
    const strip = [idx('ace'), idx('king'), idx('queen'), idx('jack')];
    const spin = evaluateSpin(FORTUNE_REELS, [strip, strip, strip, strip, strip], [0, 1, 2, 3, 3]);
    expect(spin.grid.map((col) => col.map((s) => SLOT_SYMBOLS[s]))).toEqual([
      ['ace', 'king', 'queen'],
      ['king', 'queen', 'jack'],
      ['queen', 'jack', 'ace'],
      ['jack', 'ace', 'king'],
      ['jack', 'ace', 'king'],
    ]);
  });

  test('five sevens on the middle row pay line 1 only', () => {
    const spin = gridSpin(TOP, ['seven', 'seven', 'seven', 'seven', 'seven'], BOTTOM);
    expect(spin.lineWins).toEqual([{ line: 0, symbol: idx('seven'), count: 5, pays: 300 }]);
    expect(spin.scatterPays).toBe(0);
    expect(spin.freeSpinsAwarded).toBe(0);
  });

  test('a wild in the middle row completes three sevens on line 1', () => {
    const spin = gridSpin(TOP, ['seven', 'wild', 'seven', 'jack', 'ace'], BOTTOM);
    expect(spin.lineWins).toEqual([{ line: 0, symbol: idx('seven'), count: 3, pays: 20 }]);
  });

  test('paylines follow their row patterns (line 4 is the V: top, middle, bottom, middle, top)', () => {
    const spin = gridSpin(['bell', 'king', 'queen', 'ace', 'bell'], ['ace', 'bell', 'king', 'bell', 'queen'], ['king', 'clover', 'bell', 'queen', 'ace']);
    expect(spin.lineWins).toEqual([{ line: 3, symbol: idx('bell'), count: 5, pays: 150 }]);
  });

  test('a screen of one symbol pays all 20 lines', () => {
    const jacks: SlotSymbol[] = ['jack', 'jack', 'jack', 'jack', 'jack'];
    const spin = gridSpin(jacks, jacks, jacks);
    expect(spin.lineWins).toHaveLength(20);
    expect(spin.lineWins.every((w) => w.count === 5 && w.pays === 25)).toBe(true);
    expect(spin.lineWins.map((w) => w.line)).toEqual([...Array(20).keys()]);
  });

  test('scatters pay anywhere, on any row and reel, and award free spins', () => {
    const three = gridSpin(['scatter', 'king', 'queen', 'ace', 'king'], ['ace', 'bell', 'king', 'bell', 'scatter'], ['king', 'clover', 'scatter', 'queen', 'ace']);
    expect(three.scatterPositions).toEqual([
      [0, 0],
      [2, 2],
      [4, 1],
    ]);
    expect([three.scatterPays, three.freeSpinsAwarded]).toEqual([2, 6]);
    const four = gridSpin(['scatter', 'scatter', 'queen', 'ace', 'king'], ['ace', 'bell', 'scatter', 'bell', 'scatter'], BOTTOM);
    expect([four.scatterPays, four.freeSpinsAwarded]).toEqual([8, 10]);
    const five = gridSpin(['scatter', 'scatter', 'scatter', 'scatter', 'scatter'], ['ace', 'bell', 'king', 'bell', 'queen'], BOTTOM);
    expect([five.scatterPays, five.freeSpinsAwarded]).toEqual([40, 15]);
    const two = gridSpin(['scatter', 'king', 'queen', 'ace', 'scatter'], ['ace', 'bell', 'king', 'bell', 'queen'], BOTTOM);
    expect([two.scatterPays, two.freeSpinsAwarded]).toEqual([0, 0]);
  });
});

describe('compiled evaluator', () => {
  test('agrees with the readable evaluator on 50,000 random spins', () => {
    const slot = compileSlot(FORTUNE_REELS);
    const rng = xoshiro128ss(99);
    for (let i = 0; i < 50_000; i++) {
      const stops = FORTUNE_REELS.baseStrips.map((s) => Math.floor(rng.next() * s.length));
      const spin = evaluateSpin(FORTUNE_REELS, FORTUNE_REELS.baseStrips, stops);
      const scatters = compiledScatters(slot.base, stops);
      expect(scatters).toBe(spin.scatterPositions.length);
      expect(compiledLineUnits(slot, slot.base, stops) + (slot.scatterUnits[scatters] as number)).toBe(spinUnitsOf(FORTUNE_REELS, spin));
    }
  });
});
