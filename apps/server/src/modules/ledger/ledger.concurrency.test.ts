import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from '@playhall/contract';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { withTx } from '../../db/tx.ts';
import { checkLedger } from './ledger-check.ts';
import { bet, deposit, newUserId } from './ledger-test-helpers.ts';
import * as ledger from './ledger.service.ts';

// Real concurrency needs several connections: PGlite has one, so these run on PostgreSQL only.
(TEST_DB === 'pg' ? describeDb : describe.skip)('ledger under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? e.code : e));

  it('64 concurrent debits on one balance never overdraw (each in its own transaction)', async () => {
    const p = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`c64:${p}`, p, 10 * 700));
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) => outcome(withTx(t.database.db, (tx) => ledger.transferIn(tx, bet(`c64:${p}:${i}`, p, 700))))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === ErrorCode.insufficientBalance)).toHaveLength(54);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(0);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('64 concurrent debits through the batched path never overdraw either', async () => {
    const p = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`b64:${p}`, p, 7 * 900 + 899));
    const results = await Promise.all(Array.from({ length: 64 }, (_, i) => outcome(ledger.transfer(t.database.db, bet(`b64:${p}:${i}`, p, 900)))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(7);
    expect(results.filter((r) => r === ErrorCode.insufficientBalance)).toHaveLength(57);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(899);
  });

  it('a key sent many times at once applies once', async () => {
    const p = await newUserId(t.database.db);
    const input = deposit(`dup:${p}`, p, 2_500);
    const separate = await Promise.all(Array.from({ length: 16 }, () => withTx(t.database.db, (tx) => ledger.transferIn(tx, input))));
    const batched = await Promise.all(Array.from({ length: 16 }, () => ledger.transfer(t.database.db, input)));
    const all = [...separate, ...batched];
    expect(all.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(all.map((r) => r.transferId)).size).toBe(1);
    for (const r of all) expect(r.balances).toEqual({ [`${p}:coin`]: 2_500 });
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(2_500);
  });

  it('transfers crossing the same players in opposite orders all complete (no deadlock)', async () => {
    const a = await newUserId(t.database.db);
    const b = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`x:${a}`, a, 100_000));
    await ledger.transfer(t.database.db, deposit(`x:${b}`, b, 100_000));
    const move = (from: number, to: number, i: number) =>
      withTx(t.database.db, (tx) =>
        ledger.transferIn(tx, {
          idempotencyKey: `x:${from}:${to}:${i}`,
          reason: 'move',
          entries: [
            { account: { player: from, book: 'coin' }, asset: 'coin', amount: -10 },
            { account: { player: to, book: 'coin' }, asset: 'coin', amount: 10 },
          ],
        }),
      );
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => outcome(i % 2 ? move(a, b, i) : move(b, a, i))));
    expect(results.every((r) => r === 'ok')).toBe(true);
    const [ba, bb] = await Promise.all([ledger.getBalances(t.database.db, a), ledger.getBalances(t.database.db, b)]);
    expect([ba.coin, bb.coin]).toEqual([100_000, 100_000]);
  });
});
