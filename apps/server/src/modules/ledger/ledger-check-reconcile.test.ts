import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tx } from '../../db/tx.ts';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { ensureCatalogue, providerClient, type TestCatalogue } from '../game-wallet/game-wallet-test-kit.ts';
import { addPixAccount, requestWithdrawal, staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { checkLedger, formatLedgerReport, type LedgerReport } from './ledger-check.ts';

const SECRET = 'reconcile-aggregator-secret-0123456789';

/** Thrown to roll a corruption back once the check has looked at it. */
class RolledBack extends Error {}

describeDb('ledger:check against the domain tables', () => {
  let t: TestApp;
  let cat: TestCatalogue;
  let agg: ReturnType<typeof providerClient>;
  let n = 0;
  const id = (prefix: string) => `${prefix}-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    cat = await ensureCatalogue(t.database.db, { platformCode: 'recon-agg', secret: SECRET });
    agg = providerClient(t, cat, SECRET);
  });
  afterAll(async () => t?.close());

  /** A player credited through a real order and a real signed webhook. */
  async function deposited(amount: number): Promise<{ p: TestPlayer; orderId: string }> {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount });
    expect(await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount })).toMatchObject({ status: 200, outcome: 'credited' });
    return { p, orderId: order.orderId };
  }

  async function withdraw(p: TestPlayer, accountId: number, amount: number): Promise<string> {
    const r = await requestWithdrawal(t, p, accountId, amount);
    expect(r.code, r.msg).toBe(200);
    return r.data.order.orderId as string;
  }

  async function money(action: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) {
    const res = await agg.call(action, body);
    expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
  }

  /** Applies a corruption in a transaction, checks the ledger inside it, then rolls it back. */
  async function checkCorrupted(corrupt: (tx: Tx) => Promise<void>): Promise<LedgerReport> {
    let report: LedgerReport | undefined;
    await t.database.db
      .transaction(async (tx) => {
        await corrupt(tx);
        report = await checkLedger(tx);
        throw new RolledBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    return report!;
  }

  /** Removes a whole transfer and takes its amounts off its accounts' balances: invisible to the per-account and per-transfer sums. */
  const removeTransfer = async (tx: Tx, transferId: string | number) => {
    await tx.execute(sql`update ledger_account a set balance = a.balance - s.amount
                           from (select account_id, sum(amount) as amount from ledger_entry where transfer_id = ${transferId} group by account_id) s
                          where a.id = s.account_id`);
    await tx.execute(sql`delete from ledger_entry where transfer_id = ${transferId}`);
    await tx.execute(sql`delete from ledger_transfer where id = ${transferId}`);
  };

  const one = async <T,>(tx: Tx, query: ReturnType<typeof sql>): Promise<T> => {
    const res = (await tx.execute(query)) as unknown as { rows: T[] };
    if (!res.rows[0]) throw new Error('expected a row');
    return res.rows[0];
  };

  it('passes after real deposits, withdrawals, safebox moves and game rounds, and names each kind of difference', async () => {
    // Deposits: a player who only deposits, and one who then withdraws, uses the safebox and plays.
    const depositor = await deposited(5_000);
    const { p, orderId: playerOrder } = await deposited(50_000);

    // Withdrawals: one left pending, one paid, one rejected, one the bank refuses (failed).
    const pix = await addPixAccount(t, p);
    const pending = await withdraw(p, pix, 3_000);
    const paid = await withdraw(p, pix, 4_000);
    expect((await staffCall(t, 'POST', `/withdrawals/${paid}/approve`, {})).data).toMatchObject({ status: 'paid' });
    const rejected = await withdraw(p, pix, 2_500);
    expect((await staffCall(t, 'POST', `/withdrawals/${rejected}/reject`, { reason: 'Holder does not match' })).data).toMatchObject({ status: 'rejected' });
    const refusedAccount = await addPixAccount(t, p, '11110000');
    const failed = await withdraw(p, refusedAccount, 2_000);
    expect((await staffCall(t, 'POST', `/withdrawals/${failed}/approve`, {})).data).toMatchObject({ status: 'failed' });

    // Safebox: in, then part of it out.
    expect((await call(t.app, 'setSafeboxPassword', { password: '246810' }, p.token)).code).toBe(200);
    expect((await call(t.app, 'safeboxDeposit', { amount: 6_000 }, p.token)).code).toBe(200);
    expect((await call(t.app, 'safeboxWithdraw', { amount: 1_000, password: '246810' }, p.token)).code).toBe(200);

    // Game rounds over signed provider calls: a bet and its win, a bet rolled back, a rollback whose bet never came.
    const session = await agg.session(p.user.id);
    const r1 = id('round');
    const bet1 = id('tx');
    await money('bet', { sessionToken: session, transactionId: bet1, roundId: r1, gameCode: 'test-slot', amount: 700 });
    await money('win', { sessionToken: session, transactionId: id('tx'), roundId: r1, amount: 1_200, endRound: true });
    const r2 = id('round');
    const bet2 = id('tx');
    await money('bet', { sessionToken: session, transactionId: bet2, roundId: r2, gameCode: 'test-slot', amount: 300 });
    await money('rollback', { sessionToken: session, transactionId: id('tx'), roundId: r2, rollbackTransactionId: bet2 });
    await money('rollback', { sessionToken: session, transactionId: id('tx'), roundId: id('round'), rollbackTransactionId: id('never-sent') });

    const clean = await checkLedger(t.database.db);
    expect(formatLedgerReport(clean)).toContain('✓ every account equals the sum of its entries');
    expect(clean.ok, formatLedgerReport(clean)).toBe(true);

    // A paid order whose credit was removed (balances adjusted, so the old sums still agree).
    const noCredit = await checkCorrupted(async (tx) => {
      const credit = await one<{ id: string }>(tx, sql`select id::text as id from ledger_transfer where idempotency_key = ${`deposit:${depositor.orderId}`}`);
      await removeTransfer(tx, credit.id);
    });
    expect(noCredit.ok).toBe(false);
    expect(noCredit.accountMismatches).toEqual([]);
    expect(noCredit.transferMismatches).toEqual([]);
    expect(formatLedgerReport(noCredit)).toContain(`✗ deposit order ${depositor.orderId} (player ${depositor.p.user.id}, 5000) is paid but has no ledger credit`);

    // A credit for an order that is not paid.
    const unpaid = await checkCorrupted(async (tx) => {
      await tx.execute(sql`update deposit_order set status = 'failed' where order_no = ${playerOrder}`);
    });
    expect(formatLedgerReport(unpaid)).toContain(`✗ deposit order ${playerOrder} (player ${p.user.id}, 50000) is failed but was credited 50000`);

    // A hold whose withdrawal was closed without returning it.
    const closed = await checkCorrupted(async (tx) => {
      await tx.execute(sql`update withdrawal_order set status = 'rejected' where order_no = ${pending}`);
    });
    expect(closed.ok).toBe(false);
    const closedText = formatLedgerReport(closed);
    expect(closedText).toContain(`✗ withdrawal ${pending} (player ${p.user.id}, 3000, rejected): its hold was not paid out, not released (a rejected or failed withdrawal returns its hold)`);
    expect(closedText).toContain(`✗ player ${p.user.id} has 3000 in withdraw_hold but their open withdrawals total 0`);

    // A paid withdrawal whose payout posting is gone.
    const notPaidOut = await checkCorrupted(async (tx) => {
      const payout = await one<{ id: string }>(tx, sql`select id::text as id from ledger_transfer where idempotency_key = ${`withdraw:${paid}:paid`}`);
      await removeTransfer(tx, payout.id);
    });
    expect(formatLedgerReport(notPaidOut)).toContain(`✗ withdrawal ${paid} (player ${p.user.id}, 4000, paid): its hold was not paid out, not released`);

    // A game transaction whose ledger transfer was deleted.
    const noEntry = await checkCorrupted(async (tx) => {
      const g = await one<{ id: string }>(tx, sql`select ledger_transfer_id::text as id from game_transaction where platform_id = ${cat.platformId} and transaction_id = ${bet1}`);
      await removeTransfer(tx, g.id);
    });
    expect(noEntry.ok).toBe(false);
    expect(noEntry.accountMismatches).toEqual([]);
    expect(noEntry.transferMismatches).toEqual([]);
    expect(formatLedgerReport(noEntry)).toMatch(new RegExp(`✗ game transaction recon-agg/${bet1} \\(bet applied, player ${p.user.id}\\) should move -700 but has no ledger entry in transfer \\d+`));

    // And the other way round: a game entry whose transaction row is gone.
    const noTransaction = await checkCorrupted(async (tx) => {
      await tx.execute(sql`delete from game_transaction where platform_id = ${cat.platformId} and transaction_id = ${bet2}`);
    });
    expect(formatLedgerReport(noTransaction)).toMatch(new RegExp(`✗ ledger entry of -300 for player ${p.user.id} in game transfer \\d+ has no game transaction`));

    // A broken balance_after in the middle of the player's coin account.
    const chain = await checkCorrupted(async (tx) => {
      await tx.execute(sql`update ledger_entry set balance_after = balance_after + 1
                            where id = (select e.id from ledger_entry e join ledger_account a on a.id = e.account_id
                                         where a.user_id = ${p.user.id} and a.book = 'coin' order by e.id offset 2 limit 1)`);
    });
    expect(chain.ok).toBe(false);
    expect(chain.accountMismatches).toEqual([]);
    expect(formatLedgerReport(chain)).toMatch(new RegExp(`✗ account \\d+ \\(player ${p.user.id}, coin, coin\\): entry \\d+ says balance_after (\\d+) but the entries up to it sum to (\\d+)`));
    expect(chain.chains).toHaveLength(1);
    expect(BigInt(chain.chains[0]!.balanceAfter) - BigInt(chain.chains[0]!.running)).toBe(1n);

    // A transfer that moves the safebox without being a safebox move.
    const safebox = await checkCorrupted(async (tx) => {
      await tx.execute(sql`update ledger_transfer set reason = 'bonus'
                            where id = (select min(transfer_id) from ledger_entry where user_id = ${p.user.id} and reason = 'safebox_in')`);
    });
    expect(safebox.ok).toBe(false);
    expect(formatLedgerReport(safebox)).toMatch(new RegExp(`✗ transfer \\d+ \\(safebox_in:${p.user.id}:[^,]+, bonus, player ${p.user.id}\\) touches the player's safebox but is not a safebox move`));

    // Every corruption was rolled back: the database checks out again.
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  }, 120_000);
});
