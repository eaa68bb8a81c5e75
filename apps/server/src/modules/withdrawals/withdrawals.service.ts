import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  ErrorCode,
  maskAccountNo,
  type AppConfigFields,
  type ExchangeInfo,
  type LockingBonus,
  type Money,
  type OperatorWithdrawal,
  type OperatorWithdrawalPage,
  type WithdrawCheck,
  type WithdrawalOrder,
} from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { WithdrawalOrderRow } from '../../db/schema.ts';
import { withTx, type Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { coins, toMoney } from '../../lib/money.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { getBalances, lockMoney } from '../ledger/ledger.service.ts';
import { insertDomainEvent } from '../events/domain-events.service.ts';
import type { PaymentProvider, PayoutResult } from '../payments/payments.types.ts';
import { insertAudit } from '../staff-audit/staff-audit.service.ts';
import { channelViews, type ReceivingAccountsService } from './receiving-accounts.service.ts';
import * as accountsRepo from './receiving-accounts.repo.ts';
import * as payoutConfig from './withdraw-config.repo.ts';
import * as orders from './withdrawal-orders.repo.ts';
import { holdWithdrawal, payWithdrawal, releaseWithdrawal } from './withdraw-wallet.ts';

/** Daily limits count requests in a rolling 24 hours. */
export const DAY_MS = 24 * 3600_000;
/** How many of the newest requests the withdraw screen lists. */
const RECENT = 5;

export interface WithdrawalsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  getConfig: () => Promise<AppConfigFields>;
  accounts: ReceivingAccountsService;
  providers: Record<string, PaymentProvider>;
  /** The bonuses that lock this much of the player's coin, newest first (the rewards module's lockingBonuses). */
  lockingBonuses: (userId: number, bonusLocked: number) => Promise<LockingBonus[]>;
}

const newOrderNo = () => `WD${randomBytes(10).toString('hex').toUpperCase()}`;

function orderView(row: WithdrawalOrderRow, channelName: string): WithdrawalOrder {
  return {
    orderId: row.orderNo,
    status: row.status,
    amount: toMoney(row.amount),
    typeId: row.channelId,
    typeName: channelName,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNoMasked: maskAccountNo(row.accountNo),
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

function staffView(row: WithdrawalOrderRow, channelName: string, account: string): OperatorWithdrawal {
  return {
    ...orderView(row, channelName),
    userId: row.userId,
    account,
    accountNo: row.accountNo,
    reviewedBy: row.reviewedBy,
    providerRef: row.providerRef,
  };
}

/**
 * Withdrawals (product rules §2): a request holds its amount at once; an operator approves it
 * (then it is paid out through the channel's provider) or rejects it (the hold is released). A
 * failed payout releases the hold too. The player can never reverse a request.
 */
/** A player's withdrawal orders by number, for the records (status and times); others' are left out. */
export function ordersByNo(x: Executor, userId: number, orderNos: string[]): Promise<WithdrawalOrderRow[]> {
  return orders.findManyByNo(x, userId, [...new Set(orderNos)]);
}

export function createWithdrawalsService(deps: WithdrawalsDeps) {
  const { db, clock } = deps;

  async function channelNames(x: Executor, ids: number[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (const id of new Set(ids)) names.set(id, (await payoutConfig.findChannel(x, id))?.name ?? '');
    return names;
  }

  async function view(x: Executor, row: WithdrawalOrderRow): Promise<WithdrawalOrder> {
    return orderView(row, (await channelNames(x, [row.channelId])).get(row.channelId) ?? '');
  }

  async function staff(x: Executor, row: WithdrawalOrderRow): Promise<OperatorWithdrawal> {
    const account = await orders.accountNameOf(x, row.userId);
    return staffView(row, (await channelNames(x, [row.channelId])).get(row.channelId) ?? '', account);
  }

  /** The answer to a request already made with this requestId: the same details replay, others conflict. */
  async function replay(x: Executor, userId: number, existing: WithdrawalOrderRow, input: { accountId: number; amount: number }) {
    if (existing.accountId !== input.accountId || existing.amount !== BigInt(input.amount)) {
      throw new AppError(ErrorCode.idempotencyConflict);
    }
    const b = await getBalances(x, userId);
    return { order: await view(x, existing), coin: b.coin, exchange: b.exchange };
  }

  async function settlePayout(orderNo: string, result: PayoutResult): Promise<WithdrawalOrderRow> {
    return withTx(db, async (tx) => {
      const row = await orders.lockByNo(tx, orderNo);
      if (!row) throw new AppError(ErrorCode.withdrawOrderNotFound);
      if (row.status !== 'approved') return row; // Settled by a concurrent call already.
      const now = clock.now();
      const move = { userId: row.userId, orderNo, amount: row.amount, at: now };
      if (result.status === 'paid') {
        const channel = await payoutConfig.findChannel(tx, row.channelId);
        await payWithdrawal(tx, { ...move, channelKey: channel?.channelKey ?? String(row.channelId) });
        const paid = await orders.update(tx, row.id, { status: 'paid', providerRef: result.providerRef, closedAt: now, updatedAt: now });
        await insertDomainEvent(tx, 'withdrawal.paid', { orderId: orderNo, userId: row.userId, amount: Number(row.amount), paidAt: now.toISOString() }, now);
        return paid;
      }
      await releaseWithdrawal(tx, move);
      const failed = await orders.update(tx, row.id, { status: 'failed', providerRef: result.providerRef, reason: result.reason, closedAt: now, updatedAt: now });
      await insertDomainEvent(tx, 'withdrawal.failed', { orderId: orderNo, userId: row.userId, amount: Number(row.amount), reason: result.reason }, now);
      return failed;
    });
  }

  const service = {
    /** getExchange: everything the withdraw screen shows, and why anything cannot be withdrawn. */
    async info(session: SessionInfo): Promise<ExchangeInfo> {
      const userId = session.userId;
      const now = clock.now();
      const [cfg, balances, saved, used, recent, payout] = await Promise.all([
        deps.getConfig(),
        getBalances(db, userId),
        deps.accounts.list(session),
        orders.usedSince(db, userId, new Date(now.getTime() - DAY_MS)),
        orders.recentOfUser(db, userId, RECENT),
        payoutConfig.loadPayoutConfig(db),
      ]);
      const channels = channelViews(payout);
      const bonuses = await deps.lockingBonuses(userId, balances.bonusLocked);
      const { dailyCount, dailyAmount } = cfg.withdrawLimits;
      const roomToday = Math.max(0, dailyAmount - toMoney(used.amount));
      const smallestMin = channels.length > 0 ? Math.min(...channels.map((c) => c.minAmount)) : null;
      const maxes = channels.map((c) => c.maxAmount ?? Number.MAX_SAFE_INTEGER);
      const largestMax = maxes.length > 0 ? Math.max(...maxes) : 0;
      // Whole coins only: the most one request may take, floored to a coin.
      const maxAmount = Math.floor(Math.min(balances.exchange, roomToday, largestMax) / 100) * 100;

      const checklist: WithdrawCheck[] = [
        {
          key: 'turnover',
          ok: balances.bonusLocked === 0,
          required: balances.turnoverRequired,
          played: Math.max(0, balances.turnoverRequired - balances.bet) as Money,
          remaining: balances.bet,
          locked: balances.bonusLocked,
          bonuses,
        },
        { key: 'account', ok: saved.list.length > 0 },
        { key: 'dailyCount', ok: used.count < dailyCount, used: used.count, limit: dailyCount },
        { key: 'dailyAmount', ok: roomToday > 0, used: toMoney(used.amount), limit: dailyAmount },
        {
          key: 'minimum',
          ok: smallestMin !== null && maxAmount >= smallestMin,
          minAmount: (smallestMin ?? 0) as Money,
          withdrawable: balances.exchange,
        },
      ];
      const names = await channelNames(db, recent.map((r) => r.channelId));
      return {
        ...saved,
        coin: balances.coin,
        exchange: balances.exchange,
        bet: balances.bet,
        maxAmount: maxAmount as Money,
        limits: { dailyCount, dailyAmount, usedCount: used.count, usedAmount: toMoney(used.amount) },
        checklist,
        canWithdraw: checklist.every((c) => c.key === 'turnover' || c.ok),
        recent: recent.map((r) => orderView(r, names.get(r.channelId) ?? '')),
      };
    },

    /** exchange: checks everything, then holds the amount and records a pending request, atomically. */
    async request(session: SessionInfo, input: { accountId: number; amount: number; requestId: string }) {
      const userId = session.userId;
      const earlier = await orders.findByRequestId(db, userId, input.requestId);
      if (earlier) return replay(db, userId, earlier, input);

      const amount = BigInt(input.amount);
      if (amount % 100n !== 0n) throw new AppError(ErrorCode.withdrawAmountNotWhole);
      const account = await accountsRepo.findAccount(db, userId, input.accountId);
      if (!account) throw new AppError(ErrorCode.withdrawAccountNotFound);
      const channel = await payoutConfig.findChannel(db, account.channelId);
      if (!channel?.enabled || !deps.providers[channel.provider]) throw new AppError(ErrorCode.withdrawChannelUnavailable);
      if (amount < channel.minAmount) {
        throw new AppError(ErrorCode.withdrawBelowMinimum, `The minimum withdrawal for ${channel.name} is ${coins(channel.minAmount)}`, { minAmount: toMoney(channel.minAmount) });
      }
      if (channel.maxAmount !== null && amount > channel.maxAmount) {
        throw new AppError(ErrorCode.withdrawAboveMaximum, `The maximum withdrawal for ${channel.name} is ${coins(channel.maxAmount)}`, { maxAmount: toMoney(channel.maxAmount) });
      }
      const bank = account.bankId === null ? null : await payoutConfig.findBank(db, account.bankId);
      const { dailyCount, dailyAmount } = (await deps.getConfig()).withdrawLimits;

      const now = clock.now();
      const result = await withTx(db, async (tx) => {
        // One serial step per player: the limits, the withdrawable amount and the hold cannot race.
        // The money lock comes first, before the hold's posting and player_wallet (decision 019).
        await lockMoney(tx, userId);
        const again = await orders.findByRequestId(tx, userId, input.requestId);
        if (again) return { replayed: again } as const;
        const used = await orders.usedSince(tx, userId, new Date(now.getTime() - DAY_MS));
        if (used.count >= dailyCount) throw new AppError(ErrorCode.withdrawDailyCountReached, `You can make ${dailyCount} withdrawal requests in 24 hours`);
        const room = BigInt(dailyAmount) - used.amount;
        if (amount > room) {
          throw new AppError(ErrorCode.withdrawDailyAmountExceeded, `You can withdraw ${coins(room > 0n ? room : 0n)} more in the next 24 hours`, { remaining: toMoney(room > 0n ? room : 0n) });
        }
        const before = await getBalances(tx, userId);
        if (amount > BigInt(before.exchange)) {
          const locked = before.bonusLocked > 0 ? `; ${coins(BigInt(before.bonusLocked))} stays locked until you wager ${coins(BigInt(before.bet))} more` : '';
          throw new AppError(ErrorCode.withdrawAboveWithdrawable, `You can withdraw up to ${coins(BigInt(before.exchange))} now${locked}`, { exchange: before.exchange });
        }
        const row = await orders.insertOrder(tx, {
          orderNo: newOrderNo(),
          userId,
          requestId: input.requestId,
          channelId: channel.id,
          accountId: account.id,
          bankName: bank?.name ?? null,
          accountName: account.accountName,
          accountNo: account.accountNo,
          amount,
          provider: channel.provider,
          createdAt: now,
          updatedAt: now,
        });
        await holdWithdrawal(tx, { userId, orderNo: row.orderNo, amount, at: now });
        await insertDomainEvent(tx, 'withdrawal.requested', { orderId: row.orderNo, userId, amount: Number(amount), channel: channel.channelKey }, now);
        const after = await getBalances(tx, userId);
        return { replayed: null, row, coin: after.coin, exchange: after.exchange } as const;
      });
      if (result.replayed) return replay(db, userId, result.replayed, input);
      deps.log.info({ orderId: result.row.orderNo, userId, amount: input.amount }, 'withdrawal requested');
      return { order: orderView(result.row, channel.name), coin: result.coin, exchange: result.exchange };
    },

    /** getWithdrawalOrder: the owner's view; anyone else's request reads as not found. */
    async get(session: SessionInfo, orderNo: string): Promise<WithdrawalOrder> {
      const row = await orders.findByNo(db, orderNo);
      if (!row || row.userId !== session.userId) throw new AppError(ErrorCode.withdrawOrderNotFound);
      return view(db, row);
    },

    // Staff actions (operator API and CLI). Each is audited with who did it.

    async list(q: { status?: orders.WithdrawalStatus; page: number; pageSize: number }): Promise<OperatorWithdrawalPage> {
      const p = await orders.page(db, q);
      const names = await channelNames(db, p.rows.map((r) => r.channelId));
      const list = await Promise.all(p.rows.map(async (r) => staffView(r, names.get(r.channelId) ?? '', await orders.accountNameOf(db, r.userId))));
      return { list, total: p.total, page: q.page, pageSize: q.pageSize, totalAmount: toMoney(p.totalAmount) };
    },

    async staffGet(orderNo: string): Promise<OperatorWithdrawal> {
      const row = await orders.findByNo(db, orderNo);
      if (!row) throw new AppError(ErrorCode.withdrawOrderNotFound);
      return staff(db, row);
    },

    /** Approves a pending request, then pays it out (see payout). */
    async approve(orderNo: string, operator: string): Promise<OperatorWithdrawal> {
      await withTx(db, async (tx) => {
        const row = await orders.lockByNo(tx, orderNo);
        if (!row) throw new AppError(ErrorCode.withdrawOrderNotFound);
        if (row.status !== 'pending') throw new AppError(ErrorCode.withdrawWrongState, `${orderNo} is ${row.status}, only a pending request can be approved`);
        const now = clock.now();
        await orders.update(tx, row.id, { status: 'approved', reviewedBy: operator, reviewedAt: now, updatedAt: now });
        await insertAudit(tx, { actor: operator, action: 'withdrawal.approve', target: `withdrawal_order:${orderNo}`, details: { amount: Number(row.amount) }, at: now });
      });
      return service.payout(orderNo, operator);
    },

    /**
     * Sends an approved request to its provider and settles the answer: paid moves the hold to the
     * channel's clearing account, failed returns it to the player. When the provider does not
     * answer, the request stays approved and this can be called again (the provider dedupes on the
     * order id).
     */
    async payout(orderNo: string, operator: string): Promise<OperatorWithdrawal> {
      const row = await orders.findByNo(db, orderNo);
      if (!row) throw new AppError(ErrorCode.withdrawOrderNotFound);
      if (row.status !== 'approved') throw new AppError(ErrorCode.withdrawWrongState, `${orderNo} is ${row.status}, only an approved request can be paid out`);
      const provider = deps.providers[row.provider];
      const channel = await payoutConfig.findChannel(db, row.channelId);
      let result: PayoutResult;
      try {
        if (!provider) throw new Error(`no payment provider ${row.provider}`);
        result = await provider.payout({
          orderId: orderNo,
          amount: row.amount,
          channelName: channel?.name ?? '',
          bankName: row.bankName,
          accountName: row.accountName,
          accountNo: row.accountNo,
        });
      } catch (err) {
        deps.log.error({ err, orderId: orderNo }, 'payout provider did not answer');
        throw new AppError(ErrorCode.unavailable, `The payout provider did not answer: ${orderNo} stays approved, try the payout again later`);
      }
      const settled = await settlePayout(orderNo, result);
      await insertAudit(db, { actor: operator, action: 'withdrawal.payout', target: `withdrawal_order:${orderNo}`, details: { result: result.status }, at: clock.now() });
      deps.log.info({ orderId: orderNo, status: settled.status }, 'withdrawal payout settled');
      return staff(db, settled);
    },

    /** Rejects a pending request with a reason the player sees; the held amount goes back to coin. */
    async reject(orderNo: string, operator: string, reason: string): Promise<OperatorWithdrawal> {
      const row = await withTx(db, async (tx) => {
        const locked = await orders.lockByNo(tx, orderNo);
        if (!locked) throw new AppError(ErrorCode.withdrawOrderNotFound);
        if (locked.status !== 'pending') throw new AppError(ErrorCode.withdrawWrongState, `${orderNo} is ${locked.status}, only a pending request can be rejected`);
        const now = clock.now();
        await releaseWithdrawal(tx, { userId: locked.userId, orderNo, amount: locked.amount, at: now });
        const rejected = await orders.update(tx, locked.id, { status: 'rejected', reason, reviewedBy: operator, reviewedAt: now, closedAt: now, updatedAt: now });
        await insertAudit(tx, { actor: operator, action: 'withdrawal.reject', target: `withdrawal_order:${orderNo}`, details: { amount: Number(locked.amount), reason }, at: now });
        await insertDomainEvent(tx, 'withdrawal.rejected', { orderId: orderNo, userId: locked.userId, amount: Number(locked.amount), reason }, now);
        return rejected;
      });
      return staff(db, row);
    },
  };
  return service;
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
