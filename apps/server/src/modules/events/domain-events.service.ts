import type { Executor } from '../../db/tx.ts';
import * as repo from './domain-events.repo.ts';

/** Records a domain event in the caller's transaction (the outbox): it exists exactly when the change does. */
export function insertDomainEvent(x: Executor, type: string, payload: Record<string, unknown>, at: Date): Promise<void> {
  return repo.insertDomainEvent(x, type, payload, at);
}
