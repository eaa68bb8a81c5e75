import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { activity, playerWallet, rewardGrant, rewardOnce, type ActivityRow } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

export type { ActivityRow } from '../../db/schema.ts';

export type NewActivity = Omit<typeof activity.$inferInsert, 'id'>;

export async function listActivities(x: Executor): Promise<ActivityRow[]> {
  return x.select().from(activity).orderBy(asc(activity.sort), asc(activity.id));
}

/** Enabled activities whose window contains `now`, in sort order. */
export async function runningActivities(x: Executor, now: Date): Promise<ActivityRow[]> {
  return x
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.enabled, true),
        sql`(${activity.startsAt} is null or ${activity.startsAt} <= ${now})`,
        sql`(${activity.endsAt} is null or ${activity.endsAt} > ${now})`,
      ),
    )
    .orderBy(asc(activity.sort), asc(activity.id));
}

export async function activityById(x: Executor, id: number, lock = false): Promise<ActivityRow | undefined> {
  const q = x.select().from(activity).where(eq(activity.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertActivity(x: Executor, values: NewActivity): Promise<ActivityRow> {
  const [row] = await x.insert(activity).values(values).returning();
  return row!;
}

export async function updateActivity(x: Executor, id: number, values: Partial<NewActivity>): Promise<ActivityRow> {
  const [row] = await x.update(activity).set(values).where(eq(activity.id, id)).returning();
  return row!;
}

export interface GrantRow {
  id: number;
  userId: number;
  activityId: number | null;
  awardId: number;
  count: number;
  reason: string;
  turnover: number;
  createdAt: Date;
}

/** A grant as its readers see it. */
const GRANT_COLUMNS = {
  id: rewardGrant.id,
  userId: rewardGrant.userId,
  activityId: rewardGrant.activityId,
  awardId: rewardGrant.awardId,
  count: rewardGrant.count,
  reason: rewardGrant.reason,
  turnover: rewardGrant.turnover,
  createdAt: rewardGrant.createdAt,
};

export async function insertGrant(
  x: Executor,
  g: { userId: number; activityId: number | null; awardId: number; count: number; reason: string; turnover: number; key: string; transferId: number; at: Date },
): Promise<number> {
  const [row] = await x
    .insert(rewardGrant)
    .values({
      userId: g.userId,
      activityId: g.activityId,
      awardId: g.awardId,
      count: g.count,
      reason: g.reason,
      turnover: g.turnover,
      idempotencyKey: g.key,
      ledgerTransferId: g.transferId,
      createdAt: g.at,
    })
    .returning({ id: rewardGrant.id });
  return row!.id;
}

export async function grantByKey(x: Executor, key: string): Promise<GrantRow | undefined> {
  const [row] = await x
    .select(GRANT_COLUMNS)
    .from(rewardGrant)
    .where(eq(rewardGrant.idempotencyKey, key));
  return row;
}

/** A player's latest grant from one activity: its key and when. */
export async function lastGrantOf(x: Executor, userId: number, activityId: number): Promise<{ key: string; at: Date } | undefined> {
  const [row] = await x
    .select({ key: rewardGrant.idempotencyKey, at: rewardGrant.createdAt })
    .from(rewardGrant)
    .where(and(eq(rewardGrant.userId, userId), eq(rewardGrant.activityId, activityId)))
    .orderBy(desc(rewardGrant.createdAt), desc(rewardGrant.id))
    .limit(1);
  return row;
}

export interface GrantLogQuery {
  userId: number;
  activityType?: number;
  awardId?: number;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** The player's reward records with their activity, newest first, and how many match. */
export async function grantLog(x: Executor, q: GrantLogQuery): Promise<{ rows: (GrantRow & { activityType: number | null; activityName: string | null })[]; total: number }> {
  const where: SQL[] = [eq(rewardGrant.userId, q.userId)];
  if (q.activityType !== undefined) where.push(eq(activity.type, q.activityType));
  if (q.awardId !== undefined) where.push(eq(rewardGrant.awardId, q.awardId));
  if (q.from) where.push(gte(rewardGrant.createdAt, q.from));
  if (q.to) where.push(lt(rewardGrant.createdAt, q.to));
  const cond = and(...where);
  const rows = await x
    .select({
      ...GRANT_COLUMNS,
      activityType: activity.type,
      activityName: activity.name,
      total: sql<string>`count(*) over ()`,
    })
    .from(rewardGrant)
    .leftJoin(activity, eq(activity.id, rewardGrant.activityId))
    .where(cond)
    .orderBy(desc(rewardGrant.createdAt), desc(rewardGrant.id))
    .limit(q.limit)
    .offset(q.offset);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && q.offset > 0) {
    const [c] = await x.select({ n: sql<string>`count(*)` }).from(rewardGrant).leftJoin(activity, eq(activity.id, rewardGrant.activityId)).where(cond);
    total = Number(c?.n ?? 0);
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

/**
 * Takes the one-off marks of an activity type for these fingerprints in the caller's transaction.
 * Answers the user holding each mark already taken (a concurrent taker makes this wait for its
 * commit, then see its mark); an empty list: every mark is now this player's.
 */
export async function takeOnceMarks(x: Executor, activityType: number, fingerprints: string[], userId: number): Promise<number[]> {
  const taken = await x
    .insert(rewardOnce)
    .values(fingerprints.map((fingerprint) => ({ activityType, fingerprint, userId })))
    .onConflictDoNothing()
    .returning({ fingerprint: rewardOnce.fingerprint });
  if (taken.length === fingerprints.length) return [];
  const mine = new Set(taken.map((t) => t.fingerprint));
  const others = await x
    .select({ userId: rewardOnce.userId, fingerprint: rewardOnce.fingerprint })
    .from(rewardOnce)
    .where(and(eq(rewardOnce.activityType, activityType), inArray(rewardOnce.fingerprint, fingerprints)));
  return others.filter((o) => !mine.has(o.fingerprint)).map((o) => o.userId);
}

/** Whether any of these one-off marks of an activity type is held already. */
export async function anyOnceMarkTaken(x: Executor, activityType: number, fingerprints: string[]): Promise<boolean> {
  const [row] = await x
    .select({ n: sql<number>`1` })
    .from(rewardOnce)
    .where(and(eq(rewardOnce.activityType, activityType), inArray(rewardOnce.fingerprint, fingerprints)))
    .limit(1);
  return row !== undefined;
}

/** Who a player is, for one-off grants: their phone and the devices they registered or logged in from. */
export async function personOf(x: Executor, userId: number): Promise<{ status: number; mobile: string | null; devices: string[]; registeredAt: Date } | undefined> {
  const res = (await x.execute(sql`select u.status, u.mobile, u.created_at as registered_at,
        coalesce((select array_agg(distinct d) from (select u.device_id as d union select s.device_id from user_session s where s.user_id = u.id) ds
                   where d is not null and d <> ''), '{}') as devices
      from app_user u where u.id = ${userId}`)) as unknown as { rows: { status: number; mobile: string | null; devices: string[]; registered_at: string | Date }[] };
  const row = res.rows[0];
  return row ? { status: Number(row.status), mobile: row.mobile, devices: row.devices, registeredAt: new Date(row.registered_at) } : undefined;
}

/** The player's total credited deposits (hundredths). */
export async function totalRechargeOf(x: Executor, userId: number): Promise<bigint> {
  const [row] = await x.select({ t: playerWallet.totalRecharge }).from(playerWallet).where(eq(playerWallet.userId, userId));
  return row?.t ?? 0n;
}


export interface LockingGrantRow {
  activityId: number | null;
  activityType: number | null;
  activityName: string | null;
  count: number;
  turnover: number;
  createdAt: Date;
}

/**
 * The grants that lock the player's bonus now: their grants that added turnover, newest first, until
 * the amounts reach `bonusLocked` (the lock is released only all at once, when turnover reaches 0,
 * so exactly these were granted since it last did). One statement that stops at the last one it
 * needs: each step is one probe of reward_grant_wagering_idx (migration 0700), however many grants
 * the player had before.
 */
export async function lockingGrants(x: Executor, userId: number, bonusLocked: bigint): Promise<LockingGrantRow[]> {
  const res = (await x.execute(sql`with recursive walk as (
      (select g.id, g.created_at, g.count, g.turnover, g.activity_id, g.count as total
         from reward_grant g
        where g.user_id = ${userId} and g.turnover > 0 and ${bonusLocked.toString()}::bigint > 0
        order by g.created_at desc, g.id desc
        limit 1)
      union all
      (select n.id, n.created_at, n.count, n.turnover, n.activity_id, w.total + n.count
         from walk w
         cross join lateral (
           select g.id, g.created_at, g.count, g.turnover, g.activity_id
             from reward_grant g
            where g.user_id = ${userId} and g.turnover > 0 and (g.created_at, g.id) < (w.created_at, w.id)
            order by g.created_at desc, g.id desc
            limit 1) n
        where w.total < ${bonusLocked.toString()}::bigint)
    )
    select w.activity_id, a.type as activity_type, a.name as activity_name, w.count::text as count, w.turnover::text as turnover, w.created_at
      from walk w left join activity a on a.id = w.activity_id
     order by w.created_at desc, w.id desc`)) as unknown as {
    rows: { activity_id: number | string | null; activity_type: number | null; activity_name: string | null; count: string; turnover: string; created_at: string | Date }[];
  };
  return res.rows.map((r) => ({
    activityId: r.activity_id === null ? null : Number(r.activity_id),
    activityType: r.activity_type === null ? null : Number(r.activity_type),
    activityName: r.activity_name,
    count: Number(r.count),
    turnover: Number(r.turnover),
    createdAt: new Date(r.created_at),
  }));
}
