import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rechargeBank, rechargeItem, rechargeType, rechargeTypeItem } from '../schema.ts';

/** Preset amounts in hundredths (10 to 1,000 coins). */
export const demoRechargePrices = [1000, 2000, 5000, 10000, 20000, 50000, 100000] as const;

interface DemoChannel {
  typeKey: string;
  name: string;
  sort: number;
  minAmount: number;
  minAmount2: number;
  maxAmount: number | null;
  isDefault: boolean;
  prices: readonly number[];
  banks: Array<{ code: string; name: string }>;
}

export const demoRechargeChannels: DemoChannel[] = [
  { typeKey: 'pix', name: 'PIX', sort: 1, minAmount: 1000, minAmount2: 10000, maxAmount: 5_000_000, isDefault: true, prices: demoRechargePrices, banks: [] },
  {
    typeKey: 'bank-transfer',
    name: 'Bank transfer',
    sort: 2,
    minAmount: 5000,
    minAmount2: 10000,
    maxAmount: 10_000_000,
    isDefault: false,
    prices: demoRechargePrices.filter((p) => p >= 5000),
    banks: [
      { code: '001', name: 'Banco do Brasil' },
      { code: '341', name: 'Itaú' },
      { code: '237', name: 'Bradesco' },
      { code: '104', name: 'Caixa' },
      { code: '260', name: 'Nubank' },
    ],
  },
  { typeKey: 'e-wallet', name: 'E-wallet', sort: 3, minAmount: 100, minAmount2: 10000, maxAmount: 2_000_000, isDefault: false, prices: demoRechargePrices.filter((p) => p <= 50000), banks: [] },
];

/**
 * Payment channels, preset amounts, their links and banks. Idempotent (ON CONFLICT DO NOTHING on
 * the natural keys): a channel or item the operator edited or switched off stays as they left it.
 */
export async function seedRecharge(db: Db): Promise<void> {
  await db
    .insert(rechargeItem)
    .values(demoRechargePrices.map((price, i) => ({ price: BigInt(price), sort: i + 1 })))
    .onConflictDoNothing();
  const items = await db.select({ id: rechargeItem.id, price: rechargeItem.price }).from(rechargeItem)
    .where(inArray(rechargeItem.price, demoRechargePrices.map((p) => BigInt(p))));
  const itemIdByPrice = new Map(items.map((i) => [Number(i.price), i.id]));

  for (const c of demoRechargeChannels) {
    const inserted = await db
      .insert(rechargeType)
      .values({
        typeKey: c.typeKey,
        name: c.name,
        sort: c.sort,
        minAmount: BigInt(c.minAmount),
        minAmount2: BigInt(c.minAmount2),
        maxAmount: c.maxAmount === null ? null : BigInt(c.maxAmount),
        isDefault: c.isDefault,
      })
      .onConflictDoNothing()
      .returning({ id: rechargeType.id });
    // Links and banks are seeded only with a new channel, so an operator's removals stick.
    const typeId = inserted[0]?.id;
    if (typeId === undefined) continue;
    const links = c.prices.map((p) => ({ typeId, itemId: itemIdByPrice.get(p) })).filter((l): l is { typeId: number; itemId: number } => l.itemId !== undefined);
    if (links.length > 0) await db.insert(rechargeTypeItem).values(links).onConflictDoNothing();
    if (c.banks.length > 0) {
      await db.insert(rechargeBank).values(c.banks.map((b, i) => ({ typeId, code: b.code, name: b.name, sort: i + 1 }))).onConflictDoNothing();
    }
  }
}
