import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { depositLimit, type DepositLimitRow } from '../../db/schema.ts';

export type Period = DepositLimitRow['period'];

export async function listLimits(x: Executor, userId: number, lock = false): Promise<DepositLimitRow[]> {
  const q = x.select().from(depositLimit).where(eq(depositLimit.userId, userId));
  // Locked while an order is checked against the limits, so two orders cannot both use the last room.
  return lock ? q.for('update') : q;
}

export async function upsertLimit(
  x: Executor,
  userId: number,
  period: Period,
  values: { amount: bigint | null; pendingAmount: bigint | null; pendingAt: Date | null },
  at: Date,
): Promise<void> {
  await x
    .insert(depositLimit)
    .values({ userId, period, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: [depositLimit.userId, depositLimit.period], set: { ...values, updatedAt: at } });
}

export async function deleteLimit(x: Executor, userId: number, period: Period): Promise<void> {
  await x.delete(depositLimit).where(and(eq(depositLimit.userId, userId), eq(depositLimit.period, period)));
}
