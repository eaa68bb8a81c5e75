import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { activity, playerWallet, rewardGrant, rewardOnce, type ActivityRow } from '../../db/schema.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Executor } from '../../db/tx.ts';
import { AwardId } from '@playhall/contract';

export type { ActivityRow } from '../../db/schema.ts';

export type NewActivity = Omit<typeof activity.$inferInsert, 'id'>;

export async function listActivities(x: Executor): Promise<ActivityRow[]> {
  return x.select().from(activity).orderBy(asc(activity.sort), asc(activity.id));
}

/** Enabled activities of one type (a kind's own) whose window contains `now`, in sort order. */
export async function runningActivities(x: Executor, now: Date, type: number): Promise<ActivityRow[]> {
  return x
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.enabled, true),
        eq(activity.type, type),
        sql`(${activity.startsAt} is null or ${activity.startsAt} <= ${now})`,
        sql`(${activity.endsAt} is null or ${activity.endsAt} > ${now})`,
      ),
    )
    .orderBy(asc(activity.sort), asc(activity.id));
}

/**
 * The activity table's version as a SQL expression: a digest of every row's id and xmin (the
 * transaction that wrote its current version), so any insert, update or delete, by this process
 * or another, changes it, whatever the clock said. Activities are tens of rows: cheap to read.
 */
const ACTIVITY_VERSION = sql`(select md5(coalesce(string_agg(a.id::text || '.' || a.xmin::text, ',' order by a.id), '')) from activity a)`;

export async function activityVersion(x: Executor): Promise<string> {
  const res = (await x.execute(sql`select ${ACTIVITY_VERSION} as version`)) as unknown as { rows: { version: string }[] };
  return res.rows[0]!.version;
}

/** Enabled activities (of one type: a kind's own) whatever their window (the caller checks it against its clock), in sort order. */
export async function enabledActivities(x: Executor, type?: number): Promise<ActivityRow[]> {
  return x
    .select()
    .from(activity)
    .where(and(eq(activity.enabled, true), type === undefined ? undefined : eq(activity.type, type)))
    .orderBy(asc(activity.sort), asc(activity.id));
}

/**
 * The red dots' one statement (decision 031): the activity table's version and each expression's
 * json value (kinds' `dotFacts`), parsed; null where an expression found nothing.
 */
export async function readDotFacts(x: Executor, facts: SQL[]): Promise<{ version: string; facts: unknown[] }> {
  const columns = facts.map((f, i) => sql`, (${f})::text as ${sql.identifier(`f${i}`)}`);
  const res = (await x.execute(sql`select ${ACTIVITY_VERSION} as version${sql.join(columns)}`)) as unknown as { rows: Record<string, string | null>[] };
  const row = res.rows[0]!;
  return { version: row.version!, facts: facts.map((_, i) => (row[`f${i}`] == null ? null : JSON.parse(row[`f${i}`]!))) };
}

/** Whether a grant with this key exists, as a SQL boolean. */
export function grantExistsExpr(key: string): SQL {
  return sql`exists (select 1 from reward_grant g where g.idempotency_key = ${key})`;
}

/** The key of a player's latest grant from one activity (as `lastGrantOf`), as json `{ key }` (key null: none). */
export function lastGrantKeyExpr(userId: number, activityId: number): SQL {
  return sql`json_build_object('key', (select g.idempotency_key from reward_grant g where g.user_id = ${userId} and g.activity_id = ${activityId}
                                        order by g.created_at desc, g.id desc limit 1))`;
}

/**
 * The marks that say "this person" for the player row `u` in scope, as rows `(fp)`: their id, their
 * phone and every device they registered or logged in from (each hashed: sha256 hex, first 40).
 * The one definition: the claim takes these marks (`takeOnceMarks`), the dot reads them (`personFactsExpr`).
 */
const FINGERPRINTS = sql`select 'user:' || u.id::text as fp
    union all
    select 'phone:' || left(encode(sha256(convert_to(u.mobile, 'UTF8')), 'hex'), 40) where coalesce(u.mobile, '') <> ''
    union all
    select 'device:' || left(encode(sha256(convert_to(ds.d, 'UTF8')), 'hex'), 40)
      from (select u.device_id as d union select s.device_id from user_session s where s.user_id = u.id) ds
     where ds.d is not null and ds.d <> ''`;

export interface PersonFacts {
  status: number;
  registeredAt: number;
  onceTaken: boolean;
}

/**
 * Who a player is for a one-off grant's dot, as json `{ status, registeredAt (ms), onceTaken }`
 * (no row: no such player). `onceTaken`: a mark of this activity type is held for any of their
 * fingerprints (FINGERPRINTS, the marks a claim takes).
 */
export function personFactsExpr(activityType: number, userId: number): SQL {
  return sql`(select json_build_object(
      'status', u.status,
      'registeredAt', floor(extract(epoch from u.created_at) * 1000),
      'onceTaken', exists (select 1 from reward_once o where o.activity_type = ${activityType} and o.scope = '' and o.fingerprint in (${FINGERPRINTS})))
    from app_user u where u.id = ${userId})`;
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

export interface GrantSumRow {
  activityId: number | null;
  activityType: number | null;
  activityName: string | null;
  awardId: number;
  count: number;
  turnover: number;
  grants: number;
  lastAt: Date;
}

/** A player's grants summed by activity and award id (read by reward_grant_user_idx); the activity with the latest grant first, then bonus coin, then the other award ids in order. */
export async function grantSums(x: Executor, userId: number): Promise<GrantSumRow[]> {
  const res = (await x.execute(sql`select g.activity_id, a.type as activity_type, a.name as activity_name, g.award_id,
        sum(g.count)::text as count, sum(g.turnover)::text as turnover, count(*)::int as grants, max(g.created_at) as last_at
      from reward_grant g left join activity a on a.id = g.activity_id
     where g.user_id = ${userId}
     group by g.activity_id, a.type, a.name, g.award_id
     order by max(max(g.created_at)) over (partition by g.activity_id) desc, g.activity_id, g.award_id <> ${AwardId.coin}, g.award_id`)) as unknown as {
    rows: { activity_id: number | string | null; activity_type: number | null; activity_name: string | null; award_id: number | string; count: string; turnover: string; grants: number; last_at: string | Date }[];
  };
  return res.rows.map((r) => ({
    activityId: r.activity_id === null ? null : Number(r.activity_id),
    activityType: r.activity_type === null ? null : Number(r.activity_type),
    activityName: r.activity_name,
    awardId: Number(r.award_id),
    count: Number(r.count),
    turnover: Number(r.turnover),
    grants: Number(r.grants),
    lastAt: new Date(r.last_at),
  }));
}

/**
 * Takes the one-off marks of an activity type (and `scope` in it: '' the activity, a follow task its
 * id) for the player's fingerprints (FINGERPRINTS) in the caller's transaction. Answers the user
 * holding each mark already taken (a concurrent taker makes this wait for its commit, then see its
 * mark in the second statement); an empty list: every mark is now this player's.
 */
export async function takeOnceMarks(x: Executor, activityType: number, userId: number, scope = ''): Promise<number[]> {
  const res = (await x.execute(sql`with f as (select p.fp from app_user u cross join lateral (${FINGERPRINTS}) p where u.id = ${userId}),
      taken as (insert into reward_once (activity_type, scope, fingerprint, user_id) select ${activityType}, ${scope}, f.fp, ${userId} from f
                on conflict do nothing returning fingerprint)
    select f.fp from f where f.fp not in (select fingerprint from taken)`)) as unknown as { rows: { fp: string }[] };
  const notMine = res.rows.map((r) => r.fp);
  if (!notMine.length) return [];
  const others = await x
    .select({ userId: rewardOnce.userId })
    .from(rewardOnce)
    .where(and(eq(rewardOnce.activityType, activityType), eq(rewardOnce.scope, scope), inArray(rewardOnce.fingerprint, notMine)));
  return others.map((o) => o.userId);
}

/**
 * Of these pairs of players, the ones that are one person (decision 065: an invitee linked to their
 * inviter): they share a phone or a device (FINGERPRINTS, the same marks a one-off grant takes).
 */
export async function linkedPairs(x: Executor, pairs: readonly { a: number; b: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const res = (await x.execute(sql`select pr.a, pr.b from unnest(${arrayLiteral(pairs.map((p) => p.a))}::bigint[], ${arrayLiteral(pairs.map((p) => p.b))}::bigint[]) as pr(a, b)
     where exists (select p.fp from app_user u cross join lateral (${FINGERPRINTS}) p where u.id = pr.a and p.fp not like 'user:%'
                   intersect
                   select p.fp from app_user u cross join lateral (${FINGERPRINTS}) p where u.id = pr.b)`)) as unknown as { rows: { a: string | number; b: string | number }[] };
  return new Set(res.rows.map((r) => `${Number(r.a)}:${Number(r.b)}`));
}

/** Who a player is, for a claim: their account status, phone and registration time. */
export async function personOf(x: Executor, userId: number): Promise<{ status: number; mobile: string | null; registeredAt: Date } | undefined> {
  const res = (await x.execute(sql`select u.status, u.mobile, u.created_at as registered_at from app_user u where u.id = ${userId}`)) as unknown as {
    rows: { status: number; mobile: string | null; registered_at: string | Date }[];
  };
  const row = res.rows[0];
  return row ? { status: Number(row.status), mobile: row.mobile, registeredAt: new Date(row.registered_at) } : undefined;
}

/** The account status of each of these players that exists (one statement). */
export async function statusesOf(x: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const res = (await x.execute(sql`select u.id, u.status from app_user u where u.id = any (${`{${userIds.join(',')}}`}::bigint[])`)) as unknown as {
    rows: { id: string | number; status: number }[];
  };
  return new Map(res.rows.map((r) => [Number(r.id), Number(r.status)]));
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
