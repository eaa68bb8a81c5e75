import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../db/tx.ts';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;
/** A numeric or day array as a PostgreSQL literal (values are integers or YYYY-MM-DD, never quoted text). */
const list = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/** The players' level and exp as app_user holds them (the truth refreshData and the user view read). */
export async function playersVip(x: Executor, userIds: readonly number[]): Promise<Map<number, { level: number; exp: number }>> {
  const res = await x.execute(sql`select id::int as id, vip as level, vip_exp::text as exp from app_user where id = any (${list(userIds)}::bigint[])`);
  return new Map(rowsOf<{ id: number; level: number; exp: string }>(res).map((r) => [r.id, { level: r.level, exp: Number(r.exp) }]));
}

export interface VipBatch {
  /** Per player: exp to add and the level they reach (never lower than held: greatest()). */
  players: { userId: number; exp: number; level: number }[];
  /** Per player and game type: valid bet and rebate (millionths) to add. */
  rebate: { userId: number; typeId: number; validBet: number; accrued: number }[];
  /** Per player and operator's day: valid bet to add. */
  days: { userId: number; day: string; validBet: number }[];
  at: Date;
}

/**
 * One statement for a whole batch of settled rounds (set-based, decision 045): the players' exp and
 * level in app_user, the rebate accrued per game type, the valid bet per day. Rows are written in
 * key order (players by id), so two writers never wait on each other in opposite orders.
 */
export async function applyBatch(x: Executor, b: VipBatch): Promise<void> {
  const p = [...b.players].sort((m, n) => m.userId - n.userId);
  const r = [...b.rebate].sort((m, n) => m.userId - n.userId || m.typeId - n.typeId);
  const d = [...b.days].sort((m, n) => m.userId - n.userId || m.day.localeCompare(n.day));
  await x.execute(sql`
    with players as (
      update app_user u set vip_exp = u.vip_exp + v.exp, vip = greatest(u.vip, v.level)
        from unnest(${list(p.map((v) => v.userId))}::bigint[], ${list(p.map((v) => v.exp))}::bigint[], ${list(p.map((v) => v.level))}::int[]) as v(user_id, exp, level)
       where u.id = v.user_id
      returning u.id
    ), rebate as (
      insert into vip_rebate (user_id, type_id, valid_bet, accrued, updated_at)
      select * from unnest(${list(r.map((v) => v.userId))}::bigint[], ${list(r.map((v) => v.typeId))}::int[], ${list(r.map((v) => v.validBet))}::bigint[],
                           ${list(r.map((v) => v.accrued))}::bigint[]) as v(user_id, type_id, valid_bet, accrued), (select ${b.at}::timestamptz) as t(at)
      on conflict (user_id, type_id) do update set valid_bet = vip_rebate.valid_bet + excluded.valid_bet, accrued = vip_rebate.accrued + excluded.accrued, updated_at = excluded.updated_at
      returning user_id
    ), days as (
      insert into vip_day (user_id, day, valid_bet)
      select * from unnest(${list(d.map((v) => v.userId))}::bigint[], ${list(d.map((v) => v.day))}::date[], ${list(d.map((v) => v.validBet))}::bigint[])
      on conflict (user_id, day) do update set valid_bet = vip_day.valid_bet + excluded.valid_bet
      returning user_id
    )
    select (select count(*) from players) + (select count(*) from rebate) + (select count(*) from days) as n`);
}

/** The first operator's day the activity's retention rule has not evaluated (YYYY-MM-DD), locked until commit (one evaluation at a time); null before the first. */
export async function retentionUntil(x: Executor, activityId: number): Promise<string | null> {
  const res = await x.execute(sql`select evaluated_until::text as d from vip_retention where activity_id = ${activityId} for update`);
  return rowsOf<{ d: string }>(res)[0]?.d ?? null;
}

/** Forgets the activity's retention state (its rule was removed): a rule saved again starts afresh. */
export async function clearRetention(x: Executor, activityId: number): Promise<void> {
  await x.execute(sql`delete from vip_retention where activity_id = ${activityId}`);
}

export async function setRetentionUntil(x: Executor, activityId: number, day: string, at: Date): Promise<void> {
  await x.execute(sql`insert into vip_retention (activity_id, evaluated_until, updated_at) values (${activityId}, ${day}::date, ${at})
                      on conflict (activity_id) do update set evaluated_until = excluded.evaluated_until, updated_at = excluded.updated_at`);
}

/**
 * The retention rule for one ended period (decision 055), for every player at once: a player
 * holding level L whose valid bet over the period's days (vip_day, from `from` up to `to`
 * excluded) is below L's keepBet drops to the highest level below L whose keepBet it meets, and
 * their exp to at most where that level starts. `keep[i]` and `start[i]` are level i's keepBet and
 * betAmount. Answers how many players dropped.
 */
export async function applyRetention(x: Executor, r: { from: string; to: string; keep: number[]; start: number[] }): Promise<number> {
  const res = await x.execute(sql`
    with bets as (
      select user_id, sum(valid_bet) as bet from vip_day where day >= ${r.from}::date and day < ${r.to}::date group by user_id
    ), kept as (
      select u.id, coalesce((select max(i) - 1 from generate_subscripts(${list(r.keep)}::bigint[], 1) i
                              where i - 1 <= u.vip and (${list(r.keep)}::bigint[])[i] <= coalesce(b.bet, 0)), 0) as level
        from app_user u left join bets b on b.user_id = u.id
       where u.vip > 0
    ), dropped as (
      update app_user u set vip = k.level, vip_exp = least(u.vip_exp, (${list(r.start)}::bigint[])[k.level + 1])
        from kept k where u.id = k.id and k.level < u.vip
      returning u.id
    )
    select count(*)::int as n from dropped`);
  return rowsOf<{ n: number }>(res)[0]!.n;
}

/** The player's valid bet on an operator's day (hundredths). */
export async function dayBet(x: Executor, userId: number, day: string): Promise<number> {
  const res = await x.execute(sql`select valid_bet::text as v from vip_day where user_id = ${userId} and day = ${day}::date`);
  return Number(rowsOf<{ v: string }>(res)[0]?.v ?? 0);
}

export interface RebateRow {
  typeId: number;
  validBet: number;
  accrued: number;
}

/** The player's rebate per game type; `lock`: held until the claim commits (a concurrent claim waits, then finds what is left). */
export async function rebateOf(x: Executor, userId: number, lock = false): Promise<RebateRow[]> {
  const res = await x.execute(sql`select type_id as "typeId", valid_bet::text as "validBet", accrued::text as accrued from vip_rebate where user_id = ${userId}
                                   order by type_id ${lock ? sql`for update` : sql``}`);
  return rowsOf<{ typeId: number; validBet: string; accrued: string }>(res).map((r) => ({ typeId: r.typeId, validBet: Number(r.validBet), accrued: Number(r.accrued) }));
}

/**
 * A claim of the rebate: the claim row (its id names the grant's key) and the paid part taken off
 * each type's accrual (the remainder below a hundredth stays), in one statement. Answers the claim id.
 */
export async function takeRebate(x: Executor, c: { userId: number; activityId: number; amount: number; details: { typeId: number; validBet: number; amount: number }[]; micros: number; at: Date }): Promise<number> {
  const res = await x.execute(sql`
    with paid as (
      update vip_rebate r set accrued = r.accrued - v.amount * ${c.micros}, valid_bet = 0, updated_at = ${c.at}
        from unnest(${list(c.details.map((d) => d.typeId))}::int[], ${list(c.details.map((d) => d.amount))}::bigint[]) as v(type_id, amount)
       where r.user_id = ${c.userId} and r.type_id = v.type_id
      returning r.type_id
    )
    insert into vip_rebate_claim (user_id, activity_id, amount, details, created_at)
    select ${c.userId}, ${c.activityId}, ${c.amount}, ${JSON.stringify(c.details)}::jsonb, ${c.at} where (select count(*) from paid) = ${c.details.length}
    returning id::int as id`);
  const id = rowsOf<{ id: number }>(res)[0]?.id;
  if (id === undefined) throw new Error(`rebate claim of player ${c.userId}: a type's row was missing`);
  return id;
}

export interface RebateClaimRow {
  id: number;
  amount: number;
  details: { typeId: number; validBet: number; amount: number }[];
  createdAt: Date;
}

/** The player's rebate claims, newest first, paged. */
export async function rebateClaims(x: Executor, userId: number, limit: number, offset: number): Promise<{ rows: RebateClaimRow[]; total: number }> {
  const res = await x.execute(sql`select id::int as id, amount::text as amount, details, created_at as "createdAt", count(*) over ()::int as total
                                    from vip_rebate_claim where user_id = ${userId} order by created_at desc, id desc limit ${limit} offset ${offset}`);
  const rows = rowsOf<{ id: number; amount: string; details: RebateClaimRow['details'] | string; createdAt: Date | string; total: number }>(res);
  let total = rows[0]?.total;
  if (total === undefined) {
    const c = await x.execute(sql`select count(*)::int as n from vip_rebate_claim where user_id = ${userId}`);
    total = rowsOf<{ n: number }>(c)[0]!.n;
  }
  return {
    rows: rows.map((r) => ({ id: r.id, amount: Number(r.amount), details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details, createdAt: new Date(r.createdAt) })),
    total,
  };
}

/** The level-up rewards the player received (their keys end with the level), newest first. */
export async function levelUpGrants(x: Executor, userId: number): Promise<{ level: number; amount: number; at: Date }[]> {
  const res = await x.execute(sql`select substring(idempotency_key from ':(\\d+)$')::int as level, count::text as amount, created_at as at from reward_grant
                                   where user_id = ${userId} and idempotency_key like ${`reward:vip_level:${userId}:%`} order by created_at desc, id desc limit 50`);
  return rowsOf<{ level: number; amount: string; at: Date | string }>(res).map((r) => ({ level: r.level, amount: Number(r.amount), at: new Date(r.at) }));
}

/** Which of these claim keys (a kind's own, as given to award) were paid. */
export async function grantedKeys(x: Executor, keys: readonly string[]): Promise<Set<string>> {
  const res = await x.execute(sql`select substr(idempotency_key, 8) as k from reward_grant where idempotency_key = any (${`{${keys.map((k) => `"reward:${k}"`).join(',')}}`}::text[])`);
  return new Set(rowsOf<{ k: string }>(res).map((r) => r.k));
}

/** The names of the game types (for the rebate per type). */
export async function gameTypeNames(x: Executor): Promise<Map<number, string>> {
  const res = await x.execute(sql`select id, name from game_type order by sort, id`);
  return new Map(rowsOf<{ id: number; name: string }>(res).map((r) => [r.id, r.name]));
}

/** What the VIP red dot depends on, as json (`VipFacts`): the player, level, today's valid bet, whether any type's rebate reaches a hundredth, and `granted`'s keys. */
export function vipFactsExpr(userId: number, day: string, micros: number, granted: Record<string, SQL>): SQL {
  const keys = Object.entries(granted).flatMap(([k, v]) => [sql`${k}::text`, v]);
  return sql`json_build_object(
    'userId', ${userId}::int,
    'level', (select vip from app_user where id = ${userId}),
    'todayBet', (select valid_bet::text from vip_day where user_id = ${userId} and day = ${day}::date),
    'rebate', exists (select 1 from vip_rebate where user_id = ${userId} and accrued >= ${micros}),
    'granted', json_build_object(${sql.join(keys, sql`, `)}))`;
}
