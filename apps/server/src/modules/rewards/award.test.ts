import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, AwardId, ErrorCode } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { newUserId } from '../accounts/accounts-test-kit.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { award, awardCommitted } from './award.service.ts';
import { coin, counting } from './rewards-test-kit.ts';

/** What a caller hears: the result, or the error's code (AppError) or class name. */
const outcome = <T>(p: Promise<T>) => p.then((v) => ({ ok: v }), (e: unknown) => ({ err: e instanceof AppError ? e.code : (e as Error).name }));



/** The transactions that wrote these grants (xmin): awards committed together share one. */
async function commitsOf(db: Db, grantIds: number[]): Promise<number> {
  const res = (await db.execute(sql`select count(distinct xmin::text)::int as n from reward_grant where id = any (${`{${grantIds.join(',')}}`}::bigint[])`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]!.n);
}

async function grantsWithKey(db: Db, key: string): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from reward_grant where idempotency_key = ${`reward:${key}`}`)) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
}

describeDb('the award function: one statement, in a transaction or group-committed (decision 032)', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
  });
  afterAll(async () => t?.close());

  it('in the caller transaction, posting, wagering and grant are one statement', async () => {
    const p = await newUserId(db);
    let sent = 0;
    const paid = await withTx(db, async (tx) => {
      const c = counting(tx);
      const r = await award(c.x, coin(p, 1_250));
      sent = c.count();
      return r;
    });
    expect(sent).toBe(1);
    expect(paid).toMatchObject({ replayed: false, awardId: AwardId.coin, count: 1_250, turnover: 2_500, balanceAfter: 1_250 });
    expect(await getBalances(db, p)).toMatchObject({ coin: 1_250, bet: 2_500, bonusLocked: 1_250, turnoverRequired: 2_500 });
  });

  it('many awards with different keys at once: each paid once, with its wagering, in few commits', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => newUserId(db)));
    const inputs = players.flatMap((p, i) => [coin(p, 100 + i), coin(p, 200 + i), coin(p, 300 + i, { multiplier: 0 }), coin(p, 7, { awardId: AwardId.points })]);
    const results = await Promise.all(inputs.map((input) => awardCommitted(db, input)));
    expect(results.every((r) => !r.replayed)).toBe(true);
    expect(new Set(results.map((r) => r.grantId)).size).toBe(inputs.length);
    for (const [i, p] of players.entries()) {
      const b = await getBalances(db, p);
      // Two bonuses at 2× wagering, one without, and points (never wagering).
      expect(b).toMatchObject({ coin: 600 + 3 * i, points: 7, bet: 2 * (300 + 2 * i), bonusLocked: 300 + 2 * i, turnoverRequired: 2 * (300 + 2 * i) });
    }
    const mine = results.filter((_, i) => inputs[i]!.userId === players[0]);
    expect(mine.map((r) => [r.count, r.turnover])).toEqual([
      [100, 200],
      [200, 400],
      [300, 0],
      [7, 0],
    ]);
    // Group commit: many awards per statement and commit, not one each.
    expect(await commitsOf(db, results.map((r) => r.grantId))).toBeLessThanOrEqual(inputs.length / 4);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a replay answers the earlier grant and moves nothing, in either mode', async () => {
    const p = await newUserId(db);
    const input = coin(p, 999, { multiplier: 3 });
    const first = await awardCommitted(db, input);
    expect(first).toMatchObject({ replayed: false, count: 999, turnover: 2_997, balanceAfter: 999 });
    // The same key again, even with another multiplier (the wagering is the first grant's).
    const again = await awardCommitted(db, { ...input, multiplier: 5 });
    const inTx = await withTx(db, (tx) => award(tx, input));
    for (const r of [again, inTx]) expect(r).toEqual({ grantId: first.grantId, replayed: true, awardId: AwardId.coin, count: 999, turnover: 2_997, balanceAfter: null });
    expect(await getBalances(db, p)).toMatchObject({ coin: 999, bet: 2_997, bonusLocked: 999 });
    expect(await grantsWithKey(db, input.key)).toBe(1);
    // The same key for a different amount is the ledger's conflict.
    await expect(awardCommitted(db, { ...input, count: 1_000 })).rejects.toMatchObject({ code: ErrorCode.idempotencyConflict });
  });

  it('keeps the rules: the catalogue, the bounds, the reason, the multiplier, commission only for coin', async () => {
    const p = await newUserId(db);
    await expect(awardCommitted(db, coin(p, 100, { awardId: 40_001 }))).rejects.toMatchObject({ code: ErrorCode.awardUnknown });
    await expect(awardCommitted(db, coin(p, 0))).rejects.toThrow(RangeError);
    await expect(awardCommitted(db, coin(p, 10_000_000_001))).rejects.toThrow(RangeError);
    await expect(awardCommitted(db, coin(p, 100, { reason: 'bonus' }))).rejects.toThrow(RangeError);
    await expect(awardCommitted(db, coin(p, 100, { multiplier: 11 }))).rejects.toThrow(RangeError);
    await expect(awardCommitted(db, coin(p, 5, { awardId: AwardId.points, fundedBy: 'commission_payable' }))).rejects.toThrow(RangeError);
    expect((await getBalances(db, p)).coin).toBe(0);
    // An agent's commission pays coin from commission_payable, with its wagering.
    const paid = await awardCommitted(db, coin(p, 400, { fundedBy: 'commission_payable', multiplier: 1 }));
    expect(paid).toMatchObject({ replayed: false, turnover: 400, balanceAfter: 400 });
    const res = (await db.execute(sql`select a.book from ledger_entry e join ledger_account a on a.id = e.account_id
        join reward_grant g on g.ledger_transfer_id = e.transfer_id where g.id = ${paid.grantId} and e.user_id is null`)) as unknown as { rows: { book: string }[] };
    expect(res.rows.map((r) => r.book)).toEqual(['commission_payable']);
  });

  it('a refused award in a batch errors only its own caller; the others in its statement are paid', async () => {
    const [a, b, c] = await Promise.all([newUserId(db), newUserId(db), newUserId(db)]);
    const paidBefore = coin(c, 500);
    await awardCommitted(db, paidBefore);
    // A first award keeps the batcher busy, so the next ones queue and go as one statement.
    const primer = awardCommitted(db, coin(a, 1));
    const good = [coin(a, 110), coin(b, 120), coin(c, 130)];
    const calls = [
      ...good.map((g) => outcome(awardCommitted(db, g))),
      outcome(awardCommitted(db, coin(2_000_000_000, 140))), // no such player
      outcome(awardCommitted(db, { ...paidBefore, count: 501 })), // its key paid another amount
    ];
    await primer;
    const [ga, gb, gc, unknown, conflict] = await Promise.all(calls);
    expect(unknown).toEqual({ err: 'RangeError' });
    expect(conflict).toEqual({ err: ErrorCode.idempotencyConflict });
    const paid = [ga, gb, gc].map((r) => (r as { ok: { grantId: number; balanceAfter: number } }).ok);
    expect(paid.map((r) => r.balanceAfter)).toEqual([111, 120, 630]);
    expect(await commitsOf(db, paid.map((r) => r.grantId))).toBe(1);

    // An award the statement itself cannot write (a grant naming no activity) fails the whole
    // statement: the batch is sent again one award per call, and only its caller hears the error.
    const primer2 = awardCommitted(db, coin(a, 1));
    const calls2 = [outcome(awardCommitted(db, coin(a, 210))), outcome(awardCommitted(db, coin(b, 220, { activityId: 2_000_000_000 }))), outcome(awardCommitted(db, coin(c, 230)))];
    await primer2;
    const [ra, rb, rc] = await Promise.all(calls2);
    expect(ra).toMatchObject({ ok: { replayed: false, balanceAfter: 322 } });
    expect(rb).toHaveProperty('err');
    expect(rc).toMatchObject({ ok: { replayed: false, balanceAfter: 860 } });
    expect(await getBalances(db, b)).toMatchObject({ coin: 120, bet: 240 });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  // Real concurrency needs several connections: PGlite has one.
  (TEST_DB === 'pg' ? describe : describe.skip)('under concurrency (PostgreSQL)', () => {
    it('one key claimed at once through both modes pays once; every caller hears the same grant', async () => {
      const p = await newUserId(db);
      const input = coin(p, 777);
      const results = await Promise.all([
        ...Array.from({ length: 16 }, () => awardCommitted(db, input)),
        ...Array.from({ length: 8 }, () => withTx(db, (tx) => award(tx, input))),
      ]);
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(results.map((r) => r.grantId)).size).toBe(1);
      expect(await getBalances(db, p)).toMatchObject({ coin: 777, bet: 1_554, bonusLocked: 777 });
      expect(await grantsWithKey(db, input.key)).toBe(1);
    });

    it('one player awarded many times at once from many callers: every award counted once', async () => {
      const p = await newUserId(db);
      const inputs = Array.from({ length: 60 }, (_, i) => coin(p, 10 + i));
      const results = await Promise.all(inputs.map((input, i) => (i % 5 === 0 ? withTx(db, (tx) => award(tx, input)) : awardCommitted(db, input))));
      expect(results.every((r) => !r.replayed)).toBe(true);
      const total = inputs.reduce((s, x) => s + x.count, 0);
      expect(await getBalances(db, p)).toMatchObject({ coin: total, bet: 2 * total, bonusLocked: total, turnoverRequired: 2 * total });
      expect((await checkLedger(db)).ok).toBe(true);
    });
  });
});
