import type { ClientEvent, OperatorEventDaily, TrackedEvent } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './analytics.repo.ts';

/** Who sent a batch: the player when the call carried a valid session, and the address it came from. */
export interface EventSender {
  userId: number | null;
  ip: string;
}

/**
 * Client events for analytics (decision 023). A batch costs one statement; a client (a player, or
 * an address when logged out) stores at most `perClientPerDay` events a UTC day, and the rest of a
 * batch past that is dropped, still answered at once: tracking never holds up the player.
 */
export function createAnalyticsService(deps: { db: Db; clock: Clock; perClientPerDay: number }) {
  return {
    /** Stores what the sender's allowance leaves room for; answers how many events were kept. */
    async record(sender: EventSender, events: ClientEvent[]): Promise<{ accepted: number }> {
      const clientKey = sender.userId === null ? `ip:${sender.ip}` : `user:${sender.userId}`;
      const day = deps.clock.now().toISOString().slice(0, 10);
      const accepted = await repo.insertEvents(deps.db, { day, clientKey, userId: sender.userId, events, perDay: deps.perClientPerDay });
      return { accepted };
    },

    /** Events per UTC day of arrival and name, oldest day first. */
    async daily(q: { from: string; to: string; name?: TrackedEvent }): Promise<OperatorEventDaily> {
      return { list: await repo.dailyCounts(deps.db, q) };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
