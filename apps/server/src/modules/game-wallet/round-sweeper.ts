import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { DAY, MINUTE, type Clock } from '../../lib/clock.ts';
import * as repo from './game-wallet.repo.ts';

/** A round no call has touched for this long is ended as if its provider had sent endRound. */
export const ROUND_IDLE_MS = DAY;
/** How often the server looks for such rounds. */
export const ROUND_SWEEP_EVERY_MS = 10 * MINUTE;
/** Rounds ended per transaction: short transactions keep the rounds' locks brief. */
const SWEEP_BATCH = 100;

/**
 * Ends rounds that providers never end (a lost endRound, a game closed mid-round), so their bets
 * count as wagered: status settled (or rolledBack), the round_settled event with endedBy "idle",
 * turnover lowered once. Decision 011.
 */
export function createRoundSweeper(deps: { db: Db; clock: Clock }) {
  return {
    /** Ends every idle round; answers how many. */
    async sweep(): Promise<number> {
      let total = 0;
      for (;;) {
        const now = deps.clock.now();
        const n = await withTx(deps.db, (tx) => repo.settleIdleRounds(tx, new Date(now.getTime() - ROUND_IDLE_MS), now, SWEEP_BATCH));
        total += n;
        if (n < SWEEP_BATCH) return total;
      }
    },
  };
}
export type RoundSweeper = ReturnType<typeof createRoundSweeper>;
