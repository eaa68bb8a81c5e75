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

/**
 * A stake above this share of the balance (whole per cent) asks the player to confirm once before
 * it is placed (issue 13). The operator sets it with ORIGINALS_CONFIRM_STAKE_PCT (1-100; 100 never asks).
 */
export const DEFAULT_CONFIRM_STAKE_PCT = 50;

/** ORIGINALS_CONFIRM_STAKE_PCT when it is a whole number from 1 to 100, else the default. */
export function confirmStakePctFrom(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,3}$/.test(raw.trim())) return DEFAULT_CONFIRM_STAKE_PCT;
  const pct = Number(raw.trim());
  return pct >= 1 && pct <= 100 ? pct : DEFAULT_CONFIRM_STAKE_PCT;
}

export const limits = { minBet: MIN_BET, maxBet: MAX_BET, maxWin: MAX_WIN } as const;

/** The payout after the cap. */
export const capWin = (payout: number): number => Math.min(payout, MAX_WIN);
