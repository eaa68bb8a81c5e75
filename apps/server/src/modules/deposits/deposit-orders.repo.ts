import { and, desc, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { depositOrder, type DepositOrderRow } from '../../db/schema.ts';

export type NewDepositOrder = typeof depositOrder.$inferInsert;

export async function insertOrder(x: Executor, values: NewDepositOrder): Promise<DepositOrderRow> {
  const rows = await x.insert(depositOrder).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into deposit_order returned no row');
  return row;
}

export async function findOrderByNo(x: Executor, orderNo: string): Promise<DepositOrderRow | null> {
  const rows = await x.select().from(depositOrder).where(eq(depositOrder.orderNo, orderNo));
  return rows[0] ?? null;
}

/** Locks the order row for the rest of the transaction, so concurrent webhooks serialise on it. */
export async function lockOrderByNo(x: Executor, orderNo: string): Promise<DepositOrderRow | null> {
  const rows = await x.select().from(depositOrder).where(eq(depositOrder.orderNo, orderNo)).for('update');
  return rows[0] ?? null;
}

export async function markPaid(x: Executor, id: number, at: Date, isLate: boolean, providerRef: string): Promise<void> {
  await x.update(depositOrder).set({ status: 'paid', paidAt: at, isLate, providerRef, updatedAt: at }).where(eq(depositOrder.id, id));
}

export async function markFailed(x: Executor, id: number, at: Date, providerRef: string): Promise<void> {
  await x.update(depositOrder).set({ status: 'failed', failedAt: at, providerRef, updatedAt: at }).where(eq(depositOrder.id, id));
}

export async function hasPaidOrder(x: Executor, userId: number): Promise<boolean> {
  const rows = await x.select({ id: depositOrder.id }).from(depositOrder)
    .where(and(eq(depositOrder.userId, userId), eq(depositOrder.status, 'paid'))).limit(1);
  return rows.length > 0;
}

/** The channel of the player's newest paid deposit, or null. */
export async function lastPaidTypeId(x: Executor, userId: number): Promise<number | null> {
  const rows = await x.select({ typeId: depositOrder.typeId }).from(depositOrder)
    .where(and(eq(depositOrder.userId, userId), eq(depositOrder.status, 'paid')))
    .orderBy(desc(depositOrder.paidAt)).limit(1);
  return rows[0]?.typeId ?? null;
}

/**
 * Deposits that count against a limit since `since`: credited ones (by when they were paid) and
 * open ones (pending and not yet expired at `now`).
 */
export async function sumCountedSince(x: Executor, userId: number, since: Date, now: Date): Promise<bigint> {
  const rows = await x
    .select({ total: sql<string>`coalesce(sum(${depositOrder.amount}), 0)::text` })
    .from(depositOrder)
    .where(
      and(
        eq(depositOrder.userId, userId),
        or(
          and(eq(depositOrder.status, 'paid'), gte(depositOrder.paidAt, since)),
          and(eq(depositOrder.status, 'pending'), gt(depositOrder.expiresAt, now), gte(depositOrder.createdAt, since)),
        ),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

export type OrderListStatus = 'pending' | 'paid' | 'failed' | 'expired';

/**
 * A player's deposit orders, newest first, with every status; `expired` is a pending order past its
 * time at `now` (an abandoned payment), `pending` one still open. Every row carries the filtered count.
 */
export async function listOrders(
  x: Executor,
  userId: number,
  f: { status?: OrderListStatus; now: Date; limit: number; offset: number },
): Promise<Array<DepositOrderRow & { total: number }>> {
  const conds = [eq(depositOrder.userId, userId)];
  if (f.status === 'paid' || f.status === 'failed') conds.push(eq(depositOrder.status, f.status));
  if (f.status === 'pending') conds.push(eq(depositOrder.status, 'pending'), gt(depositOrder.expiresAt, f.now));
  if (f.status === 'expired') conds.push(eq(depositOrder.status, 'pending'), lte(depositOrder.expiresAt, f.now));
  const rows = await x
    .select({ order: depositOrder, total: sql<string>`count(*) over ()::text` })
    .from(depositOrder)
    .where(and(...conds))
    .orderBy(desc(depositOrder.createdAt), desc(depositOrder.id))
    .limit(f.limit)
    .offset(f.offset);
  return rows.map((r) => ({ ...r.order, total: Number(r.total) }));
}

/** How many orders `listOrders` would list (for a page past the end). */
export async function countOrders(x: Executor, userId: number, f: { status?: OrderListStatus; now: Date }): Promise<number> {
  return (await listOrders(x, userId, { ...f, limit: 1, offset: 0 }))[0]?.total ?? 0;
}
