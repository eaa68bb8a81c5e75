import { type Money, type ProviderError, type providerRequests } from '@playhall/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { groupCommitTuning } from '../../config.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import { sqlState } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { ledgerTransfers } from '../../lib/metrics.ts';
import { toMoney } from '../../lib/money.ts';
import { getBalances, HOUSE_SHARDS } from '../ledger/ledger.service.ts';
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

/** What a money call carries besides its action and round: its ids and amounts. */
type CallDetails = Partial<Pick<repo.MoneyCall, 'ref' | 'gameCode' | 'amount' | 'endsRound'>>;

/** A money call as game_wallet_calls takes it: the session by its token's hash, the call's time and the idle rule. */
export function moneyCall(
  platform: Platform,
  action: repo.MoneyCall['action'],
  b: { sessionToken: string; roundId: string; transactionId?: string | null },
  more: CallDetails,
  now: Date,
): repo.MoneyCall {
  return {
    action,
    platform: platform.id,
    platformCode: platform.code,
    tokenHash: sha256(b.sessionToken),
    round: b.roundId,
    tx: b.transactionId ?? null,
    ref: null,
    gameCode: null,
    amount: null,
    endsRound: false,
    ...more,
    now: now.toISOString(),
    idleMs: SESSION_IDLE_MS,
  };
}

type Req<A extends keyof typeof providerRequests> = z.output<(typeof providerRequests)[A]>;

const refuse = (error: ProviderError, message: string, balance?: Money): never => {
  throw new ProviderRefusal(error, message, balance);
};

/** Calls per statement at most: one statement holds its players' locks until it commits. */
const CALL_BATCH = 32;

/**
 * The seamless wallet a provider calls (product rules §3, decision 011). Money calls (bet, win,
 * rollback, endRound) are decided and applied in the database by game_wallet_calls (migration
 * 0430): the session, the player's coin account (locked, so one player's calls apply one at a
 * time), the round, the provider's transaction ids, the ledger transfer, the records, the outbox
 * events and the turnover at a round's end, atomically. Calls that arrive together go to the
 * database together as one statement and one commit (group commit), each answered as if they had
 * run one by one. The provider transaction's key keeps money from moving twice even if two copies
 * of a call race past every other check; the loser runs again and answers as a replay.
 */
export function createProviderWalletService(deps: { db: Db; clock: Clock; sessions: GameSessionsService }) {
  const { db, clock, sessions } = deps;

  const coinOf = async (userId: number) => (await getBalances(db, userId)).coin;
  /**
   * Concurrent money calls per database, and how many waiting open another call (see GroupCommit).
   * A batch's statements and writes are shared by all its calls (game_wallet_calls, migration 0430),
   * so bigger batches pay. Measured (rounds bench, ratio to TPC-B per run): at 8 clients one
   * statement at a time and two, the second for 3, 6 or 16 waiting calls, came out the same within
   * the machine's noise (0.22-0.40×); three or more in flight were worse (four for 1 waiting:
   * 0.14-0.17×, the backends queueing on the WAL flush). At 32 clients a second statement opened
   * for 12-24 waiting calls beat one opened for 6 (~1,800 against ~1,560 rounds/s, p99 34 against
   * 42 ms): a second statement of a few calls pays its fixed part for little. Overridable for
   * measuring: GAME_CALL_LANES, GAME_CALL_SPILL (defaults 2 and 16, checked at start by loadConfig).
   */
  const answeredCalls = ledgerTransfers.labels('game_wallet');
  const tuning = groupCommitTuning();
  const batcher = new GroupCommit<repo.MoneyCall, repo.CallOutcome>({
    name: 'game_wallet',
    lanes: tuning.gameCallLanes,
    spill: tuning.gameCallSpill,
    maxBatch: CALL_BATCH,
    attempts: 5,
    // One house shard per statement: statements in flight wait on a shard row at most once, never on each other's in turn.
    send: (calls) => repo.calls(db, calls, Math.floor(Math.random() * HOUSE_SHARDS)),
  });

  /** Runs one money call; a lost race on its ids runs it once more (it then answers as a replay). */
  async function call(
    platform: Platform,
    action: repo.MoneyCall['action'],
    b: { sessionToken: string; roundId: string; transactionId?: string },
    more: CallDetails = {},
  ) {
    const item = moneyCall(platform, action, b, more, clock.now());
    for (let attempt = 1; ; attempt++) {
      let out: repo.CallOutcome;
      try {
        out = await batcher.submit(item);
      } catch (err) {
        const raced = sqlState(err) === '23505';
        if (raced && attempt < 2) continue;
        if (raced) return refuse('DUPLICATE_TRANSACTION', 'The transaction id was already used with other details');
        throw err;
      }
      if (out.error !== undefined) return refuse(out.error as ProviderError, out.message, out.balance === undefined ? undefined : toMoney(out.balance));
      answeredCalls.inc();
      return toMoney(out.balance);
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
        balance: real ? await coinOf(s.userId!) : DEMO_BALANCE,
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
      return { status: 'OK' as const, balance: s.mode === 'real' && s.userId !== null ? await coinOf(s.userId) : DEMO_BALANCE };
    },

    /** coin → house provider:<code>. Refused for a closed or expired session, a closed round, a bet already rolled back. */
    async bet(platform: Platform, b: Req<'bet'>) {
      const balance = await call(platform, 'bet', b, { gameCode: b.gameCode, amount: String(b.amount) });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /**
     * house provider:<code> → coin. Pays a round the player bet in (or the named bet in it);
     * never refused because the session expired or closed. endRound closes the round too.
     */
    async win(platform: Platform, b: Req<'win'>) {
      const balance = await call(platform, 'win', b, { ref: b.betTransactionId ?? null, amount: String(b.amount), endsRound: b.endRound === true });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /**
     * Reverses a bet (wins are final). A rollback that arrives before its bet is recorded and
     * answered OK; the bet, when it comes, is refused and moves nothing.
     */
    async rollback(platform: Platform, b: Req<'rollback'>) {
      const balance = await call(platform, 'rollback', b, { ref: b.rollbackTransactionId });
      return { status: 'OK' as const, balance, transactionId: b.transactionId };
    },

    /** Closes the round: no more bets in it; its bets count as wagered (turnover) once. */
    async endRound(platform: Platform, b: Req<'endRound'>) {
      return { status: 'OK' as const, balance: await call(platform, 'endRound', b, { endsRound: true }) };
    },
  };
}
export type ProviderWalletService = ReturnType<typeof createProviderWalletService>;
