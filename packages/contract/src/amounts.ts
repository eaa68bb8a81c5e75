import { z } from 'zod';

/**
 * The most one call may move: 10,000,000,000 hundredths (100,000,000 coins; decision 017). Bets,
 * wins, deposits, withdrawals and safebox moves are all bounded by it. It is 1,000× the largest
 * win of our own Originals and far above any payment channel's limit, and so far below the
 * largest balance (MaxBalance) that no sum of calls in flight can overflow a number. The database
 * refuses the same bound.
 */
export const MaxCallAmount = 10_000_000_000;

/**
 * The largest balance any ledger account may hold: 2^53 − 1 hundredths, the largest integer a
 * JSON number carries exactly (ledger_account's CHECK keeps every balance within ±MaxBalance).
 */
export const MaxBalance = Number.MAX_SAFE_INTEGER;

/** An amount one call moves: whole hundredths, 1 .. MaxCallAmount. */
export const callAmount = z.number().int().positive().max(MaxCallAmount, `must be at most ${MaxCallAmount} hundredths`);
