import { describe, expect, it } from 'vitest';
import type { CoinRecord, Money } from '@playhall/contract';
import { groupByDay, rangeStart } from './records-api.ts';

const rec = (id: number, createdAt: Date): CoinRecord => ({
  id, createdAt: createdAt.toISOString(), kind: 'deposit', reason: 'deposit', book: 'coin', amount: 100 as Money, balanceAfter: 100 as Money, reference: null,
  orderId: null, status: null, timeline: [], note: null, safeboxAfter: null, game: null,
});

describe('wallet records helpers', () => {
  it('groups newest-first records by the local day, keeping order', () => {
    const list = [rec(4, new Date(2026, 10, 21, 23, 59)), rec(3, new Date(2026, 10, 21, 0, 1)), rec(2, new Date(2026, 10, 20, 23, 59)), rec(1, new Date(2026, 9, 1, 8))];
    expect(groupByDay(list).map((g) => [g.day, g.records.map((r) => r.id)])).toEqual([
      ['2026-11-21', [4, 3]],
      ['2026-11-20', [2]],
      ['2026-10-01', [1]],
    ]);
  });

  it('"last 7 days" starts at local midnight six days before today; "all" has no start', () => {
    const now = new Date(2026, 10, 21, 15, 30);
    expect(new Date(rangeStart('7', now)!).getTime()).toBe(new Date(2026, 10, 15).getTime());
    expect(new Date(rangeStart('30', now)!).getTime()).toBe(new Date(2026, 9, 23).getTime());
    expect(rangeStart('all', now)).toBeUndefined();
  });
});
