import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

// entriesOf (ledger.repo.ts) filters by exact reason and one book; the player's wallet records
// need reason rules (prefixes, and "none of them" for `other`) over the coin books.

export interface RecordRow {
  id: string;
  reason: string;
  reference: string | null;
  book: string;
  amount: string;
  balanceAfter: string;
  createdAt: string | Date;
  total: string;
}

export interface RecordFilter {
  /** Reason rules (exact, or a prefix ending in `*`) the entry must match... */
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

function ruleSql(rule: string): SQL {
  return rule.endsWith('*') ? sql`e.reason like ${`${likeEscape(rule.slice(0, -1))}%`}` : sql`e.reason = ${rule}`;
}

/** A player's coin entries, newest first, with the count of the whole filtered set on every row. */
export async function coinRecords(x: Executor, userId: number, f: RecordFilter): Promise<RecordRow[]> {
  const conds: SQL[] = [sql`e.user_id = ${userId}`, sql`e.asset = 'coin'`, sql`a.book in ('coin', 'safebox', 'withdraw_hold')`];
  if (f.include?.length) conds.push(sql`(${sql.join(f.include.map(ruleSql), sql` or `)})`);
  if (f.exclude?.length) conds.push(sql`not (${sql.join(f.exclude.map(ruleSql), sql` or `)})`);
  if (f.from) conds.push(sql`e.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(sql`e.created_at < ${f.to.toISOString()}::timestamptz`);
  const res = (await x.execute(
    sql`select e.id::text as "id", e.reason as "reason", t.reference as "reference", a.book as "book",
               e.amount::text as "amount", e.balance_after::text as "balanceAfter", e.created_at as "createdAt",
               count(*) over ()::text as "total"
          from ledger_entry e
          join ledger_account a on a.id = e.account_id
          join ledger_transfer t on t.id = e.transfer_id
         where ${sql.join(conds, sql` and `)}
         order by e.created_at desc, e.id desc
         limit ${f.limit} offset ${f.offset}`,
  )) as unknown as { rows: RecordRow[] };
  return res.rows;
}
