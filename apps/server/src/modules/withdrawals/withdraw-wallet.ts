import type { Tx } from '../../db/tx.ts';
import { transferIn } from '../ledger/ledger.service.ts';

/**
 * A withdrawal's three possible postings, each keyed by the request so a retry applies once:
 * hold (coin → withdraw_hold) when requested; pay (withdraw_hold → the channel's clearing account)
 * when paid out; release (withdraw_hold → coin) when rejected or the payout failed.
 */
export interface WithdrawalMove {
  userId: number;
  orderNo: string;
  amount: bigint;
  at: Date;
}

const reference = (orderNo: string) => `withdrawal_order:${orderNo}`;

export async function holdWithdrawal(tx: Tx, m: WithdrawalMove): Promise<void> {
  const amount = Number(m.amount);
  await transferIn(tx, {
    idempotencyKey: `withdraw:${m.orderNo}:hold`,
    reason: 'withdraw_hold',
    reference: reference(m.orderNo),
    entries: [
      { account: { player: m.userId, book: 'coin' }, asset: 'coin', amount: -amount },
      { account: { player: m.userId, book: 'withdraw_hold' }, asset: 'coin', amount },
    ],
    at: m.at,
  });
}

export async function payWithdrawal(tx: Tx, m: WithdrawalMove & { channelKey: string }): Promise<void> {
  const amount = Number(m.amount);
  await transferIn(tx, {
    idempotencyKey: `withdraw:${m.orderNo}:paid`,
    reason: 'withdraw_paid',
    reference: reference(m.orderNo),
    entries: [
      { account: { player: m.userId, book: 'withdraw_hold' }, asset: 'coin', amount: -amount },
      { account: { house: `clearing:${m.channelKey}` }, asset: 'coin', amount },
    ],
    at: m.at,
  });
}

export async function releaseWithdrawal(tx: Tx, m: WithdrawalMove): Promise<void> {
  const amount = Number(m.amount);
  await transferIn(tx, {
    idempotencyKey: `withdraw:${m.orderNo}:release`,
    reason: 'withdraw_release',
    reference: reference(m.orderNo),
    entries: [
      { account: { player: m.userId, book: 'withdraw_hold' }, asset: 'coin', amount: -amount },
      { account: { player: m.userId, book: 'coin' }, asset: 'coin', amount },
    ],
    at: m.at,
  });
}
