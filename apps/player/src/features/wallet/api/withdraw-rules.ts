import {
  ACCOUNT_NO_PATTERN,
  compactAccountNo,
  HOLDER_NAME_PATTERN,
  HolderNameLength,
  parseMoneyInput,
  tidyHolderName,
  type ExchangeInfo,
  type LengthRange,
  type ReceivingAccount,
  type WithdrawChannel,
  type WithdrawCheck,
} from '@playhall/contract';

/**
 * The withdraw screen's rules on the client, kept pure so they are tested without a page. The
 * server checks every one of them again; these only spare the player a round trip and say why.
 */

// The route's check lives apart (withdrawal-route.ts) so the router does not bring these rules along.
export { isWithdrawalOrderId, WITHDRAWAL_ORDER_ID, withdrawalParams } from './withdrawal-route.ts';

/** A message to show: an i18n key and its values (amounts already in hundredths). */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** The room left today under the 24-hour amount limit. */
export function roomToday(info: Pick<ExchangeInfo, 'limits'>): number {
  return Math.max(0, info.limits.dailyAmount - info.limits.usedAmount);
}

/** The most one request to this channel may take now: the server's maxAmount and the channel maximum, in whole coins. */
export function channelCeiling(info: Pick<ExchangeInfo, 'maxAmount'>, channel: WithdrawChannel | undefined): number {
  const max = channel?.maxAmount == null ? info.maxAmount : Math.min(info.maxAmount, channel.maxAmount);
  return Math.floor(max / 100) * 100;
}

export type AmountCheck = { ok: true; amount: number } | { ok: false; problem: Problem };

/**
 * The amount field's rules in the order a player can act on them: a number at all, whole coins,
 * the channel's minimum and maximum, then what is withdrawable now and what today's limit leaves.
 */
export function checkWithdrawAmount(
  text: string,
  info: Pick<ExchangeInfo, 'exchange' | 'maxAmount' | 'limits'>,
  channel: WithdrawChannel | undefined,
): AmountCheck {
  const clean = text.trim();
  if (clean === '') return { ok: false, problem: { key: 'withdraw.amountRequired' } };
  // The one money-input rule (decision 025); a minimum refusal names the channel, as the server's does.
  const min = Math.max(100, channel?.minAmount ?? 0);
  const typed = parseMoneyInput(clean, { min });
  if (!typed.ok && !(typed.reason === 'belowMin' && channel && min === channel.minAmount)) {
    return { ok: false, problem: { key: typed.key, ...('values' in typed ? { values: typed.values } : {}) } };
  }
  const amount = typed.ok ? typed.amount : 0;
  if (channel && amount < channel.minAmount) {
    return { ok: false, problem: { key: 'withdraw.belowMin', values: { channel: channel.name, min: channel.minAmount } } };
  }
  if (channel && channel.maxAmount !== null && amount > channel.maxAmount) {
    return { ok: false, problem: { key: 'withdraw.aboveMax', values: { channel: channel.name, max: channel.maxAmount } } };
  }
  if (amount > info.exchange) return { ok: false, problem: { key: 'withdraw.aboveWithdrawable', values: { max: info.exchange } } };
  const room = roomToday(info);
  if (amount > room) return { ok: false, problem: { key: 'withdraw.aboveToday', values: { left: room } } };
  if (amount > info.maxAmount) return { ok: false, problem: { key: 'withdraw.aboveWithdrawable', values: { max: info.maxAmount } } };
  return { ok: true, amount };
}

/** The checklist lines that are not ok, in the server's order (an all-clear list shows nothing). */
export function openChecks(checklist: readonly WithdrawCheck[]): WithdrawCheck[] {
  return checklist.filter((c) => !c.ok);
}

/** Turnover progress, 0-100, for the bar (played of required). */
export function turnoverPercent(check: Extract<WithdrawCheck, { key: 'turnover' }>): number {
  if (check.required <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((check.played / check.required) * 100)));
}

/**
 * Locked coin the named bonuses do not account for (0 when they add up to `locked`, as they do
 * whenever every lock came from a bonus grant): the checklist shows it as an earlier bonus, so the
 * lines always add up to the locked figure above them.
 */
export function unnamedLocked(check: Extract<WithdrawCheck, { key: 'turnover' }>): number {
  return Math.max(0, check.locked - check.bonuses.reduce((sum, b) => sum + b.amount, 0));
}

/** The account a withdrawal goes to first: the one picked, else the default, else the first. */
export function initialAccount(accounts: readonly ReceivingAccount[], picked?: number | null): ReceivingAccount | undefined {
  return accounts.find((a) => a.id === picked) ?? accounts.find((a) => a.isDefault) ?? accounts[0];
}

/**
 * One line that names an account without its number: channel, bank when it has one, and the
 * masked number the server sent (the full number never reaches the client after it is saved).
 */
export function accountLabel(a: Pick<ReceivingAccount, 'typeName' | 'bankName' | 'accountNoMasked'>): string {
  return [a.bankName ?? a.typeName, a.accountNoMasked].join(' ');
}

export interface AccountFormValues {
  typeId?: number | null;
  bankId?: number | null;
  accountName?: string;
  accountNo?: string;
  isDefault?: boolean;
}

export type AccountField = 'typeId' | 'bankId' | 'accountName' | 'accountNo';

/**
 * The receiving-account form's rules. On edit (`editing`) an empty number means "unchanged";
 * on add it is required. Lengths come from `withdrawAccountLength` in app config.
 */
export function checkAccountForm(
  values: AccountFormValues,
  opts: { channel: WithdrawChannel | undefined; length: LengthRange; editing: boolean },
): Partial<Record<AccountField, Problem>> {
  const problems: Partial<Record<AccountField, Problem>> = {};
  if (!opts.channel) problems.typeId = { key: 'cards.chooseChannel' };
  if (opts.channel && opts.channel.banks.length > 0 && !values.bankId) problems.bankId = { key: 'cards.chooseBank' };

  const name = tidyHolderName(values.accountName ?? '');
  if (name === '') problems.accountName = { key: 'cards.nameRequired' };
  else if (name.length < HolderNameLength.min || name.length > HolderNameLength.max) problems.accountName = { key: 'cards.nameLength', values: { ...HolderNameLength } };
  else if (!HOLDER_NAME_PATTERN.test(name)) problems.accountName = { key: 'cards.nameChars' };

  const no = compactAccountNo(values.accountNo ?? '');
  const { min, max } = opts.length;
  if (no === '') {
    if (!opts.editing) problems.accountNo = { key: 'cards.numberRequired' };
  } else if (!ACCOUNT_NO_PATTERN.test(no)) problems.accountNo = { key: 'cards.numberChars' };
  else if (no.length < min || no.length > max) problems.accountNo = { key: 'cards.numberLength', values: { min, max } };
  return problems;
}
