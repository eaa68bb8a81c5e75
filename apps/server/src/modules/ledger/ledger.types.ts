import type { Money } from '@playhall/contract';

/** What a balance counts. Coupons are an inventory per award id (1001-1399). */
export type Asset = 'coin' | 'points' | 'lottery' | 'liveness' | `coupon:${number}`;

/** A player's books. coin, safebox and withdraw_hold all hold the `coin` asset. */
export type PlayerBook = 'coin' | 'safebox' | 'withdraw_hold' | 'points' | 'lottery' | 'liveness' | `coupon:${number}`;

/**
 * House books. They may go negative (a clearing account is negative while the channel owes us).
 * Each is stored as several shard rows so no single row is updated by every transfer; its
 * balance is the sum of its shards.
 */
export type HouseBook =
  | `clearing:${string}` // per payment channel
  | 'promotion'
  | `jackpot:${string}`
  | 'commission_payable'
  | `provider:${string}`
  | 'payout_clearing';

export type AccountRef = { player: number; book: PlayerBook } | { house: HouseBook };

export interface TransferEntry {
  account: AccountRef;
  asset: Asset;
  /** Hundredths for coin; whole units for points, lottery, liveness and coupons. Signed, never 0. */
  amount: number;
}

export interface TransferInput {
  /** One per business operation, e.g. `deposit:<orderId>`. At most 200 characters. */
  idempotencyKey: string;
  /** What kind of movement, shown to the player as the record kind: 'deposit', 'withdraw_hold', 'safebox_in', ... */
  reason: string;
  /** What it belongs to, e.g. 'deposit_order:123'. */
  reference?: string;
  /** At least one entry; the amounts sum to zero per asset. */
  entries: TransferEntry[];
  /** When it happened (defaults to the database clock). Not part of the idempotency fingerprint. */
  at?: Date;
}

export interface TransferResult {
  transferId: number;
  /** True when this key was already applied with the same request: nothing changed now. */
  replayed: boolean;
  /**
   * Balances of the player accounts this transfer touched, right after it was applied, keyed
   * `${userId}:${book}` (see balanceKey).
   */
  balances: Record<string, number>;
}

/** The key of a player account in TransferResult.balances. */
export const balanceKey = (player: number, book: PlayerBook): string => `${player}:${book}`;

/** A player's whole wallet: ledger balances plus the wagering and recharge counters. */
export interface PlayerBalances {
  coin: Money;
  safebox: Money;
  withdrawHold: Money;
  points: number;
  lottery: number;
  liveness: number;
  /** Coupon award id → count held (only ids with a non-zero count). */
  coupons: Record<number, number>;
  /** Outstanding turnover the player must still wager (product rules §2). */
  bet: Money;
  /** Bonus still locked by outstanding turnover. */
  bonusLocked: Money;
  /** The whole turnover of the current wagering run (bet is what is left of it); 0 when none. */
  turnoverRequired: Money;
  /** Withdrawable: coin minus bonus still locked, never below 0. */
  exchange: Money;
  /** Sum of credited deposits. */
  totalRecharge: Money;
}

export interface LedgerEntryView {
  id: number;
  transferId: number;
  /** The transfer's reason: the record kind. */
  kind: string;
  reference: string | null;
  book: PlayerBook;
  asset: Asset;
  amount: number;
  balanceAfter: number;
  createdAt: Date;
}

export interface EntriesQuery {
  /** Filter by reason (one or several). */
  kind?: string | string[];
  /** Only this book (e.g. 'coin'). */
  book?: PlayerBook;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface EntriesPage {
  list: LedgerEntryView[];
  total: number;
  page: number;
  pageSize: number;
}
