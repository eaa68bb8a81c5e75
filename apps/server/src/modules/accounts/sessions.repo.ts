import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { userSession } from '../../db/schema.ts';
import { REVOKED_CHANNEL } from './session-cache.ts';

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

/**
 * The revoking statements: each sets revoked_at and, in the same statement (so in the same
 * transaction), notifies REVOKED_CHANNEL with `<user id>:<nonce>` for every user whose sessions
 * it revoked; PostgreSQL delivers the notification to every listening instance exactly when the
 * write commits (decision 036). Answers the users whose sessions it revoked. A revocation by hand
 * (psql) must notify the same way, or wait out the cache's maximum age.
 */
export async function revokeSession(x: Executor, id: number, now: Date, nonce: string): Promise<number[]> {
  return notifyingRevoke(x, nonce, sql`update user_session set revoked_at = ${now} where id = ${id} and revoked_at is null returning user_id`);
}

/** Revokes every live session of a user, except `keepId` when given. */
export async function revokeUserSessions(x: Executor, userId: number, now: Date, nonce: string, keepId?: number): Promise<number[]> {
  const keep = keepId === undefined ? sql`` : sql` and id <> ${keepId}`;
  return notifyingRevoke(x, nonce, sql`update user_session set revoked_at = ${now} where user_id = ${userId} and revoked_at is null${keep} returning user_id`);
}

async function notifyingRevoke(x: Executor, nonce: string, update: SQL): Promise<number[]> {
  const res = (await x.execute(
    sql`with revoked as (${update}) select u.user_id, pg_notify(${REVOKED_CHANNEL}, u.user_id::text || ':' || ${nonce}::text) from (select distinct user_id from revoked) u`,
  )) as unknown as { rows: { user_id: number | string }[] };
  return res.rows.map((r) => Number(r.user_id));
}
