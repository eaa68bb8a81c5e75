/**
 * Table limits of every Original (hundredths of a coin). RULES.md, "Limits", says the same and
 * gives the cap's effect on the RTP.
 */
export const MIN_BET = 100; // 1 coin
export const MAX_BET = 100_000; // 1,000 coins
/** The most one round pays: 100,000 coins. A larger win is paid at this amount. */
export const MAX_WIN = 10_000_000;
/** Demo sessions start with (and refill to) 1,000 coins of play money. */
export const DEMO_START_BALANCE = 100_000;
/** A session with no call for this long is over (the wallet's game sessions expire the same way). */
export const SESSION_IDLE_MS = 30 * 60_000;

export const limits = { minBet: MIN_BET, maxBet: MAX_BET, maxWin: MAX_WIN } as const;

/** The payout after the cap. */
export const capWin = (payout: number): number => Math.min(payout, MAX_WIN);
