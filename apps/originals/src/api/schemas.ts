/**
 * The Originals game API: what the in-iframe client calls, under `/originals/api`. Both sides
 * import these schemas (the server validates requests with them and, in tests, its answers).
 *
 * Conventions
 * - Every call is `POST` with a JSON body (possibly `{}`), and every call except `session`
 *   carries `Authorization: Bearer <game token>` (the token `session` returned).
 * - Money is an integer number of hundredths of a coin (100 = 1.00 coin); multipliers keep the
 *   engine's integer scales (`E2` hundredths, `E4` ten-thousandths). Times are Unix milliseconds
 *   of the server's clock.
 * - Success: HTTP 200 with the answer below. Refusal: HTTP 4xx (5xx when the wallet is down) with
 *   `{ error, message, balance? }`: `error` is a stable code for the program, `message` is plain
 *   English for the player.
 * - Launch tokens are one-time. The client keeps the game token in `sessionStorage` and, on a
 *   page reload, calls `session` again with the Bearer token and no launch token: the answer is
 *   the same shape (balance, fairness, and the open Mines / Crash round to resume).
 * - The server seed is never sent while it is in use; a Crash round's crash point and a Mines
 *   round's mines are sent only once the round is over.
 */
import { z } from 'zod';

export const OriginalsApiPrefix = '/originals/api';

/** Money in hundredths of a coin. */
export const amount = z.number().int().safe();
/** A stake: a positive number of hundredths. Limits are in the session's `limits`. */
export const betAmount = amount.positive();

export const OriginalsGameCode = z.enum(['slot', 'crash', 'mines', 'dice']);
export type OriginalsGameCode = z.infer<typeof OriginalsGameCode>;

export const OriginalsMode = z.enum(['real', 'demo']);
export type OriginalsMode = z.infer<typeof OriginalsMode>;

const roundId = z.string().min(1).max(100);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** Client seeds: 1-64 printable ASCII characters without spaces (the engine's rule). */
export const clientSeed = z.string().regex(/^[\x21-\x7e]{1,64}$/, 'The client seed must be 1 to 64 printable characters without spaces');

// ── Errors ──────────────────────────────────────────────────────────────────────────────────

export const OriginalsApiError = z.enum([
  /** The body is not valid for this call (field-level detail in the message). */
  'BAD_REQUEST',
  /** The bet is below the minimum, above the maximum, or not a valid amount for this game. */
  'INVALID_BET',
  /** A game choice is out of range (dice target, number of mines, tile, auto cash-out…). */
  'INVALID_PARAMS',
  'INVALID_SEED',
  /** The wallet refused the bet: `balance` says what the player has. */
  'INSUFFICIENT_FUNDS',
  /** The launch token is unknown or was already used (ask the lobby for a new launch). */
  'INVALID_TOKEN',
  /** No game token, an unknown one, or one that expired: reopen the game from the lobby. HTTP 401. */
  'SESSION_EXPIRED',
  /** The game token belongs to another game than this route's. HTTP 403. */
  'WRONG_GAME',
  /** No such round for this player. HTTP 404. */
  'ROUND_NOT_FOUND',
  /** The round is already settled (cash-out after a mine, a second cash-out…). HTTP 409. */
  'ROUND_CLOSED',
  /** A Mines or Crash round is still open: finish it first (also refuses seed changes). HTTP 409. */
  'ROUND_OPEN',
  /** This tile was already uncovered. HTTP 409. */
  'TILE_TAKEN',
  /** Refill is for demo sessions whose balance is below the minimum bet. HTTP 409. */
  'REFILL_NOT_ALLOWED',
  /** The game is switched off or in maintenance. HTTP 503. */
  'GAME_UNAVAILABLE',
  /** Unknown call. HTTP 404. */
  'NOT_FOUND',
  /** Too many calls. HTTP 429. */
  'RATE_LIMITED',
  /** The wallet did not answer; nothing was bet. Retry later. HTTP 503. */
  'WALLET_UNAVAILABLE',
  'INTERNAL',
]);
export type OriginalsApiError = z.infer<typeof OriginalsApiError>;

export const apiErrorResponse = z.object({
  error: OriginalsApiError,
  message: z.string(),
  /** The balance now, when known (always with INSUFFICIENT_FUNDS). */
  balance: amount.optional(),
});
export type ApiErrorResponse = z.infer<typeof apiErrorResponse>;

// ── Shared pieces ───────────────────────────────────────────────────────────────────────────

/** The active seed pair as the player sees it: the hash, never the seed. */
export const fairnessPublic = z.object({
  serverSeedHash: sha256Hex,
  clientSeed,
  /** The nonce the next round will use. */
  nonce: z.number().int().nonnegative(),
});
export type FairnessPublic = z.infer<typeof fairnessPublic>;

/** The seeds one round used (verify it once the server seed is revealed by a rotation). */
export const fairnessUsed = z.object({
  serverSeedHash: sha256Hex,
  clientSeed,
  nonce: z.number().int().nonnegative(),
});
export type FairnessUsed = z.infer<typeof fairnessUsed>;

export const betLimits = z.object({
  minBet: amount,
  maxBet: amount,
  /** The most one round can pay (a larger win is paid at this amount; RULES.md, Limits). */
  maxWin: amount,
  /** A stake above this share of the balance (whole per cent) asks the player once before it is placed. */
  confirmStakePct: z.number().int().min(1).max(100),
});
export type BetLimits = z.infer<typeof betLimits>;

// ── Mines round view ────────────────────────────────────────────────────────────────────────

export const MinesRoundStatus = z.enum(['open', 'lost', 'cashed']);

export const minesRound = z.object({
  game: z.literal('mines'),
  roundId,
  status: MinesRoundStatus,
  bet: amount,
  mines: z.number().int().min(1).max(24),
  /** Tiles uncovered so far, in order (0-24, row × 5 + column); on a loss the last one is the mine. */
  picks: z.array(z.number().int().min(0).max(24)),
  /** Safe tiles uncovered. */
  safePicks: z.number().int().nonnegative(),
  /** Cash-out multiplier now (0 before the first safe tile or after a mine). */
  multiplierE4: z.number().int().nonnegative(),
  /** What the next safe tile would make it (null when no safe tile is left or the round is over). */
  nextMultiplierE4: z.number().int().positive().nullable(),
  /** What a cash-out now pays (0 when it is not allowed yet). */
  cashOutAmount: amount,
  /** The mines: null while the round is open. */
  mineTiles: z.array(z.number().int().min(0).max(24)).nullable(),
  /** Paid to the player (null while open; 0 on a loss). */
  win: amount.nullable(),
  fairness: fairnessUsed,
});
export type MinesRound = z.infer<typeof minesRound>;

// ── Crash round view ────────────────────────────────────────────────────────────────────────

export const CrashRoundStatus = z.enum(['flying', 'cashed', 'crashed']);

export const crashRound = z.object({
  game: z.literal('crash'),
  roundId,
  status: CrashRoundStatus,
  bet: amount,
  /** Auto cash-out target in hundredths (null when the player cashes out by hand). */
  autoCashoutE2: z.number().int().nullable(),
  /** When the curve started (server clock, Unix ms). Curve: `crashMultiplierAtMs(now − startedAt)`. */
  startedAt: z.number().int(),
  /** The server's clock when this answer was made: the client syncs its animation to it. */
  serverNow: z.number().int(),
  /** The multiplier at which the player cashed out (null unless status is cashed). */
  cashOutE2: z.number().int().nullable(),
  /** The crash point: null while flying (never sent before the round is over). */
  crashPointE2: z.number().int().nullable(),
  /** Milliseconds from the start to the crash on the curve (null while flying). */
  crashAtMs: z.number().int().nullable(),
  /** Paid to the player (null while flying; 0 on a crash). */
  win: amount.nullable(),
  fairness: fairnessUsed,
});
export type CrashRound = z.infer<typeof crashRound>;

export const openRound = z.discriminatedUnion('game', [minesRound, crashRound]);
export type OpenRound = z.infer<typeof openRound>;

// ── POST /originals/api/session ─────────────────────────────────────────────────────────────

/**
 * With `launchToken` (from the launch URL's `token`): opens the game session. Without it (on a
 * reload): answers for the game token in the Authorization header.
 */
export const sessionRequest = z.object({ launchToken: z.string().min(16).max(200).optional() });
export type SessionRequest = z.infer<typeof sessionRequest>;

export const sessionResponse = z.object({
  /** The game token: send it as `Authorization: Bearer …` and keep it in sessionStorage. */
  token: z.string().min(16).max(200),
  mode: OriginalsMode,
  gameCode: OriginalsGameCode,
  nickname: z.string(),
  balance: amount,
  fairness: fairnessPublic,
  limits: betLimits,
  /** The game's published rules (`rules[gameCode]` of `@playhall/originals`, as JSON). */
  rules: z.record(z.string(), z.unknown()),
  /** An unfinished Mines or Crash round of this game to resume, else null. */
  openRound: openRound.nullable(),
  serverNow: z.number().int(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

// ── POST /originals/api/balance, /demo/refill ───────────────────────────────────────────────

export const emptyRequest = z.object({});
export const balanceResponse = z.object({ balance: amount });
export type BalanceResponse = z.infer<typeof balanceResponse>;

/** Demo only, when the play balance is below the minimum bet: back to the starting play money. */
export const refillResponse = balanceResponse;

// ── Fairness ────────────────────────────────────────────────────────────────────────────────

/**
 * `POST /fairness/client-seed {clientSeed}` and `POST /fairness/rotate {clientSeed?}`: both end
 * the current seed pair (its server seed is revealed) and start a new one; a client seed change
 * is a rotation that keeps the new seed, so it takes effect from the next round. Refused with
 * ROUND_OPEN while a Mines or Crash round is open (revealing the seed would reveal its result).
 */
export const clientSeedRequest = z.object({ clientSeed });
export const rotateRequest = z.object({ clientSeed: clientSeed.optional() });

export const rotateResponse = z.object({
  revealed: z.object({
    serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
    serverSeedHash: sha256Hex,
    clientSeed,
    /** The last nonce played with this pair (null when no round was played). */
    lastNonce: z.number().int().nonnegative().nullable(),
  }),
  next: fairnessPublic,
});
export type RotateResponse = z.infer<typeof rotateResponse>;

// ── Round answers common to the one-shot games ──────────────────────────────────────────────

const settledRound = {
  roundId,
  bet: amount,
  /** Paid to the player for the round (after the max-win cap). */
  win: amount,
  /** The balance after the bet and the win. */
  balance: amount,
  fairness: fairnessUsed,
};

// ── POST /originals/api/slot/spin ───────────────────────────────────────────────────────────

const slotSymbol = z.enum(['wild', 'scatter', 'seven', 'diamond', 'bell', 'clover', 'ace', 'king', 'queen', 'jack']);

export const slotSpin = z.object({
  /** Stop of each reel (the strip index shown on the top row). */
  stops: z.array(z.number().int().nonnegative()),
  /** grid[reel][row]: 5 reels of 3 rows, top row first. */
  grid: z.array(z.array(slotSymbol)),
  lineWins: z.array(z.object({ line: z.number().int().nonnegative(), symbol: slotSymbol, count: z.number().int(), amount })),
  scatter: z.object({ count: z.number().int(), positions: z.array(z.tuple([z.number().int(), z.number().int()])), amount }),
  /** Free spins this spin awarded (a retrigger during free spins). */
  freeSpinsAwarded: z.number().int().nonnegative(),
  /** 1 in the base game, the free-spin multiplier in free spins. */
  multiplier: z.number().int().positive(),
  win: amount,
});
export type SlotSpin = z.infer<typeof slotSpin>;

export const slotSpinRequest = z.object({ bet: betAmount });
export type SlotSpinRequest = z.infer<typeof slotSpinRequest>;

export const slotSpinResponse = z.object({
  ...settledRound,
  outcome: z.object({
    bet: amount,
    lineBet: amount,
    base: slotSpin,
    freeSpins: z.array(slotSpin),
    freeSpinsAwarded: z.number().int().nonnegative(),
    /** What the spins add up to before the max-win cap (`win` is what is paid). */
    totalWin: amount,
  }),
});
export type SlotSpinResponse = z.infer<typeof slotSpinResponse>;

// ── POST /originals/api/dice/roll ───────────────────────────────────────────────────────────

export const diceRollRequest = z.object({
  bet: betAmount,
  /** Target in hundredths (5050 = 50.50). */
  target: z.number().int().min(0).max(9999),
  direction: z.enum(['under', 'over']),
});
export type DiceRollRequest = z.infer<typeof diceRollRequest>;

export const diceRollResponse = z.object({
  ...settledRound,
  outcome: z.object({
    /** 0..9999 (shown as 0.00-99.99). */
    roll: z.number().int().min(0).max(9999),
    won: z.boolean(),
    winRolls: z.number().int(),
    multiplierE4: z.number().int(),
    payout: amount,
  }),
  target: z.number().int(),
  direction: z.enum(['under', 'over']),
});
export type DiceRollResponse = z.infer<typeof diceRollResponse>;

// ── Mines: /mines/start, /mines/pick, /mines/cashout ────────────────────────────────────────

export const minesStartRequest = z.object({ bet: betAmount, mines: z.number().int().min(1).max(24) });
export type MinesStartRequest = z.infer<typeof minesStartRequest>;
export const minesPickRequest = z.object({ roundId, tile: z.number().int().min(0).max(24) });
export type MinesPickRequest = z.infer<typeof minesPickRequest>;
export const minesCashoutRequest = z.object({ roundId });
export type MinesCashoutRequest = z.infer<typeof minesCashoutRequest>;

/**
 * Every Mines call answers the round and the balance. A pick that hits a mine, or that uncovers
 * the last safe tile (an automatic cash-out), ends the round: status, mineTiles and win are then set.
 */
export const minesResponse = z.object({ round: minesRound, balance: amount });
export type MinesResponse = z.infer<typeof minesResponse>;

// ── Crash: /crash/start, /crash/cashout, /crash/state ───────────────────────────────────────

export const crashStartRequest = z.object({
  bet: betAmount,
  /** Auto cash-out target in hundredths: 101 (1.01×) to 1,000,000 (10,000×). */
  autoCashoutE2: z.number().int().min(101).max(1_000_000).optional(),
});
export type CrashStartRequest = z.infer<typeof crashStartRequest>;

export const crashStartResponse = z.object({
  roundId,
  startedAt: z.number().int(),
  serverNow: z.number().int(),
  bet: amount,
  autoCashoutE2: z.number().int().nullable(),
  /** The balance after the bet. */
  balance: amount,
  fairness: fairnessUsed,
});
export type CrashStartResponse = z.infer<typeof crashStartResponse>;

export const crashRoundRequest = z.object({ roundId });
export type CrashRoundRequest = z.infer<typeof crashRoundRequest>;

/**
 * `/crash/cashout` and `/crash/state`: the round now. While flying the client animates from
 * `startedAt` synced to `serverNow` and polls `state` (about every 500 ms); the server's time
 * decides a cash-out (a cash-out that arrives after the crash time is a crash).
 */
export const crashRoundResponse = z.object({ round: crashRound, balance: amount });
export type CrashRoundResponse = z.infer<typeof crashRoundResponse>;

// ── POST /originals/api/rounds: the player's recent rounds of this game (for verifying) ─────

export const roundsRequest = z.object({ limit: z.number().int().min(1).max(100).optional() });

export const roundSummary = z.object({
  roundId,
  game: OriginalsGameCode,
  status: z.enum(['open', 'settled']),
  bet: amount,
  win: amount.nullable(),
  /** The round's game parameters as played (bet, target, picks, cash-out…): the verify page's input. */
  params: z.record(z.string(), z.unknown()).nullable(),
  serverSeedHash: sha256Hex,
  /** Revealed once the seed pair was rotated, else null. */
  serverSeed: z.string().nullable(),
  clientSeed,
  nonce: z.number().int().nonnegative(),
  createdAt: z.number().int(),
});
export type RoundSummary = z.infer<typeof roundSummary>;
export const roundsResponse = z.object({ rounds: z.array(roundSummary) });
export type RoundsResponse = z.infer<typeof roundsResponse>;

// ── The route table ─────────────────────────────────────────────────────────────────────────

/** Every call: path under the prefix → request and answer schemas. */
export const originalsApi = {
  session: { path: '/session', request: sessionRequest, response: sessionResponse },
  balance: { path: '/balance', request: emptyRequest, response: balanceResponse },
  demoRefill: { path: '/demo/refill', request: emptyRequest, response: refillResponse },
  clientSeed: { path: '/fairness/client-seed', request: clientSeedRequest, response: rotateResponse },
  rotate: { path: '/fairness/rotate', request: rotateRequest, response: rotateResponse },
  rounds: { path: '/rounds', request: roundsRequest, response: roundsResponse },
  slotSpin: { path: '/slot/spin', request: slotSpinRequest, response: slotSpinResponse },
  diceRoll: { path: '/dice/roll', request: diceRollRequest, response: diceRollResponse },
  minesStart: { path: '/mines/start', request: minesStartRequest, response: minesResponse },
  minesPick: { path: '/mines/pick', request: minesPickRequest, response: minesResponse },
  minesCashout: { path: '/mines/cashout', request: minesCashoutRequest, response: minesResponse },
  crashStart: { path: '/crash/start', request: crashStartRequest, response: crashStartResponse },
  crashCashout: { path: '/crash/cashout', request: crashRoundRequest, response: crashRoundResponse },
  crashState: { path: '/crash/state', request: crashRoundRequest, response: crashRoundResponse },
} as const satisfies Record<string, { path: string; request: z.ZodObject; response: z.ZodType }>;
export type OriginalsApiCall = keyof typeof originalsApi;

/** The full URL path of a call: `/originals/api/slot/spin`. */
export function originalsApiPath(call: OriginalsApiCall): string {
  return `${OriginalsApiPrefix}${originalsApi[call].path}`;
}
