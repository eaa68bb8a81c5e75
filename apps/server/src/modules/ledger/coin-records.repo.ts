import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

/**
 * The player's coin activity as they lived it (issue 13 §3), from the ledger's own tables: one row
 * per movement of their coin balance, never a leg of another book. Consecutive game entries of one
 * game (no other money moving between them, at most SESSION_GAP apart) are one game-session row;
 * a game entry names its game and round in its own reference (`game:<game id>:<round id>`,
 * migration 0690). A safebox move carries the safebox balance after it.
 */

/** A pause longer than this between two rounds of the same game starts a new session row. */
export const SESSION_GAP = '30 minutes';

export interface ActivityRow {
  id: string;
  createdAt: string | Date;
  startedAt: string | Date;
  reason: string;
  amount: string;
  balanceAfter: string;
  /** The transfer's reference (`deposit_order:…`, `withdrawal_order:…`, …). */
  reference: string | null;
  gameId: number | null;
  rounds: string;
  bet: string;
  win: string;
  safeboxAfter: string | null;
  total: string;
}

export interface ActivityFilter {
  /** Reason rules (exact, or a prefix ending in `*`) the row must match... */
  include?: readonly string[];
  /** ...or must match none of. */
  exclude?: readonly string[];
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit: number;
  offset: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ruleSql = (rule: string): SQL =>
  rule.endsWith('*') ? sql`acts.reason like ${`${likeEscape(rule.slice(0, -1))}%`}` : sql`acts.reason = ${rule}`;

/** One page of the player's activity rows, newest first, each carrying the count of the filtered set. */
export async function activityPage(x: Executor, userId: number, f: ActivityFilter): Promise<ActivityRow[]> {
  const entryConds: SQL[] = [sql`e.user_id = ${userId}`, sql`e.asset = 'coin'`, sql`a.book = 'coin'`];
  if (f.from) entryConds.push(sql`e.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) entryConds.push(sql`e.created_at < ${f.to.toISOString()}::timestamptz`);
  const actConds: SQL[] = [sql`true`];
  if (f.include?.length) actConds.push(sql`(${sql.join(f.include.map(ruleSql), sql` or `)})`);
  if (f.exclude?.length) actConds.push(sql`not (${sql.join(f.exclude.map(ruleSql), sql` or `)})`);
  const res = (await x.execute(sql`
    with entries as (
      select e.id, e.transfer_id, e.amount, e.balance_after, e.created_at, e.reason, t.reference,
             case when e.reference like 'game:%' then e.reference end as round_ref,
             case when e.reference like 'game:%' then split_part(e.reference, ':', 2)::integer end as game_id
        from ledger_entry e
        join ledger_account a on a.id = e.account_id
        join ledger_transfer t on t.id = e.transfer_id
       where ${sql.join(entryConds, sql` and `)}
    ), marked as (
      select w.*,
             case when w.game_id is not null
                   and lag(w.game_id) over o = w.game_id
                   and w.created_at - lag(w.created_at) over o <= ${SESSION_GAP}::interval
                  then 0 else 1 end as starts
        from entries w
      window o as (order by w.created_at, w.id)
    ), grouped as (
      select m.*, sum(m.starts) over (order by m.created_at, m.id rows unbounded preceding) as grp from marked m
    ), acts as (
      select max(g.id) as id,
             min(g.created_at) as started_at,
             max(g.created_at) as created_at,
             case when min(g.game_id) is not null then 'game_session' else min(g.reason) end as reason,
             sum(g.amount) as amount,
             (array_agg(g.balance_after order by g.created_at desc, g.id desc))[1] as balance_after,
             min(g.reference) as reference,
             min(g.transfer_id) as transfer_id,
             min(g.game_id) as game_id,
             count(distinct g.round_ref) as rounds,
             coalesce(sum(-g.amount) filter (where g.reason <> 'game_win'), 0) as bet,
             coalesce(sum(g.amount) filter (where g.reason = 'game_win'), 0) as win
        from grouped g
       group by g.grp
    ), filtered as (
      select acts.*, count(*) over () as total from acts where ${sql.join(actConds, sql` and `)}
    ), page as (
      select * from filtered order by created_at desc, id desc limit ${f.limit} offset ${f.offset}
    )
    select p.id::text as "id", p.created_at as "createdAt", p.started_at as "startedAt", p.reason as "reason",
           p.amount::text as "amount", p.balance_after::text as "balanceAfter", p.reference as "reference",
           p.game_id as "gameId", p.rounds::text as "rounds", p.bet::text as "bet", p.win::text as "win",
           (select e2.balance_after::text from ledger_entry e2 join ledger_account a2 on a2.id = e2.account_id
             where e2.transfer_id = p.transfer_id and e2.user_id = ${userId} and a2.book = 'safebox'
               and p.reason like 'safebox\\_%' limit 1) as "safeboxAfter",
           p.total::text as "total"
      from page p
     order by p.created_at desc, p.id desc`)) as unknown as { rows: ActivityRow[] };
  return res.rows;
}
