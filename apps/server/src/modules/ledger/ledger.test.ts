import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AppError, ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { withTx } from '../../db/tx.ts';
import { checkLedger } from './ledger-check.ts';
import { bet, deposit, newUserId } from './ledger-test-helpers.ts';
import * as ledger from './ledger.service.ts';

const codeOf = async (p: Promise<unknown>) => p.then(() => 200, (e: unknown) => (e instanceof AppError ? e.code : `untyped: ${String(e)}`));

describeDb('ledger: transfers, balances and records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('credits a deposit, answers the balance after, and a replay changes nothing', async () => {
    const p = await newUserId(t.database.db);
    const first = await ledger.transfer(t.database.db, deposit(`dep:${p}`, p, 5_000));
    expect(first).toMatchObject({ replayed: false, balances: { [ledger.balanceKey(p, 'coin')]: 5_000 } });
    const entries = await countRows(t.database, 'ledger_entry');
    const again = await ledger.transfer(t.database.db, deposit(`dep:${p}`, p, 5_000));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await countRows(t.database, 'ledger_entry')).toBe(entries);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(5_000);
  });

  it('refuses the same key with a different request (3002) and keeps the first', async () => {
    const p = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`dep2:${p}`, p, 1_000));
    expect(await codeOf(ledger.transfer(t.database.db, deposit(`dep2:${p}`, p, 9_000)))).toBe(ErrorCode.idempotencyConflict);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(1_000);
  });

  it('refuses an over-draw with a typed error (3001), changes nothing and frees the key', async () => {
    const p = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`dep3:${p}`, p, 1_000));
    const transfers = await countRows(t.database, 'ledger_transfer');
    expect(await codeOf(ledger.transfer(t.database.db, bet(`bet3:${p}`, p, 1_001)))).toBe(ErrorCode.insufficientBalance);
    expect(await codeOf(ledger.transferIn(t.database.db, bet(`bet3:${p}`, p, 1_001)))).toBe(ErrorCode.insufficientBalance);
    expect(await countRows(t.database, 'ledger_transfer')).toBe(transfers);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(1_000);
    // A never-used book holds 0: debiting it is an over-draw too.
    const fresh = await newUserId(t.database.db);
    expect(await codeOf(ledger.transfer(t.database.db, bet(`bet3b:${fresh}`, fresh, 1)))).toBe(ErrorCode.insufficientBalance);
    // The key was not used up by the refusal.
    expect((await ledger.transfer(t.database.db, bet(`bet3:${p}`, p, 1_000))).balances).toEqual({ [`${p}:coin`]: 0 });
  });

  it('refuses transfers that do not balance or name unknown books (3003)', async () => {
    const p = await newUserId(t.database.db);
    const unbalanced = { idempotencyKey: `u:${p}`, reason: 'x', entries: [{ account: { player: p, book: 'coin' as const }, asset: 'coin' as const, amount: 5 }] };
    expect(await codeOf(ledger.transfer(t.database.db, unbalanced))).toBe(ErrorCode.unbalancedTransfer);
    const wrongAsset = {
      idempotencyKey: `w:${p}`,
      reason: 'x',
      entries: [
        { account: { player: p, book: 'safebox' as const }, asset: 'points' as const, amount: 5 },
        { account: { house: 'promotion' as const }, asset: 'points' as const, amount: -5 },
      ],
    };
    expect(await codeOf(ledger.transfer(t.database.db, wrongAsset))).toBe(ErrorCode.unbalancedTransfer);
    const badHouse = deposit(`h:${p}`, p, 5, 'sandbox');
    (badHouse.entries[1]!.account as { house: string }).house = 'bank';
    expect(await codeOf(ledger.transfer(t.database.db, badHouse))).toBe(ErrorCode.unbalancedTransfer);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(0);
  });

  it('keeps a house book as the sum of its shards, negative while it owes', async () => {
    const before = await ledger.houseBalance(t.database.db, 'clearing:shardtest');
    const p = await newUserId(t.database.db);
    await Promise.all(Array.from({ length: 20 }, (_, i) => ledger.transfer(t.database.db, deposit(`sh:${p}:${i}`, p, 100, 'shardtest'))));
    expect(await ledger.houseBalance(t.database.db, 'clearing:shardtest')).toBe(before - 2_000);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(2_000);
  });

  it('composes inside a caller transaction: a rolled-back flow leaves no trace', async () => {
    const p = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`c0:${p}`, p, 500));
    const fail = withTx(t.database.db, async (tx) => {
      await ledger.transferIn(tx, deposit(`c1:${p}`, p, 700));
      await ledger.transferIn(tx, bet(`c2:${p}`, p, 5_000)); // over-draw aborts the whole flow
    });
    expect(await codeOf(fail)).toBe(ErrorCode.insufficientBalance);
    expect((await ledger.getBalances(t.database.db, p)).coin).toBe(500);
    await withTx(t.database.db, async (tx) => {
      await ledger.transferIn(tx, deposit(`c1:${p}`, p, 700));
      await ledger.transferIn(tx, bet(`c2:${p}`, p, 1_000));
      await ledger.recordRecharge(tx, p, 700);
    });
    expect(await ledger.getBalances(t.database.db, p)).toMatchObject({ coin: 200, totalRecharge: 700 });
  });

  it('wagering: a bonus locks withdrawals until its turnover is played', async () => {
    const p = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`wd:${p}`, p, 10_000));
    await withTx(t.database.db, async (tx) => {
      await ledger.transferIn(tx, {
        idempotencyKey: `bonus:${p}`,
        reason: 'bonus',
        entries: [
          { account: { player: p, book: 'coin' }, asset: 'coin', amount: 2_000 },
          { account: { house: 'promotion' }, asset: 'coin', amount: -2_000 },
        ],
      });
      await ledger.addTurnover(tx, p, 2_000, 3);
    });
    expect(await ledger.getBalances(t.database.db, p)).toMatchObject({ coin: 12_000, bet: 6_000, bonusLocked: 2_000, exchange: 10_000 });
    expect(await ledger.settleTurnover(t.database.db, p, 4_000)).toEqual({ bet: 2_000, bonusLocked: 2_000 });
    expect(await ledger.settleTurnover(t.database.db, p, 5_000)).toEqual({ bet: 0, bonusLocked: 0 });
    expect(await ledger.getBalances(t.database.db, p)).toMatchObject({ bet: 0, exchange: 12_000 });
  });

  it('lists a player\'s entries newest first, paged and filtered by kind and date', async () => {
    const p = await newUserId(t.database.db);
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
    await ledger.transfer(t.database.db, { ...deposit(`e1:${p}`, p, 1_000), at: day(1) });
    await ledger.transfer(t.database.db, { ...bet(`e2:${p}`, p, 300), at: day(2) });
    await ledger.transfer(t.database.db, {
      idempotencyKey: `e3:${p}`,
      reason: 'safebox_in',
      at: day(3),
      entries: [
        { account: { player: p, book: 'coin' }, asset: 'coin', amount: -200 },
        { account: { player: p, book: 'safebox' }, asset: 'coin', amount: 200 },
      ],
    });
    const all = await ledger.entriesOf(t.database.db, p, { page: 1, pageSize: 2 });
    expect(all.total).toBe(4);
    expect(all.list.map((e) => [e.kind, e.book, e.amount, e.balanceAfter])).toEqual([
      ['safebox_in', 'safebox', 200, 200],
      ['safebox_in', 'coin', -200, 500],
    ]);
    const page2 = await ledger.entriesOf(t.database.db, p, { page: 2, pageSize: 2 });
    expect(page2.list.map((e) => e.kind)).toEqual(['bet', 'deposit']);
    expect((await ledger.entriesOf(t.database.db, p, { page: 9, pageSize: 2 })).total).toBe(4);
    const bets = await ledger.entriesOf(t.database.db, p, { kind: 'bet', page: 1, pageSize: 10 });
    expect(bets.list.map((e) => e.amount)).toEqual([-300]);
    const window = await ledger.entriesOf(t.database.db, p, { from: day(2), to: day(3), book: 'coin', page: 1, pageSize: 10 });
    expect(window.list.map((e) => e.kind)).toEqual(['bet']);
    expect((await ledger.entriesOf(t.database.db, await newUserId(t.database.db), { page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('refreshData and user info show the ledger balances, each player only their own', async () => {
    const a = await buildPlayer(t.app);
    const b = await buildPlayer(t.app);
    await withTx(t.database.db, async (tx) => {
      await ledger.transferIn(tx, deposit(`rd:${a.user.id}`, a.user.id, 12_345));
      await ledger.recordRecharge(tx, a.user.id, 12_345);
      await ledger.transferIn(tx, {
        idempotencyKey: `rd-lottery:${a.user.id}`,
        reason: 'award',
        entries: [
          { account: { player: a.user.id, book: 'lottery' }, asset: 'lottery', amount: 3 },
          { account: { house: 'promotion' }, asset: 'lottery', amount: -3 },
        ],
      });
      await ledger.transferIn(tx, {
        idempotencyKey: `rd-safe:${a.user.id}`,
        reason: 'safebox_in',
        entries: [
          { account: { player: a.user.id, book: 'coin' }, asset: 'coin', amount: -345 },
          { account: { player: a.user.id, book: 'safebox' }, asset: 'coin', amount: 345 },
        ],
      });
      await ledger.addTurnover(tx, a.user.id, 1_000, 2);
    });
    const mine = await call(t.app, 'refreshData', {}, a.token);
    expect(mine.data).toMatchObject({ errcode: 0, coin: 12_000, safebox: 345, bet: 2_000, exchange: 11_000, totalRecharge: 12_345, lottery: 3 });
    const info = await call(t.app, 'getAfterLoginInfoWeb', {}, a.token);
    expect(info.data.user).toMatchObject({ id: a.user.id, coin: 12_000, safebox: 345, bet: 2_000, exchange: 11_000, totalRecharge: 12_345, lottery: 3 });
    const login = await call(t.app, 'accountLogin', { account: a.account, password: a.password });
    expect(login.data.user).toMatchObject({ coin: 12_000, exchange: 11_000 });
    const theirs = await call(t.app, 'refreshData', {}, b.token);
    expect(theirs.data).toMatchObject({ errcode: 0, coin: 0, safebox: 0, bet: 0, exchange: 0, totalRecharge: 0, lottery: 0 });
  });

  it('ledger check passes on real postings and names a corrupted balance', async () => {
    const p = await newUserId(t.database.db);
    await ledger.transfer(t.database.db, deposit(`chk:${p}`, p, 777));
    const clean = await checkLedger(t.database.db);
    expect(clean.ok).toBe(true);
    expect(clean.accountMismatches).toEqual([]);
    await t.database.db.execute(sql`update ledger_account set balance = balance + 1 where user_id = ${p} and book = 'coin'`);
    const dirty = await checkLedger(t.database.db);
    expect(dirty.ok).toBe(false);
    expect(dirty.accountMismatches).toEqual([expect.objectContaining({ userId: String(p), book: 'coin', balance: '778', entriesSum: '777' })]);
    await t.database.db.execute(sql`update ledger_account set balance = balance - 1 where user_id = ${p} and book = 'coin'`);
    await t.database.db.execute(sql`update ledger_entry set amount = amount + 5 where user_id = ${p}`);
    const unbalanced = await checkLedger(t.database.db);
    expect(unbalanced.transferMismatches).toEqual([expect.objectContaining({ asset: 'coin', sum: '5', problem: 'entries do not sum to zero' })]);
    await t.database.db.execute(sql`update ledger_entry set amount = amount - 5 where user_id = ${p}`);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});
