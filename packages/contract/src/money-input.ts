import { MaxCallAmount } from './amounts.ts';

/**
 * Why a typed amount was refused. The client shows `key` translated with `values` (hundredths in
 * `min`/`max`, which the client formats as coins).
 */
export type MoneyInputProblem =
  | { reason: 'empty'; key: 'money.empty' }
  | { reason: 'notNumber'; key: 'money.notNumber' }
  | { reason: 'separator'; key: 'money.separator' }
  | { reason: 'wholeCoins'; key: 'money.wholeCoins' }
  | { reason: 'decimals'; key: 'money.decimals' }
  | { reason: 'belowMin'; key: 'money.belowMin'; values: { min: number } }
  | { reason: 'aboveMax'; key: 'money.aboveMax'; values: { max: number } };

export type MoneyInputResult = { ok: true; amount: number } | ({ ok: false } & MoneyInputProblem);

export interface MoneyInputRules {
  /** Deposits, withdrawals and safebox moves take whole coins only (the server refuses the rest). */
  wholeCoins?: boolean;
  /** Hundredths; defaults to one coin (whole-coin fields) or one hundredth. */
  min?: number;
  /** Hundredths; defaults to the most one call may move. */
  max?: number;
}

/** Digits, an optional minus (so a negative amount is answered with the minimum), an optional point and decimals. */
const NUMBER = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * The one rule for a money field (decision 025): what the player typed is taken exactly or refused
 * with a reason, never changed. Only surrounding spaces are ignored. A comma or a space inside is
 * refused rather than read, because `1,000` and `1.000` mean opposite things in en-US and pt-BR.
 */
export function parseMoneyInput(text: string, rules: MoneyInputRules = {}): MoneyInputResult {
  const wholeCoins = rules.wholeCoins ?? true;
  const min = rules.min ?? (wholeCoins ? 100 : 1);
  const max = rules.max ?? MaxCallAmount;
  const typed = text.trim();
  if (typed === '') return { ok: false, reason: 'empty', key: 'money.empty' };
  const match = NUMBER.exec(typed);
  if (!match) {
    if (/^-?[\d.]*[\d][\d.,\s]*$/.test(typed) && /[,\s]/.test(typed)) return { ok: false, reason: 'separator', key: 'money.separator' };
    return { ok: false, reason: 'notNumber', key: 'money.notNumber' };
  }
  const [, sign, whole, fraction = ''] = match;
  if (wholeCoins && /[1-9]/.test(fraction)) return { ok: false, reason: 'wholeCoins', key: 'money.wholeCoins' };
  if (!wholeCoins && fraction.length > 2) return { ok: false, reason: 'decimals', key: 'money.decimals' };
  const digits = whole!.replace(/^0+(?=\d)/, '');
  // Beyond 15 digits a number is no longer exact, and any such amount is far above every maximum.
  if (digits.length > 15) return sign ? belowMin(min) : aboveMax(max);
  const amount = Number(digits) * 100 + (wholeCoins ? 0 : Number(fraction.padEnd(2, '0') || '0'));
  if (sign || amount < min) return belowMin(min);
  if (amount > max) return aboveMax(max);
  return { ok: true, amount };
}

function belowMin(min: number): MoneyInputResult {
  return { ok: false, reason: 'belowMin', key: 'money.belowMin', values: { min } };
}

function aboveMax(max: number): MoneyInputResult {
  return { ok: false, reason: 'aboveMax', key: 'money.aboveMax', values: { max } };
}
