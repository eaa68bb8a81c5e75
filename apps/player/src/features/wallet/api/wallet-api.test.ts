import { describe, expect, it } from 'vitest';
import type { RechargeType } from '@playhall/contract';
import { exceededLimit } from '../components/deposit-form.tsx';
import { parseCoins } from '../../../lib/money-input.ts';
import { initialChannel, orderedChannels, presetItems, type TradeInfo } from './wallet-api.ts';

const channel = (id: number, over: Partial<RechargeType> = {}): RechargeType =>
  ({ id, name: `C${id}`, sort: id, minAmount: 1000, minAmount2: 10000, maxAmount: 50000, isDefault: false, banks: [], ...over }) as RechargeType;

const prices = [1000, 2000, 5000, 10000, 20000, 100000];
const info = (over: Partial<TradeInfo> = {}): TradeInfo => ({
  hash: 'h',
  totalRecharge: 0,
  lastRechargeTypeId: null,
  useMinAmount2: false,
  appRechargeTypeMap: { 1: channel(1), 2: channel(2, { isDefault: true }), 3: channel(3, { sort: 0 }) },
  appRechargeItemMap: Object.fromEntries(prices.map((p, i) => [String(i + 1), { id: i + 1, price: p, sort: i }])) as TradeInfo['appRechargeItemMap'],
  appRechargeTypeItemMap: { 1: [1, 2, 3, 4, 5, 6], 2: [3, 4], 3: [] },
  ...over,
});

describe('deposit rules on the client', () => {
  it('offers only items priced at least the channel minimum and at most its maximum', () => {
    expect(presetItems(info(), channel(1)).map((i) => i.price)).toEqual([1000, 2000, 5000, 10000, 20000]);
  });

  it('uses minAmount2 after a first deposit when the server says so (spec §5)', () => {
    expect(presetItems(info({ useMinAmount2: true }), channel(1)).map((i) => i.price)).toEqual([10000, 20000]);
  });

  it('sorts channels by sort with the last used first, and opens on the last used, else the default', () => {
    expect(orderedChannels(info()).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(initialChannel(info())?.id).toBe(2);
    expect(orderedChannels(info({ lastRechargeTypeId: 2 })).map((c) => c.id)).toEqual([2, 3, 1]);
    expect(initialChannel(info({ lastRechargeTypeId: 1 }))?.id).toBe(1);
  });

  it('reads whole coins only, as hundredths', () => {
    expect(parseCoins('25')).toBe(2500);
    expect(parseCoins(' 7 ')).toBe(700);
    expect(parseCoins('0')).toBeNull();
    expect(parseCoins('2.5')).toBeNull();
    expect(parseCoins('')).toBeNull();
    expect(parseCoins('1e3')).toBeNull();
  });

  it('finds the first period an amount would take over its limit', () => {
    const none = { amount: null, pending: null, used: 0, remaining: null };
    const limits = {
      day: { amount: 20000, pending: null, used: 5000, remaining: 15000 },
      week: { amount: 10000, pending: null, used: 5000, remaining: 5000 },
      month: none,
    } as Parameters<typeof exceededLimit>[0];
    expect(exceededLimit(limits, 5000)).toBeNull();
    expect(exceededLimit(limits, 6000)).toEqual({ period: 'week', limit: 10000, left: 5000 });
    expect(exceededLimit(limits, 16000)).toEqual({ period: 'day', limit: 20000, left: 15000 });
    expect(exceededLimit(undefined, 1_000_000)).toBeNull();
  });
});
