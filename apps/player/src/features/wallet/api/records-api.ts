import { useInfiniteQuery } from '@tanstack/react-query';
import { PageSize, type CoinRecord, type CoinRecordKind } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { rangeStart, type RecordRange } from '../../../lib/record-range.ts';

export { RECORD_RANGES, rangeStart, type RecordRange } from '../../../lib/record-range.ts';

export const RECORD_KINDS: readonly CoinRecordKind[] = ['deposit', 'withdraw', 'safebox', 'bonus', 'game', 'other'];

/** The player's records, page by page (20 a page), for one kind and range. */
export function useCoinRecords(kind: CoinRecordKind | undefined, range: RecordRange) {
  return useInfiniteQuery({
    queryKey: ['appUserCoinDetail', kind ?? 'all', range],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call('appUserCoinDetail', { pageNum: pageParam, pageSize: PageSize.record, ...(kind ? { kind } : {}), ...(range === 'all' ? {} : { from: rangeStart(range) }) }),
    getNextPageParam: (last) => (last.pageNum < last.pages ? last.pageNum + 1 : undefined),
  });
}

export interface DayGroup {
  /** Local calendar day, `YYYY-MM-DD`. */
  day: string;
  records: CoinRecord[];
}

/** The player's local calendar day of an instant, `YYYY-MM-DD`. */
export const localDay = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Records (newest first) grouped by the player's local day, keeping the order. */
export function groupByDay(records: readonly CoinRecord[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const r of records) {
    const day = localDay(r.createdAt);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.records.push(r);
    else groups.push({ day, records: [r] });
  }
  return groups;
}
