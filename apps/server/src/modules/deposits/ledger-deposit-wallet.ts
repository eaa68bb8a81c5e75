import type { Db } from '../../db/client.ts';
import { getBalances, recordRecharge, transferIn } from '../ledger/ledger.service.ts';
import type { DepositWallet } from './deposit-wallet.ts';

/**
 * Deposits over the ledger: the player's coin goes up by the amount and the channel's clearing
 * account (what the payment channel owes the house) goes down by it, in the caller's transaction.
 */
export function createLedgerDepositWallet(db: Db): DepositWallet {
  return {
    async credit(tx, c) {
      const amount = Number(c.amount);
      const result = await transferIn(tx, {
        idempotencyKey: `deposit:${c.orderId}`,
        reason: 'deposit',
        reference: `deposit_order:${c.orderId}`,
        entries: [
          { account: { player: c.userId, book: 'coin' }, asset: 'coin', amount },
          { account: { house: `clearing:${c.channelKey}` }, asset: 'coin', amount: -amount },
        ],
        at: c.at,
      });
      // A replay means this order's credit (and its count) is already in.
      if (!result.replayed) await recordRecharge(tx, c.userId, amount);
    },
    async totalRecharge(userId) {
      return (await getBalances(db, userId)).totalRecharge;
    },
  };
}
