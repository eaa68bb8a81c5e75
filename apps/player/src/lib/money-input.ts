// Typed money (decision 025), apart from lib/money.ts so the first screen, which only shows money,
// does not carry the input rule (decision 033).
import { parseMoneyInput, type MoneyInputProblem } from '@playhall/contract';
import type { TFunction } from './i18n.ts';
import { formatMoney } from './money.ts';

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
