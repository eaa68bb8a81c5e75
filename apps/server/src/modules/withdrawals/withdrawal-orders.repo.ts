import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { appUser, withdrawalOrder, type WithdrawalOrderRow } from '../../db/schema.ts';

export type NewWithdrawalOrder = typeof withdrawalOrder.$inferInsert;
export type WithdrawalStatus = WithdrawalOrderRow['status'];

/** Requests that use up the daily limits: all but the rejected and failed ones (their money came back). */
const COUNTED: WithdrawalStatus[] = ['pending', 'approved', 'paid'];

export async function insertOrder(x: Executor, values: NewWithdrawalOrder): Promise<WithdrawalOrderRow> {
  const rows = await x.insert(withdrawalOrder).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into withdrawal_order returned no row');
  return row;
}

export async function findByRequestId(x: Executor, userId: number, requestId: string): Promise<WithdrawalOrderRow | null> {
  const rows = await x.select().from(withdrawalOrder).where(and(eq(withdrawalOrder.userId, userId), eq(withdrawalOrder.requestId, requestId)));
  return rows[0] ?? null;
}

/** A player's orders by number (those that are theirs). */
export async function findManyByNo(x: Executor, userId: number, orderNos: string[]): Promise<WithdrawalOrderRow[]> {
  if (!orderNos.length) return [];
  return x.select().from(withdrawalOrder).where(and(eq(withdrawalOrder.userId, userId), inArray(withdrawalOrder.orderNo, orderNos)));
}

export async function findByNo(x: Executor, orderNo: string): Promise<WithdrawalOrderRow | null> {
  const rows = await x.select().from(withdrawalOrder).where(eq(withdrawalOrder.orderNo, orderNo));
  return rows[0] ?? null;
}

/** Locks the request for the rest of the transaction, so two reviews of it serialise. */
export async function lockByNo(x: Executor, orderNo: string): Promise<WithdrawalOrderRow | null> {
  const rows = await x.select().from(withdrawalOrder).where(eq(withdrawalOrder.orderNo, orderNo)).for('update');
  return rows[0] ?? null;
}

export async function recentOfUser(x: Executor, userId: number, limit: number): Promise<WithdrawalOrderRow[]> {
  return x.select().from(withdrawalOrder).where(eq(withdrawalOrder.userId, userId))
    .orderBy(desc(withdrawalOrder.createdAt), desc(withdrawalOrder.id)).limit(limit);
}

/** How many requests and how much the player used since `since` (pending, approved and paid). */
export async function usedSince(x: Executor, userId: number, since: Date): Promise<{ count: number; amount: bigint }> {
  const rows = await x
    .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${withdrawalOrder.amount}), 0)::text` })
    .from(withdrawalOrder)
    .where(and(eq(withdrawalOrder.userId, userId), inArray(withdrawalOrder.status, COUNTED), gte(withdrawalOrder.createdAt, since)));
  return { count: rows[0]?.n ?? 0, amount: BigInt(rows[0]?.total ?? '0') };
}

export async function update(
  x: Executor,
  id: number,
  values: Partial<Pick<WithdrawalOrderRow, 'status' | 'providerRef' | 'reason' | 'reviewedBy' | 'reviewedAt' | 'closedAt' | 'updatedAt'>>,
): Promise<WithdrawalOrderRow> {
  const rows = await x.update(withdrawalOrder).set(values).where(eq(withdrawalOrder.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`withdrawal_order ${id} vanished`);
  return row;
}

/** A page of requests for staff, oldest pending first when filtered by status, newest first otherwise. */
export async function page(
  x: Executor,
  q: { status?: WithdrawalStatus; page: number; pageSize: number },
): Promise<{ rows: WithdrawalOrderRow[]; total: number; totalAmount: bigint }> {
  const where = q.status ? eq(withdrawalOrder.status, q.status) : undefined;
  const order = q.status === 'pending' || q.status === 'approved'
    ? [withdrawalOrder.createdAt, withdrawalOrder.id]
    : [desc(withdrawalOrder.createdAt), desc(withdrawalOrder.id)];
  const [rows, totals] = await Promise.all([
    x.select().from(withdrawalOrder).where(where).orderBy(...order).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    x.select({ n: count(), total: sql<string>`coalesce(sum(${withdrawalOrder.amount}), 0)::text` }).from(withdrawalOrder).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0), totalAmount: BigInt(totals[0]?.total ?? '0') };
}

/** How staff name the player: the account name, else the phone number. */
export async function accountNameOf(x: Executor, userId: number): Promise<string> {
  const rows = await x.select({ account: appUser.account, mobile: appUser.mobile }).from(appUser).where(eq(appUser.id, userId));
  return rows[0]?.account ?? rows[0]?.mobile ?? `#${userId}`;
}
