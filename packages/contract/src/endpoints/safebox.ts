import { z } from 'zod';
import { text } from '../fields.ts';
import { callAmount } from '../amounts.ts';
import { defineEndpoint, money } from '../envelope.ts';

/** The player's safebox and coin balances, and whether taking out is possible now. */
export const safeboxState = z.object({
  coin: money,
  safebox: money,
  hasPassword: z.boolean(),
  /** ISO time until which taking out is locked after repeated wrong passwords; null when not locked. */
  lockedUntil: z.string().nullable(),
});
export type SafeboxState = z.infer<typeof safeboxState>;

/** Digits only; the exact length (safeboxPasswordLength in app config) is checked by the server. */
const safeboxPassword = text(32).min(1);
/** Hundredths, whole coins only (a multiple of 100), greater than 0. */
const safeboxAmount = callAmount;
/** A client id for one tap, so a retried request is applied once. */
const requestId = text(64).min(1).regex(/^[\w-]+$/).optional();

export const getSafeboxEndpoint = defineEndpoint({
  path: 'getSafebox',
  summary: 'The player\'s coin and safebox balances, whether a safebox password is set and any take-out lock.',
  request: {},
  response: safeboxState,
});

export const setSafeboxPasswordEndpoint = defineEndpoint({
  path: 'setSafeboxPassword',
  summary: 'Sets the safebox password (exactly safeboxPasswordLength digits). Changing it needs the current one (oldPassword).',
  request: { password: safeboxPassword, oldPassword: safeboxPassword.optional() },
  response: safeboxState,
});

export const safeboxDepositEndpoint = defineEndpoint({
  path: 'safeboxDeposit',
  summary: 'Moves whole coins from the coin balance into the safebox. No password needed. A repeated requestId applies once.',
  request: { amount: safeboxAmount, requestId },
  response: safeboxState,
});

export const safeboxWithdrawEndpoint = defineEndpoint({
  path: 'safeboxWithdraw',
  summary:
    'Moves whole coins from the safebox back to the coin balance; needs the safebox password. 5 wrong passwords in 15 min lock taking out for 15 min. A repeated requestId applies once.',
  request: { amount: safeboxAmount, password: safeboxPassword, requestId },
  response: safeboxState,
});
