import { z } from 'zod';
import { text } from './fields.ts';
import { money } from './envelope.ts';
import { withdrawalOrder, withdrawalStatus } from './endpoints/withdraw.ts';

/**
 * The operator API (/operator/v1/…): staff calls authorised by the operator token
 * (`Authorization: Bearer …`), used by the CLI now and the console later. Answers use the app's
 * envelope `{ code, msg, data }` and error codes; a missing or wrong token answers HTTP 401.
 */
export const OperatorPrefix = '/operator/v1';

/** A withdrawal as staff see it: the full account number and who reviewed it. */
export const operatorWithdrawal = withdrawalOrder.extend({
  userId: z.number().int(),
  account: z.string(),
  accountNo: z.string(),
  reviewedBy: z.string().nullable(),
  providerRef: z.string().nullable(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;

export const operatorWithdrawalQuery = z.object({
  status: withdrawalStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const operatorWithdrawalPage = z.object({
  list: z.array(operatorWithdrawal),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Sum of the listed status (or of all) in hundredths. */
  totalAmount: money,
});
export type OperatorWithdrawalPage = z.infer<typeof operatorWithdrawalPage>;

export const rejectWithdrawalBody = z.object({ reason: text(200).trim().min(3) });

/** Lifts a player's login lockout: the player by account name, phone or `#<id>`. */
export const unlockPlayerBody = z.object({ player: text(64).trim().min(1) });

/** Kinds of operator alert (decision 017): a win refused by its round's cap; a win paid into a round already ended. */
export const operatorAlertKind = z.enum(['winCapExceeded', 'lateWin']);
export type OperatorAlertKind = z.infer<typeof operatorAlertKind>;

/**
 * Something staff must look at, one per kind and subject (`game_round:<id>`): a repeat counts up
 * `occurrences` and `amountTotal` (hundredths: wins refused, or paid late) and keeps the latest details.
 */
export const operatorAlert = z.object({
  id: z.number().int(),
  kind: operatorAlertKind,
  subject: z.string(),
  userId: z.number().int().nullable(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  occurrences: z.number().int(),
  amountTotal: money,
  firstAt: z.string(),
  lastAt: z.string(),
});
export type OperatorAlert = z.infer<typeof operatorAlert>;

export const operatorAlertQuery = z.object({
  kind: operatorAlertKind.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Alerts, the most recent first. */
export const operatorAlertPage = z.object({
  list: z.array(operatorAlert),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OperatorAlertPage = z.infer<typeof operatorAlertPage>;
