import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { fairFloats, hashServerSeed } from '@playhall/fairness/node';
import { playFairRound } from './verify-node.ts';
import { minesMultiplierE4 } from './mines.ts';
import { rules } from './rules.ts';
import { FORTUNE_REELS } from './slot/config.ts';

const RULES_MD = readFileSync(new URL('../../RULES.md', import.meta.url), 'utf8');

describe('published rules', () => {
  test('the worked example in RULES.md is what the engine computes', () => {
    const seeds = { serverSeed: '5e1f3a0c9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f', clientSeed: 'lucky:player', nonce: 42 };
    expect(RULES_MD).toContain(seeds.serverSeed);
    expect(RULES_MD).toContain(hashServerSeed(seeds.serverSeed));
    for (const f of fairFloats(seeds, 5)) expect(RULES_MD).toContain(String(f));
    expect(playFairRound('dice', seeds, { bet: 100, target: 5000, direction: 'over' }).roll).toBe(8185); // 81.85
    expect(playFairRound('crash', seeds, { bet: 100, cashOutE2: 200 }).crashPointE2).toBe(531); // 5.31×
    expect(playFairRound('mines', seeds, { bet: 100, mines: 3, picks: [0] }).mines).toEqual([14, 20, 23]);
    const slot = playFairRound('slot', seeds, { bet: 100 });
    expect(slot.base.stops).toEqual([27, 29, 18, 25, 20]);
    expect(slot.base.lineWins).toEqual([{ line: 11, symbol: 'queen', count: 3, amount: 25 }]); // "line 12" counted from 1
  });

  test('the rules object carries the numbers the screens render', () => {
    expect(rules.slot.lines).toHaveLength(20);
    expect(rules.slot.betStep).toBe(20);
    expect(rules.slot.symbols.find((s) => s.id === 'seven')?.pays).toEqual({ 3: 20, 4: 80, 5: 300 });
    expect(rules.slot.symbols.find((s) => s.id === 'scatter')?.pays).toEqual({ 3: 2, 4: 8, 5: 40 });
    expect(rules.slot.freeSpins).toEqual({ awards: { 3: 6, 4: 10, 5: 15 }, multiplier: 2, retrigger: true, maxPerRound: FORTUNE_REELS.maxFreeSpins });
    expect(rules.slot.rtp).toBeGreaterThanOrEqual(0.96);
    expect(rules.slot.rtp).toBeLessThanOrEqual(0.97);
    expect(rules.mines.multipliersE4).toHaveLength(24);
    rules.mines.multipliersE4.forEach((row, i) => {
      expect(row).toHaveLength(25 - (i + 1));
      expect(row[0]).toBe(minesMultiplierE4(i + 1, 1));
    });
    expect(rules.crash.instantCrashChance).toBeCloseTo(0.04455, 5);
    expect([rules.dice.minWinChanceE4, rules.dice.maxWinChanceE4]).toEqual([100, 9500]);
    for (const g of [rules.crash, rules.mines, rules.dice]) expect(g.rtp).toBe(0.965);
  });
});
