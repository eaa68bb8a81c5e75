import { z } from 'zod';
import { int4Id, int8Id, text } from '../fields.ts';
import { callAmount } from '../amounts.ts';
import { defineEndpoint, money } from '../envelope.ts';

/** At most this many saved receiving accounts per player (product rules §2). */
export const MaxReceivingAccounts = 5;

/** A payout channel (e.g. PIX, bank transfer). Amounts in hundredths. */
export const withdrawChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  minAmount: money,
  /** Null: no channel maximum per request. */
  maxAmount: money.nullable(),
  /** Institutions to choose from when saving an account; empty when the channel needs none (PIX keys). */
  banks: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string(), sort: z.number().int() })),
});
export type WithdrawChannel = z.infer<typeof withdrawChannel>;

/**
 * A saved receiving account. The full number never leaves the server after it is saved: screens
 * and answers carry `accountNoMasked` (all but the last 4 characters hidden).
 */
export const receivingAccount = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  typeName: z.string(),
  /** The institution (one of the channel's banks), null for channels without banks. */
  bankId: z.number().int().nullable(),
  bankName: z.string().nullable(),
  accountName: z.string(),
  accountNoMasked: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReceivingAccount = z.infer<typeof receivingAccount>;

/** The player's receiving accounts (spec §3 "appUserBank", "appUserBankList", keyed by account id). */
export const receivingAccounts = z.object({
  /** The default account (used first), null when none is saved. */
  appUserBank: receivingAccount.nullable(),
  appUserBankList: z.record(z.string(), receivingAccount),
  /** The same accounts in display order: the default first, then newest first. */
  list: z.array(receivingAccount),
  maxAccounts: z.number().int(),
  channels: z.array(withdrawChannel),
});
export type ReceivingAccounts = z.infer<typeof receivingAccounts>;

export const withdrawalStatus = z.enum(['pending', 'approved', 'paid', 'rejected', 'failed']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

/** One withdrawal request, with a snapshot of the account it pays to (a later edit never changes it). */
export const withdrawalOrder = z.object({
  orderId: z.string(),
  status: withdrawalStatus,
  amount: money,
  typeId: z.number().int(),
  typeName: z.string(),
  bankName: z.string().nullable(),
  accountName: z.string(),
  accountNoMasked: z.string(),
  createdAt: z.string(),
  /** When an operator approved or rejected it. */
  reviewedAt: z.string().nullable(),
  /** When it was paid out, or when the payout failed. */
  closedAt: z.string().nullable(),
  /** Why it was rejected or why the payout failed; shown to the player. */
  reason: z.string().nullable(),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrder>;

/**
 * Why an amount is or is not withdrawable now, one line each (product rules §2: the withdraw screen
 * shows exactly why). `ok: false` on account, dailyCount, dailyAmount or minimum blocks every request
 * until it clears; a turnover line that is not ok means part of the coin is locked (the withdrawable
 * rest can still be taken out).
 */
/**
 * A bonus grant whose money is locked now. The lock is released only all at once (when the
 * outstanding turnover reaches 0), so the locking grants are the ones with wagering since it last
 * did: the player's grants that added turnover, newest first, until their amounts reach `locked`.
 */
export const lockingBonus = z.object({
  activityId: z.number().int().nullable(),
  /** The spec's activity type (15 sign-up bonus, 36 daily sign-in, ...); null for a grant without an activity. */
  activityType: z.number().int().nullable(),
  /** The activity's name as the operator wrote it (the reward records show the same); null without an activity. */
  activityName: z.string().nullable(),
  /** The bonus coin this grant locks, exactly (hundredths). */
  amount: money,
  /** The turnover this grant added (amount × its multiplier). */
  turnover: money,
  /** When it was granted. */
  at: z.string(),
});
export type LockingBonus = z.infer<typeof lockingBonus>;

export const withdrawCheck = z.discriminatedUnion('key', [
  /**
   * Bonus money still locked by outstanding turnover: played of required, remaining to play, and
   * the bonuses that lock it (newest first). Their amounts add up to `locked` and their turnovers
   * to `required`, as every lock comes from a bonus grant; a lock added outside the award function
   * would be missing from the list, so the client shows any rest as an unnamed earlier bonus.
   */
  z.object({ key: z.literal('turnover'), ok: z.boolean(), required: money, played: money, remaining: money, locked: money, bonuses: z.array(lockingBonus) }),
  z.object({ key: z.literal('account'), ok: z.boolean() }),
  z.object({ key: z.literal('dailyCount'), ok: z.boolean(), used: z.number().int(), limit: z.number().int() }),
  z.object({ key: z.literal('dailyAmount'), ok: z.boolean(), used: money, limit: money }),
  /** The withdrawable amount reaches the smallest channel minimum. */
  z.object({ key: z.literal('minimum'), ok: z.boolean(), minAmount: money, withdrawable: money }),
]);
export type WithdrawCheck = z.infer<typeof withdrawCheck>;

export const exchangeInfo = receivingAccounts.extend({
  coin: money,
  /** Withdrawable now: coin minus bonus still locked by turnover (product rules §2). */
  exchange: money,
  /** Outstanding turnover. */
  bet: money,
  /** The most one request may take now: withdrawable, the room left today and the largest channel maximum. */
  maxAmount: money,
  limits: z.object({
    /** Requests allowed in any 24 hours, and the amount. Pending, approved and paid requests count. */
    dailyCount: z.number().int(),
    dailyAmount: money,
    usedCount: z.number().int(),
    usedAmount: money,
  }),
  checklist: z.array(withdrawCheck),
  canWithdraw: z.boolean(),
  /** The newest requests, newest first. */
  recent: z.array(withdrawalOrder),
});
export type ExchangeInfo = z.infer<typeof exchangeInfo>;

export const getExchangeEndpoint = defineEndpoint({
  path: 'getExchange',
  summary:
    'The withdraw screen: withdrawable amount, turnover progress, daily limits and their use, payout channels, saved receiving accounts, a checklist of why anything is not withdrawable, and the newest requests.',
  request: {},
  response: exchangeInfo,
});

/** A client id for one tap, so a retried request is applied once. */
const requestId = text(64).min(1).regex(/^[\w-]+$/);

export const exchangeEndpoint = defineEndpoint({
  path: 'exchange',
  summary:
    'Requests a withdrawal to a saved receiving account and holds the amount at once (pending until an operator approves or rejects it; a rejection or failed payout returns it). Whole coins only. A repeated requestId answers the first request.',
  request: {
    accountId: int8Id(),
    /** Hundredths; whole coins only. */
    amount: callAmount,
    requestId,
  },
  response: z.object({ order: withdrawalOrder, coin: money, exchange: money }),
});

export const getWithdrawalOrderEndpoint = defineEndpoint({
  path: 'getWithdrawalOrder',
  summary: 'One of the player\'s own withdrawal requests; another player\'s answers not found.',
  request: { orderId: text(64).min(1) },
  response: withdrawalOrder,
});

export const getBankInfoListEndpoint = defineEndpoint({
  path: 'getBankInfoList',
  summary: 'The player\'s saved receiving accounts (numbers masked) and the payout channels they can be for.',
  request: {},
  response: receivingAccounts,
});

/** Holder name: letters, spaces and . ' - only. */
const accountName = text(60).trim().min(2);
/** Checked against withdrawAccountLength from app config by the server; letters, digits and @ . _ + - only. */
const accountNo = text(64).trim().min(1);

export const addBankInfoEndpoint = defineEndpoint({
  path: 'addBankInfo',
  summary:
    'Saves a receiving account for a payout channel (at most 5; number length from withdrawAccountLength). The first account becomes the default.',
  request: {
    typeId: int4Id(),
    bankId: int4Id().optional(),
    accountName,
    accountNo,
    isDefault: z.boolean().optional(),
  },
  response: receivingAccounts,
});

export const modifyBankInfoEndpoint = defineEndpoint({
  path: 'modifyBankInfo',
  summary:
    'Changes one of the player\'s saved receiving accounts. Fields left out are unchanged; a new number replaces the old one. Requests already made keep the account they were made to.',
  request: {
    id: int8Id(),
    bankId: int4Id().optional(),
    accountName: accountName.optional(),
    accountNo: accountNo.optional(),
    isDefault: z.literal(true).optional(),
  },
  response: receivingAccounts,
});
