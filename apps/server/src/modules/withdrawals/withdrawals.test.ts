import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, setAppConfig, TEST_OPERATOR_NAME, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { addTurnover, getBalances, houseBalance, settleTurnover, transfer } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { withTx } from '../../db/tx.ts';
import { addPixAccount, balances, fundedPlayer, payoutChannels, requestWithdrawal, staffCall } from './withdrawals-test-kit.ts';

const HOUR = 3600_000;

describeDb('withdrawals: checklist, hold, limits, review, payout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const check = (info: { checklist: Array<{ key: string }> }, key: string) => info.checklist.find((c) => c.key === key) as Record<string, unknown>;

  describe('getExchange', () => {
    it('tells a new player exactly what is missing', async () => {
      const p = await buildPlayer(t.app);
      const r = await call(t.app, 'getExchange', {}, p.token);
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ coin: 0, exchange: 0, maxAmount: 0, canWithdraw: false, recent: [], limits: { dailyCount: 3, dailyAmount: 5_000_000, usedCount: 0, usedAmount: 0 } });
      expect(check(r.data, 'account')).toEqual({ key: 'account', ok: false });
      expect(check(r.data, 'minimum')).toEqual({ key: 'minimum', ok: false, minAmount: 2000, withdrawable: 0 });
      expect(check(r.data, 'turnover')).toMatchObject({ ok: true, remaining: 0 });
      expect(r.data.channels.map((c: { name: string }) => c.name)).toEqual(['PIX', 'Bank transfer']);
    });

    it('shows turnover progress and keeps the locked bonus out of the withdrawable amount', async () => {
      const p = await fundedPlayer(t, 300);
      await addPixAccount(t, p);
      // A 100-coin bonus with 5× wagering, then 200 coins of bets settled.
      await transfer(t.database.db, { idempotencyKey: `bonus:${p.user.id}`, reason: 'bonus', entries: [
        { account: { player: p.user.id, book: 'coin' }, asset: 'coin', amount: 10_000 },
        { account: { house: 'promotion' }, asset: 'coin', amount: -10_000 },
      ] });
      await withTx(t.database.db, async (tx) => {
        await addTurnover(tx, p.user.id, 10_000, 5);
        await settleTurnover(tx, p.user.id, 20_000);
      });
      const r = await call(t.app, 'getExchange', {}, p.token);
      expect(r.data).toMatchObject({ coin: 40_000, exchange: 30_000, bet: 30_000, maxAmount: 30_000, canWithdraw: true });
      // Locked straight through the ledger, not by a reward grant: there is no bonus to name.
      expect(check(r.data, 'turnover')).toEqual({ key: 'turnover', ok: false, required: 50_000, played: 20_000, remaining: 30_000, locked: 10_000, bonuses: [] });

      const tooMuch = await requestWithdrawal(t, p, await addPixAccount(t, p, '98765432100'), 35_000);
      expect(tooMuch).toMatchObject({ code: ErrorCode.withdrawAboveWithdrawable, msg: 'You can withdraw up to 300 now; 100 stays locked until you wager 300 more' });
      expect(await balances(t, p)).toEqual({ coin: 40_000, exchange: 30_000 });
    });
  });

  describe('exchange', () => {
    it('holds the amount at once, and a retried tap applies once', async () => {
      const p = await fundedPlayer(t, 500);
      const accountId = await addPixAccount(t, p);
      const r = await requestWithdrawal(t, p, accountId, 20_000, 'tap-1');
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ coin: 30_000, exchange: 30_000, order: { status: 'pending', amount: 20_000, typeName: 'PIX', accountName: 'Ana Souza', accountNoMasked: '•••• 8901', reviewedAt: null, closedAt: null } });
      expect(r.data.order.orderId).toMatch(/^WD[0-9A-F]{20}$/);
      const b = await getBalances(t.database.db, p.user.id);
      expect({ coin: b.coin, hold: b.withdrawHold }).toEqual({ coin: 30_000, hold: 20_000 });

      const again = await requestWithdrawal(t, p, accountId, 20_000, 'tap-1');
      expect(again.code).toBe(200);
      expect(again.data.order.orderId).toBe(r.data.order.orderId);
      expect((await getBalances(t.database.db, p.user.id)).withdrawHold).toBe(20_000);
      const changed = await requestWithdrawal(t, p, accountId, 10_000, 'tap-1');
      expect(changed.code).toBe(ErrorCode.idempotencyConflict);

      const info = (await call(t.app, 'getExchange', {}, p.token)).data;
      expect(info.recent).toHaveLength(1);
      expect(info.limits).toMatchObject({ usedCount: 1, usedAmount: 20_000 });
      const mine = await call(t.app, 'getWithdrawalOrder', { orderId: r.data.order.orderId }, p.token);
      expect(mine.data).toEqual(r.data.order);
      const theirs = await call(t.app, 'getWithdrawalOrder', { orderId: r.data.order.orderId }, (await buildPlayer(t.app)).token);
      expect(theirs.code).toBe(ErrorCode.withdrawOrderNotFound);
      // The request is one record, money going out, pending (the hold is not a second row).
      const records = await call(t.app, 'appUserCoinDetail', { kind: 'withdraw' }, p.token);
      expect(records.data.list.map((e: { reason: string; amount: number; book: string; status: string }) => [e.reason, e.book, e.amount, e.status])).toEqual([
        ['withdraw_hold', 'coin', -20_000, 'pending'],
      ]);
    });

    it('refuses amounts outside the channel rules and changes nothing', async () => {
      const p = await fundedPlayer(t, 30_000);
      const accountId = await addPixAccount(t, p);
      const { pix } = await payoutChannels(t, p);
      const before = await countRows(t.database, 'withdrawal_order');
      const cases: Array<[number, number, string?]> = [
        [1_900, ErrorCode.withdrawBelowMinimum, 'The minimum withdrawal for PIX is 20'],
        [pix.maxAmount! + 100, ErrorCode.withdrawAboveMaximum, 'The maximum withdrawal for PIX is 20000'],
        [2_050, ErrorCode.withdrawAmountNotWhole],
      ];
      for (const [amount, code, msg] of cases) {
        const r = await requestWithdrawal(t, p, accountId, amount);
        expect(r.code, String(amount)).toBe(code);
        if (msg) expect(r.msg).toBe(msg);
      }
      const stranger = await requestWithdrawal(t, p, 999_999, 5_000);
      expect(stranger.code).toBe(ErrorCode.withdrawAccountNotFound);
      expect(await countRows(t.database, 'withdrawal_order')).toBe(before);
      expect(await balances(t, p)).toEqual({ coin: 3_000_000, exchange: 3_000_000 });
    });

    it('enforces the daily count and amount over a rolling 24 hours', async () => {
      const p = await fundedPlayer(t, 100_000);
      const accountId = await addPixAccount(t, p);
      for (let i = 0; i < 3; i++) expect((await requestWithdrawal(t, p, accountId, 10_000)).code).toBe(200);
      const fourth = await requestWithdrawal(t, p, accountId, 10_000);
      expect(fourth).toMatchObject({ code: ErrorCode.withdrawDailyCountReached, msg: 'You can make 3 withdrawal requests in 24 hours' });
      const info = (await call(t.app, 'getExchange', {}, p.token)).data;
      expect(check(info, 'dailyCount')).toEqual({ key: 'dailyCount', ok: false, used: 3, limit: 3 });
      expect(info.canWithdraw).toBe(false);

      t.clock.advance(24 * HOUR + 1000);
      await setAppConfig(t.database, 'withdrawLimits', { dailyCount: 10, dailyAmount: 50_000 });
      try {
        expect((await requestWithdrawal(t, p, accountId, 40_000)).code).toBe(200);
        const over = await requestWithdrawal(t, p, accountId, 20_000);
        expect(over).toMatchObject({ code: ErrorCode.withdrawDailyAmountExceeded, msg: 'You can withdraw 100 more in the next 24 hours' });
        expect((await call(t.app, 'getExchange', {}, p.token)).data.maxAmount).toBe(10_000);
      } finally {
        await setAppConfig(t.database, 'withdrawLimits', { dailyCount: 3, dailyAmount: 5_000_000 });
      }
    });

    it('never holds more than the withdrawable amount under concurrent requests', async () => {
      const p = await fundedPlayer(t, 1_000);
      const accountId = await addPixAccount(t, p);
      await setAppConfig(t.database, 'withdrawLimits', { dailyCount: 100, dailyAmount: 100_000_000 });
      try {
        const results = await Promise.all(Array.from({ length: 12 }, () => requestWithdrawal(t, p, accountId, 15_000)));
        const ok = results.filter((r) => r.code === 200);
        expect(ok).toHaveLength(6);
        expect(results.filter((r) => r.code !== 200).every((r) => r.code === ErrorCode.withdrawAboveWithdrawable)).toBe(true);
        const b = await getBalances(t.database.db, p.user.id);
        expect({ coin: b.coin, hold: b.withdrawHold }).toEqual({ coin: 10_000, hold: 90_000 });
      } finally {
        await setAppConfig(t.database, 'withdrawLimits', { dailyCount: 3, dailyAmount: 5_000_000 });
      }
    });
  });

  describe('review and payout (operator API)', () => {
    async function pending(coins: number, amount: number, accountNo?: string) {
      const p = await fundedPlayer(t, coins);
      const accountId = await addPixAccount(t, p, accountNo);
      const r = await requestWithdrawal(t, p, accountId, amount);
      expect(r.code, r.msg).toBe(200);
      return { p, orderId: r.data.order.orderId as string };
    }

    it('refuses calls without the operator token', async () => {
      const { orderId } = await pending(100, 5_000);
      expect((await staffCall(t, 'POST', `/withdrawals/${orderId}/approve`, {}, null)).status).toBe(401);
      expect((await staffCall(t, 'POST', `/withdrawals/${orderId}/approve`, {}, 'x'.repeat(40))).status).toBe(401);
      expect((await staffCall(t, 'GET', '/withdrawals', undefined, null)).status).toBe(401);
      expect((await staffCall(t, 'GET', `/withdrawals/${orderId}`)).data).toMatchObject({ status: 'pending' });
    });

    it('approve pays out: the hold moves to the channel clearing account, exactly once', async () => {
      const { p, orderId } = await pending(100, 6_000);
      const clearingBefore = await houseBalance(t.database.db, 'clearing:pix');
      // A name in the body is not who acts: the audit log records the token's identity.
      const r = await staffCall(t, 'POST', `/withdrawals/${orderId}/approve`, { operator: 'mallory' });
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ orderId, status: 'paid', reviewedBy: TEST_OPERATOR_NAME, providerRef: `SBX-PO-${orderId}`, accountNo: '12345678901', userId: p.user.id });
      const b = await getBalances(t.database.db, p.user.id);
      expect({ coin: b.coin, hold: b.withdrawHold }).toEqual({ coin: 4_000, hold: 0 });
      expect(await houseBalance(t.database.db, 'clearing:pix')).toBe(clearingBefore + 6_000);

      const twice = await staffCall(t, 'POST', `/withdrawals/${orderId}/approve`, {});
      expect(twice).toMatchObject({ code: ErrorCode.withdrawWrongState, msg: `${orderId} is paid, only a pending request can be approved` });
      const reject = await staffCall(t, 'POST', `/withdrawals/${orderId}/reject`, { reason: 'too late' });
      expect(reject.code).toBe(ErrorCode.withdrawWrongState);
      expect((await getBalances(t.database.db, p.user.id)).coin).toBe(4_000);

      const seen = (await call(t.app, 'getWithdrawalOrder', { orderId }, p.token)).data;
      expect(seen).toMatchObject({ status: 'paid', reason: null });
      expect(seen.closedAt).not.toBeNull();
      expect((await checkLedger(t.database.db)).ok).toBe(true);
    });

    it('reject returns the amount with the reason the player sees', async () => {
      const { p, orderId } = await pending(100, 5_000);
      const noReason = await staffCall(t, 'POST', `/withdrawals/${orderId}/reject`, {});
      expect(noReason.code).toBe(ErrorCode.badRequest);
      const r = await staffCall(t, 'POST', `/withdrawals/${orderId}/reject`, { reason: 'Account holder does not match the player' });
      expect(r.data).toMatchObject({ status: 'rejected', reviewedBy: TEST_OPERATOR_NAME });
      expect(await balances(t, p)).toEqual({ coin: 10_000, exchange: 10_000 });
      const seen = (await call(t.app, 'getWithdrawalOrder', { orderId }, p.token)).data;
      expect(seen).toMatchObject({ status: 'rejected', reason: 'Account holder does not match the player' });
      // A rejected request no longer uses up the daily amount.
      expect((await call(t.app, 'getExchange', {}, p.token)).data.limits).toMatchObject({ usedCount: 0, usedAmount: 0 });
      expect(await countRows(t.database, 'staff_audit')).toBeGreaterThan(0);
    });

    it('a payout the bank refuses fails and returns the amount', async () => {
      const { p, orderId } = await pending(100, 5_000, '11110000');
      const r = await staffCall(t, 'POST', `/withdrawals/${orderId}/approve`, {});
      expect(r.data).toMatchObject({ status: 'failed', reason: expect.stringContaining('refused') });
      expect(await balances(t, p)).toEqual({ coin: 10_000, exchange: 10_000 });
      expect((await getBalances(t.database.db, p.user.id)).withdrawHold).toBe(0);
    });

    it('lists requests by status for staff, oldest pending first', async () => {
      const a = await pending(100, 5_000);
      t.clock.advance(1000);
      const b = await pending(100, 7_000);
      const r = await staffCall(t, 'GET', '/withdrawals?status=pending&pageSize=100');
      const ids = (r.data!.list as Array<{ orderId: string }>).map((w) => w.orderId);
      expect(ids.indexOf(a.orderId)).toBeLessThan(ids.indexOf(b.orderId));
      expect(r.data!.total).toBe(ids.length);
      expect((await staffCall(t, 'GET', '/withdrawals?status=nope')).code).toBe(ErrorCode.badRequest);
      expect((await staffCall(t, 'GET', '/withdrawals/WD0000000000000000000A')).code).toBe(ErrorCode.withdrawOrderNotFound);
    });
  });
});
