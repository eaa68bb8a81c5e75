import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { smsCode, smsMessage } from '../../db/schema.ts';

/**
 * Serialises sends to one phone until the transaction ends, so two simultaneous requests cannot
 * both pass the 60 s and daily checks.
 */
export async function lockPhone(x: Executor, mobile: string): Promise<void> {
  await x.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
}

export async function lastCodeSentAt(x: Executor, mobile: string): Promise<Date | null> {
  const rows = await x
    .select({ createdAt: smsCode.createdAt })
    .from(smsCode)
    .where(eq(smsCode.mobile, mobile))
    .orderBy(desc(smsCode.createdAt))
    .limit(1);
  return rows[0]?.createdAt ?? null;
}

export async function countCodesSince(x: Executor, mobile: string, since: Date): Promise<number> {
  const rows = await x
    .select({ n: count() })
    .from(smsCode)
    .where(and(eq(smsCode.mobile, mobile), gte(smsCode.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export async function insertCode(
  x: Executor,
  v: { mobile: string; purpose: number; codeHash: string; now: Date; expiresAt: Date; ip: string | null },
): Promise<void> {
  await x.insert(smsCode).values({ mobile: v.mobile, purpose: v.purpose, codeHash: v.codeHash, createdAt: v.now, expiresAt: v.expiresAt, ip: v.ip });
}

/** The newest unused code of this purpose: a new send replaces older ones. */
export async function latestCode(x: Executor, mobile: string, purpose: number) {
  const rows = await x
    .select({ id: smsCode.id, codeHash: smsCode.codeHash, tries: smsCode.tries, expiresAt: smsCode.expiresAt, usedAt: smsCode.usedAt })
    .from(smsCode)
    .where(and(eq(smsCode.mobile, mobile), eq(smsCode.purpose, purpose)))
    .orderBy(desc(smsCode.createdAt), desc(smsCode.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Counts one try of an unused code in one statement, before the code is compared, so concurrent
 * checks queue on the row and at most maxTries are ever compared. Null when no try is left (or
 * the code was used meanwhile).
 */
export async function takeTry(x: Executor, id: number, maxTries: number): Promise<number | null> {
  const rows = await x
    .update(smsCode)
    .set({ tries: sql`${smsCode.tries} + 1` })
    .where(and(eq(smsCode.id, id), isNull(smsCode.usedAt), lt(smsCode.tries, maxTries)))
    .returning({ tries: smsCode.tries });
  return rows[0]?.tries ?? null;
}

/** Marks a code used; false when another request used it first (single use under races). */
export async function markCodeUsed(x: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await x
    .update(smsCode)
    .set({ usedAt: now })
    .where(and(eq(smsCode.id, id), isNull(smsCode.usedAt)))
    .returning({ id: smsCode.id });
  return rows.length === 1;
}

export async function insertInboxMessage(x: Executor, v: { mobile: string; text: string; code: string; now: Date }): Promise<void> {
  await x.insert(smsMessage).values({ mobile: v.mobile, text: v.text, code: v.code, createdAt: v.now });
}

export async function listInbox(x: Executor, mobile: string, limit: number) {
  return x
    .select({ mobile: smsMessage.mobile, text: smsMessage.text, code: smsMessage.code, createdAt: smsMessage.createdAt })
    .from(smsMessage)
    .where(eq(smsMessage.mobile, mobile))
    .orderBy(desc(smsMessage.id))
    .limit(limit);
}
