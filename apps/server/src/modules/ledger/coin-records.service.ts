import type { Executor } from '../../db/tx.ts';
import { coinRecords, type RecordFilter, type RecordRow } from './coin-records.repo.ts';

export type { RecordFilter, RecordRow } from './coin-records.repo.ts';

/**
 * A player's entries on the coin books (coin, safebox, withdraw_hold), newest first, filtered by
 * reason rules and dates, each row carrying the count of the whole filtered set. Other modules
 * (wallet records) read the ledger's tables only through this.
 */
export function coinEntries(x: Executor, userId: number, f: RecordFilter): Promise<RecordRow[]> {
  return coinRecords(x, userId, f);
}
