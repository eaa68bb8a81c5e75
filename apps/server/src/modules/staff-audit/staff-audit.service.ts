import type { Executor } from '../../db/tx.ts';
import * as repo from './staff-audit.repo.ts';
import type { StaffAction } from './staff-audit.repo.ts';

export type { StaffAction } from './staff-audit.repo.ts';

/** Records a staff action in the caller's transaction, so the entry commits exactly when the action does. */
export function insertAudit(x: Executor, a: StaffAction): Promise<void> {
  return repo.insertAudit(x, a);
}
