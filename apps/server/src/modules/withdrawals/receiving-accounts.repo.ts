import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { receivingAccount, type ReceivingAccountRow } from '../../db/schema.ts';

export type NewReceivingAccount = typeof receivingAccount.$inferInsert;

/** The player's accounts: the default first, then newest first. */
export async function listAccounts(x: Executor, userId: number): Promise<ReceivingAccountRow[]> {
  return x.select().from(receivingAccount).where(eq(receivingAccount.userId, userId))
    .orderBy(desc(receivingAccount.isDefault), desc(receivingAccount.createdAt), desc(receivingAccount.id));
}

export async function findAccount(x: Executor, userId: number, id: number): Promise<ReceivingAccountRow | null> {
  const rows = await x.select().from(receivingAccount).where(and(eq(receivingAccount.id, id), eq(receivingAccount.userId, userId)));
  return rows[0] ?? null;
}

export async function countAccounts(x: Executor, userId: number): Promise<number> {
  const rows = await x.select({ n: sql<number>`count(*)::int` }).from(receivingAccount).where(eq(receivingAccount.userId, userId));
  return rows[0]?.n ?? 0;
}

export async function insertAccount(x: Executor, values: NewReceivingAccount): Promise<ReceivingAccountRow> {
  const rows = await x.insert(receivingAccount).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into receiving_account returned no row');
  return row;
}

export async function updateAccount(
  x: Executor,
  id: number,
  values: Partial<Pick<ReceivingAccountRow, 'bankId' | 'accountName' | 'accountNo' | 'isDefault' | 'updatedAt'>>,
): Promise<void> {
  await x.update(receivingAccount).set(values).where(eq(receivingAccount.id, id));
}

/** Clears the default flag on all of the player's accounts (before setting a new default). */
export async function clearDefault(x: Executor, userId: number, at: Date): Promise<void> {
  await x.update(receivingAccount).set({ isDefault: false, updatedAt: at })
    .where(and(eq(receivingAccount.userId, userId), eq(receivingAccount.isDefault, true)));
}

