import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { fairSeed } from '../../db/schema.ts';

export type FairSeedRow = typeof fairSeed.$inferSelect;

const active = (userId: number, scope: string) => and(eq(fairSeed.userId, userId), eq(fairSeed.scope, scope), isNull(fairSeed.revealedAt));

/**
 * Takes the active pair's next nonce: one UPDATE that locks the row (until the caller's transaction
 * ends, so concurrent draws on one pair queue and get consecutive nonces) and moves the nonce on.
 * Returns the row as it was before the update (its `nonce` is the one taken), or null when the
 * player has no active pair for the scope.
 */
export async function takeNonce(x: Executor, userId: number, scope: string): Promise<FairSeedRow | null> {
  const rows = await x
    .update(fairSeed)
    .set({ nonce: sql`${fairSeed.nonce} + 1` })
    .where(active(userId, scope))
    .returning();
  const row = rows[0];
  return row ? { ...row, nonce: row.nonce - 1 } : null;
}

/**
 * Inserts a new active pair unless one exists (a concurrent first use, or a rotation, inserted it):
 * returns the new row or null.
 */
export async function insertActive(
  x: Executor,
  pair: { userId: number; scope: string; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number; createdAt: Date },
): Promise<FairSeedRow | null> {
  const rows = await x
    .insert(fairSeed)
    .values(pair)
    .onConflictDoNothing({ target: [fairSeed.userId, fairSeed.scope], where: isNull(fairSeed.revealedAt) })
    .returning();
  return rows[0] ?? null;
}

/** The active pair, read (no lock). */
export async function findActive(x: Executor, userId: number, scope: string): Promise<FairSeedRow | null> {
  const rows = await x.select().from(fairSeed).where(active(userId, scope));
  return rows[0] ?? null;
}

/** The active pair, locked FOR UPDATE until the transaction ends (rotation). */
export async function lockActive(x: Executor, userId: number, scope: string): Promise<FairSeedRow | null> {
  const rows = await x.select().from(fairSeed).where(active(userId, scope)).for('update');
  return rows[0] ?? null;
}

/** Marks a pair revealed (it stops being the active one). */
export async function markRevealed(x: Executor, id: number, at: Date): Promise<FairSeedRow> {
  const rows = await x.update(fairSeed).set({ revealedAt: at }).where(and(eq(fairSeed.id, id), isNull(fairSeed.revealedAt))).returning();
  if (!rows[0]) throw new Error(`fair_seed ${id} is not active`);
  return rows[0];
}

/** Revealed pairs of a player and scope, newest first, and how many there are. */
export async function listRevealed(x: Executor, userId: number, scope: string, limit: number, offset: number): Promise<{ rows: FairSeedRow[]; total: number }> {
  const where = and(eq(fairSeed.userId, userId), eq(fairSeed.scope, scope), isNotNull(fairSeed.revealedAt));
  const [rows, totals] = await Promise.all([
    x.select().from(fairSeed).where(where).orderBy(desc(fairSeed.id)).limit(limit).offset(offset),
    x.select({ n: count() }).from(fairSeed).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The server seeds of those pairs that are revealed (records show them once a pair is rotated). */
export async function revealedSeeds(x: Executor, ids: readonly number[]): Promise<{ id: number; serverSeed: string }[]> {
  if (ids.length === 0) return [];
  return x
    .select({ id: fairSeed.id, serverSeed: fairSeed.serverSeed })
    .from(fairSeed)
    .where(and(inArray(fairSeed.id, [...ids]), isNotNull(fairSeed.revealedAt)));
}
