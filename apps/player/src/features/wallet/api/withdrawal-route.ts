import { notFound } from '@tanstack/react-router';

/**
 * The /withdrawal/{name} route's check, apart from the withdraw rules: the router is on the first
 * screen and these few lines are all it needs of them (decision 033).
 */

/** A withdrawal order id as the server makes it: `WD` + 20 upper-case hex characters. */
export const WITHDRAWAL_ORDER_ID = /^WD[0-9A-F]{20}$/;

export function isWithdrawalOrderId(value: unknown): value is string {
  return typeof value === 'string' && WITHDRAWAL_ORDER_ID.test(value);
}

/** The /withdrawal/{name} route's validity check (spec §2): anything but an order id is a 404. */
export const withdrawalParams = {
  parse: (raw: { name: string }): { name: string } => {
    if (!isWithdrawalOrderId(raw.name)) throw notFound();
    return { name: raw.name };
  },
  stringify: (p: { name: string }) => ({ name: p.name }),
};
