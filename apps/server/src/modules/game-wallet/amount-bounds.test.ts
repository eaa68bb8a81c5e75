import { sql } from 'drizzle-orm';
import { ErrorCode, MaxBalance, MaxCallAmount, OperatorPrefix } from '@playhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeDb, TEST_DB, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import * as repo from './game-wallet.repo.ts';
import { moneyCall } from './provider-wallet.service.ts';
import { coinOf, ensureCatalogue, fund, providerClient, type TestCatalogue } from './game-wallet-test-kit.ts';

// Decision 017 (issue 11 §3, §6): every amount bounded before anything is written, a round's wins
// within its platform's cap, operators told, and a rollback before its bet keyed by its player.

const SECRET = 'test-bounds-secret-0123456789abcd';

describeDb('bounded amounts on the money paths', () => {
  let t: TestApp;
  let cat: TestCatalogue;
  let capped: TestCatalogue;
  let agg: ReturnType<typeof providerClient>;
  let cappedAgg: ReturnType<typeof providerClient>;
  let n = 0;
  const id = (p: string) => `${p}-${++n}`;

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const alerts = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${OperatorPrefix}/alerts${query}`, headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } });
    return res.json() as { code: number; msg: string; data: { list: Record<string, unknown>[]; total: number } };
  };
  const alertOf = async (kind: string, roundDbId: number) => (await alerts(`?kind=${kind}&pageSize=100`)).data.list.find((a) => a.subject === `game_round:${roundDbId}`);
  const roundRow = async (providerRoundId: string) =>
    (await rows<{ id: string; flagged: boolean; win: string; bet: string }>(
      sql`select id::text, flagged_at is not null as flagged, win_total::text as win, bet_total::text as bet from game_round where provider_round_id = ${providerRoundId}`,
    ))[0]!;

  /** A balance near the bound, from a house book of its own (a shared one would pass the bound on the house side). */
  const fundHuge = (userId: number, amount: number) =>
    transfer(t.database.db, {
      idempotencyKey: id('test-huge'),
      reason: 'bonus_test',
      entries: [
        { account: { house: `jackpot:${id('bounds')}` }, asset: 'coin', amount: -amount },
        { account: { player: userId, book: 'coin' }, asset: 'coin', amount },
      ],
    });

  /** A registered player (who can log in) with coin and an open session on the given provider. */
  async function player(client: ReturnType<typeof providerClient>, coins = 1_000): Promise<TestPlayer & { session: string }> {
    const p = await buildPlayer(t.app);
    await fund(t.database.db, p.user.id, coins * 100);
    return { ...p, session: await client.session(p.user.id) };
  }

  /** What the issue saw break after the oversized wins: every one of these must still answer. */
  async function stillPlays(p: TestPlayer & { session: string }, client = agg) {
    const login = await call(t.app, 'accountLogin', { account: p.account, password: p.password });
    expect(login.code, login.msg).toBe(200);
    expect((await call(t.app, 'refreshData', {}, login.data.token)).code).toBe(200);
    const records = await call(t.app, 'betRecord', { pageNum: 1, pageSize: 10 }, login.data.token);
    expect(records.code, records.msg).toBe(200);
    expect((await call(t.app, 'appUserCoinDetail', {}, login.data.token)).code).toBe(200);
    expect((await client.call('balance', { sessionToken: p.session })).body.status).toBe('OK');
    const bet = await client.call('bet', { sessionToken: p.session, transactionId: id('tx'), roundId: id('r'), gameCode: 'test-slot', amount: 100 });
    expect(bet.body, JSON.stringify(bet.body)).toMatchObject({ status: 'OK' });
  }

  beforeAll(async () => {
    t = await createTestApp();
    cat = await ensureCatalogue(t.database.db, { platformCode: 'test-bounds', secret: SECRET });
    capped = await ensureCatalogue(t.database.db, { platformCode: 'test-capped', secret: SECRET });
    // The cap is a platform's configuration row: this one pays at most 100× a round's stake.
    await t.database.db.execute(sql`update game_platform set win_cap_ratio = 100 where id = ${capped.platformId}`);
    agg = providerClient(t, cat, SECRET);
    cappedAgg = providerClient(t, capped, SECRET);
  });
  afterAll(async () => {
    if (!t) return;
    const report = await checkLedger(t.database.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    await t.close();
  });

  describe('one call', () => {
    it('two wins of 2^53 − 1 are both refused with a clear error, pay nothing, and the player keeps playing', async () => {
      const p = await player(agg);
      const r = id('r');
      expect((await agg.call('bet', { sessionToken: p.session, transactionId: id('tx'), roundId: r, gameCode: 'test-slot', amount: 1_000 })).body.status).toBe('OK');
      for (let i = 0; i < 2; i++) {
        const win = await agg.call('win', { sessionToken: p.session, transactionId: id('tx'), roundId: r, amount: MaxBalance });
        expect(win.status).toBe(200);
        expect(win.body).toMatchObject({ status: 'ERROR', error: 'BAD_REQUEST' });
        expect(win.body.message).toContain(`at most ${MaxCallAmount}`);
      }
      expect(await coinOf(t.database.db, p.user.id)).toBe(99_000);
      await stillPlays(p);
    });

    it('the database refuses the same per-call bound when a call bypasses the contract', async () => {
      const p = await player(agg);
      const r = id('r');
      const mc = (action: repo.MoneyCall['action'], more: Partial<repo.MoneyCall>) =>
        moneyCall({ id: cat.platformId, code: cat.platformCode }, action, { sessionToken: p.session, roundId: r, transactionId: id('tx') }, more, t.clock.now());
      const answers = await repo.calls(
        t.database.db,
        [mc('bet', { gameCode: 'test-slot', amount: String(MaxCallAmount + 1) }), mc('bet', { gameCode: 'test-slot', amount: '1000' })],
        0,
      );
      expect(answers[0]).toMatchObject({ error: 'BAD_REQUEST', message: expect.stringContaining('10000000000') });
      expect(answers[1]).toEqual({ balance: '99000' });
      const [win] = await repo.calls(t.database.db, [mc('win', { amount: String(MaxBalance) })], 0);
      expect(win).toMatchObject({ error: 'BAD_REQUEST', message: expect.stringContaining('10000000000') });
      expect(await coinOf(t.database.db, p.user.id)).toBe(99_000);
    });

    it('a win that would take the balance past 2^53 − 1 is BALANCE_LIMIT_EXCEEDED, pays nothing, and the player keeps playing', async () => {
      await t.database.db.execute(sql`update game_platform set win_cap_ratio = 1000000000 where id = ${cat.platformId}`);
      try {
        const p = await player(agg);
        await fundHuge(p.user.id, MaxBalance - 100_000 - 1_000);
        const r = id('r');
        expect((await agg.call('bet', { sessionToken: p.session, transactionId: id('tx'), roundId: r, gameCode: 'test-slot', amount: 1_000 })).body.status).toBe('OK');
        const before = await coinOf(t.database.db, p.user.id);
        const win = await agg.call('win', { sessionToken: p.session, transactionId: id('tx'), roundId: r, amount: MaxCallAmount });
        expect(win.body).toMatchObject({ status: 'ERROR', error: 'BALANCE_LIMIT_EXCEEDED' });
        expect(await coinOf(t.database.db, p.user.id)).toBe(before);
        // Up to the bound is still paid.
        const upTo = await agg.call('win', { sessionToken: p.session, transactionId: id('tx'), roundId: r, amount: MaxBalance - before });
        expect(upTo.body).toMatchObject({ status: 'OK', balance: MaxBalance });
        await stillPlays(p);
      } finally {
        await t.database.db.execute(sql`update game_platform set win_cap_ratio = default where id = ${cat.platformId}`);
      }
    });

    it('a ledger credit past the bound is refused with its own code, not as a poisoned balance', async () => {
      const p = await buildPlayer(t.app);
      await fundHuge(p.user.id, MaxBalance);
      const credit = transfer(t.database.db, {
        idempotencyKey: id('test-over'),
        reason: 'bonus_test',
        entries: [
          { account: { house: 'promotion' }, asset: 'coin', amount: -1 },
          { account: { player: p.user.id, book: 'coin' }, asset: 'coin', amount: 1 },
        ],
      });
      await expect(credit).rejects.toMatchObject({ code: ErrorCode.balanceLimitExceeded });
      expect(await coinOf(t.database.db, p.user.id)).toBe(MaxBalance);
      expect((await call(t.app, 'refreshData', {}, p.token)).code).toBe(200);
    });

    it('player amounts past the bound are refused by the contract: deposit, withdrawal, safebox', async () => {
      const p = await buildPlayer(t.app);
      for (const [path, body] of [
        ['recharge', { typeId: 1, amount: MaxBalance }],
        ['exchange', { accountId: 1, amount: MaxCallAmount + 100, requestId: id('w') }],
        ['safeboxDeposit', { amount: MaxBalance, password: '123456' }],
        ['safeboxWithdraw', { amount: MaxCallAmount + 100, password: '123456' }],
      ] as const) {
        const res = await call(t.app, path, body, p.token);
        expect(res.code, path).toBe(ErrorCode.badRequest);
        expect(res.msg, path).toContain(`amount: must be at most ${MaxCallAmount}`);
      }
    });
  });

  describe('a round pays at most its cap', () => {
    it('a win past the platform\'s cap is WIN_LIMIT_EXCEEDED, not paid; the round is flagged and the alert listed for operators', async () => {
      const p = await player(cappedAgg);
      const r = id('r');
      expect((await cappedAgg.call('bet', { sessionToken: p.session, transactionId: id('tx'), roundId: r, gameCode: 'test-slot', amount: 1_000 })).body.status).toBe('OK');
      // 100× the stake is the cap: paid.
      expect((await cappedAgg.call('win', { sessionToken: p.session, transactionId: id('tx'), roundId: r, amount: 99_900 })).body.status).toBe('OK');
      expect((await roundRow(r)).flagged).toBe(false);
      const over = { sessionToken: p.session, transactionId: id('tx'), roundId: r, amount: 101 };
      const refused = await cappedAgg.call('win', over);
      expect(refused.body).toMatchObject({ status: 'ERROR', error: 'WIN_LIMIT_EXCEEDED' });
      expect(refused.body.message).toContain('100×');
      expect(await coinOf(t.database.db, p.user.id)).toBe(100_000 - 1_000 + 99_900);
      // A provider retrying the refused win is refused again: the alert counts it.
      expect((await cappedAgg.call('win', over)).body.error).toBe('WIN_LIMIT_EXCEEDED');

      const round = await roundRow(r);
      expect(round).toMatchObject({ flagged: true, bet: '1000', win: '99900' });
      const alert = await alertOf('winCapExceeded', Number(round.id));
      expect(alert).toMatchObject({ kind: 'winCapExceeded', userId: p.user.id, occurrences: 2, amountTotal: 202 });
      expect(alert!.details).toMatchObject({ platform: 'test-capped', roundId: r, transactionId: over.transactionId, staked: 1_000, paid: 99_900 });
      expect(alert!.message).toContain('refused');
      // The round still ends and the player plays on.
      expect((await cappedAgg.call('endRound', { sessionToken: p.session, roundId: r })).body.status).toBe('OK');
      await stillPlays(p, cappedAgg);
    });

    it('twenty extra wins with new ids on an ended 10-coin round pay at most the cap, and the round is flagged and alerted', async () => {
      const p = await player(agg);
      const r = id('r');
      expect((await agg.call('bet', { sessionToken: p.session, transactionId: id('tx'), roundId: r, gameCode: 'test-slot', amount: 1_000 })).body.status).toBe('OK');
      expect((await agg.call('win', { sessionToken: p.session, transactionId: id('tx'), roundId: r, amount: 0, endRound: true })).body.status).toBe('OK');
      const before = await coinOf(t.database.db, p.user.id);
      // The default cap, 100,000× the stake: 100,000,000 hundredths on this round. Each extra win is 10,000,000.
      const wins = Array.from({ length: 20 }, () => agg.call('win', { sessionToken: p.session, transactionId: id('tx'), roundId: r, amount: 10_000_000 }));
      const answers = await Promise.all(wins);
      expect(answers.filter((a) => a.body.status === 'OK')).toHaveLength(10);
      expect(answers.filter((a) => a.body.error === 'WIN_LIMIT_EXCEEDED')).toHaveLength(10);
      expect(await coinOf(t.database.db, p.user.id)).toBe(before + 100_000_000);
      const round = await roundRow(r);
      expect(round).toMatchObject({ flagged: true, win: '100000000' });
      expect(await alertOf('lateWin', Number(round.id))).toMatchObject({ occurrences: 10, amountTotal: 100_000_000 });
      expect(await alertOf('winCapExceeded', Number(round.id))).toMatchObject({ occurrences: 10, amountTotal: 100_000_000 });
    });

    // Many connections at once: PGlite has one, so this races only on PostgreSQL.
    it.skipIf(TEST_DB !== 'pg')('wins racing into one round from many connections never pay past the cap', async () => {
      const p = await player(cappedAgg);
      const r = id('r');
      expect((await cappedAgg.call('bet', { sessionToken: p.session, transactionId: id('tx'), roundId: r, gameCode: 'test-slot', amount: 500 })).body.status).toBe('OK');
      const calls = Array.from({ length: 24 }, (_, i) =>
        repo.calls(
          t.database.db,
          [moneyCall({ id: capped.platformId, code: capped.platformCode }, 'win', { sessionToken: p.session, roundId: r, transactionId: id('tx') }, { amount: '5000' }, t.clock.now())],
          i % 16,
        ),
      );
      const answers = (await Promise.all(calls)).flat();
      expect(answers.filter((a) => a.error === undefined)).toHaveLength(10);
      expect(answers.filter((a) => a.error === 'WIN_LIMIT_EXCEEDED')).toHaveLength(14);
      expect((await roundRow(r)).win).toBe('50000');
    });

    it('the alert list pages, filters by kind and needs the operator token', async () => {
      const all = await alerts('?pageSize=1');
      expect(all.code).toBe(200);
      expect(all.data.list).toHaveLength(1);
      expect(all.data.total).toBeGreaterThanOrEqual(3);
      const late = await alerts('?kind=lateWin');
      expect(late.data.list.every((a) => a.kind === 'lateWin')).toBe(true);
      expect((await alerts('?kind=other')).code).toBe(ErrorCode.badRequest);
      const anonymous = await t.app.inject({ method: 'GET', url: `${OperatorPrefix}/alerts` });
      expect(anonymous.json().code).toBe(ErrorCode.unauthorized);
    });
  });

  describe('a rollback before its bet', () => {
    it('waits for its own player\'s bet only: another player\'s later bet with that id is applied', async () => {
      const a = await player(agg);
      const b = await player(agg);
      const betId = id('shared');
      const early = await agg.call('rollback', { sessionToken: a.session, transactionId: id('rb'), roundId: id('r'), rollbackTransactionId: betId });
      expect(early.body.status).toBe('OK');
      const bBet = await agg.call('bet', { sessionToken: b.session, transactionId: betId, roundId: id('r'), gameCode: 'test-slot', amount: 1_000 });
      expect(bBet.body, JSON.stringify(bBet.body)).toMatchObject({ status: 'OK', balance: 99_000 });
      expect(await coinOf(t.database.db, b.user.id)).toBe(99_000);
      // The id is B's now: A's late bet with it moves nothing.
      const aBet = await agg.call('bet', { sessionToken: a.session, transactionId: betId, roundId: id('r'), gameCode: 'test-slot', amount: 1_000 });
      expect(aBet.body.status).toBe('ERROR');
      expect(['TRANSACTION_ROLLED_BACK', 'DUPLICATE_TRANSACTION']).toContain(aBet.body.error);
      expect(await coinOf(t.database.db, a.user.id)).toBe(100_000);
    });
  });
});
