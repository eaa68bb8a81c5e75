import { z } from 'zod';
import { MaxCallAmount } from './amounts.ts';
import { money } from './envelope.ts';

export * from './amounts.ts';

/**
 * The seamless wallet protocol (product rules §3): game providers call us at
 * `POST /provider/v1/wallet/{platformCode}/{action}` when a player bets or wins. Every request is
 * signed: `x-provider-timestamp` (unix seconds, within ±5 min) and `x-provider-signature` =
 * hex HMAC-SHA256(platform secret, `${timestamp}.${rawBody}`), compared in constant time.
 * Money is integer hundredths of a coin. Answers are `{ status: 'OK', ... }` or
 * `{ status: 'ERROR', error, message, balance? }` (HTTP 200 for protocol refusals, 401 for
 * signature failures), so a provider can tell a refusal from a transport failure.
 */
export const ProviderWalletPrefix = '/provider/v1/wallet';
export const ProviderTimestampHeader = 'x-provider-timestamp';
export const ProviderSignatureHeader = 'x-provider-signature';
/** How far a request's timestamp may be from our clock. */
export const ProviderClockSkewSeconds = 300;

export const ProviderWalletAction = ['authenticate', 'balance', 'bet', 'win', 'rollback', 'endRound'] as const;
export type ProviderWalletAction = (typeof ProviderWalletAction)[number];

export const ProviderError = z.enum([
  'INVALID_SIGNATURE',
  'STALE_REQUEST',
  'BAD_REQUEST',
  'INVALID_TOKEN',
  'SESSION_EXPIRED',
  'INSUFFICIENT_FUNDS',
  /** The same transactionId was sent before with different details. */
  'DUPLICATE_TRANSACTION',
  /** A bet whose transactionId was already rolled back (the rollback arrived first). */
  'TRANSACTION_ROLLED_BACK',
  'ROUND_CLOSED',
  'GAME_UNAVAILABLE',
  /** A win past its round's cap: the platform's win_cap_ratio × what was staked in the round (decision 017). Not paid. */
  'WIN_LIMIT_EXCEEDED',
  /** A win that would take the player's balance past MaxBalance. Not paid. */
  'BALANCE_LIMIT_EXCEEDED',
  'INTERNAL',
]);
export type ProviderError = z.infer<typeof ProviderError>;

const txId = z.string().min(1).max(100);
const roundId = z.string().min(1).max(100);
const sessionToken = z.string().min(16).max(200);
/** Hundredths, at most MaxCallAmount a call (decision 017). */
const amount = z.number().int().nonnegative().max(MaxCallAmount, `must be at most ${MaxCallAmount} hundredths`);

export const providerRequests = {
  authenticate: z.object({ launchToken: z.string().min(16).max(200) }),
  balance: z.object({ sessionToken }),
  bet: z.object({ sessionToken, transactionId: txId, roundId, gameCode: z.string().min(1).max(100), amount: amount.refine((n) => n > 0, 'must be > 0') }),
  win: z.object({
    sessionToken,
    transactionId: txId,
    roundId,
    /** The bet this win pays, when the provider knows it; otherwise the round links them. */
    betTransactionId: txId.optional(),
    amount,
    /** Close the round with this win (no more bets in it). */
    endRound: z.boolean().optional(),
  }),
  rollback: z.object({ sessionToken, transactionId: txId, roundId, rollbackTransactionId: txId }),
  endRound: z.object({ sessionToken, roundId }),
} as const satisfies Record<ProviderWalletAction, z.ZodObject>;

export const providerOk = {
  authenticate: z.object({
    status: z.literal('OK'),
    sessionToken,
    playerId: z.string(),
    nickname: z.string(),
    currency: z.literal('COIN'),
    balance: money,
    mode: z.enum(['real', 'demo']),
    gameCode: z.string(),
  }),
  balance: z.object({ status: z.literal('OK'), balance: money }),
  bet: z.object({ status: z.literal('OK'), balance: money, transactionId: txId }),
  win: z.object({ status: z.literal('OK'), balance: money, transactionId: txId }),
  rollback: z.object({ status: z.literal('OK'), balance: money, transactionId: txId }),
  endRound: z.object({ status: z.literal('OK'), balance: money }),
} as const satisfies Record<ProviderWalletAction, z.ZodObject>;

export const providerErrorResponse = z.object({
  status: z.literal('ERROR'),
  error: ProviderError,
  message: z.string(),
  /** The player's balance now, when known (always with INSUFFICIENT_FUNDS). */
  balance: money.optional(),
});
export type ProviderErrorResponse = z.infer<typeof providerErrorResponse>;
