import { sql, type SQL } from 'drizzle-orm';
import type { JackpotTier } from '@playhall/contract';
import type { Executor } from '../../../../db/tx.ts';
import type { ChanceFacts } from './jackpot.rules.ts';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;
/** A numeric or day array as a PostgreSQL literal (values are integers or YYYY-MM-DD, never quoted text). */
const list = (values: readonly (number | string | bigint)[]) => `{${values.join(',')}}`;

// ---- chances ----

/**
 * What a player's chances depend on, as one json value (`ChanceFacts`): their jackpot_player row,
 * their valid bet on the operator's `day`, their credited deposits. Read by the red dots' one
 * statement (decision 031) and by getJackpotDrawInfo.
 */
export function factsExpr(userId: number, day: string): SQL {
  return sql`(select json_build_object(
      'chances', coalesce(jp.chances, 0),
      'betDay', jp.bet_day,
      'dayUsed', coalesce(jp.day_used, 0),
      'depositDay', jp.deposit_day,
      'lastDrawAt', jp.last_draw_at,
      'dayBet', coalesce((select jd.valid_bet from jackpot_day jd where jd.user_id = ${userId} and jd.day = ${day}::date), 0),
      'totalRecharge', coalesce((select pw.total_recharge from player_wallet pw where pw.user_id = ${userId}), 0))
    from (select 1) one left join jackpot_player jp on jp.user_id = ${userId})`;
}

export async function readFacts(x: Executor, expr: SQL): Promise<ChanceFacts> {
  const res = await x.execute(sql`select (${expr})::text as f`);
  return JSON.parse(rowsOf<{ f: string }>(res)[0]!.f) as ChanceFacts;
}

/** Takes the player's jackpot_player row (created at first use) until commit: their draws go one at a time. */
export async function lockPlayer(x: Executor, userId: number, now: Date): Promise<void> {
  await x.execute(sql`insert into jackpot_player (user_id, updated_at) values (${userId}, ${now}) on conflict (user_id) do nothing`);
  await x.execute(sql`select 1 from jackpot_player where user_id = ${userId} for update`);
}

/** Spends one chance: a daily valid-bet one (counted on `day`) or a deposit one; records the draw's time. */
export async function takeChance(x: Executor, userId: number, source: 'deposit' | 'bet', day: string, now: Date): Promise<void> {
  const res =
    source === 'bet'
      ? await x.execute(sql`update jackpot_player set day_used = case when bet_day = ${day}::date then day_used + 1 else 1 end, bet_day = ${day}::date,
                              last_draw_at = ${now}, updated_at = ${now} where user_id = ${userId} returning 1 as ok`)
      : await x.execute(sql`update jackpot_player set chances = chances - 1, last_draw_at = ${now}, updated_at = ${now}
                             where user_id = ${userId} and chances > 0 returning 1 as ok`);
  if (rowsOf(res).length !== 1) throw new Error(`jackpot: player ${userId} had no ${source} chance to take`);
}

/** A batch's credited deposits, set-based: chances added per player, and the operator's day of their latest deposit. */
export async function addDeposits(x: Executor, rows: { userId: number; chances: number; day: string }[], now: Date): Promise<void> {
  if (!rows.length) return;
  const r = [...rows].sort((a, b) => a.userId - b.userId);
  await x.execute(sql`
    insert into jackpot_player as jp (user_id, chances, deposit_day, updated_at)
    select v.user_id, v.chances, v.day, ${now}::timestamptz
      from unnest(${list(r.map((v) => v.userId))}::bigint[], ${list(r.map((v) => v.chances))}::int[], ${list(r.map((v) => v.day))}::date[]) as v(user_id, chances, day)
    on conflict (user_id) do update set chances = jp.chances + excluded.chances,
      deposit_day = greatest(jp.deposit_day, excluded.deposit_day), updated_at = excluded.updated_at`);
}

/** A batch's valid bets per player and operator's day, set-based (rows in key order). */
export async function addDayBets(x: Executor, rows: { userId: number; day: string; validBet: number }[]): Promise<void> {
  if (!rows.length) return;
  const d = [...rows].sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day));
  await x.execute(sql`
    insert into jackpot_day (user_id, day, valid_bet)
    select * from unnest(${list(d.map((v) => v.userId))}::bigint[], ${list(d.map((v) => v.day))}::date[], ${list(d.map((v) => v.validBet))}::bigint[])
    on conflict (user_id, day) do update set valid_bet = jackpot_day.valid_bet + excluded.valid_bet`);
}

// ---- pools ----

export interface PoolRow {
  tier: JackpotTier;
  rest: bigint;
  seeds: number;
}

/** The pools' rows, in tier order; `lock`: held until commit (a hit, or the contributions of a batch). */
export async function pools(x: Executor, tiers: readonly JackpotTier[], lock: boolean): Promise<PoolRow[]> {
  const res = await x.execute(sql`select tier, rest::text as rest, seeds from jackpot_pool where tier = any (${`{${tiers.join(',')}}`}::text[])
                                   order by tier ${lock ? sql`for update` : sql``}`);
  return rowsOf<{ tier: JackpotTier; rest: string; seeds: number }>(res).map((r) => ({ tier: r.tier, rest: BigInt(r.rest), seeds: r.seeds }));
}

/** Every pool's seed count (a pool never seeded shows 0), unlocked. */
export async function seedCounts(x: Executor): Promise<Map<JackpotTier, number>> {
  const res = await x.execute(sql`select tier, seeds from jackpot_pool`);
  return new Map(rowsOf<{ tier: JackpotTier; seeds: number }>(res).map((r) => [r.tier, r.seeds]));
}

/** A batch's contributions: each pool's new rest and the hundredths moved in (one statement). */
export async function saveContributions(x: Executor, rows: { tier: JackpotTier; rest: bigint; whole: bigint }[], now: Date): Promise<void> {
  if (!rows.length) return;
  await x.execute(sql`
    update jackpot_pool p set rest = v.rest, contributed = p.contributed + v.whole, updated_at = ${now}
      from unnest(${`{${rows.map((r) => r.tier).join(',')}}`}::text[], ${list(rows.map((r) => r.rest))}::bigint[], ${list(rows.map((r) => r.whole))}::bigint[]) as v(tier, rest, whole)
     where p.tier = v.tier`);
}

/** A seed funded into a pool (its transfer posted in the same transaction). */
export async function recordSeed(x: Executor, tier: JackpotTier, amount: number, now: Date): Promise<void> {
  await x.execute(sql`update jackpot_pool set seeds = seeds + 1, seeded = seeded + ${amount}, updated_at = ${now} where tier = ${tier}`);
}

/** A hit paid from a pool. */
export async function recordHit(x: Executor, tier: JackpotTier, paid: number, now: Date): Promise<void> {
  await x.execute(sql`update jackpot_pool set hits = hits + 1, paid = paid + ${paid}, updated_at = ${now} where tier = ${tier}`);
}

// ---- draws ----

export interface NewDraw {
  userId: number;
  activityId: number;
  source: 'deposit' | 'bet';
  configId: number;
  type: number;
  propId: number;
  count: number;
  bonus: number;
  grantId: number;
  seedId: number;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  tableIds: number[];
  weights: number[];
  idx: number;
  at: Date;
}

export async function insertDraw(x: Executor, d: NewDraw): Promise<number> {
  const res = await x.execute(sql`
    insert into jackpot_draw (user_id, activity_id, source, config_id, type, prop_id, count, bonus, grant_id, seed_id, nonce, server_seed_hash, client_seed, table_ids, weights, idx, created_at)
    values (${d.userId}, ${d.activityId}, ${d.source}, ${d.configId}, ${d.type}, ${d.propId}, ${d.count}, ${d.bonus}, ${d.grantId}, ${d.seedId}, ${d.nonce},
            ${d.serverSeedHash}, ${d.clientSeed}, ${list(d.tableIds)}::int[], ${list(d.weights)}::int[], ${d.idx}, ${d.at})
    returning id::int as id`);
  return rowsOf<{ id: number }>(res)[0]!.id;
}

/** A draw as read back: what was recorded, without the writer's bookkeeping. */
export type DrawRow = Omit<NewDraw, 'userId' | 'activityId' | 'source' | 'grantId' | 'at'> & { id: number; createdAt: Date };

type RawDraw = Omit<DrawRow, 'count' | 'bonus' | 'seedId' | 'nonce' | 'createdAt' | 'tableIds' | 'weights'> & {
  count: string;
  bonus: string;
  seedId: string;
  nonce: string;
  createdAt: Date | string;
  tableIds: number[] | string;
  weights: number[] | string;
};
const intArray = (v: number[] | string) => (typeof v === 'string' ? (v === '{}' ? [] : v.slice(1, -1).split(',').map(Number)) : v.map(Number));
const toDraw = (r: RawDraw): DrawRow => ({
  ...r,
  count: Number(r.count),
  bonus: Number(r.bonus),
  seedId: Number(r.seedId),
  nonce: Number(r.nonce),
  tableIds: intArray(r.tableIds),
  weights: intArray(r.weights),
  createdAt: new Date(r.createdAt),
});

/** The player's draws, newest first, paged, with their total. */
export async function drawsOf(x: Executor, userId: number, limit: number, offset: number): Promise<{ rows: DrawRow[]; total: number }> {
  const [page, count] = await Promise.all([
    x.execute(sql`select id::int as id, config_id as "configId", type, prop_id as "propId", count::text as count, bonus::text as bonus, seed_id::text as "seedId",
                         nonce::text as nonce, server_seed_hash as "serverSeedHash", client_seed as "clientSeed", table_ids as "tableIds", weights, idx, created_at as "createdAt"
                    from jackpot_draw where user_id = ${userId} order by created_at desc, id desc limit ${limit} offset ${offset}`),
    x.execute(sql`select count(*)::int as n from jackpot_draw where user_id = ${userId}`),
  ]);
  return { rows: rowsOf<RawDraw>(page).map(toDraw), total: rowsOf<{ n: number }>(count)[0]!.n };
}

export interface WinRow {
  id: number;
  userId: number;
  nickname: string;
  avatar: number;
  propId: number;
  count: number;
  createdAt: Date;
}
type RawWin = Omit<WinRow, 'count' | 'createdAt'> & { count: string; createdAt: Date | string };
const toWin = (r: RawWin): WinRow => ({ ...r, count: Number(r.count), createdAt: new Date(r.createdAt) });
const winColumns = sql`d.id::int as id, d.user_id::int as "userId", u.nickname, u.avatar, d.prop_id as "propId", d.count::text as count, d.created_at as "createdAt"`;

/** The activity's latest tier wins (real draws only), newest first. */
export async function latestWins(x: Executor, activityId: number, limit: number): Promise<WinRow[]> {
  const res = await x.execute(sql`select ${winColumns} from jackpot_draw d join app_user u on u.id = d.user_id
                                   where d.activity_id = ${activityId} and d.type = 2 order by d.id desc limit ${limit}`);
  return rowsOf<RawWin>(res).map(toWin);
}

/** The activity's tier wins, largest first (earlier first on a tie), paged, with their total. */
export async function rank(x: Executor, activityId: number, limit: number, offset: number): Promise<{ rows: WinRow[]; total: number }> {
  const [page, count] = await Promise.all([
    x.execute(sql`select ${winColumns} from jackpot_draw d join app_user u on u.id = d.user_id
                   where d.activity_id = ${activityId} and d.type = 2 order by d.count desc, d.id limit ${limit} offset ${offset}`),
    x.execute(sql`select count(*)::int as n from jackpot_draw where activity_id = ${activityId} and type = 2`),
  ]);
  return { rows: rowsOf<RawWin>(page).map(toWin), total: rowsOf<{ n: number }>(count)[0]!.n };
}

/** The player's best tier win in the activity and its place in the rank (1-based), or null. */
export async function bestOf(x: Executor, activityId: number, userId: number): Promise<(WinRow & { place: number }) | null> {
  const res = await x.execute(sql`
    select ${winColumns},
           (select count(*)::int + 1 from jackpot_draw o where o.activity_id = d.activity_id and o.type = 2 and (o.count > d.count or (o.count = d.count and o.id < d.id))) as place
      from jackpot_draw d join app_user u on u.id = d.user_id
     where d.activity_id = ${activityId} and d.type = 2 and d.user_id = ${userId} order by d.count desc, d.id limit 1`);
  const row = rowsOf<RawWin & { place: number }>(res)[0];
  return row ? { ...toWin(row), place: row.place } : null;
}
