import { z } from 'zod';
import { recordDayOrInstant } from '../fields.ts';
import { PageSize } from '../constants.ts';
import { defineEndpoint, money } from '../envelope.ts';
import { withdrawalStatus } from './withdraw.ts';

/**
 * The record kinds a player understands. The server maps every ledger reason to one of them
 * (unknown reasons to `other`), so new reasons never break an older client.
 */
export const coinRecordKind = z.enum(['deposit', 'withdraw', 'safebox', 'bonus', 'game', 'other']);
export type CoinRecordKind = z.infer<typeof coinRecordKind>;

/** The player's books that hold coin. */
export const coinRecordBook = z.enum(['coin', 'safebox', 'withdraw_hold']);
export type CoinRecordBook = z.infer<typeof coinRecordBook>;

const dateOrInstant = recordDayOrInstant();

/** A step of a withdrawal's life, each with when it happened. */
export const coinRecordStep = z.object({
  step: z.enum(['requested', 'approved', 'paid', 'rejected', 'failed', 'returned']),
  at: z.string(),
});
export type CoinRecordStep = z.infer<typeof coinRecordStep>;

/** A game session's summary: the rounds played in one game without other money moving in between. */
export const coinRecordGame = z.object({
  gameId: z.number().int(),
  gameName: z.string(),
  /** Rounds that moved coin in this session. */
  rounds: z.number().int(),
  /** Staked, net of bets rolled back. */
  bet: money,
  /** Paid out by the game (a payout, not a profit: the net is `amount`). */
  win: money,
  startedAt: z.string(),
});
export type CoinRecordGame = z.infer<typeof coinRecordGame>;

/**
 * One thing that moved the player's coin balance (issue 13 §3): a deposit, a withdrawal request,
 * a withdrawal's return, a safebox move, a game session, a reward. Never an internal ledger leg:
 * the money held for a withdrawal and the safebox's own book are details of the row, not rows.
 * Consecutive rows follow: `balanceAfter` of a row = `balanceAfter` of the row before it + `amount`.
 */
export const coinRecord = z.object({
  id: z.number().int(),
  /** When the balance moved (a game session: its last round). */
  createdAt: z.string(),
  kind: coinRecordKind,
  /**
   * What happened, e.g. `deposit`, `withdraw_hold` (a withdrawal requested), `withdraw_release`
   * (its amount returned), `safebox_in`, `game_session`: the client translates it, falling back to the kind.
   */
  reason: z.string(),
  /** Always `coin` now: every row is a movement of the coin balance. */
  book: coinRecordBook,
  /** Signed: positive came in, negative went out. */
  amount: money,
  /** The coin balance after this row. */
  balanceAfter: money,
  reference: z.string().nullable(),
  /** The deposit or withdrawal order this row belongs to, null for others. */
  orderId: z.string().nullable(),
  /** A withdrawal's status now (its request row and its return row), null for others. */
  status: withdrawalStatus.nullable(),
  /** A withdrawal's steps so far, oldest first; empty for others. */
  timeline: z.array(coinRecordStep),
  /** Why a withdrawal was rejected or its payout failed. */
  note: z.string().nullable(),
  /** A safebox move: the safebox balance after it. */
  safeboxAfter: money.nullable(),
  /** A game session's summary. */
  game: coinRecordGame.nullable(),
});
export type CoinRecord = z.infer<typeof coinRecord>;

export const appUserCoinDetailEndpoint = defineEndpoint({
  path: 'appUserCoinDetail',
  summary:
    'The player\'s own coin records, one row per thing that moved their coin balance (a deposit, a withdrawal with its status and steps, its return, a safebox move, a game session, a reward), newest first, paged, filtered by kind and an inclusive date range.',
  request: {
    /** 1-based. */
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
    kind: coinRecordKind.optional(),
    /** Inclusive. A day means from its start. */
    from: dateOrInstant.optional(),
    /** Inclusive. A day means up to its end. */
    to: dateOrInstant.optional(),
  },
  response: z.object({
    list: z.array(coinRecord),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
