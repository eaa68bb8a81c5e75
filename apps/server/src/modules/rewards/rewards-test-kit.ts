import { expect } from 'vitest';
import type { TestApp } from '../../test/create-test-app.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';

/** Creates an activity and enables it through the operator API, as staff would; answers its id. */
export async function startActivity(t: TestApp, body: Record<string, unknown>): Promise<number> {
  const created = await staffCall(t, 'POST', '/activities', body);
  expect(created.code, created.msg).toBe(200);
  const id = created.data!.id as number;
  expect((await staffCall(t, 'POST', `/activities/${id}/enable`)).code).toBe(200);
  return id;
}

/** A suite's end: the ledger still balances (ledger:check's checks) after everything the suite did, then the app closes. */
export async function closeCheckingLedger(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  const report = await checkLedger(t.database.db);
  expect(report.ok, JSON.stringify(report)).toBe(true);
  await t.close();
}
