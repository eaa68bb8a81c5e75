import type { Money } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { DepositWallet } from './deposit-wallet.ts';

/** TEMPORARY seam until the ledger service lands: credits are refused, never faked. */
export function createLedgerDepositWallet(_db: Db): DepositWallet {
  return {
    async credit() {
      throw new Error('The ledger is not wired yet: deposits cannot be credited');
    },
    async totalRecharge() {
      return 0 as Money;
    },
  };
}
