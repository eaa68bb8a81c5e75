/**
 * Bet selector rules, shared by every game: bets are whole coins (multiples of 100 hundredths,
 * which also keeps the slot's 20-line bet whole), inside the session's min and max.
 */
export const COIN = 100;

export interface BetLimits {
  /** Hundredths, from the session answer. */
  minBet: number;
  maxBet: number;
}

/** The smallest and largest whole-coin bets inside the limits (min rounded up, max down). */
export function wholeCoinLimits({ minBet, maxBet }: BetLimits): { min: number; max: number } {
  const min = Math.max(COIN, Math.ceil(minBet / COIN) * COIN);
  const max = Math.max(min, Math.floor(maxBet / COIN) * COIN);
  return { min, max };
}

/** Any typed or computed value → the nearest allowed bet (whole coins, clamped). */
export function clampBet(value: number, limits: BetLimits): number {
  const { min, max } = wholeCoinLimits(limits);
  if (!Number.isFinite(value)) return min;
  const coins = Math.round(value / COIN) * COIN;
  return Math.min(max, Math.max(min, coins));
}

/** Quick ×½: halves, rounding down to a whole coin, never below the minimum. */
export function halveBet(bet: number, limits: BetLimits): number {
  return clampBet(Math.floor(bet / 2 / COIN) * COIN, limits);
}

/** Quick ×2: doubles, never above the maximum. */
export function doubleBet(bet: number, limits: BetLimits): number {
  return clampBet(bet * 2, limits);
}

/** Parses what the player typed in the coins field ("12", "12.7") into a bet in hundredths. */
export function betFromInput(text: string, limits: BetLimits): number {
  const coins = Number.parseFloat(text.replace(',', '.'));
  return clampBet(Number.isFinite(coins) ? Math.floor(coins) * COIN : NaN, limits);
}

/** Whether the bet can be placed with this balance (the button says why when it cannot). */
export function canAfford(bet: number, balance: number): boolean {
  return bet <= balance;
}
