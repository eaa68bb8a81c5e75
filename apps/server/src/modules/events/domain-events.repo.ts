import type { Executor } from '../../db/tx.ts';
import { domainEvent } from '../../db/schema.ts';

/**
 * The outbox: a domain event (deposit.credited, withdrawal.paid, ...) recorded in the caller's
 * transaction, so the event exists exactly when the change does. Reward rules consume them later.
 */
export async function insertDomainEvent(x: Executor, type: string, payload: Record<string, unknown>, at: Date): Promise<void> {
  await x.insert(domainEvent).values({ type, payload, createdAt: at });
}
