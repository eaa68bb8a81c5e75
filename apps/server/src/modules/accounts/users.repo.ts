import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { appUser, type AppUserRow } from '../../db/schema.ts';

export type NewUser = typeof appUser.$inferInsert;

export async function findUserById(x: Executor, id: number): Promise<AppUserRow | null> {
  const rows = await x.select().from(appUser).where(eq(appUser.id, id));
  return rows[0] ?? null;
}

/** Account names compare case-insensitively (the unique index is on lower(account)). */
export async function findUserByAccount(x: Executor, account: string): Promise<AppUserRow | null> {
  const rows = await x.select().from(appUser).where(sql`lower(${appUser.account}) = lower(${account})`);
  return rows[0] ?? null;
}

export async function findUserByMobile(x: Executor, mobile: string): Promise<AppUserRow | null> {
  const rows = await x.select().from(appUser).where(eq(appUser.mobile, mobile));
  return rows[0] ?? null;
}

export async function findUserIdByInviteCode(x: Executor, code: string): Promise<number | null> {
  const rows = await x.select({ id: appUser.id }).from(appUser).where(eq(appUser.inviteCode, code.toUpperCase()));
  return rows[0]?.id ?? null;
}

export async function insertUser(x: Executor, values: NewUser): Promise<AppUserRow> {
  const rows = await x.insert(appUser).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into app_user returned no row');
  return row;
}

export async function updateUser(
  x: Executor,
  id: number,
  patch: Partial<Pick<NewUser, 'passwordHash' | 'mobile' | 'nickname' | 'avatar' | 'updatedAt'>>,
): Promise<AppUserRow> {
  const rows = await x.update(appUser).set(patch).where(eq(appUser.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`app_user ${id} vanished during update`);
  return row;
}

/**
 * Counts one failed login inside a sliding window; the window restarts when the first failure
 * in it is older than windowMs. When the count reaches maxFailures the account is locked until
 * lockUntil and the count restarts. Returns whether this failure locked the account.
 */
export async function recordLoginFailure(
  x: Executor,
  id: number,
  now: Date,
  windowMs: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - windowMs);
  const rows = await x
    .update(appUser)
    .set({
      failedLoginCount: sql`CASE WHEN ${appUser.failedLoginSince} IS NULL OR ${appUser.failedLoginSince} <= ${windowStart} THEN 1 ELSE ${appUser.failedLoginCount} + 1 END`,
      failedLoginSince: sql`CASE WHEN ${appUser.failedLoginSince} IS NULL OR ${appUser.failedLoginSince} <= ${windowStart} THEN ${now} ELSE ${appUser.failedLoginSince} END`,
    })
    .where(eq(appUser.id, id))
    .returning({ count: appUser.failedLoginCount });
  if ((rows[0]?.count ?? 0) < maxFailures) return false;
  await x
    .update(appUser)
    .set({ lockedUntil: lockUntil, failedLoginCount: 0, failedLoginSince: null })
    .where(and(eq(appUser.id, id)));
  return true;
}

export async function clearLoginFailures(x: Executor, id: number): Promise<void> {
  await x.update(appUser).set({ failedLoginCount: 0, failedLoginSince: null, lockedUntil: null }).where(eq(appUser.id, id));
}
