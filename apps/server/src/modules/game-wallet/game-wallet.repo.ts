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

export interface PreparedSession {
  id: number;
  userId: number | null;
  playerRef: string;
  gameId: number;
  platformId: number;
  mode: 'real' | 'demo';
  lastSeenAt: Date;
  closedAt: Date | null;
  gameCode: string;
  typeId: number;
  playable: boolean;
}

export interface Prepared {
  /** Null: no such session token at this platform. */
  session: PreparedSession | null;
  /** The player's round (locked), null when it does not exist and was not to be opened; always null for demo sessions. */
  round: RoundRow | null;
  /** The call's transaction id, when seen before. */
  prior: TransactionRow | null;
  /** A rollback that names the call's transaction id. */
  rolledBackBy: string | null;
  /** The transaction the call refers to (a win's bet, a rollback's target). */
  ref: TransactionRow | null;
}

type Json = Record<string, unknown>;
const asTx = (j: Json | null): TransactionRow | null =>
  j === null
    ? null
    : {
        transactionId: String(j.transactionId),
        kind: j.kind as TransactionRow['kind'],
        userId: Number(j.userId),
        roundId: Number(j.roundId),
        providerRoundId: String(j.providerRoundId),
        amount: BigInt(j.amount as string),
        refTransactionId: (j.refTransactionId as string | null) ?? null,
        endsRound: j.endsRound === true,
        status: j.status as TransactionRow['status'],
      };

/**
 * One round trip at the start of a money call (game_wallet_prepare, migration 0410): the session,
 * the player's round (opened when `open`, locked for the rest of the transaction, so calls about
 * one round apply one at a time), the call's transaction id if seen before, a rollback naming it,
 * and the referred transaction.
 */
export async function prepare(
  x: Executor,
  v: { platformId: number; tokenHash: string; roundId: string | null; transactionId: string | null; refTransactionId: string | null; open: boolean; now: Date },
): Promise<Prepared> {
  const [row] = await rows<{ out: Json | string }>(
    x,
    sql`select game_wallet_prepare(${v.platformId}, ${v.tokenHash}, ${v.roundId}, ${v.transactionId}, ${v.refTransactionId}, ${v.open}, ${v.now}) as out`,
  );
  const out = (typeof row?.out === 'string' ? JSON.parse(row.out) : row?.out) as Json;
  const s = out.session as Json | null;
  const r = (out.round ?? null) as Json | null;
  return {
    session:
      s === null
        ? null
        : {
            id: Number(s.id),
            userId: s.userId === null ? null : Number(s.userId),
            playerRef: String(s.playerRef),
            gameId: Number(s.gameId),
            platformId: Number(s.platformId),
            mode: s.mode as 'real' | 'demo',
            lastSeenAt: new Date(s.lastSeenAt as string),
            closedAt: s.closedAt === null ? null : new Date(s.closedAt as string),
            gameCode: String(s.gameCode),
            typeId: Number(s.typeId),
            playable: s.playable === true,
          },
    round:
      r === null
        ? null
        : {
            id: Number(r.id),
            gameId: Number(r.gameId),
            typeId: r.typeId === null ? null : Number(r.typeId),
            betTotal: BigInt(r.betTotal as string),
            winTotal: BigInt(r.winTotal as string),
            betCount: Number(r.betCount),
            rolledBackCount: Number(r.rolledBackCount),
            status: r.status as RoundRow['status'],
          },
    prior: asTx((out.prior ?? null) as Json | null),
    rolledBackBy: (out.rolledBackBy as string | null) ?? null,
    ref: asTx((out.ref ?? null) as Json | null),
  };
}

export interface NewTransaction {
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
}

/** A domain event for the outbox (same table and shape as events/domain-events.repo.ts writes). */
export interface OutboxEvent {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Everything a money call writes after the ledger, in one statement: the provider transaction,
 * the round's totals (and its close), a rolled-back bet's new status, the outbox events and the
 * session's last activity. The outbox rows are the same as insertDomainEvent writes; they are
 * written here so the call stays one round trip.
 */
export async function record(
  x: Executor,
  v: {
    tx: NewTransaction | null;
    roundId: number;
    add?: { bet?: bigint; win?: bigint; bets?: number; rolledBack?: number };
    close?: 'settled' | 'rolledBack';
    rolledBackTransactionId?: string;
    events: OutboxEvent[];
    touchSessionId?: number;
    now: Date;
  },
): Promise<void> {
  const t = v.tx;
  const add = v.add ?? {};
  const txPart = t
    ? sql`, t as (insert into game_transaction (platform_id, transaction_id, kind, user_id, round_id, amount, ref_transaction_id, ends_round, status, ledger_transfer_id, created_at)
                 values (${t.platformId}, ${t.transactionId}, ${t.kind}, ${t.userId}, ${t.roundId}, ${t.amount.toString()}::bigint, ${t.refTransactionId},
                         ${t.endsRound}, ${t.status}, ${t.ledgerTransferId}, ${v.now}))`
    : sql``;
  const rolledBackPart = v.rolledBackTransactionId && t
    ? sql`, b as (update game_transaction set status = 'rolledBack' where platform_id = ${t.platformId} and transaction_id = ${v.rolledBackTransactionId})`
    : sql``;
  const eventsPart = v.events.length
    ? sql`, e as (insert into domain_event (type, payload, created_at)
                 select x.type, x.payload, ${v.now}::timestamptz from json_to_recordset(${JSON.stringify(v.events)}::json) as x(type text, payload jsonb))`
    : sql``;
  const touchPart = v.touchSessionId !== undefined
    ? sql`, s as (update game_session set last_seen_at = ${v.now} where id = ${v.touchSessionId} and closed_at is null)`
    : sql``;
  await x.execute(sql`with r as (
      update game_round
         set bet_total = bet_total + ${(add.bet ?? 0n).toString()}::bigint,
             win_total = win_total + ${(add.win ?? 0n).toString()}::bigint,
             bet_count = bet_count + ${add.bets ?? 0},
             rolled_back_count = rolled_back_count + ${add.rolledBack ?? 0},
             status = coalesce(${v.close ?? null}::text, status),
             ended_at = case when ${v.close ?? null}::text is null then ended_at else ${v.now}::timestamptz end,
             updated_at = ${v.now}
       where id = ${v.roundId})
    ${txPart} ${rolledBackPart} ${eventsPart} ${touchPart}
    select 1`);
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
