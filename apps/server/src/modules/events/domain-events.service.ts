import type { Executor } from '../../db/tx.ts';
import type { EventName, EventPayload } from './catalogue.ts';
import * as repo from './domain-events.repo.ts';

export type { DomainEvent, EventName, EventPayload } from './catalogue.ts';
export { defineConsumer, type EventConsumer } from './event-runner.ts';

/**
 * Records a domain event of the catalogue in the caller's transaction (the outbox): it exists
 * exactly when the change does, and its payload is the catalogue's (decision 022).
 */
export function insertDomainEvent<N extends EventName>(x: Executor, type: N, payload: EventPayload<N>, at: Date): Promise<void> {
  return repo.insertDomainEvent(x, type, payload, at);
}
