import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, AwardId, ErrorCode, MaxBalance } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { newUserId } from '../accounts/accounts-test-kit.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { getBalances, transfer, transferIn } from '../ledger/ledger.service.ts';
import { award, awardAll, awardCommitted, consumerPaid, paidOrThrow, type AwardInput } from './award.service.ts';
import { closeCheckingLedger, coin, counting } from './rewards-test-kit.ts';

// The award function's list form (decision 056): one reward_award statement and one house shard for
// a whole list, results in order, refusals per award; one shard per transaction for every posting.



const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The house shards (book:shard) the grants' transfers took. */
async function houseShards(db: Db, grantIds: number[]): Promise<string[]> {
  const res = await db.execute(sql`select distinct a.book || ':' || a.shard as s from reward_grant g
      join ledger_entry e on e.transfer_id = g.ledger_transfer_id join ledger_account a on a.id = e.account_id
     where g.id = any (${`{${grantIds.join(',')}}`}::bigint[]) and a.user_id is null order by 1`);
  return rowsOf<{ s: string }>(res).map((r) => r.s);
}

async function grantCount(db: Db, userId: number): Promise<number> {
  return Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from reward_grant where user_id = ${userId}`))[0]!.n);
}

describeDb('the award function takes a list (decision 056)', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
  });
  afterAll(async () => closeCheckingLedger(t));

  it('a list is one statement on one shard; each award paid once, results in order, a player twice adds up', async () => {
    const [a, b, c] = await Promise.all([newUserId(db), newUserId(db), newUserId(db)]);
    const inputs = [coin(c, 300), coin(a, 100), coin(b, 200, { multiplier: 0 }), coin(a, 150), coin(c, 9, { awardId: AwardId.points })];
    let sent = 0;
    const settled = await withTx(db, async (tx) => {
      const k = counting(tx);
      const r = await awardAll(k.x, inputs);
      sent = k.count();
      return r;
    });
    expect(sent).toBe(1);
    const results = paidOrThrow(settled);
    expect(results.map((r) => [r.replayed, r.count, r.turnover])).toEqual([
      [false, 300, 600],
      [false, 100, 200],
      [false, 200, 0],
      [false, 150, 300],
      [false, 9, 0],
    ]);
    // Balances after, per award in the list's order (a's second award sees its first).
    expect(results.map((r) => r.balanceAfter)).toEqual([300, 100, 200, 250, 9]);
    expect(new Set(results.map((r) => r.grantId)).size).toBe(5);
    expect(await getBalances(db, a)).toMatchObject({ coin: 250, bet: 500, bonusLocked: 250 });
    expect(await getBalances(db, b)).toMatchObject({ coin: 200, bet: 0 });
    expect(await getBalances(db, c)).toMatchObject({ coin: 300, points: 9, bet: 600 });
    // One promotion shard for the whole list.
    expect(await houseShards(db, results.map((r) => r.grantId))).toHaveLength(1);

    // The same list again: every award a replay of its grant, nothing moves.
    const again = paidOrThrow(await withTx(db, (tx) => awardAll(tx, inputs)));
    expect(again.map((r) => [r.replayed, r.grantId, r.balanceAfter])).toEqual(results.map((r) => [true, r.grantId, null]));
    expect(await getBalances(db, a)).toMatchObject({ coin: 250, bet: 500 });
    expect(await grantCount(db, a)).toBe(2);
  });

  it('a refused award is reported on its own and changes nothing; the rest of the list is paid', async () => {
    const [a, b] = await Promise.all([newUserId(db), newUserId(db)]);
    const before = coin(b, 500);
    const prior = coin(a, 60);
    await awardCommitted(db, before);
    await awardCommitted(db, prior);
    const list = [coin(a, 110), { ...before, count: 501 }, prior, coin(b, 70)];
    const settled = await withTx(db, (tx) => awardAll(tx, list));
    expect(settled.map((s) => s.ok)).toEqual([true, false, true, true]);
    const refused = settled[1]!;
    expect(!refused.ok && refused.error).toMatchObject({ code: ErrorCode.idempotencyConflict });
    expect(settled[2]).toMatchObject({ ok: true, result: { replayed: true } });
    expect(await getBalances(db, a)).toMatchObject({ coin: 170, bet: 340 });
    expect(await getBalances(db, b)).toMatchObject({ coin: 570, bet: 1_140 });
    // The claim's rule throws it (its transaction rolls back whole); a consumer's counts it as paid before.
    expect(() => paidOrThrow(settled)).toThrow(AppError);
    expect(consumerPaid(settled).map((r) => r?.replayed ?? null)).toEqual([false, null, true, false]);
    // Any other refusal fails a consumer's batch.
    expect(() => consumerPaid([{ ok: false, error: new AppError(ErrorCode.insufficientBalance) }])).toThrow(AppError);
    // award() for one: the refusal thrown.
    await expect(withTx(db, (tx) => award(tx, { ...before, count: 502 }))).rejects.toMatchObject({ code: ErrorCode.idempotencyConflict });
  });

  it('a balance past MaxBalance refuses the whole list: nothing of it applied, the caller may go on after its savepoint', async () => {
    const [rich, other] = await Promise.all([newUserId(db), newUserId(db)]);
    await transfer(db, {
      idempotencyKey: `award-list-huge:${rich}`,
      reason: 'bonus_test',
      entries: [
        { account: { house: 'jackpot:award-list' }, asset: 'coin', amount: -(MaxBalance - 50) },
        { account: { player: rich, book: 'coin' }, asset: 'coin', amount: MaxBalance - 50 },
      ],
    });
    const list = [coin(other, 40), coin(rich, 100)];
    const after = await withTx(db, async (tx) => {
      await expect(tx.transaction((sp) => awardAll(sp, list))).rejects.toMatchObject({ code: ErrorCode.balanceLimitExceeded });
      // The same transaction goes on: the refused list left nothing behind, and its keys are free.
      return paidOrThrow(await awardAll(tx, [list[0]!]));
    });
    expect(after[0]).toMatchObject({ replayed: false, balanceAfter: 40 });
    expect(await getBalances(db, rich)).toMatchObject({ coin: MaxBalance - 50, bet: 0 });
    expect(await grantCount(db, rich)).toBe(0);
    expect(await getBalances(db, other)).toMatchObject({ coin: 40, bet: 80 });
  });

  it('bad input refuses the list before anything is sent', async () => {
    const p = await newUserId(db);
    const good = coin(p, 100);
    for (const [list, err] of [
      [[good, { ...good }], RangeError], // a key twice
      [[good, coin(p, 0)], RangeError],
      [[good, coin(p, 100, { reason: 'bonus' })], RangeError],
    ] as const) {
      await expect(withTx(db, (tx) => awardAll(tx, list))).rejects.toThrow(err);
    }
    await expect(withTx(db, (tx) => awardAll(tx, [good, coin(p, 100, { awardId: 40_001 })]))).rejects.toMatchObject({ code: ErrorCode.awardUnknown });
    // A player who does not exist fails the list (the caller's transaction rolls back).
    await expect(withTx(db, (tx) => awardAll(tx, [good, coin(2_000_000_000, 5)]))).rejects.toThrow(RangeError);
    expect(await getBalances(db, p)).toMatchObject({ coin: 0 });
    expect(await withTx(db, (tx) => awardAll(tx, []))).toEqual([]);
  });

  it('one transaction holds one shard of a house book: awards, lists and transferIn alike', async () => {
    const [a, b] = await Promise.all([newUserId(db), newUserId(db)]);
    for (let round = 0; round < 4; round++) {
      const ids = await withTx(db, async (tx) => {
        const one = await award(tx, coin(a, 10));
        const list = paidOrThrow(await tx.transaction((sp) => awardAll(sp, [coin(a, 11), coin(b, 12)])));
        await transferIn(tx, {
          idempotencyKey: `award-list-seed:${a}:${round}`,
          reason: 'jackpot_seed',
          entries: [
            { account: { house: 'promotion' }, asset: 'coin', amount: -5 },
            { account: { house: 'jackpot:award-list' }, asset: 'coin', amount: 5 },
          ],
        });
        return [one.grantId, ...list.map((r) => r.grantId)];
      });
      expect(await houseShards(db, ids)).toHaveLength(1);
      const seed = rowsOf<{ s: string }>(
        await db.execute(sql`select distinct a.shard::text as s from ledger_entry e join ledger_transfer x on x.id = e.transfer_id
          join ledger_account a on a.id = e.account_id where x.idempotency_key = ${`award-list-seed:${a}:${round}`}`),
      );
      expect(seed.map((r) => r.s)).toEqual([(await houseShards(db, ids))[0]!.split(':')[1]]);
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });

  // Real concurrency needs several connections: PGlite has one.
  (TEST_DB === 'pg' ? describe : describe.skip)('under concurrency (PostgreSQL)', () => {
    /** Deadlocks PostgreSQL detected in this database (withTx and the group commit retry them silently); see lock-order.concurrency.test.ts. */
    async function deadlocks(): Promise<number> {
      await new Promise((r) => setTimeout(r, 1_100));
      await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.05)`)));
      await db.execute(sql`select pg_stat_clear_snapshot()`);
      return Number(rowsOf<{ n: string }>(await db.execute(sql`select coalesce(sum(deadlocks), 0)::text as n from pg_stat_database where datname = current_database()`))[0]!.n);
    }

    it('consumer batches and player claims on the same players at once: never a deadlock, each award paid once', async () => {
      const players = await Promise.all(Array.from({ length: 10 }, () => newUserId(db)));
      const before = await deadlocks();
      const expected = new Map(players.map((p) => [p, 0]));
      const paying: Promise<unknown>[] = [];
      const add = (input: AwardInput) => expected.set(input.userId, expected.get(input.userId)! + input.count);
      for (let burst = 0; burst < 3; burst++) {
        for (let i = 0; i < 6; i++) {
          // A consumer's batch: every player, in an order of its own (forwards, backwards, shuffled),
          // its keys the batch's; it holds its locks a while before it commits, as a batch does.
          const order = i % 3 === 0 ? players : i % 3 === 1 ? [...players].reverse() : [...players].sort(() => Math.random() - 0.5);
          const list = order.map((p, j) => coin(p, 1 + j + i));
          list.forEach(add);
          paying.push(
            withTx(db, async (tx) => {
              const r = consumerPaid(await awardAll(tx, list));
              await tx.execute(sql`select pg_sleep(0.03)`);
              return r;
            }),
          );
          // The same batch sent again by a second runner (a retry): replays only.
          paying.push(withTx(db, async (tx) => consumerPaid(await awardAll(tx, list))));
        }
        for (const p of players) {
          // A player's claims meanwhile: one in a transaction, one group-committed, a deposit credit.
          const claim = coin(p, 1_000);
          const committed = coin(p, 2_000);
          add(claim);
          add(committed);
          expected.set(p, expected.get(p)! + 500);
          paying.push(withTx(db, (tx) => award(tx, claim)));
          paying.push(awardCommitted(db, committed));
          paying.push(
            transfer(db, {
              idempotencyKey: `award-list-deposit:${p}:${burst}`,
              reason: 'deposit',
              entries: [
                { account: { house: 'clearing:award-list' }, asset: 'coin', amount: -500 },
                { account: { player: p, book: 'coin' }, asset: 'coin', amount: 500 },
              ],
            }),
          );
        }
        await Promise.all(paying.splice(0));
      }
      for (const p of players) expect((await getBalances(db, p)).coin, `player ${p}`).toBe(expected.get(p));
      const grants = rowsOf<{ n: string; k: string }>(
        await db.execute(sql`select count(*)::text as n, count(distinct idempotency_key)::text as k from reward_grant where user_id = any (${`{${players.join(',')}}`}::bigint[])`),
      )[0]!;
      expect(grants.n).toBe(grants.k);
      expect(Number(grants.n)).toBe(3 * (6 * players.length + 2 * players.length));
      const report = await checkLedger(db);
      expect(report.ok, JSON.stringify(report)).toBe(true);
      expect((await deadlocks()) - before, 'deadlocks detected (and retried) while the batches ran').toBe(0);
    }, 60_000);
  });
});
