import { parseMoneyInput, type MoneyInputProblem } from '@playhall/contract';
import type { TFunction } from 'i18next';

/** Money is integer hundredths; players see whole units, floored (product rules §0). */
export function moneyUnits(hundredths: number): number {
  return Math.floor(hundredths / 100);
}

export function formatMoney(hundredths: number, language = 'en-US'): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(moneyUnits(hundredths));
}

/** Whole coins typed by the player → hundredths; null when the money-input rule refuses it (decision 025). */
export function parseCoins(text: string): number | null {
  const r = parseMoneyInput(text);
  return r.ok ? r.amount : null;
}

/** The money-input rule's refusal in the player's language, bounds shown as coins. */
export function moneyProblemText(t: TFunction, problem: MoneyInputProblem, language: string): string {
  if (problem.reason === 'belowMin') return t(problem.key, { min: formatMoney(problem.values.min, language) });
  if (problem.reason === 'aboveMax') return t(problem.key, { max: formatMoney(problem.values.max, language) });
  return t(problem.key);
}
