import { AppError, ErrorCode, type Money, type ProviderError, type providerRequests } from '@playhall/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, withTx, type Executor, type Tx } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertDomainEvent } from '../events/domain-events.repo.ts';
import { balanceKey, getBalances, settleTurnover, transferIn } from '../ledger/ledger.service.ts';
import * as repo from './game-wallet.repo.ts';
import type { GameSession, GameSessionsService } from './game-sessions.service.ts';

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
 * The seamless wallet a provider calls (product rules §3, decision 011). Each call is one
 * database transaction that locks the player's round first, so calls about one round apply one
 * at a time; every money move is a ledger transfer keyed `game:<platform>:<transactionId>`, so
 * nothing applies twice even when two copies of a call race past every other check.
 */
export function createProviderWalletService(deps: { db: Db; clock: Clock; sessions: GameSessionsService }) {
  const { db, clock, sessions } = deps;

  const coinOf = async (x: Executor, userId: number) => (await getBalances(x, userId)).coin;

  /** The session behind a money call: known at this platform and real (demo play never touches the wallet). */
  async function realSession(platform: Platform, token: string): Promise<GameSession & { userId: number }> {
    const s = await sessions.find(platform.id, token);
    if (!s) return refuse('INVALID_TOKEN', 'Unknown session token');
    if (s.mode === 'demo' || s.userId === null) return refuse('BAD_REQUEST', 'Demo play never touches the wallet');
    return s as GameSession & { userId: number };
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
   * Runs one callback's transaction. Maps the ledger's refusals to the protocol, and runs the
   * callback once more when a concurrent copy of it won a race on the transaction id: the second
   * run then finds the first one's row and answers as a replay.
   */
  async function run<T>(userId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await withTx(db, fn);
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.insufficientBalance) {
          return refuse('INSUFFICIENT_FUNDS', 'The balance is too low for this bet', await coinOf(db, userId));
        }
        const raced = isUniqueViolation(err, 'game_transaction_pkey') || (err instanceof AppError && err.code === ErrorCode.idempotencyConflict);
        if (raced && attempt < 2) continue;
        if (raced) return refuse('DUPLICATE_TRANSACTION', 'The transaction id was already used with other details');
        throw err;
      }
    }
  }

  /** Closes a round once: turnover lowered by its bets, and the round_settled event. */
  async function settleRound(tx: Tx, platform: Platform, s: GameSession & { userId: number }, round: repo.RoundRow, providerRoundId: string, win: bigint, now: Date) {
    const voided = round.betCount > 0 && round.betCount === round.rolledBackCount;
    await repo.closeRound(tx, round.id, voided ? 'rolledBack' : 'settled', now);
    if (round.betTotal > 0n) await settleTurnover(tx, s.userId, Number(round.betTotal));
    if (round.betCount > 0) {
      await insertDomainEvent(
        tx,
        'game.round_settled',
        {
          userId: s.userId,
          platform: platform.code,
          gameId: round.gameId,
          typeId: round.typeId,
          roundId: providerRoundId,
          status: voided ? 'rolledBack' : 'settled',
          bet: Number(round.betTotal),
          win: Number(win),
        },
        now,
      );
    }
  }

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
      const s = await realSession(platform, b.sessionToken);
      if (b.gameCode !== s.gameCode) refuse('BAD_REQUEST', `This session plays ${s.gameCode}, not ${b.gameCode}`);
      const now = clock.now();
      const amount = BigInt(b.amount);
      const out = await run(s.userId, async (tx) => {
        const round = await repo.lockOrOpenRound(tx, { platformId: platform.id, providerRoundId: b.roundId, userId: s.userId, gameId: s.gameId, now });
        const prior = await repo.findTransaction(tx, platform.id, b.transactionId);
        if (prior.found) {
          replay(prior.found, { transactionId: b.transactionId, kind: 'bet', userId: s.userId, providerRoundId: b.roundId, amount, refTransactionId: null, endsRound: false });
          return { balance: await coinOf(tx, s.userId), replayed: true };
        }
        if (!sessions.isOpen(s)) refuse('SESSION_EXPIRED', 'The game session has ended: bets need an open session');
        if (!s.playable) refuse('GAME_UNAVAILABLE', 'The game is not available now');
        if (prior.rolledBackBy) refuse('TRANSACTION_ROLLED_BACK', `Bet ${b.transactionId} was already rolled back by ${prior.rolledBackBy}`);
        if (round.status !== 'open') refuse('ROUND_CLOSED', `Round ${b.roundId} is closed`);
        const moved = await transferIn(tx, {
          idempotencyKey: ledgerKey(platform, b.transactionId),
          reason: 'game_bet',
          reference: `game_round:${round.id}`,
          entries: [
            { account: { player: s.userId, book: 'coin' }, asset: 'coin', amount: -b.amount },
            { account: { house: `provider:${platform.code}` }, asset: 'coin', amount: b.amount },
          ],
          at: now,
        });
        await repo.insertTransaction(tx, {
          platformId: platform.id,
          transactionId: b.transactionId,
          kind: 'bet',
          userId: s.userId,
          roundId: round.id,
          amount,
          refTransactionId: null,
          endsRound: false,
          status: 'applied',
          ledgerTransferId: moved.transferId,
          now,
        });
        await repo.addToRound(tx, round.id, { bet: amount, bets: 1 }, now);
        await insertDomainEvent(
          tx,
          'game.bet_placed',
          { userId: s.userId, platform: platform.code, gameId: round.gameId, typeId: round.typeId, roundId: b.roundId, transactionId: b.transactionId, bet: b.amount },
          now,
        );
        return { balance: moved.balances[balanceKey(s.userId, 'coin')] ?? (await coinOf(tx, s.userId)), replayed: false };
      });
      if (!out.replayed) await sessions.keepAlive(s.id);
      return { status: 'OK' as const, balance: out.balance, transactionId: b.transactionId };
    },

    /**
     * house provider:<code> → coin. Pays a round the player bet in (or the named bet in it);
     * never refused because the session expired or closed.
     */
    async win(platform: Platform, b: Req<'win'>) {
      const s = await realSession(platform, b.sessionToken);
      const now = clock.now();
      const amount = BigInt(b.amount);
      const endsRound = b.endRound === true;
      const balance = await run(s.userId, async (tx) => {
        const round = await repo.lockRound(tx, { platformId: platform.id, providerRoundId: b.roundId, userId: s.userId });
        const prior = await repo.findTransaction(tx, platform.id, b.transactionId);
        if (prior.found) {
          replay(prior.found, { transactionId: b.transactionId, kind: 'win', userId: s.userId, providerRoundId: b.roundId, amount, refTransactionId: b.betTransactionId ?? null, endsRound });
          return coinOf(tx, s.userId);
        }
        if (!round || round.betCount === 0) return refuse('BAD_REQUEST', `Round ${b.roundId} has no bet of this player: a win pays a bet`);
        if (round.status === 'rolledBack' || round.betCount === round.rolledBackCount) refuse('BAD_REQUEST', `Every bet of round ${b.roundId} was rolled back`);
        if (b.betTransactionId !== undefined) {
          const bet = (await repo.findTransaction(tx, platform.id, b.betTransactionId)).found;
          if (!bet || bet.kind !== 'bet' || bet.roundId !== round.id) refuse('BAD_REQUEST', `Bet ${b.betTransactionId} is not a bet of round ${b.roundId}`);
          if (bet!.status !== 'applied') refuse('BAD_REQUEST', `Bet ${b.betTransactionId} was rolled back`);
        }
        let transferId: number | null = null;
        let balance: Money | undefined;
        if (amount > 0n) {
          const moved = await transferIn(tx, {
            idempotencyKey: ledgerKey(platform, b.transactionId),
            reason: 'game_win',
            reference: `game_round:${round.id}`,
            entries: [
              { account: { house: `provider:${platform.code}` }, asset: 'coin', amount: -b.amount },
              { account: { player: s.userId, book: 'coin' }, asset: 'coin', amount: b.amount },
            ],
            at: now,
          });
          transferId = moved.transferId;
          balance = moved.balances[balanceKey(s.userId, 'coin')] as Money | undefined;
        }
        await repo.insertTransaction(tx, {
          platformId: platform.id,
          transactionId: b.transactionId,
          kind: 'win',
          userId: s.userId,
          roundId: round.id,
          amount,
          refTransactionId: b.betTransactionId ?? null,
          endsRound,
          status: 'applied',
          ledgerTransferId: transferId,
          now,
        });
        if (amount > 0n) await repo.addToRound(tx, round.id, { win: amount }, now);
        if (endsRound && round.status === 'open') await settleRound(tx, platform, s, round, b.roundId, round.winTotal + amount, now);
        return balance ?? coinOf(tx, s.userId);
      });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /**
     * Reverses a bet (wins are final). A rollback that arrives before its bet is recorded and
     * answered OK; the bet, when it comes, is refused and moves nothing.
     */
    async rollback(platform: Platform, b: Req<'rollback'>) {
      const s = await realSession(platform, b.sessionToken);
      const now = clock.now();
      const balance = await run(s.userId, async (tx) => {
        const round = await repo.lockOrOpenRound(tx, { platformId: platform.id, providerRoundId: b.roundId, userId: s.userId, gameId: s.gameId, now });
        const prior = await repo.findTransaction(tx, platform.id, b.transactionId);
        if (prior.found) {
          replay(prior.found, { transactionId: b.transactionId, kind: 'rollback', userId: s.userId, providerRoundId: b.roundId, amount: null, refTransactionId: b.rollbackTransactionId, endsRound: false });
          return coinOf(tx, s.userId);
        }
        const record = (status: 'applied' | 'tombstone' | 'noop', amount: bigint, ledgerTransferId: number | null) =>
          repo.insertTransaction(tx, {
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
            now,
          });
        const target = (await repo.findTransaction(tx, platform.id, b.rollbackTransactionId)).found;
        if (!target) {
          // The bet has not arrived (yet): remember the rollback so the late bet is refused.
          await record('tombstone', 0n, null);
          return coinOf(tx, s.userId);
        }
        if (target.userId !== s.userId || target.roundId !== round.id) refuse('BAD_REQUEST', `Transaction ${b.rollbackTransactionId} is not in round ${b.roundId} of this player`);
        if (target.kind !== 'bet') refuse('BAD_REQUEST', 'Only bets can be rolled back: wins are final');
        if (target.status === 'rolledBack') {
          await record('noop', 0n, null);
          return coinOf(tx, s.userId);
        }
        if (round.status !== 'open') refuse('ROUND_CLOSED', `Round ${b.roundId} is closed: its bets are final`);
        if (round.winTotal > 0n) refuse('BAD_REQUEST', `Round ${b.roundId} already paid a win: its bets are final`);
        const moved = await transferIn(tx, {
          idempotencyKey: ledgerKey(platform, b.transactionId),
          reason: 'game_rollback',
          reference: `game_round:${round.id}`,
          entries: [
            { account: { house: `provider:${platform.code}` }, asset: 'coin', amount: -Number(target.amount) },
            { account: { player: s.userId, book: 'coin' }, asset: 'coin', amount: Number(target.amount) },
          ],
          at: now,
        });
        await repo.markRolledBack(tx, platform.id, target.transactionId);
        await repo.addToRound(tx, round.id, { bet: -target.amount, rolledBack: 1 }, now);
        await record('applied', target.amount, moved.transferId);
        return moved.balances[balanceKey(s.userId, 'coin')] ?? (await coinOf(tx, s.userId));
      });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /** Closes the round: no more bets in it; its bets count as wagered (turnover) once. */
    async endRound(platform: Platform, b: Req<'endRound'>) {
      const s = await realSession(platform, b.sessionToken);
      const now = clock.now();
      const balance = await run(s.userId, async (tx) => {
        const round = await repo.lockRound(tx, { platformId: platform.id, providerRoundId: b.roundId, userId: s.userId });
        if (!round) return refuse('BAD_REQUEST', `Round ${b.roundId} is unknown for this player`);
        if (round.status === 'open') await settleRound(tx, platform, s, round, b.roundId, round.winTotal, now);
        return coinOf(tx, s.userId);
      });
      return { status: 'OK' as const, balance };
    },
  };
}
export type ProviderWalletService = ReturnType<typeof createProviderWalletService>;

