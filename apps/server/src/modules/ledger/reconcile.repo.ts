import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

// The ledger against the domain tables that cause its postings: each query is one set-based pass
// (hash joins and one window sort, no per-row round trips), answers only the differences, at most
// `limit` of them, and is read-only. Amounts travel as text so no bigint is rounded.

async function rows<T extends object>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface DepositDifference {
  orderNo: string;
  userId: string | null;
  status: string | null;
  amount: string | null;
  /** What the credit transfer gave the order's player's coin (null: no credit). */
  credited: string | null;
  problem: 'not credited' | 'no such order' | 'credited but not paid' | 'credit differs';
}

/**
 * Every paid deposit order has exactly one credit (transfer `deposit:<orderNo>`, decision 008)
 * of its amount to its player's coin, and no credit exists for an order that is not paid.
 */
export async function depositDifferences(x: Executor, limit: number): Promise<DepositDifference[]> {
  return rows<DepositDifference>(
    x,
    sql`with credit as (
          select substr(t.idempotency_key, 9) as order_no,
                 sum(e.amount) filter (where a.book = 'coin' and e.user_id is not null) as coin,
                 count(*) filter (where e.user_id is not null) as player_entries,
                 min(e.user_id) filter (where e.user_id is not null) as user_id,
                 max(e.user_id) filter (where e.user_id is not null) as other_user
            from ledger_transfer t
            left join ledger_entry e on e.transfer_id = t.id
            left join ledger_account a on a.id = e.account_id
           where t.idempotency_key like 'deposit:%'
           group by t.id
        )
        select coalesce(o.order_no, c.order_no) as "orderNo", o.user_id::text as "userId", o.status, o.amount::text as amount,
               c.coin::text as credited,
               case when c.order_no is null then 'not credited'
                    when o.order_no is null then 'no such order'
                    when o.status <> 'paid' then 'credited but not paid'
                    else 'credit differs' end as problem
          from deposit_order o
          full join credit c on c.order_no = o.order_no
         where (o.status = 'paid' and c.order_no is null)
            or (c.order_no is not null and (o.order_no is null or o.status <> 'paid'))
            or (c.order_no is not null and o.status = 'paid'
                and (c.coin is distinct from o.amount or c.player_entries <> 1 or c.user_id is distinct from o.user_id or c.other_user <> c.user_id))
         order by 1
         limit ${limit}`,
  );
}

export interface WithdrawalDifference {
  orderNo: string;
  userId: string | null;
  status: string | null;
  amount: string | null;
  /** What the hold posting put in withdraw_hold (null: no hold). */
  held: string | null;
  /** What the order's postings leave in withdraw_hold. */
  net: string;
  hasPaid: boolean;
  hasRelease: boolean;
  problem: 'no such order' | 'no hold' | 'hold differs' | 'open but closed in the ledger' | 'paid but not paid out' | 'closed but not returned' | 'left in hold differs';
}

/**
 * Every withdrawal has its hold (`withdraw:<orderNo>:hold`, decision 009) of its amount; an open
 * one (pending, approved) still holds it, a paid one paid it out and never released it, a
 * rejected or failed one released it and never paid it out; no posting names a missing order.
 */
export async function withdrawalDifferences(x: Executor, limit: number): Promise<WithdrawalDifference[]> {
  return rows<WithdrawalDifference>(
    x,
    sql`with moves as (
          select split_part(t.idempotency_key, ':', 2) as order_no, split_part(t.idempotency_key, ':', 3) as step,
                 coalesce(sum(e.amount) filter (where a.book = 'withdraw_hold'), 0) as hold
            from ledger_transfer t
            left join ledger_entry e on e.transfer_id = t.id
            left join ledger_account a on a.id = e.account_id
           where t.idempotency_key like 'withdraw:%'
           group by t.id
        ), per_order as (
          select order_no, sum(hold) filter (where step = 'hold') as held, sum(hold) as net,
                 bool_or(step = 'paid') as has_paid, bool_or(step = 'release') as has_release
            from moves group by order_no
        ), joined as (
          select coalesce(w.order_no, m.order_no) as order_no, w.user_id, w.status, w.amount, m.held, coalesce(m.net, 0) as net,
                 coalesce(m.has_paid, false) as has_paid, coalesce(m.has_release, false) as has_release,
                 w.order_no is null as orphan, w.status in ('pending', 'approved') as open
            from withdrawal_order w
            full join per_order m on m.order_no = w.order_no
        )
        select order_no as "orderNo", user_id::text as "userId", status, amount::text as amount, held::text as held, net::text as net,
               has_paid as "hasPaid", has_release as "hasRelease",
               case when orphan then 'no such order'
                    when held is null then 'no hold'
                    when held <> amount then 'hold differs'
                    when open and (has_paid or has_release) then 'open but closed in the ledger'
                    when status = 'paid' and (not has_paid or has_release) then 'paid but not paid out'
                    when status in ('rejected', 'failed') and (not has_release or has_paid) then 'closed but not returned'
                    else 'left in hold differs' end as problem
          from joined
         where orphan or held is null or held <> amount
            or (open and (has_paid or has_release))
            or (status = 'paid' and (not has_paid or has_release))
            or (status in ('rejected', 'failed') and (not has_release or has_paid))
            or net <> case when open then amount else 0 end
         order by 1
         limit ${limit}`,
  );
}

export interface HoldDifference {
  userId: string;
  held: string;
  open: string;
}

/** Players whose withdraw_hold balance is not the total of their open withdrawals. */
export async function holdDifferences(x: Executor, limit: number): Promise<HoldDifference[]> {
  return rows<HoldDifference>(
    x,
    sql`select coalesce(h.user_id, o.user_id)::text as "userId", coalesce(h.balance, 0)::text as held, coalesce(o.total, 0)::text as open
          from (select user_id, balance from ledger_account where book = 'withdraw_hold' and user_id is not null) h
          full join (select user_id, sum(amount) as total from withdrawal_order where status in ('pending', 'approved') group by user_id) o
            on o.user_id = h.user_id
         where coalesce(h.balance, 0) <> coalesce(o.total, 0)
         order by coalesce(h.user_id, o.user_id)
         limit ${limit}`,
  );
}

export interface GameDifference {
  platform: string;
  transactionId: string | null;
  kind: string | null;
  status: string | null;
  userId: string;
  /** What the transaction should have moved on the player's coin. */
  expected: string | null;
  /** What its ledger entry moved (null: no entry). */
  entry: string | null;
  transferId: string | null;
  problem: 'no entry' | 'entry differs' | 'transfer without a move' | 'entry without a transaction' | 'entry claimed twice';
}

/**
 * Game transactions against the ledger at the wallet's granularity (decision 011: one transfer
 * per segment, one entry per call on the player's coin account, found as the transaction's
 * transfer and its player): a bet took its amount, a win paid its amount, a live rollback
 * returned the bet; tombstones and no-op rollbacks moved nothing. And every player entry of a
 * game transfer (`game:…`) belongs to exactly one transaction.
 */
export async function gameDifferences(x: Executor, limit: number): Promise<GameDifference[]> {
  return rows<GameDifference>(
    x,
    sql`(select coalesce(p.code, g.platform_id::text) as platform, g.transaction_id as "transactionId", g.kind, g.status,
                g.user_id::text as "userId", x.expected::text as expected, e.amount::text as entry, g.ledger_transfer_id::text as "transferId",
                case when x.expected = 0 then 'transfer without a move' when e.amount is null then 'no entry' else 'entry differs' end as problem
           from game_transaction g
           cross join lateral (select case when g.kind = 'bet' then -g.amount
                                           when g.kind = 'win' then g.amount
                                           when g.kind = 'rollback' and g.status = 'applied' then g.amount
                                           else 0 end as expected) x
           left join (ledger_entry e join ledger_account a on a.id = e.account_id and a.book = 'coin' and a.asset = 'coin')
             on e.transfer_id = g.ledger_transfer_id and e.user_id = g.user_id
           left join game_platform p on p.id = g.platform_id
          where (x.expected <> 0 and e.amount is distinct from x.expected)
             or (x.expected = 0 and g.ledger_transfer_id is not null)
          order by g.platform_id, g.transaction_id
          limit ${limit})
        union all
        (select '', null, null, null, e.user_id::text, null, e.amount::text, e.transfer_id::text, 'entry without a transaction'
           from ledger_entry e
           join ledger_transfer t on t.id = e.transfer_id
          where t.idempotency_key like 'game:%' and e.user_id is not null
            and not exists (select 1 from game_transaction g where g.ledger_transfer_id = e.transfer_id and g.user_id = e.user_id)
          order by e.id
          limit ${limit})
        union all
        (select coalesce(p.code, g.platform_id::text), string_agg(g.transaction_id, ', ' order by g.transaction_id), null, null,
                g.user_id::text, null, null, g.ledger_transfer_id::text, 'entry claimed twice'
           from game_transaction g
           left join game_platform p on p.id = g.platform_id
          where g.ledger_transfer_id is not null
          group by g.platform_id, p.code, g.ledger_transfer_id, g.user_id
         having count(*) > 1
          limit ${limit})`,
  );
}

export interface ChainDifference {
  accountId: string;
  userId: string | null;
  book: string;
  asset: string;
  shard: number;
  entryId: string;
  balanceAfter: string;
  /** The sum of the account's entries up to and including this one. */
  running: string;
  /** The account's balance, when this is its last entry and it disagrees. */
  balance: string | null;
}

/**
 * Each account's entries, in the order they were written (ids rise under the account's lock),
 * carry `balance_after` = the sum of its entries so far, and the last one equals the balance.
 */
export async function chainDifferences(x: Executor, limit: number): Promise<ChainDifference[]> {
  return rows<ChainDifference>(
    x,
    sql`select a.id::text as "accountId", a.user_id::text as "userId", a.book, a.asset, a.shard,
               s.id::text as "entryId", s.balance_after::text as "balanceAfter", s.running::text as running,
               case when s.last and s.balance_after <> a.balance then a.balance::text end as balance
          from (select e.id, e.account_id, e.balance_after, e.user_id, e.reason,
                       sum(e.amount) over w as running, lead(e.id) over w is null as last
                  from ledger_entry e
                window w as (partition by e.account_id order by e.id)) s
          join ledger_account a on a.id = s.account_id
         -- Migration 0300 wrote the promotion book's opening entries set-wise with its final balance.
         where (s.balance_after <> s.running and not (s.reason = 'opening_balance' and s.user_id is null))
            or (s.last and s.balance_after <> a.balance)
         order by s.account_id, s.id
         limit ${limit}`,
  );
}

export interface SafeboxDifference {
  transferId: string;
  key: string;
  reason: string;
  userId: string | null;
  problem: 'not one player moving coin and safebox' | 'moves the safebox the wrong way' | 'safebox entry from another kind of transfer';
}

/**
 * A safebox move (reason safebox_in / safebox_out) is exactly two entries, the same player's
 * coin and safebox, opposite amounts, in its direction; and nothing else touches a safebox
 * book (besides the opening balances of migration 0300).
 */
export async function safeboxDifferences(x: Executor, limit: number): Promise<SafeboxDifference[]> {
  return rows<SafeboxDifference>(
    x,
    sql`(select t.id::text as "transferId", t.idempotency_key as key, t.reason, min(e.user_id)::text as "userId",
                case when count(*) = 2 and count(distinct e.user_id) = 1 and count(e.user_id) = 2
                          and count(*) filter (where a.book = 'coin') = 1 and count(*) filter (where a.book = 'safebox') = 1
                          and sum(e.amount) = 0 and bool_and(e.asset = 'coin')
                     then 'moves the safebox the wrong way'
                     else 'not one player moving coin and safebox' end as problem
           from ledger_transfer t
           join ledger_entry e on e.transfer_id = t.id
           join ledger_account a on a.id = e.account_id
          where t.reason in ('safebox_in', 'safebox_out')
          group by t.id
         having not (count(*) = 2 and count(distinct e.user_id) = 1 and count(e.user_id) = 2
                     and count(*) filter (where a.book = 'coin') = 1 and count(*) filter (where a.book = 'safebox') = 1
                     and sum(e.amount) = 0 and bool_and(e.asset = 'coin')
                     and sign(sum(e.amount) filter (where a.book = 'safebox')) = case t.reason when 'safebox_in' then 1 else -1 end)
          order by t.id
          limit ${limit})
        union all
        (select t.id::text, t.idempotency_key, t.reason, e.user_id::text, 'safebox entry from another kind of transfer'
           from ledger_entry e
           join ledger_account a on a.id = e.account_id and a.book = 'safebox'
           join ledger_transfer t on t.id = e.transfer_id
          where t.reason not in ('safebox_in', 'safebox_out', 'opening_balance')
          order by e.id
          limit ${limit})`,
  );
}
