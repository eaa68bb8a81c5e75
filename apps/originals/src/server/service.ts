/**
 * The Originals game server: sessions from a launch token, provably fair seed pairs, and rounds.
 *
 * A round is one wallet bet (`<roundId>:bet`) then one win (`<roundId>:win`, possibly 0, with
 * endRound). Its life in originals_round: pending (the bet is being placed, no nonce yet) →
 * open (Mines / Crash in play) → settling (the win is decided and owed) → settled. The nonce is
 * taken only once the wallet accepted the bet, so a refused bet changes nothing (not even the
 * nonce). A settled round always gets its win: the win call is retried (the wallet applies a
 * transaction id once) and, if the wallet stays away, the sweeper sends it again later and after
 * a restart. Demo sessions run the same maths against play money in originals_session.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CRASH_MIN_CASH_OUT_E2,
  OriginalsError,
  checkDiceParams,
  checkSlotParams,
  crashMsForMultiplier,
  crashMultiplierAtMs,
  crashPointE2,
  drawMines,
  minesMaxPicks,
  minesMultiplierE4,
  payoutFor,
  rules,
  settleMines,
  type DiceDirection,
} from '../engine/index.ts';
import { FairnessError } from '@playhall/fairness';
import { fairFloatSource, newSeedPair, rotateSeedPair } from '@playhall/fairness/node';
import { playFairRound } from '../engine/verify-node.ts';
import type {
  CrashRound,
  CrashRoundResponse,
  CrashStartResponse,
  DiceRollResponse,
  FairnessPublic,
  MinesResponse,
  MinesRound,
  OpenRound,
  RotateResponse,
  RoundSummary,
  SessionResponse,
  SlotSpinResponse,
} from '../api/schemas.ts';
import { ApiError } from './errors.ts';
import { DEFAULT_CONFIRM_STAKE_PCT, DEMO_START_BALANCE, MAX_BET, MIN_BET, SESSION_IDLE_MS, capWin, limits } from './limits.ts';
import * as repo from './repo.ts';
import { WalletUnavailable, type WalletClient, type WalletResult } from './wallet-client.ts';
import type { ProviderWalletAction } from '@playhall/contract';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OriginalsServiceDeps {
  db: repo.OriginalsDb;
  wallet: WalletClient;
  /** Unix ms: the server's time decides Crash. */
  now: () => number;
  log: Logger;
  /** Pauses between wallet retries (tests shorten them). */
  retryDelaysMs?: number[];
  /** A timer at each crash round's end; off when `now` does not follow the wall clock. Default on. */
  crashTimers?: boolean;
  /** A stake above this share of the balance asks once (per cent, 1-100). Default DEFAULT_CONFIRM_STAKE_PCT. */
  confirmStakePct?: number;
}

const GAMES = ['slot', 'crash', 'mines', 'dice'] as const;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pending round older than this is assumed abandoned (its process died mid-bet) and rolled back. */
export const PENDING_STALE_MS = 60_000;

interface CrashState {
  crashPointE2: number;
  startedAt: number;
  autoCashoutE2: number | null;
  cashOutE2?: number | null;
}
interface MinesState {
  mineTiles: number[];
  picks: number[];
}

export function createOriginalsService(deps: OriginalsServiceDeps) {
  const { db, wallet, log } = deps;
  const retryDelays = deps.retryDelaysMs ?? [100, 400, 1_500];
  const confirmStakePct = deps.confirmStakePct ?? DEFAULT_CONFIRM_STAKE_PCT;
  const now = () => new Date(deps.now());

  /** A wallet call, retried on unavailability (safe: money calls are idempotent per transaction id). */
  async function walletCall<A extends ProviderWalletAction>(action: A, body: Parameters<WalletClient['call']>[1] & object): Promise<WalletResult<A>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await wallet.call(action, body as never)) as WalletResult<A>;
      } catch (err) {
        if (!(err instanceof WalletUnavailable) || attempt >= retryDelays.length) throw err;
        log.warn({ action, attempt, err: err.message }, 'originals: wallet unavailable, retrying');
        await sleep(retryDelays[attempt]!);
      }
    }
  }

  /** Maps a wallet refusal to the player's error. */
  function refusal(r: { error: string; message: string; balance?: number }): never {
    switch (r.error) {
      case 'INSUFFICIENT_FUNDS':
        throw new ApiError('INSUFFICIENT_FUNDS', 'Not enough coins for this bet. Lower the bet or deposit to keep playing.', r.balance);
      case 'INVALID_TOKEN':
      case 'SESSION_EXPIRED':
        throw new ApiError('SESSION_EXPIRED', 'Your game session has ended. Open the game again from the lobby.');
      case 'GAME_UNAVAILABLE':
        throw new ApiError('GAME_UNAVAILABLE', 'This game is not available right now. Please try again later.');
      default:
        log.error({ wallet: r }, 'originals: unexpected wallet refusal');
        throw new ApiError('WALLET_UNAVAILABLE', 'The wallet could not take this bet. Please try again.');
    }
  }

  // ── Purse: the wallet for real sessions, play money for demo ──────────────────────────────

  async function balanceOf(s: repo.SessionRow): Promise<number> {
    if (s.mode === 'demo') return s.demoBalance ?? 0;
    let r;
    try {
      r = await walletCall('balance', { sessionToken: s.walletToken });
    } catch {
      throw new ApiError('WALLET_UNAVAILABLE', 'Your balance could not be loaded. Please try again.');
    }
    if (!r.ok) refusal(r);
    return r.body.balance;
  }

  /** Takes the stake. Throws the player's error when refused (and makes sure nothing was taken). */
  async function placeBet(s: repo.SessionRow, roundId: string, bet: number): Promise<number> {
    if (s.mode === 'demo') {
      const b = await repo.demoDebit(db, s.id, bet);
      if (b === null) throw new ApiError('INSUFFICIENT_FUNDS', 'Not enough play coins for this bet. Refill your play balance to keep playing.', (await repo.sessionById(db, s.id))?.demoBalance ?? 0);
      return b;
    }
    let r;
    try {
      r = await walletCall('bet', { sessionToken: s.walletToken, transactionId: `${roundId}:bet`, roundId, gameCode: s.gameCode, amount: bet });
    } catch {
      // Unknown whether the bet landed: roll it back (a rollback before its bet is recorded, so a late bet is refused too).
      await rollbackBet(s, roundId).catch(() => undefined);
      throw new ApiError('WALLET_UNAVAILABLE', 'The wallet did not answer, so nothing was bet. Please try again.');
    }
    if (!r.ok) refusal(r);
    return r.body.balance;
  }

  async function rollbackBet(s: repo.SessionRow, roundId: string): Promise<void> {
    if (s.mode === 'demo') return;
    const r = await walletCall('rollback', { sessionToken: s.walletToken, transactionId: `${roundId}:rollback`, roundId, rollbackTransactionId: `${roundId}:bet` });
    if (!r.ok) log.error({ roundId, wallet: r }, 'originals: rollback refused');
  }

  /**
   * Pays a settling round (once) and marks it settled. Answers the balance after, or null when the
   * wallet did not answer (the round stays settling; the sweeper sends the win again).
   */
  async function payRound(roundId: string): Promise<number | null> {
    const r = await repo.roundById(db, roundId);
    if (!r || r.status !== 'settling' || r.win === null) return null;
    const s = (await repo.sessionById(db, r.sessionId))!;
    if (s.mode === 'demo') {
      return db.transaction(async (tx) => {
        if (!(await repo.updateRound(tx, roundId, ['settling'], { status: 'settled', settledAt: now() }))) return null;
        return repo.demoCredit(tx, s.id, r.win!);
      });
    }
    let res;
    try {
      res = await walletCall('win', { sessionToken: s.walletToken, transactionId: `${roundId}:win`, roundId, betTransactionId: `${roundId}:bet`, amount: r.win, endRound: true });
    } catch (err) {
      log.warn({ roundId, err: (err as Error).message }, 'originals: win not delivered yet; the sweeper will resend it');
      return null;
    }
    if (!res.ok) {
      log.error({ roundId, wallet: res }, 'originals: the wallet refused a win');
      return null;
    }
    await repo.updateRound(db, roundId, ['settling'], { status: 'settled', settledAt: now() });
    return res.body.balance;
  }

  // ── Sessions ──────────────────────────────────────────────────────────────────────────────

  async function authed(token: string | undefined, game?: repo.GameCode): Promise<repo.SessionRow> {
    if (!token) throw new ApiError('SESSION_EXPIRED', 'Open the game from the lobby to play.');
    const s = await repo.sessionByToken(db, sha256(token));
    if (!s || deps.now() - s.lastSeenAt.getTime() > SESSION_IDLE_MS) throw new ApiError('SESSION_EXPIRED', 'Your game session has ended. Open the game again from the lobby.');
    if (game && s.gameCode !== game) throw new ApiError('WRONG_GAME', `This session plays ${s.gameCode}, not ${game}.`);
    await repo.touchSession(db, s.id, now());
    return s;
  }

  const publicPair = (p: repo.SeedPairRow): FairnessPublic => ({ serverSeedHash: p.serverSeedHash, clientSeed: p.clientSeed, nonce: p.nonce });
  const used = (r: repo.RoundRow) => ({ serverSeedHash: r.serverSeedHash!, clientSeed: r.clientSeed!, nonce: r.nonce! });

  async function sessionView(s: repo.SessionRow, token: string): Promise<SessionResponse> {
    await settleDueCrash(s.playerRef);
    const pair = (await repo.activePair(db, s.playerRef))!;
    const open = s.gameCode === 'mines' || s.gameCode === 'crash' ? await repo.openRoundOf(db, s.playerRef, s.gameCode) : null;
    const balance = await balanceOf(s);
    return {
      token,
      mode: s.mode,
      gameCode: s.gameCode,
      nickname: s.nickname,
      balance,
      fairness: publicPair(pair),
      limits: { ...limits, confirmStakePct },
      rules: rules[s.gameCode] as unknown as Record<string, unknown>,
      openRound: open ? (open.game === 'mines' ? minesView(open) : crashView(open)) : null,
      serverNow: deps.now(),
    } satisfies SessionResponse & { openRound: OpenRound | null };
  }

  // ── Rounds ────────────────────────────────────────────────────────────────────────────────

  function checkBet(bet: number): void {
    if (bet < MIN_BET) throw new ApiError('INVALID_BET', `The minimum bet is ${MIN_BET / 100} coin.`);
    if (bet > MAX_BET) throw new ApiError('INVALID_BET', `The maximum bet is ${(MAX_BET / 100).toLocaleString('en-US')} coins.`);
  }

  interface Decided {
    status: 'open' | 'settling';
    win: number | null;
    params: unknown;
    outcome: unknown;
    state?: unknown;
    endsAt?: Date | null;
  }

  /**
   * One round's start: pending row, the wallet bet, then (in one transaction) the nonce and the
   * outcome. Answers the round row as decided and the balance after the bet.
   */
  async function startRound(s: repo.SessionRow, bet: number, decide: (seeds: { serverSeed: string; clientSeed: string; nonce: number }, at: Date) => Decided) {
    checkBet(bet);
    const id = randomUUID();
    const inserted = await repo.insertPending(db, { id, sessionId: s.id, playerRef: s.playerRef, mode: s.mode, game: s.gameCode, bet, now: now() });
    if (!inserted) throw new ApiError('ROUND_OPEN', 'Finish your current round first.');
    let balance: number;
    try {
      balance = await placeBet(s, id, bet);
    } catch (err) {
      await repo.updateRound(db, id, ['pending'], { status: 'refused', settledAt: now() });
      throw err;
    }
    const decided = await db.transaction(async (tx) => {
      const row = await repo.roundById(tx, id, true);
      if (row?.status !== 'pending') return null; // the sweeper rolled it back meanwhile
      const pair = await repo.takeNonce(tx, s.playerRef);
      const at = now();
      const d = decide({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce }, at);
      await repo.updateRound(tx, id, ['pending'], {
        status: d.status,
        win: d.win,
        seedPairId: pair.id,
        nonce: pair.nonce,
        params: d.params,
        outcome: d.outcome,
        state: d.state ?? null,
        endsAt: d.endsAt ?? null,
        ...(d.status === 'settling' ? { settledAt: at } : {}),
      });
      return d;
    });
    if (!decided) throw new ApiError('WALLET_UNAVAILABLE', 'The bet took too long and was cancelled. Please try again.');
    if (decided.status === 'settling') {
      const after = await payRound(id);
      balance = after ?? balance + (decided.win ?? 0);
    }
    return { round: (await repo.roundById(db, id))!, balance };
  }

  const engineError = (err: unknown): never => {
    if (err instanceof OriginalsError) throw new ApiError(err.code === 'UNKNOWN_GAME' ? 'BAD_REQUEST' : err.code, capitalise(err.message));
    if (err instanceof FairnessError) throw new ApiError(err.code === 'INVALID_SEED' ? 'INVALID_SEED' : 'INVALID_PARAMS', capitalise(err.message));
    throw err;
  };

  // ── Mines ─────────────────────────────────────────────────────────────────────────────────

  function minesView(r: repo.RoundRow): MinesRound {
    const st = r.state as unknown as MinesState;
    const mines = (r.params as { mines: number }).mines;
    const over = r.status !== 'open';
    const result = over ? (r.outcome as { safePicks: number; hitMine: boolean }) : null;
    const lost = result?.hitMine === true;
    const safe = result ? result.safePicks : st.picks.length;
    const multiplierE4 = safe > 0 && !lost ? minesMultiplierE4(mines, safe) : 0;
    return {
      game: 'mines',
      roundId: r.id,
      status: !over ? 'open' : lost ? 'lost' : 'cashed',
      bet: r.bet,
      mines,
      picks: st.picks,
      safePicks: safe,
      multiplierE4,
      nextMultiplierE4: !over && safe < minesMaxPicks(mines) ? minesMultiplierE4(mines, safe + 1) : null,
      cashOutAmount: !over && safe > 0 ? capWin(payoutFor(r.bet, multiplierE4, 10_000)) : 0,
      mineTiles: over ? st.mineTiles : null,
      win: over ? r.win : null,
      fairness: used(r),
    };
  }

  /** Ends a Mines round with its picks (a mine, the last safe tile, or a cash-out). */
  function minesSettled(r: repo.RoundRow, picks: number[]): Decided {
    const st = r.state as unknown as MinesState;
    const mines = (r.params as { mines: number }).mines;
    const outcome = settleMines(st.mineTiles, { bet: r.bet, mines, picks });
    return { status: 'settling', win: capWin(outcome.payout), params: { bet: r.bet, mines, picks }, outcome, state: { ...st, picks } };
  }

  async function minesAct(s: repo.SessionRow, roundId: string, act: (r: repo.RoundRow) => Decided | { status: 'open'; state: MinesState; params: unknown }): Promise<MinesResponse> {
    const settled = await db.transaction(async (tx) => {
      const r = await repo.roundById(tx, roundId, true);
      if (!r || r.playerRef !== s.playerRef || r.game !== 'mines') throw new ApiError('ROUND_NOT_FOUND', 'This round was not found.');
      if (r.status !== 'open') throw new ApiError('ROUND_CLOSED', 'This round is already over.');
      const d = act(r);
      await repo.updateRound(tx, roundId, ['open'], { ...d, ...(d.status === 'settling' ? { settledAt: now() } : {}) });
      return d.status === 'settling';
    });
    let balance: number | null = null;
    if (settled) balance = await payRound(roundId);
    const r = (await repo.roundById(db, roundId))!;
    return { round: minesView(r), balance: balance ?? (await balanceOf((await repo.sessionById(db, s.id))!)) };
  }

  // ── Crash ─────────────────────────────────────────────────────────────────────────────────

  function crashView(r: repo.RoundRow): CrashRound {
    const st = r.state as unknown as CrashState;
    const over = r.status !== 'open';
    return {
      game: 'crash',
      roundId: r.id,
      status: !over ? 'flying' : st.cashOutE2 ? 'cashed' : 'crashed',
      bet: r.bet,
      autoCashoutE2: st.autoCashoutE2,
      startedAt: st.startedAt,
      serverNow: deps.now(),
      cashOutE2: over ? (st.cashOutE2 ?? null) : null,
      crashPointE2: over ? st.crashPointE2 : null,
      crashAtMs: over ? crashMsForMultiplier(st.crashPointE2) : null,
      win: over ? r.win : null,
      fairness: used(r),
    };
  }

  /**
   * Settles a crash round if it is due (auto cash-out reached or crashed), or cashes it out by hand
   * when `manual`. Server time decides: a cash-out at elapsed t pays bet × crashMultiplierAtMs(t)
   * when t is before the crash time. Answers whether it moved the round to settling.
   */
  async function crashSettle(roundId: string, manual: { playerRef: string } | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const r = await repo.roundById(tx, roundId, true);
      if (!r || r.game !== 'crash' || (manual && r.playerRef !== manual.playerRef)) {
        if (manual) throw new ApiError('ROUND_NOT_FOUND', 'This round was not found.');
        return false;
      }
      // Over already (crashed, auto cash-out, or a cash-out whose answer was lost): the cash-out
      // answers the round as it ended rather than an error, whichever call reached it first.
      if (r.status !== 'open') return false;
      const st = r.state as unknown as CrashState;
      const at = now();
      const elapsed = at.getTime() - st.startedAt;
      const crashMs = crashMsForMultiplier(st.crashPointE2);
      let cashOutE2: number | null = null;
      if (st.autoCashoutE2 !== null && st.autoCashoutE2 <= st.crashPointE2 && elapsed >= crashMsForMultiplier(st.autoCashoutE2)) cashOutE2 = st.autoCashoutE2;
      else if (elapsed >= crashMs) cashOutE2 = null;
      else if (manual) {
        const m = crashMultiplierAtMs(elapsed);
        if (m < CRASH_MIN_CASH_OUT_E2) throw new ApiError('INVALID_PARAMS', 'You can cash out from 1.01×.');
        cashOutE2 = m;
      } else return false; // not due yet
      const win = cashOutE2 === null ? 0 : capWin(payoutFor(r.bet, cashOutE2, 100));
      const params = { bet: r.bet, cashOutE2: cashOutE2 ?? st.autoCashoutE2 };
      const outcome = { crashPointE2: st.crashPointE2, crashAtMs: crashMs, won: cashOutE2 !== null, payout: cashOutE2 === null ? 0 : payoutFor(r.bet, cashOutE2, 100) };
      await repo.updateRound(tx, roundId, ['open'], { status: 'settling', win, params, outcome, state: { ...st, cashOutE2 }, settledAt: at });
      return true;
    });
  }

  /** Lazily settles this player's crash round when its time has come (any call may find it due). */
  async function settleDueCrash(playerRef: string): Promise<void> {
    const r = await repo.openRoundOf(db, playerRef, 'crash');
    if (r && r.endsAt && r.endsAt.getTime() <= deps.now()) {
      if (await crashSettle(r.id, null)) await payRound(r.id);
    }
  }

  async function crashAnswer(s: repo.SessionRow, roundId: string, balance: number | null): Promise<CrashRoundResponse> {
    const r = await repo.roundById(db, roundId);
    if (!r || r.playerRef !== s.playerRef || r.game !== 'crash') throw new ApiError('ROUND_NOT_FOUND', 'This round was not found.');
    return { round: crashView(r), balance: balance ?? (await balanceOf((await repo.sessionById(db, s.id))!)) };
  }

  // ── Timers and the sweeper ────────────────────────────────────────────────────────────────

  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  /** A timer at a crash round's end (auto cash-out or crash); the sweeper and lazy settling back it up. */
  function scheduleCrash(roundId: string, endsAt: Date): void {
    if (closed || deps.crashTimers === false || timers.has(roundId)) return;
    const t = setTimeout(
      () => {
        timers.delete(roundId);
        void (async () => {
          if (await crashSettle(roundId, null)) await payRound(roundId);
        })().catch((err: unknown) => log.error({ err, roundId }, 'originals: crash timer failed'));
      },
      Math.max(0, endsAt.getTime() - deps.now()) + 5,
    );
    t.unref();
    timers.set(roundId, t);
  }

  /**
   * Finishes what needs finishing: crash rounds past their end are settled, owed wins are sent
   * again, and bets left pending by a dead process are rolled back. Runs at start and every few seconds.
   */
  async function sweep(): Promise<number> {
    const at = now();
    const list = await repo.unfinished(db, at, new Date(at.getTime() - PENDING_STALE_MS));
    let done = 0;
    for (const item of list) {
      try {
        if (item.status === 'open' && (await crashSettle(item.id, null))) done++;
        if (item.status === 'pending') {
          const r = (await repo.roundById(db, item.id))!;
          const s = (await repo.sessionById(db, r.sessionId))!;
          if (s.mode === 'real') await rollbackBet(s, item.id);
          const refused = await db.transaction(async (tx) => {
            const ok = await repo.updateRound(tx, item.id, ['pending'], { status: 'refused', settledAt: at });
            if (ok && s.mode === 'demo') await repo.demoCredit(tx, s.id, r.bet);
            return ok;
          });
          if (refused) done++;
          continue;
        }
        if ((await payRound(item.id)) !== null) done++;
      } catch (err) {
        log.error({ err, roundId: item.id }, 'originals: sweep could not finish a round');
      }
    }
    if (!closed) for (const r of await repo.openCrashRounds(db)) scheduleCrash(r.id, r.endsAt);
    return done;
  }

  return {
    sweep,
    close() {
      closed = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },

    /** `session`: a launch token opens a session; a game token (reload) answers it again. */
    async session(launchToken: string | undefined, bearer: string | undefined): Promise<SessionResponse> {
      if (!launchToken) {
        const s = await authed(bearer);
        return sessionView(s, bearer!);
      }
      let r;
      try {
        r = await walletCall('authenticate', { launchToken });
      } catch {
        throw new ApiError('WALLET_UNAVAILABLE', 'The game could not be opened. Please try again.');
      }
      if (!r.ok) {
        if (r.error === 'INVALID_TOKEN' || r.error === 'BAD_REQUEST') throw new ApiError('INVALID_TOKEN', 'This game link was already used or has expired. Open the game again from the lobby.');
        refusal(r);
      }
      const a = r.body;
      const gameCode = GAMES.find((g) => g === a.gameCode);
      if (!gameCode) throw new ApiError('GAME_UNAVAILABLE', 'This game is not one of the Originals.');
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const s = await repo.insertSession(db, {
        tokenHash: sha256(token),
        walletToken: a.sessionToken,
        playerRef: a.mode === 'demo' ? `demo:${a.playerId}` : a.playerId,
        mode: a.mode,
        gameCode,
        nickname: a.nickname,
        demoBalance: a.mode === 'demo' ? DEMO_START_BALANCE : null,
        now: at,
      });
      const fresh = newSeedPair();
      await repo.ensureSeedPair(db, s.playerRef, fresh, at);
      return sessionView(s, token);
    },

    async balance(bearer: string | undefined): Promise<{ balance: number }> {
      const s = await authed(bearer);
      return { balance: await balanceOf(s) };
    },

    async demoRefill(bearer: string | undefined): Promise<{ balance: number }> {
      const s = await authed(bearer);
      if (s.mode !== 'demo') throw new ApiError('REFILL_NOT_ALLOWED', 'Refills are for play money only.');
      const b = await repo.demoRefill(db, s.id, DEMO_START_BALANCE, MIN_BET);
      if (b === null) throw new ApiError('REFILL_NOT_ALLOWED', 'You can refill once your play balance is below the minimum bet.', s.demoBalance ?? 0);
      return { balance: b };
    },

    /** Ends the seed pair (reveals its server seed) and starts a new one, with a new client seed if given. */
    async rotate(bearer: string | undefined, clientSeed: string | undefined): Promise<RotateResponse> {
      const s = await authed(bearer);
      await settleDueCrash(s.playerRef);
      return db.transaction(async (tx) => {
        const pair = await repo.activePair(tx, s.playerRef, true);
        if (!pair) throw new Error(`no seed pair for ${s.playerRef}`);
        if (await repo.hasUnfinished(tx, s.playerRef)) throw new ApiError('ROUND_OPEN', 'Finish your current round before changing seeds.');
        const at = now();
        let next;
        try {
          next = rotateSeedPair({ ...pair }, clientSeed);
        } catch (err) {
          return engineError(err);
        }
        await repo.revealPair(tx, pair.id, at);
        const row = await repo.insertPair(tx, s.playerRef, next.next, at);
        return {
          revealed: { serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, lastNonce: pair.nonce > 0 ? pair.nonce - 1 : null },
          next: publicPair(row),
        };
      });
    },

    async rounds(bearer: string | undefined, limit = 20): Promise<{ rounds: RoundSummary[] }> {
      const s = await authed(bearer);
      const list = await repo.recentRounds(db, s.playerRef, s.gameCode, limit);
      return {
        rounds: list.map((r) => ({
          roundId: r.id,
          game: r.game,
          status: r.status === 'open' ? 'open' : 'settled',
          bet: r.bet,
          win: r.status === 'open' ? null : r.win,
          params: r.params,
          serverSeedHash: r.serverSeedHash!,
          serverSeed: r.serverSeed,
          clientSeed: r.clientSeed!,
          nonce: r.nonce!,
          createdAt: r.createdAt.getTime(),
        })),
      };
    },

    async slotSpin(bearer: string | undefined, bet: number): Promise<SlotSpinResponse> {
      const s = await authed(bearer, 'slot');
      try {
        checkSlotParams({ bet });
      } catch (err) {
        engineError(err);
      }
      const { round, balance } = await startRound(s, bet, (seeds) => {
        const outcome = playFairRound('slot', seeds, { bet });
        return { status: 'settling', win: capWin(outcome.totalWin), params: { bet }, outcome };
      });
      return { roundId: round.id, bet, win: round.win!, balance, fairness: used(round), outcome: round.outcome as SlotSpinResponse['outcome'] };
    },

    async diceRoll(bearer: string | undefined, p: { bet: number; target: number; direction: DiceDirection }): Promise<DiceRollResponse> {
      const s = await authed(bearer, 'dice');
      const params = { bet: p.bet, target: p.target, direction: p.direction };
      try {
        checkDiceParams(params);
      } catch (err) {
        engineError(err);
      }
      const { round, balance } = await startRound(s, p.bet, (seeds) => {
        const outcome = playFairRound('dice', seeds, params);
        return { status: 'settling', win: capWin(outcome.payout), params, outcome };
      });
      return { roundId: round.id, bet: p.bet, win: round.win!, balance, fairness: used(round), outcome: round.outcome as DiceRollResponse['outcome'], target: p.target, direction: p.direction };
    },

    async minesStart(bearer: string | undefined, p: { bet: number; mines: number }): Promise<MinesResponse> {
      const s = await authed(bearer, 'mines');
      const { round, balance } = await startRound(s, p.bet, (seeds) => {
        const mineTiles = drawMines(fairFloatSource(seeds), p.mines);
        return { status: 'open', win: null, params: { bet: p.bet, mines: p.mines, picks: [] }, outcome: null, state: { mineTiles, picks: [] } satisfies MinesState };
      });
      return { round: minesView(round), balance };
    },

    async minesPick(bearer: string | undefined, roundId: string, tile: number): Promise<MinesResponse> {
      const s = await authed(bearer, 'mines');
      return minesAct(s, roundId, (r) => {
        const st = r.state as unknown as MinesState;
        const mines = (r.params as { mines: number }).mines;
        if (st.picks.includes(tile)) throw new ApiError('TILE_TAKEN', 'This tile is already uncovered.');
        const picks = [...st.picks, tile];
        if (st.mineTiles.includes(tile) || picks.length === minesMaxPicks(mines)) return minesSettled(r, picks);
        return { status: 'open', state: { ...st, picks }, params: { bet: r.bet, mines, picks } };
      });
    },

    async minesCashout(bearer: string | undefined, roundId: string): Promise<MinesResponse> {
      const s = await authed(bearer, 'mines');
      return minesAct(s, roundId, (r) => {
        const st = r.state as unknown as MinesState;
        if (st.picks.length === 0) throw new ApiError('INVALID_PARAMS', 'Uncover at least one tile before cashing out.');
        return minesSettled(r, st.picks);
      });
    },

    async crashStart(bearer: string | undefined, p: { bet: number; autoCashoutE2?: number | undefined }): Promise<CrashStartResponse> {
      const s = await authed(bearer, 'crash');
      await settleDueCrash(s.playerRef);
      const auto = p.autoCashoutE2 ?? null;
      const { round, balance } = await startRound(s, p.bet, (seeds, at) => {
        const crashPoint = crashPointE2(fairFloatSource(seeds));
        const startedAt = at.getTime();
        const endMs = auto !== null && auto <= crashPoint ? crashMsForMultiplier(auto) : crashMsForMultiplier(crashPoint);
        const state: CrashState = { crashPointE2: crashPoint, startedAt, autoCashoutE2: auto };
        return { status: 'open', win: null, params: { bet: p.bet, cashOutE2: auto }, outcome: null, state, endsAt: new Date(startedAt + endMs) };
      });
      scheduleCrash(round.id, round.endsAt!);
      const st = round.state as unknown as CrashState;
      return { roundId: round.id, startedAt: st.startedAt, serverNow: deps.now(), bet: round.bet, autoCashoutE2: auto, balance, fairness: used(round) };
    },

    async crashCashout(bearer: string | undefined, roundId: string): Promise<CrashRoundResponse> {
      const s = await authed(bearer, 'crash');
      // A round already due (auto cash-out reached, or crashed) settles as it was, not at today's multiplier.
      await crashSettle(roundId, { playerRef: s.playerRef });
      return crashAnswer(s, roundId, await payRound(roundId));
    },

    async crashState(bearer: string | undefined, roundId: string): Promise<CrashRoundResponse> {
      const s = await authed(bearer, 'crash');
      const r = await repo.roundById(db, roundId);
      let balance: number | null = null;
      if (r && r.playerRef === s.playerRef && r.status === 'open' && r.endsAt && r.endsAt.getTime() <= deps.now()) {
        if (await crashSettle(roundId, null)) balance = await payRound(roundId);
      }
      return crashAnswer(s, roundId, balance);
    },
  };
}
export type OriginalsService = ReturnType<typeof createOriginalsService>;

function capitalise(m: string): string {
  const t = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
