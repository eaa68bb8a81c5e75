import type { Money } from '@playhall/contract';
import type { Tx } from '../../db/tx.ts';

export interface DepositCredit {
  userId: number;
  amount: bigint;
  orderId: string;
  /** The channel's key: the house clearing account is `clearing:<channelKey>`. */
  channelKey: string;
  at: Date;
}

/**
 * What deposits need from the wallet: credit inside the caller's transaction (idempotent on
 * `deposit:<orderId>`) and read the recharge total. Implemented over the ledger in app.ts.
 */
export interface DepositWallet {
  credit(tx: Tx, input: DepositCredit): Promise<void>;
  totalRecharge(userId: number): Promise<Money>;
}
