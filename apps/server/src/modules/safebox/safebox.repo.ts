import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { appUser, safeboxGuard, type SafeboxGuardRow } from '../../db/schema.ts';

export async function findPasswordHash(x: Executor, userId: number): Promise<string | null> {
  const rows = await x.select({ hash: appUser.safeboxPasswordHash }).from(appUser).where(eq(appUser.id, userId));
  return rows[0]?.hash ?? null;
}

export async function setPasswordHash(x: Executor, userId: number, hash: string, at: Date): Promise<void> {
  await x.update(appUser).set({ safeboxPasswordHash: hash, updatedAt: at }).where(eq(appUser.id, userId));
}

export async function findGuard(x: Executor, userId: number): Promise<SafeboxGuardRow | null> {
  const rows = await x.select().from(safeboxGuard).where(eq(safeboxGuard.userId, userId));
  return rows[0] ?? null;
}

/**
 * Counts one wrong password in a sliding window, in one statement so concurrent wrong guesses
 * all count. The window restarts when its first failure is older than windowMs. When the count
 * reaches maxFailures the take-out is locked until lockUntil and the count restarts.
 * Returns the count after this failure (0 when this failure locked it) and the lock.
 */
export async function recordFailure(
  x: Executor,
  userId: number,
  now: Date,
  windowMs: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ count: number; lockedUntil: Date | null }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const fresh = sql`${safeboxGuard.failedSince} IS NULL OR ${safeboxGuard.failedSince} <= ${windowStart}`;
  const next = sql`CASE WHEN ${fresh} THEN 1 ELSE ${safeboxGuard.failedCount} + 1 END`;
  const rows = await x
    .insert(safeboxGuard)
    .values({ userId, failedCount: maxFailures <= 1 ? 0 : 1, failedSince: maxFailures <= 1 ? null : now, lockedUntil: maxFailures <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: safeboxGuard.userId,
      set: {
        failedCount: sql`CASE WHEN ${next} >= ${maxFailures} THEN 0 ELSE ${next} END`,
        failedSince: sql`CASE WHEN ${next} >= ${maxFailures} THEN NULL WHEN ${fresh} THEN ${now}::timestamptz ELSE ${safeboxGuard.failedSince} END`,
        lockedUntil: sql`CASE WHEN ${next} >= ${maxFailures} THEN ${lockUntil}::timestamptz ELSE ${safeboxGuard.lockedUntil} END`,
      },
    })
    .returning({ count: safeboxGuard.failedCount, lockedUntil: safeboxGuard.lockedUntil });
  const row = rows[0]!;
  return { count: row.count, lockedUntil: row.lockedUntil };
}

export async function clearFailures(x: Executor, userId: number): Promise<void> {
  await x.delete(safeboxGuard).where(eq(safeboxGuard.userId, userId));
}
