import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

// Every statement about rounds and provider transactions. Amounts travel as text so no bigint is
// rounded; the service turns them into Money at its edge.

async function rows<T extends object>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export interface RoundRow {
  id: number;
  gameId: number;
  typeId: number | null;
  betTotal: bigint;
  winTotal: bigint;
  betCount: number;
  rolledBackCount: number;
  status: 'open' | 'settled' | 'rolledBack';
}

interface RawRound {
  id: string;
  game_id: number;
  type_id: number | null;
  bet_total: string;
  win_total: string;
  bet_count: number;
  rolled_back_count: number;
  status: RoundRow['status'];
}

const toRound = (r: RawRound): RoundRow => ({
  id: Number(r.id),
  gameId: r.game_id,
  typeId: r.type_id,
  betTotal: BigInt(r.bet_total),
  winTotal: BigInt(r.win_total),
  betCount: r.bet_count,
  rolledBackCount: r.rolled_back_count,
  status: r.status,
});

/**
 * The player's round, created open when new, and locked for the rest of the transaction: every
 * call about one round (a bet and the rollback that races it, two copies of one bet) runs one at
 * a time.
 */
export async function lockOrOpenRound(
  x: Executor,
  v: { platformId: number; providerRoundId: string; userId: number; gameId: number; now: Date },
): Promise<RoundRow> {
  const [row] = await rows<RawRound>(
    x,
    sql`with r as (
          insert into game_round (platform_id, provider_round_id, user_id, game_id, started_at, updated_at)
          values (${v.platformId}, ${v.providerRoundId}, ${v.userId}, ${v.gameId}, ${v.now}, ${v.now})
          on conflict (platform_id, provider_round_id, user_id) do update set provider_round_id = excluded.provider_round_id
          returning id, game_id, bet_total::text, win_total::text, bet_count, rolled_back_count, status)
        select r.*, g.type_id from r left join game g on g.id = r.game_id`,
  );
  if (!row) throw new Error('game_round upsert returned no row');
  return toRound(row);
}

/** The player's round, locked, or null when the provider never opened it with us. */
export async function lockRound(x: Executor, v: { platformId: number; providerRoundId: string; userId: number }): Promise<RoundRow | null> {
  const [row] = await rows<RawRound>(
    x,
    sql`select r.id, r.game_id, r.bet_total::text, r.win_total::text, r.bet_count, r.rolled_back_count, r.status, g.type_id
          from game_round r left join game g on g.id = r.game_id
         where r.platform_id = ${v.platformId} and r.provider_round_id = ${v.providerRoundId} and r.user_id = ${v.userId}
           for update of r`,
  );
  return row ? toRound(row) : null;
}

export interface TransactionRow {
  transactionId: string;
  kind: 'bet' | 'win' | 'rollback';
  userId: number;
  roundId: number;
  providerRoundId: string;
  amount: bigint;
  refTransactionId: string | null;
  endsRound: boolean;
  status: 'applied' | 'rolledBack' | 'tombstone' | 'noop';
}

/**
 * A provider transaction by id, and (for a bet that may have been rolled back before it
 * arrived) whether a rollback already names that id. One statement.
 */
export async function findTransaction(x: Executor, platformId: number, transactionId: string): Promise<{ found: TransactionRow | null; rolledBackBy: string | null }> {
  const out = await rows<{
    transaction_id: string;
    kind: TransactionRow['kind'];
    user_id: string;
    round_id: string;
    provider_round_id: string;
    amount: string;
    ref_transaction_id: string | null;
    ends_round: boolean;
    status: TransactionRow['status'];
  }>(
    x,
    sql`select t.transaction_id, t.kind, t.user_id, t.round_id, r.provider_round_id, t.amount::text, t.ref_transaction_id, t.ends_round, t.status
          from game_transaction t join game_round r on r.id = t.round_id
         where t.platform_id = ${platformId}
           and (t.transaction_id = ${transactionId} or (t.kind = 'rollback' and t.ref_transaction_id = ${transactionId}))`,
  );
  let found: TransactionRow | null = null;
  let rolledBackBy: string | null = null;
  for (const r of out) {
    if (r.transaction_id === transactionId) {
      found = {
        transactionId: r.transaction_id,
        kind: r.kind,
        userId: Number(r.user_id),
        roundId: Number(r.round_id),
        providerRoundId: r.provider_round_id,
        amount: BigInt(r.amount),
        refTransactionId: r.ref_transaction_id,
        endsRound: r.ends_round,
        status: r.status,
      };
    } else {
      rolledBackBy = r.transaction_id;
    }
  }
  return { found, rolledBackBy };
}

export async function insertTransaction(
  x: Executor,
  v: {
    platformId: number;
    transactionId: string;
    kind: TransactionRow['kind'];
    userId: number;
    roundId: number;
    amount: bigint;
    refTransactionId: string | null;
    endsRound: boolean;
    status: TransactionRow['status'];
    ledgerTransferId: number | null;
    now: Date;
  },
): Promise<void> {
  await x.execute(
    sql`insert into game_transaction (platform_id, transaction_id, kind, user_id, round_id, amount, ref_transaction_id, ends_round, status, ledger_transfer_id, created_at)
        values (${v.platformId}, ${v.transactionId}, ${v.kind}, ${v.userId}, ${v.roundId}, ${v.amount.toString()}::bigint, ${v.refTransactionId},
                ${v.endsRound}, ${v.status}, ${v.ledgerTransferId}, ${v.now})`,
  );
}

export async function markRolledBack(x: Executor, platformId: number, transactionId: string): Promise<void> {
  await x.execute(sql`update game_transaction set status = 'rolledBack' where platform_id = ${platformId} and transaction_id = ${transactionId}`);
}

/** Adds to a round's totals: an applied bet (bets +1), a win, or a rolled-back bet (negative bet, rolledBack +1). */
export async function addToRound(x: Executor, roundId: number, d: { bet?: bigint; win?: bigint; bets?: number; rolledBack?: number }, now: Date): Promise<void> {
  await x.execute(
    sql`update game_round
           set bet_total = bet_total + ${(d.bet ?? 0n).toString()}::bigint,
               win_total = win_total + ${(d.win ?? 0n).toString()}::bigint,
               bet_count = bet_count + ${d.bets ?? 0},
               rolled_back_count = rolled_back_count + ${d.rolledBack ?? 0},
               updated_at = ${now}
         where id = ${roundId}`,
  );
}

export async function closeRound(x: Executor, roundId: number, status: 'settled' | 'rolledBack', now: Date): Promise<void> {
  await x.execute(sql`update game_round set status = ${status}, ended_at = ${now}, updated_at = ${now} where id = ${roundId} and status = 'open'`);
}

export interface PlatformRow {
  id: number;
  code: string;
  name: string;
  walletMode: 'seamless' | 'transfer';
  enabled: boolean;
  /** From game_platform_secret; null when the platform has none there. */
  secret: string | null;
}

/** A platform by code with its stored signing secret. */
export async function platformByCode(x: Executor, code: string): Promise<PlatformRow | null> {
  const [row] = await rows<{ id: number; code: string; name: string; wallet_mode: PlatformRow['walletMode']; enabled: boolean; secret: string | null }>(
    x,
    sql`select p.id, p.code, p.name, p.wallet_mode, p.enabled, s.secret
          from game_platform p left join game_platform_secret s on s.platform_id = p.id
         where p.code = ${code}`,
  );
  return row ? { id: row.id, code: row.code, name: row.name, walletMode: row.wallet_mode, enabled: row.enabled, secret: row.secret } : null;
}
