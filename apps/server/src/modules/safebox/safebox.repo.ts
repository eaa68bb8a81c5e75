import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { appUser } from '../../db/schema.ts';

export async function findPasswordHash(x: Executor, userId: number): Promise<string | null> {
  const rows = await x.select({ hash: appUser.safeboxPasswordHash }).from(appUser).where(eq(appUser.id, userId));
  return rows[0]?.hash ?? null;
}

export async function setPasswordHash(x: Executor, userId: number, hash: string, at: Date): Promise<void> {
  await x.update(appUser).set({ safeboxPasswordHash: hash, updatedAt: at }).where(eq(appUser.id, userId));
}
