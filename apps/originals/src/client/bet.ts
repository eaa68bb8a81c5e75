/**
 * Bet field rules, shared by every game: bets are whole coins (multiples of 100 hundredths,
 * which also keeps the slot's 20-line bet whole), inside the session's min and max. What the
 * player types goes through the contract's money-input rule (decision 025): taken exactly or
 * refused with a reason, never changed into another stake.
 */
import { parseMoneyInput, type MoneyInputResult } from '../../../../packages/contract/src/money-input.ts';

export const COIN = 100;

export interface BetLimits {
  /** Hundredths, from the session answer. */
  minBet: number;
  maxBet: number;
  /** A stake above this share of the balance (whole per cent) asks once before it is placed. */
  confirmStakePct?: number | undefined;
}

/** When the session does not say: a stake above half the balance asks first. */
export const DEFAULT_CONFIRM_STAKE_PCT = 50;

/** The smallest and largest whole-coin bets inside the limits (min rounded up, max down). */
export function wholeCoinLimits({ minBet, maxBet }: BetLimits): { min: number; max: number } {
  const min = Math.max(COIN, Math.ceil(minBet / COIN) * COIN);
  const max = Math.max(min, Math.floor(maxBet / COIN) * COIN);
  return { min, max };
}

/** A computed value → the nearest allowed bet (whole coins, clamped). For ½ and ×2 only, never for typed text. */
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

/**
 * What the player typed in the bet field: the stake exactly (hundredths), or the rule's refusal
 * (`0` and `-5` say the minimum, `0.001` and `12.5` say whole coins, `999999` says the maximum).
 */
export function parseBet(text: string, limits: BetLimits): MoneyInputResult {
  const { min, max } = wholeCoinLimits(limits);
  return parseMoneyInput(text, { wholeCoins: true, min, max });
}

/** The bet as the field shows it: whole coins, no grouping, so it reads back through `parseBet` unchanged. */
export function betText(bet: number): string {
  return String(Math.floor(bet / COIN));
}

/** Whether the bet can be placed with this balance (the button says why when it cannot). */
export function canAfford(bet: number, balance: number): boolean {
  return bet <= balance;
}

/** Whether a stake is above the share of the balance that asks first (an unaffordable stake is refused elsewhere). */
export function needsStakeConfirm(bet: number, balance: number, limits: BetLimits): boolean {
  const pct = limits.confirmStakePct ?? DEFAULT_CONFIRM_STAKE_PCT;
  if (pct >= 100 || balance <= 0) return false;
  // bet / balance > pct / 100, in integers.
  return bet * 100 > balance * pct;
}
