import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PageSize, type BetRound } from '@playhall/contract';
import { call } from '../../../lib/api.ts';

/** The periods a player can look back over (the server keeps 90 days for them). */
export const BET_RANGES = ['today', '7', '30', '90'] as const;
export type BetRange = (typeof BET_RANGES)[number];

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The calendar days (UTC, as the server counts them) of a period that ends today: "7 days" is
 * today and the six days before it.
 */
export function betRangeDays(range: BetRange, now = new Date()): { from: string; to: string } {
  const days = range === 'today' ? 1 : Number(range);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  return { from: utcDay(from), to: utcDay(now) };
}

/** The player's rounds, 20 a page, newest first, for one period and (optionally) one game type. */
export function useBetRecords(range: BetRange, typeId: number | undefined) {
  return useInfiniteQuery({
    queryKey: ['betRecord', range, typeId ?? 0],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call('betRecord', { pageNum: pageParam, pageSize: PageSize.record, ...betRangeDays(range), ...(typeId ? { typeId } : {}) }),
    getNextPageParam: (last) => (last.pageNum < last.pages ? last.pageNum + 1 : undefined),
  });
}

/** Per day and game type: rounds, bet, win and net, with the period's totals. */
export function useBetReport(range: BetRange) {
  return useQuery({
    queryKey: ['betRecordReport', range],
    queryFn: () => call('betRecordReport', betRangeDays(range)),
  });
}

export interface Grouped<T> {
  /** `YYYY-MM-DD` */
  day: string;
  items: T[];
}

/** Keeps the (newest first) order and starts a new group whenever the day changes. */
export function groupByDay<T>(items: readonly T[], dayOf: (item: T) => string): Grouped<T>[] {
  const groups: Grouped<T>[] = [];
  for (const item of items) {
    const day = dayOf(item);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** The player's local calendar day of an instant. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const roundDay = (r: BetRound) => localDay(r.startedAt);

/** up / down / even, for the colour of a net amount. */
export function netTone(net: number): 'up' | 'down' | 'even' {
  return net > 0 ? 'up' : net < 0 ? 'down' : 'even';
}
