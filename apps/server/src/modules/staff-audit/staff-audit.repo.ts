import type { Executor } from '../../db/tx.ts';
import { staffAudit } from '../../db/schema.ts';

/** One staff action, as the audit log keeps it. `actor` is the authenticated identity (operator-api.ts). */
export interface StaffAction {
  actor: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  at: Date;
}

/** Writes a staff action to the audit log, in the caller's transaction so it commits with the action. */
export async function insertAudit(x: Executor, a: StaffAction): Promise<void> {
  await x.insert(staffAudit).values({ actor: a.actor, action: a.action, target: a.target, details: a.details, createdAt: a.at });
}
