import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { attemptLimit } from '../../db/schema.ts';

export interface AttemptRule {
  scope: string;
  /** Attempts allowed in one window; the next one locks. */
  max: number;
  windowMs: number;
  lockMs: number;
}

export interface AttemptCount {
  attempts: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

// coalesce: a row without a lock must read "not locked", not NULL, inside CASE and NOT.
const lockActive = (now: Date) => sql`coalesce(${attemptLimit.lockedUntil} > ${now}::timestamptz, false)`;

/**
 * Counts one attempt in one statement, before anything is verified, so concurrent attempts all
 * see each other. While locked nothing is counted. A window restarts when it is older than
 * windowMs or when a lock has ended; an attempt past `max` locks for lockMs.
 */
export async function takeAttempt(x: Executor, rule: AttemptRule, key: string, now: Date): Promise<AttemptCount> {
  const windowFrom = new Date(now.getTime() - rule.windowMs);
  const lockUntil = new Date(now.getTime() + rule.lockMs);
  const locked = lockActive(now);
  const fresh = sql`(${attemptLimit.windowStart} <= ${windowFrom}::timestamptz OR coalesce(${attemptLimit.lockedUntil} <= ${now}::timestamptz, false))`;
  const next = sql`CASE WHEN ${fresh} THEN 1 ELSE ${attemptLimit.attempts} + 1 END`;
  const rows = await x
    .insert(attemptLimit)
    .values({ scope: rule.scope, key, attempts: 1, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: [attemptLimit.scope, attemptLimit.key],
      set: {
        attempts: sql`CASE WHEN ${locked} THEN ${attemptLimit.attempts} ELSE ${next} END`,
        windowStart: sql`CASE WHEN ${locked} OR NOT ${fresh} THEN ${attemptLimit.windowStart} ELSE ${now}::timestamptz END`,
        lockedUntil: sql`CASE WHEN ${locked} THEN ${attemptLimit.lockedUntil} WHEN ${next} > ${rule.max} THEN ${lockUntil}::timestamptz ELSE NULL END`,
      },
    })
    .returning({ attempts: attemptLimit.attempts, windowStart: attemptLimit.windowStart, lockedUntil: attemptLimit.lockedUntil });
  return rows[0]!;
}

/**
 * After a failed check: locks when this window's attempts have reached `max` (the last allowed
 * attempt failed). An existing lock is kept as it is, never extended. Returns the row after.
 */
export async function lockIfSpent(x: Executor, rule: AttemptRule, key: string, now: Date): Promise<AttemptCount> {
  const lockUntil = new Date(now.getTime() + rule.lockMs);
  const rows = await x
    .update(attemptLimit)
    .set({
      lockedUntil: sql`CASE WHEN ${lockActive(now)} THEN ${attemptLimit.lockedUntil}
        WHEN ${attemptLimit.attempts} >= ${rule.max} THEN ${lockUntil}::timestamptz ELSE ${attemptLimit.lockedUntil} END`,
    })
    .where(and(eq(attemptLimit.scope, rule.scope), eq(attemptLimit.key, key)))
    .returning({ attempts: attemptLimit.attempts, windowStart: attemptLimit.windowStart, lockedUntil: attemptLimit.lockedUntil });
  return rows[0] ?? { attempts: 0, windowStart: now, lockedUntil: null };
}

/**
 * After a passed check: gives back the attempt it took, in the window it was taken in, so a right
 * password is not counted as a failure. Never touches a lock.
 */
export async function refundAttempt(x: Executor, scope: string, key: string, windowStart: Date): Promise<void> {
  await x
    .update(attemptLimit)
    .set({ attempts: sql`${attemptLimit.attempts} - 1` })
    .where(and(eq(attemptLimit.scope, scope), eq(attemptLimit.key, key), eq(attemptLimit.windowStart, windowStart), gt(attemptLimit.attempts, 0)));
}

/** Deletes up to `limit` rows of the rule's scope whose window and lock have both ended. */
export async function deleteEnded(x: Executor, rule: AttemptRule, now: Date, limit: number): Promise<void> {
  const windowFrom = new Date(now.getTime() - rule.windowMs);
  await x.execute(sql`
    DELETE FROM attempt_limit WHERE ctid IN (
      SELECT ctid FROM attempt_limit
      WHERE scope = ${rule.scope} AND window_start <= ${windowFrom}::timestamptz
        AND (locked_until IS NULL OR locked_until <= ${now}::timestamptz)
      LIMIT ${limit})`);
}

export async function findLock(x: Executor, scope: string, key: string, now: Date): Promise<Date | null> {
  const rows = await x
    .select({ lockedUntil: attemptLimit.lockedUntil })
    .from(attemptLimit)
    .where(and(eq(attemptLimit.scope, scope), eq(attemptLimit.key, key), lockActive(now)));
  return rows[0]?.lockedUntil ?? null;
}

/** Forgets the counts and locks of these scopes for one key; returns the locks that were running. */
export async function clearAttempts(x: Executor, scopes: string[], key: string, now: Date): Promise<{ scope: string; lockedUntil: Date | null }[]> {
  const rows = await x
    .delete(attemptLimit)
    .where(and(inArray(attemptLimit.scope, scopes), eq(attemptLimit.key, key)))
    .returning({ scope: attemptLimit.scope, lockedUntil: attemptLimit.lockedUntil });
  return rows.map((r) => ({ scope: r.scope, lockedUntil: r.lockedUntil && r.lockedUntil > now ? r.lockedUntil : null }));
}
