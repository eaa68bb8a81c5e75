import { AppError, ErrorCode, type CoinRecord, type CoinRecordBook, type CoinRecordKind } from '@playhall/contract';
import { toMoney } from '../../lib/money.ts';
import type { Db } from '../../db/client.ts';
import { ALL_RULES, KIND_RULES, kindOfReason } from './record-kinds.ts';
import { coinEntries, type RecordFilter } from '../ledger/coin-records.service.ts';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface RecordsQuery {
  pageNum: number;
  pageSize: number;
  kind?: CoinRecordKind;
  from?: string;
  to?: string;
}

export interface RecordsPage {
  list: CoinRecord[];
  pageNum: number;
  pageSize: number;
  total: number;
  pages: number;
}

/** The inclusive range as [start, end): a day runs to its end, an instant includes itself. */
export function dateRange(from?: string, to?: string): { from?: Date; to?: Date } {
  const start = from === undefined ? undefined : new Date(DATE_ONLY.test(from) ? `${from}T00:00:00Z` : from);
  const end =
    to === undefined ? undefined : DATE_ONLY.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(to) + 1);
  for (const d of [start, end]) {
    if (d && Number.isNaN(d.getTime())) throw new AppError(ErrorCode.badRequest, 'The date is not a valid date');
  }
  if (start && end && start.getTime() >= end.getTime()) throw new AppError(ErrorCode.badRequest, 'The start date must not be after the end date');
  return { from: start, to: end };
}

function kindFilter(kind?: CoinRecordKind): Pick<RecordFilter, 'include' | 'exclude'> {
  if (!kind) return {};
  return kind === 'other' ? { exclude: ALL_RULES } : { include: KIND_RULES[kind] };
}

export function createWalletRecordsService(db: Db) {
  return {
    /**
     * One page of the player's coin records, newest first. The user comes from the session only;
     * a page past the end is an empty list with the real total.
     */
    async list(userId: number, q: RecordsQuery): Promise<RecordsPage> {
      const range = dateRange(q.from, q.to);
      const filter = { ...kindFilter(q.kind), ...range };
      const rows = await coinEntries(db, userId, { ...filter, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
      // Past the last page no row carries the count: ask for the first row alone.
      const total = rows[0] ? Number(rows[0].total) : q.pageNum > 1 ? Number((await coinEntries(db, userId, { ...filter, limit: 1, offset: 0 }))[0]?.total ?? 0) : 0;
      const list = rows.map(
        (r): CoinRecord => ({
          id: Number(r.id),
          createdAt: new Date(r.createdAt).toISOString(),
          kind: kindOfReason(r.reason),
          reason: r.reason,
          book: r.book as CoinRecordBook,
          amount: toMoney(r.amount),
          balanceAfter: toMoney(r.balanceAfter),
          reference: r.reference,
        }),
      );
      return { list, pageNum: q.pageNum, pageSize: q.pageSize, total, pages: Math.ceil(total / q.pageSize) };
    },
  };
}
export type WalletRecordsService = ReturnType<typeof createWalletRecordsService>;
