import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

// The player's rounds, read for bet records and the daily report. Rounds without a bet (opened
// only by a rollback that arrived before its bet) are nobody's play and never listed.

async function rows<T extends object>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface RoundRecordRow {
  id: string;
  provider_round_id: string;
  platform_code: string;
  platform_name: string;
  game_id: number | null;
  game_name: string | null;
  type_id: number | null;
  bet_total: string;
  win_total: string;
  bet_count: number;
  rolled_back_count: number;
  status: 'open' | 'settled' | 'rolledBack';
  started_at: string | Date;
  ended_at: string | Date | null;
  total: string;
}

/** One page of the player's rounds started in [start, end), newest first, with the total count. */
export async function roundsOf(
  x: Executor,
  userId: number,
  q: { start: Date; end: Date; typeId?: number; limit: number; offset: number },
): Promise<RoundRecordRow[]> {
  const byType = q.typeId === undefined ? sql`` : sql`and g.type_id = ${q.typeId}`;
  return rows<RoundRecordRow>(
    x,
    sql`select r.id, r.provider_round_id, p.code as platform_code, p.name as platform_name, r.game_id, g.name as game_name, g.type_id,
               r.bet_total::text, r.win_total::text, r.bet_count, r.rolled_back_count, r.status, r.started_at, r.ended_at,
               count(*) over () as total
          from game_round r
          join game_platform p on p.id = r.platform_id
          left join game g on g.id = r.game_id
         where r.user_id = ${userId} and r.bet_count > 0 and r.started_at >= ${q.start} and r.started_at < ${q.end} ${byType}
         order by r.started_at desc, r.id desc
         limit ${q.limit} offset ${q.offset}`,
  );
}

export interface ReportRow {
  day: string;
  type_id: number | null;
  type_name: string | null;
  rounds: number;
  bet: string;
  win: string;
}

/**
 * Per UTC day (of the round's start) and game type: rounds, bets and wins, newest day first.
 * Rounds whose every bet was rolled back were not played and are left out.
 */
export async function dailyReport(x: Executor, userId: number, q: { start: Date; end: Date }): Promise<ReportRow[]> {
  return rows<ReportRow>(
    x,
    sql`select to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD') as day, g.type_id, t.name as type_name,
               count(*)::int as rounds, sum(r.bet_total)::text as bet, sum(r.win_total)::text as win
          from game_round r
          left join game g on g.id = r.game_id
          left join game_type t on t.id = g.type_id
         where r.user_id = ${userId} and r.bet_count > r.rolled_back_count and r.started_at >= ${q.start} and r.started_at < ${q.end}
         group by 1, g.type_id, t.name, t.sort
         order by 1 desc, t.sort nulls last, g.type_id nulls last`,
  );
}

export interface PlatformListRow {
  id: number;
  name: string;
  wallet_mode: 'seamless' | 'transfer';
}

/** Enabled platforms in display order. */
export async function enabledPlatforms(x: Executor): Promise<PlatformListRow[]> {
  return rows<PlatformListRow>(x, sql`select id, name, wallet_mode from game_platform where enabled order by sort, id`);
}
