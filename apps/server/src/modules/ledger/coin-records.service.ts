import type { Executor } from '../../db/tx.ts';
import { activityPage, type ActivityFilter, type ActivityRow } from './coin-records.repo.ts';

export type { ActivityFilter as CoinActivityFilter, ActivityRow as CoinActivityRow } from './coin-records.repo.ts';

/**
 * One page of the player's coin activity, newest first: one row per movement of their coin balance
 * (a game session's rounds as one row), filtered by reason rules and dates, each row carrying the
 * count of the whole filtered set. Other modules (wallet records) read the ledger's tables only
 * through this.
 */
export function coinActivity(x: Executor, userId: number, f: ActivityFilter): Promise<ActivityRow[]> {
  return activityPage(x, userId, f);
}
