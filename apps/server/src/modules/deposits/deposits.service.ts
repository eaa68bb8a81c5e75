import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, channelMinimum, ErrorCode, type AppConfigFields, type DepositOrder } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { DepositOrderRow, RechargeTypeRow } from '../../db/schema.ts';
import { withTx, type Tx } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { coins, toMoney } from '../../lib/money.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { ORDER_TTL_MS } from './deposit-rules.ts';
import type { DepositWallet } from './deposit-wallet.ts';
import type { DepositLimitsService } from './deposit-limits.service.ts';
import * as config from './recharge-config.repo.ts';
import * as orders from './deposit-orders.repo.ts';
import { insertDomainEvent } from '../events/domain-events.service.ts';
import type { PaymentNotification, PaymentProvider } from '../payments/payments.types.ts';

export interface DepositsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  wallet: DepositWallet;
  limits: DepositLimitsService;
  providers: Record<string, PaymentProvider>;
  getConfig: () => Promise<AppConfigFields>;
  /** How long an order waits for its payment; ORDER_TTL_MS (30 min) by default. */
  orderTtlMs?: number;
}

export type WebhookOutcome = 'credited' | 'failed' | 'duplicate' | 'ignored';

const hashToken = (token: string) => createHash('sha256').update(token).digest();

function orderView(row: DepositOrderRow, type: RechargeTypeRow | null, now: Date): DepositOrder {
  const expired = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
  return {
    orderId: row.orderNo,
    status: expired ? 'expired' : row.status,
    amount: toMoney(row.amount),
    typeId: row.typeId,
    typeName: type?.name ?? '',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    isLate: row.isLate,
  };
}

export function createDepositsService(deps: DepositsDeps) {
  const { db, clock, wallet, limits } = deps;

  /** minAmount2 applies once the player has a credited deposit and the operator turned it on. */
  async function usesMinAmount2(userId: number): Promise<boolean> {
    const cfg = await deps.getConfig();
    return cfg.minRechargeStatus && (await orders.hasPaidOrder(db, userId));
  }

  async function checkAmount(type: RechargeTypeRow, amount: bigint, userId: number, itemId?: number, bankId?: number) {
    if (itemId !== undefined) {
      const price = await config.findItemPriceOnType(db, type.id, itemId);
      if (price === null) throw new AppError(ErrorCode.depositItemUnavailable);
      if (price !== amount) throw new AppError(ErrorCode.depositItemUnavailable, `The chosen option is ${coins(price)}, not ${coins(amount)}`);
    }
    if (amount % 100n !== 0n) throw new AppError(ErrorCode.depositAmountNotWhole);
    const minimum = channelMinimum(type, await usesMinAmount2(userId));
    if (amount < minimum) {
      throw new AppError(ErrorCode.depositBelowMinimum, `The minimum deposit for ${type.name} is ${coins(minimum)}`, { minAmount: toMoney(minimum) });
    }
    if (type.maxAmount !== null && amount > type.maxAmount) {
      throw new AppError(ErrorCode.depositAboveMaximum, `The maximum deposit for ${type.name} is ${coins(type.maxAmount)}`, { maxAmount: toMoney(type.maxAmount) });
    }
    const banks = await config.listEnabledBankIds(db, type.id);
    if (banks.length > 0 && bankId === undefined) throw new AppError(ErrorCode.depositBankRequired);
    if (bankId !== undefined && !banks.includes(bankId)) {
      throw new AppError(ErrorCode.depositBankRequired, banks.length > 0 ? 'Choose one of the listed banks' : `${type.name} takes no bank`);
    }
  }

  /** Credits a pending (or declined, then paid) order once, in the transaction holding its lock. */
  async function credit(tx: Tx, order: DepositOrderRow, n: PaymentNotification, now: Date): Promise<void> {
    const type = await config.findTypeById(tx, order.typeId);
    const isLate = order.expiresAt.getTime() <= now.getTime();
    await wallet.credit(tx, { userId: order.userId, amount: order.amount, orderId: order.orderNo, channelKey: type?.typeKey ?? String(order.typeId), at: now });
    // Read after the credit (which locks the player's wallet) so two orders never both count as first.
    const isFirstDeposit = !(await orders.hasPaidOrder(tx, order.userId));
    await orders.markPaid(tx, order.id, now, isLate, n.providerRef);
    await insertDomainEvent(tx, 'deposit.credited', {
      orderId: order.orderNo,
      userId: order.userId,
      amount: Number(order.amount),
      typeId: order.typeId,
      channel: type?.typeKey ?? null,
      isFirstDeposit,
      isLate,
      paidAt: now.toISOString(),
    }, now);
  }

  return {
    /** recharge: validates channel, item, amount rules, bank and limits, then opens a pending order. */
    async createOrder(session: SessionInfo, input: { typeId: number; amount: number; itemId?: number; bankId?: number }) {
      const type = await config.findEnabledType(db, input.typeId);
      const provider = type ? deps.providers[type.provider] : undefined;
      if (!type || !provider) throw new AppError(ErrorCode.depositChannelUnavailable);
      const amount = BigInt(input.amount);
      await checkAmount(type, amount, session.userId, input.itemId, input.bankId);

      const now = clock.now();
      const payToken = randomBytes(24).toString('base64url');
      const order = await withTx(db, async (tx) => {
        await limits.assertRoomFor(tx, session.userId, amount, now);
        return orders.insertOrder(tx, {
          orderNo: `DP${randomBytes(10).toString('hex').toUpperCase()}`,
          userId: session.userId,
          typeId: type.id,
          itemId: input.itemId ?? null,
          bankId: input.bankId ?? null,
          amount,
          provider: provider.id,
          payTokenHash: hashToken(payToken).toString('hex'),
          createdAt: now,
          expiresAt: new Date(now.getTime() + (deps.orderTtlMs ?? ORDER_TTL_MS)),
          updatedAt: now,
        });
      });
      try {
        const { payUrl } = await provider.createPayment({ orderId: order.orderNo, amount, channelName: type.name, expiresAt: order.expiresAt, payToken });
        return { orderId: order.orderNo, payUrl, expiresAt: order.expiresAt.toISOString() };
      } catch (err) {
        // Undo the step: an order nobody can pay must not hold limit room.
        await orders.markFailed(db, order.id, clock.now(), 'create-payment-failed');
        deps.log.error({ err, orderId: order.orderNo }, 'payment provider refused to create a payment');
        throw new AppError(ErrorCode.unavailable, 'The payment channel is not answering, please try again later');
      }
    },

    /** getRechargeOrder: the owner's view; anyone else's order reads as not found. */
    async getOrder(session: SessionInfo, orderId: string): Promise<DepositOrder> {
      const row = await orders.findOrderByNo(db, orderId);
      if (!row || row.userId !== session.userId) throw new AppError(ErrorCode.depositOrderNotFound);
      return orderView(row, await config.findTypeById(db, row.typeId), clock.now());
    },

    /**
     * getRechargeOrderList: the player's own orders, newest first, whatever became of them (paid,
     * declined, abandoned, still open), so no payment attempt vanishes from their history.
     */
    async listOrders(session: SessionInfo, q: { pageNum: number; pageSize: number; status?: orders.OrderListStatus }) {
      const now = clock.now();
      const rows = await orders.listOrders(db, session.userId, { status: q.status, now, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
      const total = rows[0]?.total ?? (q.pageNum > 1 ? await orders.countOrders(db, session.userId, { status: q.status, now }) : 0);
      const types = new Map<number, RechargeTypeRow | null>();
      for (const r of rows) if (!types.has(r.typeId)) types.set(r.typeId, await config.findTypeById(db, r.typeId));
      return {
        list: rows.map((r) => orderView(r, types.get(r.typeId) ?? null, now)),
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        total,
        pages: Math.ceil(total / q.pageSize),
      };
    },

    /** The order behind a pay page link, when the link's token is right. */
    async findPayableOrder(orderId: string, token: string) {
      const row = await orders.findOrderByNo(db, orderId);
      if (!row) return null;
      const stored = Buffer.from(row.payTokenHash, 'hex');
      const given = hashToken(token);
      if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
      const type = await config.findTypeById(db, row.typeId);
      return { view: orderView(row, type, clock.now()), channelName: type?.name ?? '', amount: row.amount };
    },

    /**
     * Applies a verified provider notification. Order states only move forward
     * (pending < failed < paid): duplicates are no-ops, a decline after payment is ignored, a
     * payment after a decline or after expiry is credited (the money was taken). Exactly one
     * credit per order: the row lock serialises notifications and the ledger key is per order.
     */
    async applyNotification(providerId: string, n: PaymentNotification): Promise<WebhookOutcome> {
      const outcome = await withTx(db, async (tx): Promise<WebhookOutcome> => {
        const order = await orders.lockOrderByNo(tx, n.orderId);
        if (!order) throw new AppError(ErrorCode.depositOrderNotFound);
        if (order.provider !== providerId || BigInt(n.amount) !== order.amount) {
          throw new AppError(ErrorCode.webhookMismatch, `Notification for ${n.orderId} does not match the order (provider or amount)`);
        }
        const now = clock.now();
        if (n.status === 'paid') {
          if (order.status === 'paid') return 'duplicate';
          await credit(tx, order, n, now);
          return 'credited';
        }
        if (order.status === 'paid') return 'ignored';
        if (order.status === 'failed') return 'duplicate';
        await orders.markFailed(tx, order.id, now, n.providerRef);
        return 'failed';
      });
      deps.log.info({ orderId: n.orderId, status: n.status, outcome, eventId: n.eventId }, 'payment notification applied');
      return outcome;
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
