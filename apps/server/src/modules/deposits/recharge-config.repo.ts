import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { rechargeBank, rechargeItem, rechargeType, rechargeTypeItem, type RechargeTypeRow } from '../../db/schema.ts';

export interface RechargeConfigRows {
  types: RechargeTypeRow[];
  items: Array<{ id: number; price: bigint; sort: number }>;
  links: Array<{ typeId: number; itemId: number }>;
  banks: Array<{ id: number; typeId: number; code: string; name: string; sort: number }>;
}

/** Enabled channels, items, links and banks, in display order. */
export async function loadRechargeConfig(x: Executor): Promise<RechargeConfigRows> {
  const [types, items, links, banks] = await Promise.all([
    x.select().from(rechargeType).where(eq(rechargeType.enabled, true)).orderBy(asc(rechargeType.sort), asc(rechargeType.id)),
    x.select({ id: rechargeItem.id, price: rechargeItem.price, sort: rechargeItem.sort }).from(rechargeItem)
      .where(eq(rechargeItem.enabled, true)).orderBy(asc(rechargeItem.sort), asc(rechargeItem.price)),
    x.select().from(rechargeTypeItem),
    x.select({ id: rechargeBank.id, typeId: rechargeBank.typeId, code: rechargeBank.code, name: rechargeBank.name, sort: rechargeBank.sort })
      .from(rechargeBank).where(eq(rechargeBank.enabled, true)).orderBy(asc(rechargeBank.sort), asc(rechargeBank.id)),
  ]);
  return { types, items, links, banks };
}

export async function findEnabledType(x: Executor, id: number): Promise<RechargeTypeRow | null> {
  const rows = await x.select().from(rechargeType).where(and(eq(rechargeType.id, id), eq(rechargeType.enabled, true)));
  return rows[0] ?? null;
}

export async function findTypeById(x: Executor, id: number): Promise<RechargeTypeRow | null> {
  const rows = await x.select().from(rechargeType).where(eq(rechargeType.id, id));
  return rows[0] ?? null;
}

/** The item's price when it is enabled and offered on this channel. */
export async function findItemPriceOnType(x: Executor, typeId: number, itemId: number): Promise<bigint | null> {
  const rows = await x
    .select({ price: rechargeItem.price })
    .from(rechargeItem)
    .innerJoin(rechargeTypeItem, eq(rechargeTypeItem.itemId, rechargeItem.id))
    .where(and(eq(rechargeItem.id, itemId), eq(rechargeItem.enabled, true), eq(rechargeTypeItem.typeId, typeId)));
  return rows[0]?.price ?? null;
}

export async function listEnabledBankIds(x: Executor, typeId: number): Promise<number[]> {
  const rows = await x.select({ id: rechargeBank.id }).from(rechargeBank).where(and(eq(rechargeBank.typeId, typeId), eq(rechargeBank.enabled, true)));
  return rows.map((r) => r.id);
}
