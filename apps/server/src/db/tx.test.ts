import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { withTx } from './tx.ts';

/** A stand-in whose transaction fails with the given SQLSTATEs before succeeding. */
function flakyDb(failures: string[]) {
  let calls = 0;
  const db = {
    transaction: async (fn: (tx: unknown) => Promise<unknown>) => {
      calls++;
      const code = failures.shift();
      if (code) throw Object.assign(new Error(`failed with ${code}`), { code });
      return fn({});
    },
  };
  return { db: db as unknown as Db, calls: () => calls };
}

describe('withTx', () => {
  it('retries serialization failures and deadlocks, then succeeds', async () => {
    const f = flakyDb(['40001', '40P01']);
    expect(await withTx(f.db, async () => 'done')).toBe('done');
    expect(f.calls()).toBe(3);
  });

  it('does not retry other errors', async () => {
    const f = flakyDb(['23505']);
    await expect(withTx(f.db, async () => 'done')).rejects.toThrow('failed with 23505');
    expect(f.calls()).toBe(1);
  });

  it('gives up after the attempt limit', async () => {
    const f = flakyDb(['40001', '40001', '40001']);
    await expect(withTx(f.db, async () => 'done', 3)).rejects.toThrow('failed with 40001');
    expect(f.calls()).toBe(3);
  });
});
