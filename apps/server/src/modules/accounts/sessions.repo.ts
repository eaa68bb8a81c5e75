import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { userSession } from '../../db/schema.ts';

export async function insertSession(
  x: Executor,
  values: { userId: number; tokenHash: string; now: Date; ip: string | null; userAgent: string | null; deviceId: string | null },
): Promise<number> {
  const rows = await x
    .insert(userSession)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      createdAt: values.now,
      lastSeenAt: values.now,
      ip: values.ip,
      userAgent: values.userAgent,
      deviceId: values.deviceId,
    })
    .returning({ id: userSession.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into user_session returned no row');
  return id;
}

export async function findSessionByHash(x: Executor, tokenHash: string) {
  const rows = await x
    .select({ id: userSession.id, userId: userSession.userId, lastSeenAt: userSession.lastSeenAt, revokedAt: userSession.revokedAt })
    .from(userSession)
    .where(eq(userSession.tokenHash, tokenHash));
  return rows[0] ?? null;
}

export async function touchSession(x: Executor, id: number, now: Date): Promise<void> {
  await x.update(userSession).set({ lastSeenAt: now }).where(eq(userSession.id, id));
}

export async function revokeSession(x: Executor, id: number, now: Date): Promise<void> {
  await x.update(userSession).set({ revokedAt: now }).where(and(eq(userSession.id, id), isNull(userSession.revokedAt)));
}

/** Revokes every live session of a user, except `keepId` when given. */
export async function revokeUserSessions(x: Executor, userId: number, now: Date, keepId?: number): Promise<void> {
  const conditions = [eq(userSession.userId, userId), isNull(userSession.revokedAt)];
  if (keepId !== undefined) conditions.push(ne(userSession.id, keepId));
  await x.update(userSession).set({ revokedAt: now }).where(and(...conditions));
}
