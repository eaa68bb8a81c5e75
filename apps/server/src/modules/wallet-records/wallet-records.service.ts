import { AppError, ErrorCode, type CoinRecord, type CoinRecordKind, type CoinRecordStep } from '@playhall/contract';
import { toMoney } from '../../lib/money.ts';
import type { Db } from '../../db/client.ts';
import { ALL_RULES, KIND_RULES, kindOfReason } from './record-kinds.ts';
import { activityPage, type ActivityFilter, type ActivityRow } from './wallet-records.repo.ts';

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

function kindFilter(kind?: CoinRecordKind): Pick<ActivityFilter, 'include' | 'exclude'> {
  if (!kind) return {};
  return kind === 'other' ? { exclude: ALL_RULES } : { include: KIND_RULES[kind] };
}

const iso = (d: string | Date) => new Date(d).toISOString();

/** A withdrawal's steps so far, oldest first, from its order's times and status. */
function withdrawalSteps(r: ActivityRow): CoinRecordStep[] {
  if (!r.wStatus || !r.wCreatedAt) return [];
  const steps: CoinRecordStep[] = [{ step: 'requested', at: iso(r.wCreatedAt) }];
  const reviewed = r.wReviewedAt ? iso(r.wReviewedAt) : null;
  const closed = r.wClosedAt ? iso(r.wClosedAt) : null;
  if (r.wStatus === 'rejected' && reviewed) steps.push({ step: 'rejected', at: reviewed }, { step: 'returned', at: closed ?? reviewed });
  if (r.wStatus === 'approved' && reviewed) steps.push({ step: 'approved', at: reviewed });
  if (r.wStatus === 'paid' || r.wStatus === 'failed') {
    if (reviewed) steps.push({ step: 'approved', at: reviewed });
    if (closed) steps.push(...(r.wStatus === 'paid' ? [{ step: 'paid' as const, at: closed }] : [{ step: 'failed' as const, at: closed }, { step: 'returned' as const, at: closed }]));
  }
  return steps;
}

const DEPOSIT_REF = 'deposit_order:';

function toRecord(r: ActivityRow): CoinRecord {
  const isGame = r.reason === 'game_session' && r.gameId !== null;
  const orderId = r.orderNo ?? (r.reference?.startsWith(DEPOSIT_REF) ? r.reference.slice(DEPOSIT_REF.length) : null);
  return {
    id: Number(r.id),
    createdAt: iso(r.createdAt),
    kind: kindOfReason(r.reason),
    reason: r.reason,
    book: 'coin',
    amount: toMoney(r.amount),
    balanceAfter: toMoney(r.balanceAfter),
    reference: r.reference,
    orderId,
    status: r.wStatus,
    timeline: withdrawalSteps(r),
    note: r.wStatus === 'rejected' || r.wStatus === 'failed' ? r.wReason : null,
    safeboxAfter: r.safeboxAfter === null ? null : toMoney(r.safeboxAfter),
    game: isGame
      ? { gameId: r.gameId!, gameName: r.gameName ?? '', rounds: Number(r.rounds), bet: toMoney(r.bet), win: toMoney(r.win), startedAt: iso(r.startedAt) }
      : null,
  };
}

export function createWalletRecordsService(db: Db) {
  return {
    /**
     * One page of the player's records, newest first: one row per thing that moved their coin
     * balance (issue 13 §3). The user comes from the session only; a page past the end is an empty
     * list with the real total.
     */
    async list(userId: number, q: RecordsQuery): Promise<RecordsPage> {
      const range = dateRange(q.from, q.to);
      const filter = { ...kindFilter(q.kind), ...range };
      const rows = await activityPage(db, userId, { ...filter, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
      // Past the last page no row carries the count: ask for the first row alone.
      const total = rows[0] ? Number(rows[0].total) : q.pageNum > 1 ? Number((await activityPage(db, userId, { ...filter, limit: 1, offset: 0 }))[0]?.total ?? 0) : 0;
      return { list: rows.map(toRecord), pageNum: q.pageNum, pageSize: q.pageSize, total, pages: Math.ceil(total / q.pageSize) };
    },
  };
}
export type WalletRecordsService = ReturnType<typeof createWalletRecordsService>;
