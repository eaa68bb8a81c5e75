import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { writesOf } from '../../db/write-generation.ts';

// Every statement of the ledger lives here. Amounts travel as text so no bigint is rounded.

type Row = object;

async function rows<T extends Row>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One account's net movement in a transfer. */
export interface PostEntry {
  u: number | null;
  b: string;
  a: string;
  n: string;
}

export interface PostTransfer {
  key: string;
  fingerprint: string;
  reason: string;
  reference: string | null;
  at: Date | null;
  entries: PostEntry[];
}

/** What ledger_post decided for one transfer (codes as in db/functions/ledger/105_ledger_post.sql). */
export const Outcome = { applied: 0, replayed: 1, conflict: 2, insufficient: 3, unbalanced: 4 } as const;
export type OutcomeCode = (typeof Outcome)[keyof typeof Outcome];

export interface PostOutcome {
  code: OutcomeCode;
  /** The transfer's id (the earlier transfer's for a replay or a conflict); meaningless for a refusal. */
  transferId: string | null;
  /** Balance after, per entry of the transfer in its order; null where nothing was applied (and for house entries of a replay). */
  after: (string | null)[];
}

/**
 * The hot path: a whole batch of transfers in one statement, one round trip, one commit when
 * run outside a transaction (ledger_post, the one ledger writer: decision 027). Each account goes
 * once; house books use one shard, `shard` (the service picks it: at random per call, or one per
 * transaction), so no house row serialises every transfer. One outcome per transfer, in order.
 * Transfer keys must be distinct within a batch.
 */
export async function postBatch(x: Executor, transfers: PostTransfer[], shard: number): Promise<PostOutcome[]> {
  const n = transfers.length;
  const keys: string[] = new Array(n);
  const fingerprints: string[] = new Array(n);
  const reasons: string[] = new Array(n);
  const references: (string | null)[] = new Array(n);
  const ats: (string | null)[] = new Array(n);
  const accountOf = new Map<string, number>();
  const users: number[] = [];
  const books: string[] = [];
  const assets: string[] = [];
  const accountShards: number[] = [];
  const tx: number[] = [];
  const accounts: number[] = [];
  const amounts: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = transfers[i]!;
    keys[i] = t.key;
    fingerprints[i] = t.fingerprint;
    reasons[i] = t.reason;
    references[i] = t.reference;
    ats[i] = t.at ? t.at.toISOString() : null;
    for (const e of t.entries) {
      const id = `${e.u ?? 0}\u0000${e.b}\u0000${e.a}`;
      let k = accountOf.get(id);
      if (k === undefined) {
        users.push(e.u ?? 0);
        books.push(e.b);
        assets.push(e.a);
        accountShards.push(e.u === null ? shard : 0);
        k = users.length;
        accountOf.set(id, k);
      }
      tx.push(i + 1);
      accounts.push(k);
      amounts.push(e.n);
    }
  }
  let r: unknown;
  const client = (x as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    // Outside a transaction on PostgreSQL: a named statement, parsed and planned once per connection.
    const res = await client.query<{ r: unknown }>({
      name: 'ledger_post',
      text: POST_SQL,
      values: [keys, fingerprints, reasons, references, ats, users, books, assets, accountShards, tx, accounts, amounts],
    });
    r = res.rows[0]?.r;
  } else {
    const [row] = await rows<{ r: unknown }>(
      x,
      sql`select ledger_post(NULL,
            ${arrayLiteral(keys)}::text[], ${arrayLiteral(fingerprints)}::text[], ${arrayLiteral(reasons)}::text[],
            ${arrayLiteral(references)}::text[], ${arrayLiteral(ats)}::timestamptz[],
            ${arrayLiteral(users)}::bigint[], ${arrayLiteral(books)}::text[], ${arrayLiteral(assets)}::text[], ${arrayLiteral(accountShards)}::smallint[],
            ${arrayLiteral(tx)}::int[], ${arrayLiteral(accounts)}::int[], ${arrayLiteral(amounts)}::bigint[], NULL, NULL) as r`,
    );
    r = row?.r;
  }
  const [ids, codes, after] = (typeof r === 'string' ? JSON.parse(r) : r) as [(string | null)[], OutcomeCode[], (string | null)[]];
  if (!Array.isArray(ids) || ids.length !== n || codes.length !== n || after.length !== tx.length) {
    throw new Error('ledger_post answered the wrong number of results');
  }
  const out: PostOutcome[] = new Array(n);
  let first = 0;
  for (let i = 0; i < n; i++) {
    const count = transfers[i]!.entries.length;
    out[i] = { code: codes[i]!, transferId: ids[i] ?? null, after: after.slice(first, first + count) };
    first += count;
  }
  return out;
}

const POST_SQL =
  'select ledger_post(NULL, $1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::bigint[], $7::text[], $8::text[], $9::smallint[], $10::int[], $11::int[], $12::bigint[], NULL, NULL) as r';

export interface WalletRow {
  books: [string, string, string][] | null;
  bet: string | null;
  bonusLocked: string | null;
  turnoverRequired: string | null;
  totalRecharge: string | null;
}

/**
 * walletOf's row as one json value, for another module's statement about the same player (its
 * user id an SQL expression or placeholder), so a read of the player and their balances is one
 * round trip.
 */
export function walletJsonExpr(userId: SQL): SQL<WalletRow> {
  return sql<WalletRow>`(select json_build_object(
      'books', (select json_agg(json_build_array(a.book, a.asset, a.balance::text)) from ledger_account a where a.user_id = ${userId}::bigint),
      'bet', w.bet::text, 'bonusLocked', w.bonus_locked::text,
      'turnoverRequired', w.turnover_required::text, 'totalRecharge', w.total_recharge::text)
    from (select 1) one left join player_wallet w on w.user_id = ${userId}::bigint)`;
}

/**
 * The wallets of these players in one prepared statement (a group read, decision 054): ids as a
 * PostgreSQL array literal; a player without a row of their own still gets one (their accounts read 0).
 */
export function prepareWalletsRead(db: Db, name: string): (ids: string) => Promise<{ id: number; wallet: WalletRow }[]> {
  const select = db
    .select({ id: sql<number>`u.id::float8`.as('id'), wallet: walletJsonExpr(sql`u.id`).as('wallet') })
    .from(sql`unnest(${sql.placeholder('ids')}::bigint[]) as u(id)`);
  const query = select.prepare(name);
  // A view read on PGlite (decision 059): the database only, no time; its rows may be kept.
  writesOf(db)?.viewRead(select.toSQL().sql);
  return (ids) => query.execute({ ids });
}

/** A player's account balances ([book, asset, balance]) and wallet counters, in one query. */
export async function walletOf(x: Executor, userId: number): Promise<WalletRow> {
  const [row] = await rows<{ wallet: WalletRow }>(x, sql`select ${walletJsonExpr(sql`${userId}`)} as wallet`);
  return row!.wallet;
}

/**
 * Adds turnover and locks bonus (player_add_turnovers, the rule's one definition: the wallet row
 * created on first use; turnover_required the total of the current run, restarted once bet was 0).
 */
export async function addTurnover(x: Executor, userId: number, bet: bigint, bonus: bigint): Promise<void> {
  await x.execute(sql`select player_add_turnovers(array[${userId}]::bigint[], array[${bet.toString()}]::bigint[], array[${bonus.toString()}]::bigint[])`);
}

/**
 * Locks the players' coin accounts in id order for the rest of the transaction: the players'
 * money lock (decision 019), taken as the game wallet's batches take it: one statement when the
 * accounts exist; otherwise the missing ones are created (balance 0) and all are locked again.
 * userIds: distinct.
 */
export async function lockMoney(x: Executor, userIds: number[]): Promise<void> {
  const users = arrayLiteral(userIds);
  const lock = sql`select a.id from ledger_account a
     where coalesce(a.user_id, 0) = any (${users}::bigint[]) and a.book = 'coin' and a.asset = 'coin' and a.shard = 0
     order by a.id for update`;
  if ((await rows(x, lock)).length === userIds.length) return;
  await x.execute(sql`insert into ledger_account (user_id, book, asset, shard)
    select u, 'coin', 'coin', 0 from unnest(${users}::bigint[]) u order by u on conflict do nothing`);
  await rows(x, lock);
}

/** Lowers turnover, not below 0; at 0 the locked bonus is released. Returns the counters after. */
export async function settleTurnover(x: Executor, userId: number, amount: bigint): Promise<{ bet: string; bonusLocked: string } | null> {
  // player_settle_turnover (migration 0430: the one-player case of player_settle_turnovers) is the rule
  // the game wallet applies at rounds' ends too.
  const [row] = await rows<{ bet: string | null; bonusLocked: string | null }>(
    x,
    sql`select bet::text as "bet", bonus_locked::text as "bonusLocked" from player_settle_turnover(${userId}, ${amount.toString()}::bigint)`,
  );
  return row && row.bet !== null ? { bet: row.bet, bonusLocked: row.bonusLocked ?? '0' } : null;
}

export async function addRecharge(x: Executor, userId: number, amount: bigint): Promise<void> {
  await x.execute(sql`insert into player_wallet (user_id, total_recharge) values (${userId}, ${amount.toString()}::bigint)
    on conflict (user_id) do update set total_recharge = player_wallet.total_recharge + excluded.total_recharge`);
}

/** `balanceAt` as a SQL expression (bigint), for a caller composing one statement. */
export function balanceAtExpr(userId: number, book: string, at: Date): SQL {
  return sql`coalesce((select e.balance_after from ledger_entry e join ledger_account a on a.id = e.account_id
                        where e.user_id = ${userId} and a.book = ${book} and e.created_at < ${at}
                        order by e.created_at desc, e.id desc limit 1), 0)`;
}

/** A player book's balance just before `at`: its last entry's balance after (0 before any). */
export async function balanceAt(x: Executor, userId: number, book: string, at: Date): Promise<string> {
  const [row] = await rows<{ balance: string }>(x, sql`select ${balanceAtExpr(userId, book, at)}::text as balance`);
  return row?.balance ?? '0';
}

/** Sum of a house book's shards for one asset. */
export async function houseBalance(x: Executor, book: string, asset: string): Promise<string> {
  const [row] = await rows<{ total: string }>(
    x,
    sql`select coalesce(sum(balance), 0)::text as total from ledger_account where user_id is null and book = ${book} and asset = ${asset}`,
  );
  return row?.total ?? '0';
}

/** Several house books' balances for one asset (the sums of their shards), in one statement; a book without an account is absent. */
export async function houseBalances(x: Executor, books: readonly string[], asset: string): Promise<{ book: string; total: string }[]> {
  return rows<{ book: string; total: string }>(
    x,
    sql`select book, sum(balance)::text as total from ledger_account
         where user_id is null and book = any (${`{${books.map((b) => `"${b}"`).join(',')}}`}::text[]) and asset = ${asset} group by book`,
  );
}

export interface EntryRow {
  id: string;
  transferId: string;
  kind: string;
  reference: string | null;
  book: string;
  asset: string;
  amount: string;
  balanceAfter: string;
  createdAt: string | Date;
  total: string;
}

/** A player's entries, newest first, with the total count of the filtered set on every row. */
export async function entriesOf(
  x: Executor,
  userId: number,
  f: { kinds?: string[]; book?: string; from?: Date; to?: Date; limit: number; offset: number },
): Promise<EntryRow[]> {
  const conds: SQL[] = [sql`e.user_id = ${userId}`];
  if (f.kinds?.length) conds.push(sql`e.reason in (${sql.join(f.kinds.map((k) => sql`${k}`), sql`, `)})`);
  if (f.book) conds.push(sql`a.book = ${f.book}`);
  if (f.from) conds.push(sql`e.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(sql`e.created_at < ${f.to.toISOString()}::timestamptz`);
  return rows<EntryRow>(
    x,
    sql`select e.id::text as "id", e.transfer_id::text as "transferId", e.reason as "kind", t.reference as "reference",
               a.book as "book", e.asset as "asset", e.amount::text as "amount", e.balance_after::text as "balanceAfter",
               e.created_at as "createdAt", count(*) over ()::text as "total"
          from ledger_entry e
          join ledger_account a on a.id = e.account_id
          join ledger_transfer t on t.id = e.transfer_id
         where ${sql.join(conds, sql` and `)}
         order by e.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}

export interface AccountMismatch {
  accountId: string;
  userId: string | null;
  book: string;
  asset: string;
  shard: number;
  balance: string;
  entriesSum: string;
}

/** Accounts whose balance differs from the sum of their entries, or a player account below zero. */
export async function accountMismatches(x: Executor): Promise<AccountMismatch[]> {
  return rows<AccountMismatch>(
    x,
    sql`select a.id::text as "accountId", a.user_id::text as "userId", a.book, a.asset, a.shard,
               a.balance::text as "balance", coalesce(s.total, 0)::text as "entriesSum"
          from ledger_account a
          left join (select account_id, sum(amount) as total from ledger_entry group by account_id) s on s.account_id = a.id
         where a.balance <> coalesce(s.total, 0) or (a.user_id is not null and a.balance < 0)
         order by a.id`,
  );
}

export interface TransferMismatch {
  transferId: string;
  asset: string | null;
  sum: string;
  problem: string;
}

/** Transfers whose entries do not sum to zero per asset, that have no entries, or whose entries disagree with their account's asset. */
export async function transferMismatches(x: Executor): Promise<TransferMismatch[]> {
  return rows<TransferMismatch>(
    x,
    sql`select e.transfer_id::text as "transferId", e.asset, sum(e.amount)::text as "sum", 'entries do not sum to zero' as problem
          from ledger_entry e group by e.transfer_id, e.asset having sum(e.amount) <> 0
        union all
        select t.id::text, null, '0', 'no entries'
          from ledger_transfer t where not exists (select 1 from ledger_entry e where e.transfer_id = t.id)
        union all
        select e.transfer_id::text, e.asset, e.amount::text, 'entry asset differs from its account'
          from ledger_entry e join ledger_account a on a.id = e.account_id
         where a.asset <> e.asset or a.user_id is distinct from e.user_id
        order by 1`,
  );
}

export interface LedgerTotals {
  accounts: string;
  transfers: string;
  entries: string;
}

export async function totals(x: Executor): Promise<{ counts: LedgerTotals; assets: { asset: string; player: string; house: string }[] }> {
  const [counts] = await rows<{ accounts: string; transfers: string; entries: string }>(
    x,
    sql`select (select count(*) from ledger_account)::text as accounts, (select count(*) from ledger_transfer)::text as transfers,
               (select count(*) from ledger_entry)::text as entries`,
  );
  const assets = await rows<{ asset: string; player: string; house: string }>(
    x,
    sql`select asset, coalesce(sum(balance) filter (where user_id is not null), 0)::text as player,
               coalesce(sum(balance) filter (where user_id is null), 0)::text as house
          from ledger_account group by asset order by asset`,
  );
  return { counts: counts ?? { accounts: '0', transfers: '0', entries: '0' }, assets };
}

/** Whether the ledger migrations have been applied to this database. */
export async function ledgerExists(x: Executor): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(x, sql`select to_regclass('ledger_entry') is not null as ok`);
  return Boolean(row?.ok);
}
