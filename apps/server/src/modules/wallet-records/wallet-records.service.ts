import { AppError, ErrorCode, type CoinRecord, type CoinRecordKind, type CoinRecordStep } from '@playhall/contract';
import { toMoney } from '../../lib/money.ts';
import type { Db } from '../../db/client.ts';
import { ALL_RULES, KIND_RULES, kindOfReason } from './record-kinds.ts';
import type { WithdrawalOrderRow } from '../../db/schema.ts';
import { gameNames } from '../games/catalogue.service.ts';
import { coinActivity, type CoinActivityFilter as ActivityFilter, type CoinActivityRow as ActivityRow } from '../ledger/coin-records.service.ts';
import { ordersByNo } from '../withdrawals/withdrawals.service.ts';

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
function withdrawalSteps(w: WithdrawalOrderRow | undefined): CoinRecordStep[] {
  if (!w) return [];
  const steps: CoinRecordStep[] = [{ step: 'requested', at: iso(w.createdAt) }];
  const reviewed = w.reviewedAt ? iso(w.reviewedAt) : null;
  const closed = w.closedAt ? iso(w.closedAt) : null;
  if (w.status === 'rejected' && reviewed) steps.push({ step: 'rejected', at: reviewed }, { step: 'returned', at: closed ?? reviewed });
  if (w.status === 'approved' && reviewed) steps.push({ step: 'approved', at: reviewed });
  if (w.status === 'paid' || w.status === 'failed') {
    if (reviewed) steps.push({ step: 'approved', at: reviewed });
    if (closed) steps.push(...(w.status === 'paid' ? [{ step: 'paid' as const, at: closed }] : [{ step: 'failed' as const, at: closed }, { step: 'returned' as const, at: closed }]));
  }
  return steps;
}

const DEPOSIT_REF = 'deposit_order:';
const WITHDRAWAL_REF = 'withdrawal_order:';
const withdrawalNo = (r: ActivityRow) => (r.reference?.startsWith(WITHDRAWAL_REF) ? r.reference.slice(WITHDRAWAL_REF.length) : null);

function toRecord(r: ActivityRow, w: WithdrawalOrderRow | undefined, gameName: string | undefined): CoinRecord {
  const isGame = r.reason === 'game_session' && r.gameId !== null;
  const orderId = w?.orderNo ?? (r.reference?.startsWith(DEPOSIT_REF) ? r.reference.slice(DEPOSIT_REF.length) : null);
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
    status: w?.status ?? null,
    timeline: withdrawalSteps(w),
    note: w && (w.status === 'rejected' || w.status === 'failed') ? w.reason : null,
    safeboxAfter: r.safeboxAfter === null ? null : toMoney(r.safeboxAfter),
    game: isGame
      ? { gameId: r.gameId!, gameName: gameName ?? '', rounds: Number(r.rounds), bet: toMoney(r.bet), win: toMoney(r.win), startedAt: iso(r.startedAt) }
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
      const rows = await coinActivity(db, userId, { ...filter, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
      // Past the last page no row carries the count: ask for the first row alone.
      const total = rows[0] ? Number(rows[0].total) : q.pageNum > 1 ? Number((await coinActivity(db, userId, { ...filter, limit: 1, offset: 0 }))[0]?.total ?? 0) : 0;
      // What the ledger does not know, from the modules that do: the withdrawals' status and steps, the games' names.
      const [orders, names] = await Promise.all([
        ordersByNo(db, userId, rows.map(withdrawalNo).filter((n): n is string => n !== null)),
        gameNames(db, rows.map((r) => r.gameId).filter((id): id is number => id !== null)),
      ]);
      const byNo = new Map(orders.map((o) => [o.orderNo, o]));
      const list = rows.map((r) => toRecord(r, byNo.get(withdrawalNo(r) ?? ''), r.gameId === null ? undefined : names.get(r.gameId)));
      return { list, pageNum: q.pageNum, pageSize: q.pageSize, total, pages: Math.ceil(total / q.pageSize) };
    },
  };
}
export type WalletRecordsService = ReturnType<typeof createWalletRecordsService>;
