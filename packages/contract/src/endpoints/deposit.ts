import { z } from 'zod';
import { int4Id, text } from '../fields.ts';
import { callAmount } from '../amounts.ts';
import { defineEndpoint, money } from '../envelope.ts';
import { PageSize } from '../constants.ts';

/** A payment channel (spec §3 "Recharge type"). Amounts in hundredths. */
export const rechargeType = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  minAmount: money,
  minAmount2: money,
  /** Null: no channel maximum. */
  maxAmount: money.nullable(),
  isDefault: z.boolean(),
  banks: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string(), sort: z.number().int() })),
});
export type RechargeType = z.infer<typeof rechargeType>;

/** A preset amount (spec §3 "Recharge item"). */
export const rechargeItem = z.object({ id: z.number().int(), price: money, sort: z.number().int() });
export type RechargeItem = z.infer<typeof rechargeItem>;

/** Maps are keyed by id as a string (JSON object keys). */
const tradeMaps = z.object({
  appRechargeTypeMap: z.record(z.string(), rechargeType),
  appRechargeItemMap: z.record(z.string(), rechargeItem),
  /** Channel id → the item ids it offers, in display order. */
  appRechargeTypeItemMap: z.record(z.string(), z.array(z.number().int())),
});

export const getRechargeInfoEndpoint = defineEndpoint({
  path: 'getRechargeInfo',
  summary:
    'Trade info: channels, preset items, links, the player\'s total and last channel. Send the hash you hold: when it still matches, the maps are left out (unchanged: true).',
  request: { hash: text(128).optional() },
  response: tradeMaps.partial().extend({
    hash: z.string(),
    unchanged: z.boolean(),
    totalRecharge: money,
    lastRechargeTypeId: z.number().int().nullable(),
    /** True when minRechargeStatus is on and the player has a credited deposit: minAmount2 applies. */
    useMinAmount2: z.boolean(),
  }),
});

export const depositOrderStatus = z.enum(['pending', 'paid', 'failed', 'expired']);
export type DepositOrderStatus = z.infer<typeof depositOrderStatus>;

export const rechargeEndpoint = defineEndpoint({
  path: 'recharge',
  summary: 'Creates a pending deposit order (expires after 30 min) and answers where to pay it.',
  request: {
    typeId: int4Id(),
    /** Hundredths; whole coins only. */
    amount: callAmount,
    itemId: int4Id().optional(),
    bankId: int4Id().optional(),
  },
  response: z.object({ orderId: z.string(), payUrl: z.string(), expiresAt: z.string() }),
});

export const depositOrder = z.object({
  orderId: z.string(),
  status: depositOrderStatus,
  amount: money,
  typeId: z.number().int(),
  typeName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** Paid after the order had expired (still credited: the money was taken). */
  isLate: z.boolean(),
});
export type DepositOrder = z.infer<typeof depositOrder>;

export const getRechargeOrderEndpoint = defineEndpoint({
  path: 'getRechargeOrder',
  summary: 'One of the player\'s own deposit orders; another player\'s order answers not found.',
  request: { orderId: text(64).min(1) },
  response: depositOrder,
});

export const getRechargeOrderListEndpoint = defineEndpoint({
  path: 'getRechargeOrderList',
  summary:
    'The player\'s own deposit orders, newest first, paged (20 a page by default), with every status: paid, failed (declined), expired (abandoned) and pending, so no payment attempt vanishes.',
  request: {
    /** 1-based. */
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
    status: depositOrderStatus.optional(),
  },
  response: z.object({
    list: z.array(depositOrder),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});

export const depositLimitPeriod = z.enum(['day', 'week', 'month']);
export type DepositLimitPeriod = z.infer<typeof depositLimitPeriod>;

/** One period's limit: the one in force, a pending increase or removal and when it applies, and the use. */
export const depositLimit = z.object({
  /** Null: no limit. */
  amount: money.nullable(),
  /** Set when a raise or removal waits its 24 h: the value it becomes (null = no limit). */
  pending: z.object({ amount: money.nullable(), effectiveAt: z.string() }).nullable(),
  /** Credited plus open deposits in the rolling window (24 h, 7 d, 30 d). */
  used: money,
  /** What can still be deposited in the window; null without a limit. */
  remaining: money.nullable(),
});

export const depositLimitsResponse = z.object({ day: depositLimit, week: depositLimit, month: depositLimit });
export type DepositLimits = z.infer<typeof depositLimitsResponse>;

export const getDepositLimitsEndpoint = defineEndpoint({
  path: 'getDepositLimits',
  summary: 'The player\'s deposit limits (responsible gaming) with pending raises and use.',
  request: {},
  response: depositLimitsResponse,
});

const limitValue = z.number().int().positive().safe().nullable();

export const setDepositLimitsEndpoint = defineEndpoint({
  path: 'setDepositLimits',
  summary:
    'Sets day/week/month deposit limits (hundredths; null removes). Lowering applies at once; raising or removing applies after 24 h. Periods left out are unchanged.',
  request: { day: limitValue.optional(), week: limitValue.optional(), month: limitValue.optional() },
  response: depositLimitsResponse,
});
