import { expect } from 'vitest';
import { AwardId } from '@playhall/contract';
import type { Executor, Tx } from '../../db/tx.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import type { AwardInput } from './award.service.ts';

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

let seq = 0;
/** A coin award of `count` hundredths at 2× wagering, with a key of its own (the award suites' default). */
export const coin = (userId: number, count: number, over: Partial<AwardInput> = {}): AwardInput => ({
  userId,
  awardId: AwardId.coin,
  count,
  multiplier: 2,
  reason: 'reward_test',
  key: `award-test:${userId}:${Date.now()}:${seq++}`,
  at: new Date(),
  ...over,
});

/**
 * An executor that counts the statements sent through it (every query builder or execute call;
 * the award function's repos reach the database only through its executor inside a transaction).
 */
export function counting(tx: Tx): { x: Executor; count: () => number } {
  let n = 0;
  const sends = new Set(['execute', 'select', 'insert', 'update', 'delete', 'selectDistinct', 'query']);
  const x = new Proxy(tx, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v === 'function' && typeof prop === 'string' && sends.has(prop)) {
        return (...args: unknown[]) => {
          n++;
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return v;
    },
  });
  return { x, count: () => n };
}
