import { AppError, ErrorCode, type Money, type ProviderError, type providerRequests } from '@playhall/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, withTx, type Executor, type Tx } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { balanceKey, getBalances, settleTurnover, transferIn } from '../ledger/ledger.service.ts';
import * as repo from './game-wallet.repo.ts';
import { SESSION_IDLE_MS, type GameSessionsService } from './game-sessions.service.ts';
import { sha256 } from '../../lib/secrets.ts';

/**
 * What a demo session reports as its balance. Demo play money lives in the game, never in the
 * ledger; this is only the figure a provider starts its play-money wallet from.
 */
export const DEMO_BALANCE = 1_000_000 as Money;

/** A protocol refusal: answered as `{ status: 'ERROR', error, message, balance? }`. */
export class ProviderRefusal extends Error {
  constructor(
    readonly error: ProviderError,
    message: string,
    readonly balance?: Money,
  ) {
    super(message);
  }
}

export interface Platform {
  id: number;
  code: string;
}

type Req<A extends keyof typeof providerRequests> = z.output<(typeof providerRequests)[A]>;

const refuse = (error: ProviderError, message: string, balance?: Money): never => {
  throw new ProviderRefusal(error, message, balance);
};

/** The idempotency key of a provider transaction's money move: one per platform and transaction id. */
export const ledgerKey = (platform: Platform, transactionId: string) => `game:${platform.code}:${transactionId}`;

/**
 * The seamless wallet a provider calls (product rules §3, decision 011). Each money call is one
 * database transaction of three statements: prepare (session, the player's round locked, what
 * was seen of the transaction ids), the ledger transfer keyed `game:<platform>:<transactionId>`,
 * and record (the provider transaction, round totals, outbox events) — plus settleTurnover when a
 * round ends. Calls about one round apply one at a time behind the round's lock; the ledger key
 * keeps money from moving twice even if two copies of a call race past every other check.
 */
export function createProviderWalletService(deps: { db: Db; clock: Clock; sessions: GameSessionsService }) {
  const { db, clock, sessions } = deps;

  const coinOf = async (x: Executor, userId: number) => (await getBalances(x, userId)).coin;
  const isOpen = (s: repo.PreparedSession) => s.closedAt === null && clock.now().getTime() - s.lastSeenAt.getTime() < SESSION_IDLE_MS;

  /** The session behind a money call: known at this platform and real (demo play never touches the wallet). */
  function realSession(s: repo.PreparedSession | null): repo.PreparedSession & { userId: number } {
    if (!s) return refuse('INVALID_TOKEN', 'Unknown session token');
    if (s.mode === 'demo' || s.userId === null) return refuse('BAD_REQUEST', 'Demo play never touches the wallet');
    return s as repo.PreparedSession & { userId: number };
  }

  /**
   * A transaction id seen before: the same details answer the first result again (with the
   * balance now); anything different is DUPLICATE_TRANSACTION.
   */
  function replay(prior: repo.TransactionRow, now: Omit<repo.TransactionRow, 'status' | 'roundId' | 'amount'> & { amount: bigint | null }): void {
    const same =
      prior.kind === now.kind &&
      prior.userId === now.userId &&
      prior.providerRoundId === now.providerRoundId &&
      (now.amount === null || prior.amount === now.amount) &&
      prior.refTransactionId === now.refTransactionId &&
      prior.endsRound === now.endsRound;
    if (!same) refuse('DUPLICATE_TRANSACTION', `Transaction ${prior.transactionId} was already received with other details`);
  }

  /**
   * Runs one call's transaction. Maps the ledger's refusals to the protocol, and runs the call
   * once more when a concurrent copy of it won a race on the transaction id: the second run then
   * finds the first one's row and answers as a replay.
   */
  async function run<T>(fn: (tx: Tx, who: { userId?: number }) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const who: { userId?: number } = {};
      try {
        return await withTx(db, (tx) => fn(tx, who));
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.insufficientBalance && who.userId !== undefined) {
          return refuse('INSUFFICIENT_FUNDS', 'The balance is too low for this bet', await coinOf(db, who.userId));
        }
        const raced = isUniqueViolation(err, 'game_transaction_pkey') || (err instanceof AppError && err.code === ErrorCode.idempotencyConflict);
        if (raced && attempt < 2) continue;
        if (raced) return refuse('DUPLICATE_TRANSACTION', 'The transaction id was already used with other details');
        throw err;
      }
    }
  }

  /** A round's end: its status, and the round_settled event when the player bet in it. */
  function closing(platform: Platform, userId: number, round: repo.RoundRow, providerRoundId: string, win: bigint) {
    const status = round.betCount > 0 && round.betCount === round.rolledBackCount ? ('rolledBack' as const) : ('settled' as const);
    const events: repo.OutboxEvent[] =
      round.betCount > 0
        ? [
            {
              type: 'game.round_settled',
              payload: { userId, platform: platform.code, gameId: round.gameId, typeId: round.typeId, roundId: providerRoundId, status, bet: Number(round.betTotal), win: Number(win) },
            },
          ]
        : [];
    return { status, events };
  }

  /** Turnover drops by a settled round's bets, once: the round's lock and its open → closed move make it once. */
  async function settleBets(tx: Tx, userId: number, round: repo.RoundRow) {
    if (round.betTotal > 0n) await settleTurnover(tx, userId, Number(round.betTotal));
  }

  const move = (tx: Tx, platform: Platform, transactionId: string, reason: string, roundPk: number, userId: number, toPlayer: number) =>
    transferIn(tx, {
      idempotencyKey: ledgerKey(platform, transactionId),
      reason,
      reference: `game_round:${roundPk}`,
      entries: [
        { account: { player: userId, book: 'coin' }, asset: 'coin', amount: toPlayer },
        { account: { house: `provider:${platform.code}` }, asset: 'coin', amount: -toPlayer },
      ],
      at: clock.now(),
    });

  return {
    /** Exchanges a launch token for a session token (once). */
    async authenticate(platform: Platform, b: Req<'authenticate'>) {
      const opened = await sessions.authenticate(platform.id, b.launchToken);
      if (!opened) return refuse('INVALID_TOKEN', 'The launch token is unknown, used or expired');
      const { session: s, sessionToken } = opened;
      const real = s.mode === 'real' && s.userId !== null;
      return {
        status: 'OK' as const,
        sessionToken,
        playerId: s.playerRef,
        nickname: real ? await sessions.nicknameOf(s.userId!) : 'Guest',
        currency: 'COIN' as const,
        balance: real ? await coinOf(db, s.userId!) : DEMO_BALANCE,
        mode: s.mode,
        gameCode: s.gameCode,
      };
    },

    /** The player's coin balance; an open session only (it counts as activity). */
    async balance(platform: Platform, b: Req<'balance'>) {
      const s = await sessions.find(platform.id, b.sessionToken);
      if (!s) return refuse('INVALID_TOKEN', 'Unknown session token');
      if (!sessions.isOpen(s)) return refuse('SESSION_EXPIRED', 'The game session has ended');
      await sessions.keepAlive(s.id);
      return { status: 'OK' as const, balance: s.mode === 'real' && s.userId !== null ? await coinOf(db, s.userId) : DEMO_BALANCE };
    },

    /** coin → house provider:<code>. Refused for a closed or expired session, a closed round, a bet already rolled back. */
    async bet(platform: Platform, b: Req<'bet'>) {
      const now = clock.now();
      const amount = BigInt(b.amount);
      const balance = await run(async (tx, who) => {
        const p = await repo.prepare(tx, { platformId: platform.id, tokenHash: sha256(b.sessionToken), roundId: b.roundId, transactionId: b.transactionId, refTransactionId: null, open: true, now });
        const s = realSession(p.session);
        const round = p.round!;
        who.userId = s.userId;
        if (p.prior) {
          replay(p.prior, { transactionId: b.transactionId, kind: 'bet', userId: s.userId, providerRoundId: b.roundId, amount, refTransactionId: null, endsRound: false });
          return coinOf(tx, s.userId);
        }
        if (b.gameCode !== s.gameCode) refuse('BAD_REQUEST', `This session plays ${s.gameCode}, not ${b.gameCode}`);
        if (!isOpen(s)) refuse('SESSION_EXPIRED', 'The game session has ended: bets need an open session');
        if (!s.playable) refuse('GAME_UNAVAILABLE', 'The game is not available now');
        if (p.rolledBackBy) refuse('TRANSACTION_ROLLED_BACK', `Bet ${b.transactionId} was already rolled back by ${p.rolledBackBy}`);
        if (round.status !== 'open') refuse('ROUND_CLOSED', `Round ${b.roundId} is closed`);
        const moved = await move(tx, platform, b.transactionId, 'game_bet', round.id, s.userId, -b.amount);
        await repo.record(tx, {
          tx: { platformId: platform.id, transactionId: b.transactionId, kind: 'bet', userId: s.userId, roundId: round.id, amount, refTransactionId: null, endsRound: false, status: 'applied', ledgerTransferId: moved.transferId },
          roundId: round.id,
          add: { bet: amount, bets: 1 },
          events: [
            {
              type: 'game.bet_placed',
              payload: { userId: s.userId, platform: platform.code, gameId: round.gameId, typeId: round.typeId, roundId: b.roundId, transactionId: b.transactionId, bet: b.amount },
            },
          ],
          touchSessionId: s.id,
          now,
        });
        return moved.balances[balanceKey(s.userId, 'coin')] ?? (await coinOf(tx, s.userId));
      });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /**
     * house provider:<code> → coin. Pays a round the player bet in (or the named bet in it);
     * never refused because the session expired or closed.
     */
    async win(platform: Platform, b: Req<'win'>) {
      const now = clock.now();
      const amount = BigInt(b.amount);
      const endsRound = b.endRound === true;
      const balance = await run(async (tx) => {
        const p = await repo.prepare(tx, {
          platformId: platform.id,
          tokenHash: sha256(b.sessionToken),
          roundId: b.roundId,
          transactionId: b.transactionId,
          refTransactionId: b.betTransactionId ?? null,
          open: false,
          now,
        });
        const s = realSession(p.session);
        if (p.prior) {
          replay(p.prior, { transactionId: b.transactionId, kind: 'win', userId: s.userId, providerRoundId: b.roundId, amount, refTransactionId: b.betTransactionId ?? null, endsRound });
          return coinOf(tx, s.userId);
        }
        const round = p.round;
        if (!round || round.betCount === 0) return refuse('BAD_REQUEST', `Round ${b.roundId} has no bet of this player: a win pays a bet`);
        if (round.status === 'rolledBack' || round.betCount === round.rolledBackCount) refuse('BAD_REQUEST', `Every bet of round ${b.roundId} was rolled back`);
        if (b.betTransactionId !== undefined) {
          const bet = p.ref;
          if (!bet || bet.kind !== 'bet' || bet.roundId !== round.id) refuse('BAD_REQUEST', `Bet ${b.betTransactionId} is not a bet of round ${b.roundId}`);
          if (bet!.status !== 'applied') refuse('BAD_REQUEST', `Bet ${b.betTransactionId} was rolled back`);
        }
        const moved = amount > 0n ? await move(tx, platform, b.transactionId, 'game_win', round.id, s.userId, b.amount) : null;
        const close = endsRound && round.status === 'open' ? closing(platform, s.userId, round, b.roundId, round.winTotal + amount) : null;
        await repo.record(tx, {
          tx: { platformId: platform.id, transactionId: b.transactionId, kind: 'win', userId: s.userId, roundId: round.id, amount, refTransactionId: b.betTransactionId ?? null, endsRound, status: 'applied', ledgerTransferId: moved?.transferId ?? null },
          roundId: round.id,
          add: { win: amount },
          close: close?.status,
          events: close?.events ?? [],
          now,
        });
        if (close) await settleBets(tx, s.userId, round);
        return moved?.balances[balanceKey(s.userId, 'coin')] ?? (await coinOf(tx, s.userId));
      });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /**
     * Reverses a bet (wins are final). A rollback that arrives before its bet is recorded and
     * answered OK; the bet, when it comes, is refused and moves nothing.
     */
    async rollback(platform: Platform, b: Req<'rollback'>) {
      const now = clock.now();
      const balance = await run(async (tx) => {
        const p = await repo.prepare(tx, {
          platformId: platform.id,
          tokenHash: sha256(b.sessionToken),
          roundId: b.roundId,
          transactionId: b.transactionId,
          refTransactionId: b.rollbackTransactionId,
          open: true,
          now,
        });
        const s = realSession(p.session);
        const round = p.round!;
        if (p.prior) {
          replay(p.prior, { transactionId: b.transactionId, kind: 'rollback', userId: s.userId, providerRoundId: b.roundId, amount: null, refTransactionId: b.rollbackTransactionId, endsRound: false });
          return coinOf(tx, s.userId);
        }
        const recorded = (status: 'applied' | 'tombstone' | 'noop', amount: bigint, ledgerTransferId: number | null): repo.NewTransaction => ({
          platformId: platform.id,
          transactionId: b.transactionId,
          kind: 'rollback',
          userId: s.userId,
          roundId: round.id,
          amount,
          refTransactionId: b.rollbackTransactionId,
          endsRound: false,
          status,
          ledgerTransferId,
        });
        const target = p.ref;
        if (!target) {
          // The bet has not arrived (yet): remember the rollback so the late bet is refused.
          await repo.record(tx, { tx: recorded('tombstone', 0n, null), roundId: round.id, events: [], now });
          return coinOf(tx, s.userId);
        }
        if (target.userId !== s.userId || target.roundId !== round.id) refuse('BAD_REQUEST', `Transaction ${b.rollbackTransactionId} is not in round ${b.roundId} of this player`);
        if (target.kind !== 'bet') refuse('BAD_REQUEST', 'Only bets can be rolled back: wins are final');
        if (target.status === 'rolledBack') {
          await repo.record(tx, { tx: recorded('noop', 0n, null), roundId: round.id, events: [], now });
          return coinOf(tx, s.userId);
        }
        if (round.status !== 'open') refuse('ROUND_CLOSED', `Round ${b.roundId} is closed: its bets are final`);
        if (round.winTotal > 0n) refuse('BAD_REQUEST', `Round ${b.roundId} already paid a win: its bets are final`);
        const moved = await move(tx, platform, b.transactionId, 'game_rollback', round.id, s.userId, Number(target.amount));
        await repo.record(tx, {
          tx: recorded('applied', target.amount, moved.transferId),
          roundId: round.id,
          add: { bet: -target.amount, rolledBack: 1 },
          rolledBackTransactionId: target.transactionId,
          events: [],
          now,
        });
        return moved.balances[balanceKey(s.userId, 'coin')] ?? (await coinOf(tx, s.userId));
      });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /** Closes the round: no more bets in it; its bets count as wagered (turnover) once. */
    async endRound(platform: Platform, b: Req<'endRound'>) {
      const now = clock.now();
      const balance = await run(async (tx) => {
        const p = await repo.prepare(tx, { platformId: platform.id, tokenHash: sha256(b.sessionToken), roundId: b.roundId, transactionId: null, refTransactionId: null, open: false, now });
        const s = realSession(p.session);
        const round = p.round;
        if (!round) return refuse('BAD_REQUEST', `Round ${b.roundId} is unknown for this player`);
        if (round.status === 'open') {
          const close = closing(platform, s.userId, round, b.roundId, round.winTotal);
          await repo.record(tx, { tx: null, roundId: round.id, close: close.status, events: close.events, now });
          await settleBets(tx, s.userId, round);
        }
        return coinOf(tx, s.userId);
      });
      return { status: 'OK' as const, balance };
    },
  };
}
export type ProviderWalletService = ReturnType<typeof createProviderWalletService>;
