import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRounds, claimable, levelFor, periodDays, periodOfDay, vipSettings, type PlayerVip } from './vip.rules.ts';

// The rebate's rounding rule (decision 046) against a model that keeps exact rationals: accrual in
// millionths never rounds, a claim pays the floor in hundredths, and what is paid plus what is left
// is exactly Σ bet × rate / 10⁶ coin, however the bets are split into batches and claims.
const s = vipSettings.parse({
  levels: [
    { betAmount: 0, rebateBp: 7 },
    { betAmount: 5_000, rebateBp: 33, rebateBpByType: { '2': 101 } },
    { betAmount: 40_000, rebateBp: 77 },
  ],
  expWeights: { '1': 50, '3': 0 },
});

describe('VIP rules', () => {
  it('retention periods (decision 055): N operator days from 2024-01-01, a Monday', () => {
    expect([periodOfDay(7, '2024-01-01'), periodOfDay(7, '2024-01-07'), periodOfDay(7, '2024-01-08'), periodOfDay(7, '2023-12-31')]).toEqual([0, 0, 1, -1]);
    expect(periodDays(7, periodOfDay(7, '2026-11-27'))).toEqual({ from: '2026-11-23', to: '2026-11-30' }); // Monday to Sunday
    expect(periodDays(30, 0)).toEqual({ from: '2024-01-01', to: '2024-01-31' });
  });

  it('levelFor: the highest level whose betAmount the exp meets', () => {
    expect([0, 4_999, 5_000, 39_999, 40_000, 10 ** 9].map((e) => levelFor(s, e))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('rebate over random bets, batches and claims: paid + kept = the exact share, each claim the floor', () => {
    const step = fc.oneof(fc.record({ typeId: fc.integer({ min: 1, max: 3 }), bet: fc.integer({ min: 1, max: 20_000 }) }), fc.constant('claim' as const), fc.constant('batch' as const));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const players = new Map<number, PlayerVip>([[1, { level: 0, exp: 0 }]]);
        const stored = new Map<number, number>(); // per type, millionths (the table)
        let pending: { userId: number; typeId: number; bet: number }[] = [];
        let paid = 0;
        // The model: exact shares as rationals (numerator over 10^6 coin), level from exp as bets come.
        let exact = 0n;
        let exp = 0;
        const apply = () => {
          for (const r of applyRounds(s, players, pending)) stored.set(r.typeId, (stored.get(r.typeId) ?? 0) + r.accrued);
          pending = [];
        };
        for (const x of steps) {
          if (x === 'batch') apply();
          else if (x === 'claim') {
            apply();
            for (const [k, v] of stored) {
              paid += claimable(v);
              stored.set(k, v - claimable(v) * 10_000);
            }
          } else {
            const level = levelFor(s, exp);
            const rate = (s.levels[level]!.rebateBpByType as Record<string, number>)[String(x.typeId)] ?? s.levels[level]!.rebateBp;
            exact += BigInt(x.bet * rate);
            exp += Math.floor((x.bet * ((s.expWeights as Record<string, number>)[String(x.typeId)] ?? 100)) / 100);
            pending.push({ userId: 1, ...x });
          }
        }
        apply();
        const kept = [...stored.values()].reduce((a, b) => a + b, 0);
        expect(BigInt(paid) * 10_000n + BigInt(kept)).toBe(exact);
        for (const v of stored.values()) expect(v).toBeGreaterThanOrEqual(0);
        expect(players.get(1)!.exp).toBe(exp);
      }),
      { numRuns: 500 },
    );
  });
});

describe('docs/rewards.md', () => {
  it('its VIP example is a valid VIP activity', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../../../../../docs/rewards.md', import.meta.url), 'utf8');
    const block = /## VIP \(type 8\)[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeTruthy();
    const example = JSON.parse(block!);
    expect(example.type).toBe(8);
    expect(vipSettings.safeParse(example.settings).success).toBe(true);
  });
});
