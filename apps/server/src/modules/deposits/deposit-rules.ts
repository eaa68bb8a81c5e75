export const ORDER_TTL_MS = 30 * 60_000;
export const LIMIT_RAISE_DELAY_MS = 24 * 3600_000;

export const LIMIT_WINDOWS = { day: 24 * 3600_000, week: 7 * 24 * 3600_000, month: 30 * 24 * 3600_000 } as const;
export type LimitPeriod = keyof typeof LIMIT_WINDOWS;
export const LIMIT_PERIODS = Object.keys(LIMIT_WINDOWS) as LimitPeriod[];
export const LIMIT_LABEL: Record<LimitPeriod, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** A raise or removal whose 24 h are over counts as the limit in force. */
export function effectiveLimit(
  row: { amount: bigint | null; pendingAmount: bigint | null; pendingAt: Date | null } | undefined,
  now: Date,
): { amount: bigint | null; pending: { amount: bigint | null; at: Date } | null } {
  if (!row) return { amount: null, pending: null };
  if (row.pendingAt && row.pendingAt.getTime() <= now.getTime()) return { amount: row.pendingAmount, pending: null };
  return { amount: row.amount, pending: row.pendingAt ? { amount: row.pendingAmount, at: row.pendingAt } : null };
}

/**
 * Applies a requested value to a period's limit: lowering (or setting a first limit) takes effect
 * now and cancels a waiting raise; raising or removing waits 24 h while the current limit holds.
 */
export function nextLimit(
  current: { amount: bigint | null },
  requested: bigint | null,
  now: Date,
): { amount: bigint | null; pendingAmount: bigint | null; pendingAt: Date | null } {
  const isTightening = requested !== null && (current.amount === null || requested <= current.amount);
  if (isTightening) return { amount: requested, pendingAmount: null, pendingAt: null };
  if (current.amount === null) return { amount: null, pendingAmount: null, pendingAt: null };
  return { amount: current.amount, pendingAmount: requested, pendingAt: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS) };
}
