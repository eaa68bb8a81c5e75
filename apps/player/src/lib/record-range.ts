/** The date filter of the player's record lists (wallet records, reward records): the last 7, 30 or 90 days, or all. */
export const RECORD_RANGES = ['7', '30', '90', 'all'] as const;
export type RecordRange = (typeof RECORD_RANGES)[number];

/** The start of the player's local day `days - 1` days ago, as an instant: "last 7 days" includes today. */
export function rangeStart(range: RecordRange, now = new Date()): string | undefined {
  if (range === 'all') return undefined;
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (Number(range) - 1));
  return d.toISOString();
}
