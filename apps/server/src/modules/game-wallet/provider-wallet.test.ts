import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { withTx } from '../../db/tx.ts';
import { addTurnover, getBalances, houseBalance } from '../ledger/ledger.service.ts';
import { checkLedger, newUserId } from '../ledger/ledger-test-helpers.ts';
import * as repo from './game-wallet.repo.ts';
import { moneyCall as serviceMoneyCall } from './provider-wallet.service.ts';
import { createRoundSweeper } from './round-sweeper.ts';
import { coinOf, ensureCatalogue, fund, providerCall, providerClient, tokenOf, type TestCatalogue } from './game-wallet-test-kit.ts';

const SECRET = 'test-aggregator-secret-0123456789';

describeDb('seamless wallet protocol', () => {
  let t: TestApp;
  let cat: TestCatalogue;
  let agg: ReturnType<typeof providerClient>;
  let n = 0;
  const tx = () => `tx-${++n}`;
  const round = () => `r-${++n}`;

  /** A funded player with an open real session. */
  async function player(coins = 1_000) {
    const userId = await newUserId(t.database.db);
    if (coins > 0) await fund(t.database.db, userId, coins * 100);
    return { userId, token: await agg.session(userId) };
  }

  /** A money call as the service hands it to game_wallet_calls (for tests that send batches themselves). */
  const moneyCall = (token: string, action: repo.MoneyCall['action'], roundId: string, txId: string | null, more: Partial<repo.MoneyCall> = {}): repo.MoneyCall => ({
    ...serviceMoneyCall({ id: cat.platformId, code: cat.platformCode }, action, { sessionToken: token, roundId, transactionId: txId }, { gameCode: action === 'bet' ? 'test-slot' : null }, t.clock.now()),
    ...more,
  });

  beforeAll(async () => {
    t = await createTestApp();
    cat = await ensureCatalogue(t.database.db, { platformCode: 'test-agg', secret: SECRET });
    agg = providerClient(t, cat, SECRET);
  });
  afterAll(async () => {
    if (!t) return;
    const report = await checkLedger(t.database.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    await t.close();
  });

  describe('signatures', () => {
    it('refuses a bad signature, a stale or future timestamp, a body changed after signing and an unknown platform, with HTTP 401 and no change', async () => {
      const p = await player();
      const body = { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: 100 };
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const cases = [
        { o: { secret: 'another-secret-0123456789' }, error: 'INVALID_SIGNATURE' },
        { o: { timestamp: now - 301 }, error: 'STALE_REQUEST' },
        { o: { timestamp: now + 301 }, error: 'STALE_REQUEST' },
        { o: { tamperedBody: JSON.stringify({ ...body, amount: 1 }) }, error: 'INVALID_SIGNATURE' },
        { o: { signature: 'zz' }, error: 'INVALID_SIGNATURE' },
      ];
      for (const c of cases) {
        const res = await agg.call('bet', body, c.o);
        expect(res.status, JSON.stringify(c.o)).toBe(401);
        expect(res.body).toMatchObject({ status: 'ERROR', error: c.error });
      }
      const unknown = await providerCall(t, 'no-such-platform', 'bet', body, SECRET);
      expect(unknown.status).toBe(401);
      expect(unknown.body.error).toBe('INVALID_SIGNATURE');
      // The originals secret does not sign for another platform.
      const wrongPlatform = await agg.call('bet', body, { secret: t.config.originalsProviderSecret });
      expect(wrongPlatform.status).toBe(401);
      expect(await coinOf(t.database.db, p.userId)).toBe(100_000);

      // Within the window the same call goes through.
      const ok = await agg.call('bet', body, { timestamp: now - 299 });
      expect(ok.body).toMatchObject({ status: 'OK', balance: 99_900 });
    });

    it('a captured request replayed later is stale; replayed within the window it is answered, not applied twice', async () => {
      const p = await player();
      const body = { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: 2_500 };
      const ts = Math.floor(t.clock.now().getTime() / 1000);
      const first = await agg.call('bet', body, { timestamp: ts });
      const again = await agg.call('bet', body, { timestamp: ts });
      expect(first.body).toEqual({ status: 'OK', balance: 97_500, transactionId: body.transactionId });
      expect(again.body).toEqual(first.body);
      t.clock.advance(6 * MINUTE);
      const late = await agg.call('bet', body, { timestamp: ts });
      expect(late.status).toBe(401);
      expect(late.body.error).toBe('STALE_REQUEST');
      expect(await coinOf(t.database.db, p.userId)).toBe(97_500);
    });

    it('answers BAD_REQUEST for a body that is not JSON or breaks the schema, and 404 for an unknown action', async () => {
      const p = await player();
      expect((await agg.call('bet', {}, { rawBody: '{not json' })).body).toMatchObject({ status: 'ERROR', error: 'BAD_REQUEST' });
      const negative = await agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: -5 });
      expect(negative.status).toBe(200);
      expect(negative.body).toMatchObject({ status: 'ERROR', error: 'BAD_REQUEST' });
      expect(negative.body.message).toContain('amount');
      const unknown = await agg.call('cashout', { sessionToken: p.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('BAD_REQUEST');
    });
  });

  describe('authenticate and sessions', () => {
    it('a launch token is good for one authenticate within 2 minutes; the session answers player, balance and game', async () => {
      const userId = await newUserId(t.database.db);
      await fund(t.database.db, userId, 12_345);
      const launch = await agg.launch(userId);
      const first = await agg.call('authenticate', { launchToken: tokenOf(launch.url) });
      expect(first.body).toMatchObject({ status: 'OK', playerId: String(userId), currency: 'COIN', balance: 12_345, mode: 'real', gameCode: 'test-slot' });
      expect(first.body.nickname).toMatch(/^l_/);
      expect((await agg.call('authenticate', { launchToken: tokenOf(launch.url) })).body).toMatchObject({ status: 'ERROR', error: 'INVALID_TOKEN' });

      const late = await agg.launch(userId);
      t.clock.advance(2 * MINUTE + 1_000);
      expect((await agg.call('authenticate', { launchToken: tokenOf(late.url) })).body.error).toBe('INVALID_TOKEN');

      expect((await agg.call('balance', { sessionToken: first.body.sessionToken })).body).toEqual({ status: 'OK', balance: 12_345 });
      expect((await agg.call('balance', { sessionToken: 'x'.repeat(43) })).body.error).toBe('INVALID_TOKEN');
    });

    it('demo sessions say demo, show play money and never touch the wallet', async () => {
      const userId = await newUserId(t.database.db);
      await fund(t.database.db, userId, 5_000);
      for (const owner of [null, userId]) {
        const auth = await agg.call('authenticate', { launchToken: tokenOf((await agg.launch(owner, 'demo')).url) });
        expect(auth.body).toMatchObject({ status: 'OK', mode: 'demo' });
        expect(auth.body.playerId).toMatch(/^demo-/);
        const token = auth.body.sessionToken;
        const roundId = round();
        const bet = await agg.call('bet', { sessionToken: token, transactionId: tx(), roundId, gameCode: 'test-slot', amount: 100 });
        expect(bet.body).toMatchObject({ status: 'ERROR', error: 'BAD_REQUEST', message: 'Demo play never touches the wallet' });
        const win = await agg.call('win', { sessionToken: token, transactionId: tx(), roundId, amount: 100 });
        expect(win.body).toMatchObject({ status: 'ERROR', error: 'BAD_REQUEST' });
      }
      expect(await coinOf(t.database.db, userId)).toBe(5_000);
    });

    it('refuses bets after 30 idle minutes or after exit, but still pays wins, rollbacks and ends rounds', async () => {
      const p = await player(100);
      const r1 = round();
      const r2 = round();
      const bet1 = tx();
      const bet2 = tx();
      expect((await agg.call('bet', { sessionToken: p.token, transactionId: bet1, roundId: r1, gameCode: 'test-slot', amount: 1_000 })).body.status).toBe('OK');
      expect((await agg.call('bet', { sessionToken: p.token, transactionId: bet2, roundId: r2, gameCode: 'test-slot', amount: 500 })).body.status).toBe('OK');
      t.clock.advance(29 * MINUTE);
      expect((await agg.call('balance', { sessionToken: p.token })).body).toEqual({ status: 'OK', balance: 8_500 });
      t.clock.advance(30 * MINUTE + 1);

      const late = await agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: r1, gameCode: 'test-slot', amount: 100 });
      expect(late.body).toMatchObject({ status: 'ERROR', error: 'SESSION_EXPIRED' });
      expect((await agg.call('balance', { sessionToken: p.token })).body.error).toBe('SESSION_EXPIRED');
      const win = await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: r1, amount: 3_000, endRound: true });
      expect(win.body).toMatchObject({ status: 'OK', balance: 11_500 });
      const rb = await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: r2, rollbackTransactionId: bet2 });
      expect(rb.body).toMatchObject({ status: 'OK', balance: 12_000 });
      expect((await agg.call('endRound', { sessionToken: p.token, roundId: r2 })).body).toEqual({ status: 'OK', balance: 12_000 });

      // Closed by the player (exitGame) rather than idle: the same.
      const q = await player(100);
      const r3 = round();
      await agg.call('bet', { sessionToken: q.token, transactionId: tx(), roundId: r3, gameCode: 'test-slot', amount: 2_000 });
      expect(await agg.sessions.close(q.userId)).toBe(1);
      expect((await agg.call('bet', { sessionToken: q.token, transactionId: tx(), roundId: r3, gameCode: 'test-slot', amount: 100 })).body.error).toBe('SESSION_EXPIRED');
      expect((await agg.call('win', { sessionToken: q.token, transactionId: tx(), roundId: r3, amount: 4_000 })).body).toMatchObject({ status: 'OK', balance: 12_000 });
    });
  });

  describe('money', () => {
    it('bet then win: coin to the provider book and back, answered with the balance after', async () => {
      const p = await player(100);
      const before = await houseBalance(t.database.db, 'provider:test-agg');
      const r = round();
      const bet = await agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: r, gameCode: 'test-slot', amount: 2_000 });
      expect(bet.body).toMatchObject({ status: 'OK', balance: 8_000 });
      const win = await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: r, amount: 5_000 });
      expect(win.body).toMatchObject({ status: 'OK', balance: 13_000 });
      expect(await houseBalance(t.database.db, 'provider:test-agg')).toBe(before - 3_000);
    });

    it('insufficient funds is refused with the current balance and moves nothing', async () => {
      const p = await player(10);
      const res = await agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: 1_001 });
      expect(res.body).toEqual({ status: 'ERROR', error: 'INSUFFICIENT_FUNDS', message: expect.any(String), balance: 1_000 });
      const all = await agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: 1_000 });
      expect(all.body).toMatchObject({ status: 'OK', balance: 0 });
    });

    it('a player who never had coin bets into INSUFFICIENT_FUNDS with balance 0, then plays once funded', async () => {
      const p = await player(0);
      const bet = () => agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: 100 });
      expect((await bet()).body).toMatchObject({ status: 'ERROR', error: 'INSUFFICIENT_FUNDS', balance: 0 });
      await fund(t.database.db, p.userId, 500);
      expect((await bet()).body).toMatchObject({ status: 'OK', balance: 400 });
    });

    it('the same transaction id with other details is DUPLICATE_TRANSACTION; with the same details the first answer', async () => {
      const p = await player(100);
      const r = round();
      const id = tx();
      const bet = { sessionToken: p.token, transactionId: id, roundId: r, gameCode: 'test-slot', amount: 1_000 };
      expect((await agg.call('bet', bet)).body.balance).toBe(9_000);
      // Another call moved money meanwhile: the replay answers the balance now.
      await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: r, amount: 500 });
      expect((await agg.call('bet', bet)).body).toEqual({ status: 'OK', balance: 9_500, transactionId: id });
      for (const other of [{ ...bet, amount: 1_001 }, { ...bet, roundId: round() }]) {
        expect((await agg.call('bet', other)).body).toMatchObject({ status: 'ERROR', error: 'DUPLICATE_TRANSACTION' });
      }
      expect((await agg.call('win', { sessionToken: p.token, transactionId: id, roundId: r, amount: 1_000 })).body.error).toBe('DUPLICATE_TRANSACTION');
      const q = await player(100);
      expect((await agg.call('bet', { ...bet, sessionToken: q.token })).body.error).toBe('DUPLICATE_TRANSACTION');
      expect(await coinOf(t.database.db, p.userId)).toBe(9_500);
      expect(await coinOf(t.database.db, q.userId)).toBe(10_000);
    });

    it('a rollback before its bet is recorded and answered OK; the late bet is refused and moves nothing', async () => {
      const p = await player(100);
      const r = round();
      const betId = tx();
      const rbId = tx();
      const rb = await agg.call('rollback', { sessionToken: p.token, transactionId: rbId, roundId: r, rollbackTransactionId: betId });
      expect(rb.body).toEqual({ status: 'OK', balance: 10_000, transactionId: rbId });
      const bet = { sessionToken: p.token, transactionId: betId, roundId: r, gameCode: 'test-slot', amount: 3_000 };
      expect((await agg.call('bet', bet)).body).toMatchObject({ status: 'ERROR', error: 'TRANSACTION_ROLLED_BACK' });
      expect((await agg.call('bet', bet)).body.error).toBe('TRANSACTION_ROLLED_BACK');
      expect((await agg.call('rollback', { sessionToken: p.token, transactionId: rbId, roundId: r, rollbackTransactionId: betId })).body.status).toBe('OK');
      // Other bets of the round are not affected.
      expect((await agg.call('bet', { ...bet, transactionId: tx() })).body).toMatchObject({ status: 'OK', balance: 7_000 });
      expect(await coinOf(t.database.db, p.userId)).toBe(7_000);
    });

    it('a rollback returns its bet once; wins are final and a round that paid keeps its bets', async () => {
      const p = await player(100);
      const r = round();
      const betId = tx();
      await agg.call('bet', { sessionToken: p.token, transactionId: betId, roundId: r, gameCode: 'test-slot', amount: 4_000 });
      const rb1 = await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: r, rollbackTransactionId: betId });
      expect(rb1.body).toMatchObject({ status: 'OK', balance: 10_000 });
      // A second rollback (another id) of the same bet changes nothing.
      const rb2 = await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: r, rollbackTransactionId: betId });
      expect(rb2.body).toMatchObject({ status: 'OK', balance: 10_000 });
      // Every bet of the round is rolled back: nothing left to pay.
      expect((await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: r, amount: 100 })).body.error).toBe('BAD_REQUEST');

      const r2 = round();
      const bet2 = tx();
      const win2 = tx();
      await agg.call('bet', { sessionToken: p.token, transactionId: bet2, roundId: r2, gameCode: 'test-slot', amount: 1_000 });
      await agg.call('win', { sessionToken: p.token, transactionId: win2, roundId: r2, amount: 1_500 });
      expect((await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: r2, rollbackTransactionId: win2 })).body.error).toBe('BAD_REQUEST');
      expect((await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: r2, rollbackTransactionId: bet2 })).body.error).toBe('BAD_REQUEST');
      expect(await coinOf(t.database.db, p.userId)).toBe(10_500);
    });

    it('a win needs a round with a bet of this player; betTransactionId must be a live bet of that round', async () => {
      const p = await player(100);
      const q = await player(100);
      expect((await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: round(), amount: 100 })).body).toMatchObject({ error: 'BAD_REQUEST' });
      const r = round();
      const betId = tx();
      await agg.call('bet', { sessionToken: p.token, transactionId: betId, roundId: r, gameCode: 'test-slot', amount: 1_000 });
      // Another player cannot be paid in p's round.
      expect((await agg.call('win', { sessionToken: q.token, transactionId: tx(), roundId: r, amount: 100 })).body.error).toBe('BAD_REQUEST');
      expect((await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: r, betTransactionId: 'nope', amount: 100 })).body.error).toBe('BAD_REQUEST');
      const ok = await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: r, betTransactionId: betId, amount: 0 });
      expect(ok.body).toMatchObject({ status: 'OK', balance: 9_000 });
      expect(await coinOf(t.database.db, q.userId)).toBe(10_000);
    });

    it('endRound closes the round: later bets are ROUND_CLOSED; turnover drops by its bets once; events for rewards', async () => {
      const p = await player(500);
      await withTx(t.database.db, (x) => addTurnover(x, p.userId, 10_000, 3));
      expect((await getBalances(t.database.db, p.userId)).bet).toBe(30_000);
      const r = round();
      const bets = [tx(), tx(), tx()];
      for (const [i, id] of bets.entries()) {
        await agg.call('bet', { sessionToken: p.token, transactionId: id, roundId: r, gameCode: 'test-slot', amount: 1_000 * (i + 1) });
      }
      await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: r, rollbackTransactionId: bets[0] });
      const win = await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: r, amount: 7_000, endRound: true });
      expect(win.body).toMatchObject({ status: 'OK', balance: 50_000 - 5_000 + 7_000 });
      expect((await agg.call('endRound', { sessionToken: p.token, roundId: r })).body.status).toBe('OK');
      // Bets 2 and 3 (5,000) count once, the rolled-back one not at all.
      expect((await getBalances(t.database.db, p.userId)).bet).toBe(25_000);
      const closed = await agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: r, gameCode: 'test-slot', amount: 100 });
      expect(closed.body).toMatchObject({ status: 'ERROR', error: 'ROUND_CLOSED' });
      expect((await agg.call('endRound', { sessionToken: p.token, roundId: round() })).body.error).toBe('BAD_REQUEST');

      const events = (await t.database.db.execute(sql`select type, payload from domain_event where type like 'game.%' and payload->>'userId' = ${String(p.userId)} order by id`)) as unknown as {
        rows: { type: string; payload: Record<string, unknown> }[];
      };
      expect(events.rows.map((e) => e.type)).toEqual(['game.bet_placed', 'game.bet_placed', 'game.bet_placed', 'game.round_settled']);
      expect(events.rows[3]!.payload).toMatchObject({ userId: p.userId, platform: 'test-agg', gameId: cat.games[0]!.id, typeId: cat.games[0]!.typeId, roundId: r, bet: 5_000, win: 7_000, status: 'settled', endedBy: 'provider' });
    });

    it('a round no call touches for a day is ended by the sweep: its bets count as wagered once, a late win still pays, a late rollback is refused', async () => {
      const db = t.database.db;
      const sweeper = createRoundSweeper({ db, clock: t.clock });
      const p = await player(500);
      await withTx(db, (x) => addTurnover(x, p.userId, 10_000, 1));
      const [idle, rolled, busy] = [round(), round(), round()];
      const idleBet = tx();
      const rolledBet = tx();
      const bet = (token: string, roundId: string, transactionId: string, amount: number) =>
        agg.call('bet', { sessionToken: token, transactionId, roundId, gameCode: 'test-slot', amount });
      expect((await bet(p.token, idle, idleBet, 2_000)).body.status).toBe('OK');
      expect((await bet(p.token, rolled, rolledBet, 1_000)).body.status).toBe('OK');
      expect((await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: rolled, rollbackTransactionId: rolledBet })).body.status).toBe('OK');
      t.clock.advance(DAY - MINUTE);
      expect((await bet(await agg.session(p.userId), busy, tx(), 1_000)).body.status).toBe('OK');
      t.clock.advance(2 * MINUTE);

      // Earlier tests' players left rounds open too: they are a day old now as well.
      expect(await sweeper.sweep()).toBeGreaterThanOrEqual(2);
      const status = async (r: string) =>
        ((await db.execute(sql`select status from game_round where provider_round_id = ${r} and user_id = ${p.userId}`)) as unknown as { rows: { status: string }[] }).rows[0]?.status;
      expect([await status(idle), await status(rolled), await status(busy)]).toEqual(['settled', 'rolledBack', 'open']);
      // The idle round's 2,000 counted as wagered; the rolled-back bet did not.
      expect((await getBalances(db, p.userId)).bet).toBe(8_000);
      const events = (await db.execute(
        sql`select payload from domain_event where type = 'game.round_settled' and payload->>'userId' = ${String(p.userId)} order by id`,
      )) as unknown as { rows: { payload: Record<string, unknown> }[] };
      expect(events.rows.map((e) => e.payload)).toEqual([
        expect.objectContaining({ roundId: idle, status: 'settled', bet: 2_000, win: 0, endedBy: 'idle' }),
        expect.objectContaining({ roundId: rolled, status: 'rolledBack', bet: 0, win: 0, endedBy: 'idle' }),
      ]);
      // Once only: a second sweep finds nothing, the turnover stays.
      expect(await sweeper.sweep()).toBe(0);
      expect((await getBalances(db, p.userId)).bet).toBe(8_000);

      const late = await agg.call('win', { sessionToken: p.token, transactionId: tx(), roundId: idle, amount: 3_000 });
      expect(late.body).toMatchObject({ status: 'OK', balance: 50_000 - 2_000 - 1_000 + 3_000 });
      const undo = await agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: idle, rollbackTransactionId: idleBet });
      expect(undo.body).toMatchObject({ status: 'ERROR', error: 'ROUND_CLOSED' });
      expect(await coinOf(db, p.userId)).toBe(50_000);
      expect((await getBalances(db, p.userId)).bet).toBe(8_000);
    });

    it('a round kept busy past a day stays open while later rounds are swept, and is ended once it goes idle', async () => {
      const db = t.database.db;
      const sweeper = createRoundSweeper({ db, clock: t.clock });
      const p = await player(500);
      const [busy, idle] = [round(), round()];
      const bet = (token: string, roundId: string) => agg.call('bet', { sessionToken: token, transactionId: tx(), roundId, gameCode: 'test-slot', amount: 1_000 });
      // The busy round is opened first, so it has the lower id.
      expect((await bet(p.token, busy)).body.status).toBe('OK');
      expect((await bet(p.token, idle)).body.status).toBe('OK');
      t.clock.advance(DAY - MINUTE);
      expect((await bet(await agg.session(p.userId), busy)).body.status).toBe('OK');
      t.clock.advance(2 * MINUTE);
      const status = async (r: string) =>
        ((await db.execute(sql`select status from game_round where provider_round_id = ${r} and user_id = ${p.userId}`)) as unknown as { rows: { status: string }[] }).rows[0]?.status;

      await sweeper.sweep();
      expect([await status(busy), await status(idle)]).toEqual(['open', 'settled']);
      t.clock.advance(DAY);
      expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
      expect(await status(busy)).toBe('settled');
      expect((await getBalances(db, p.userId)).bet).toBe(0);
    });

    it('a bet for another game than the session\'s is refused', async () => {
      const p = await player(100);
      const res = await agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-dice', amount: 100 });
      expect(res.body).toMatchObject({ status: 'ERROR', error: 'BAD_REQUEST' });
    });

    it('the originals platform signs with its configured secret', async () => {
      const orig = await ensureCatalogue(t.database.db, { platformCode: 'originals', launchUrl: '/originals/play', games: ['test-orig-slot'] });
      const client = providerClient(t, orig, t.config.originalsProviderSecret);
      const userId = await newUserId(t.database.db);
      await fund(t.database.db, userId, 1_000);
      const token = await client.session(userId, 'real', orig.games[0]);
      const bet = await client.call('bet', { sessionToken: token, transactionId: tx(), roundId: round(), gameCode: 'test-orig-slot', amount: 250 });
      expect(bet.body).toMatchObject({ status: 'OK', balance: 750 });
      expect((await client.call('balance', { sessionToken: token }, { secret: SECRET })).status).toBe(401);
    });
  });

  describe('one statement for many calls', () => {
    it('calls that depend on each other in one batch answer as if they ran one by one', async () => {
      const p = await player(100);
      const q = await player(10);
      const [r1, r2, r3] = [round(), round(), round()];
      const [bet1, win1, bet2, rb2, bet3, bet3b] = [tx(), tx(), tx(), tx(), tx(), tx()];
      const houseBefore = await houseBalance(t.database.db, 'provider:test-agg');
      const answers = await repo.calls(
        t.database.db,
        [
          moneyCall(p.token, 'bet', r1, bet1, { amount: '2000' }),
          // Its round's bet is in this batch: applied before this win decides.
          moneyCall(p.token, 'win', r1, win1, { amount: '500', endsRound: true, ref: bet1 }),
          // The same bet again: a replay, the balance now.
          moneyCall(p.token, 'bet', r1, bet1, { amount: '2000' }),
          // The round ended two calls ago.
          moneyCall(p.token, 'bet', r1, tx(), { amount: '100' }),
          // A rollback before its bet, then the bet: refused.
          moneyCall(p.token, 'rollback', r2, rb2, { ref: bet2 }),
          moneyCall(p.token, 'bet', r2, bet2, { amount: '100' }),
          // Two bets of another player that only one of fits.
          moneyCall(q.token, 'bet', r3, bet3, { amount: '600' }),
          moneyCall(q.token, 'bet', round(), bet3b, { amount: '600' }),
          moneyCall('no-such-token', 'bet', round(), tx(), { amount: '100' }),
        ],
        0,
      );
      expect(answers).toEqual([
        { balance: '8000' },
        { balance: '8500' },
        { balance: '8500' },
        { error: 'ROUND_CLOSED', message: expect.any(String) },
        { balance: '8500' },
        { error: 'TRANSACTION_ROLLED_BACK', message: expect.any(String) },
        { balance: '400' },
        { error: 'INSUFFICIENT_FUNDS', message: expect.any(String), balance: '400' },
        { error: 'INVALID_TOKEN', message: expect.any(String) },
      ]);
      expect(await coinOf(t.database.db, p.userId)).toBe(8_500);
      expect(await coinOf(t.database.db, q.userId)).toBe(400);
      expect(await houseBalance(t.database.db, 'provider:test-agg')).toBe(houseBefore + 1_500 + 600);
      const rows = (await t.database.db.execute(
        sql`select transaction_id as id, kind, status from game_transaction where transaction_id in (${bet1}, ${win1}, ${bet2}, ${rb2}, ${bet3}, ${bet3b}) order by transaction_id`,
      )) as unknown as { rows: { id: string; kind: string; status: string }[] };
      expect(rows.rows.map((r) => [r.id, r.kind, r.status])).toEqual(
        [
          [bet1, 'bet', 'applied'],
          [win1, 'win', 'applied'],
          [rb2, 'rollback', 'tombstone'],
          [bet3, 'bet', 'applied'],
        ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
      );
      const settled = (await t.database.db.execute(
        sql`select status, bet_total::text as "bet", win_total::text as "win" from game_round where provider_round_id = ${r1}`,
      )) as unknown as { rows: { status: string; bet: string; win: string }[] };
      expect(settled.rows).toEqual([{ status: 'settled', bet: '2000', win: '500' }]);
    });
  });

  describe('concurrency', () => {
    it('copies of one bet sent at once apply once and all answer OK', async () => {
      const p = await player(100);
      const bet = { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: 1_000 };
      const answers = await Promise.all(Array.from({ length: 8 }, () => agg.call('bet', bet)));
      for (const a of answers) expect(a.body).toMatchObject({ status: 'OK', transactionId: bet.transactionId });
      expect(await coinOf(t.database.db, p.userId)).toBe(9_000);
    });

    it('a bet racing its rollback ends with the money back either way', async () => {
      for (let i = 0; i < 5; i++) {
        const p = await player(100);
        const r = round();
        const betId = tx();
        const [bet] = await Promise.all([
          agg.call('bet', { sessionToken: p.token, transactionId: betId, roundId: r, gameCode: 'test-slot', amount: 1_000 }),
          agg.call('rollback', { sessionToken: p.token, transactionId: tx(), roundId: r, rollbackTransactionId: betId }),
        ]);
        expect(['OK', 'TRANSACTION_ROLLED_BACK']).toContain(bet.body.status === 'OK' ? 'OK' : bet.body.error);
        expect(await coinOf(t.database.db, p.userId)).toBe(10_000);
      }
    });

    // Several connections at once: PGlite has one, so this runs on PostgreSQL only.
    it.skipIf(TEST_DB !== 'pg')('statements in flight together for the same players lock them in one order: no deadlock, each call applied once', async () => {
      const p = await player(100);
      const q = await player(100);
      const bets = Array.from({ length: 12 }, (_, i) => {
        const [first, second] = i % 2 ? [q, p] : [p, q];
        return repo.calls(t.database.db, [moneyCall(first.token, 'bet', round(), tx(), { amount: '100' }), moneyCall(second.token, 'bet', round(), tx(), { amount: '100' })], i % 16);
      });
      const answers = await Promise.all(bets);
      expect(answers.flat().every((a) => a.error === undefined)).toBe(true);
      expect(await coinOf(t.database.db, p.userId)).toBe(10_000 - 1_200);
      expect(await coinOf(t.database.db, q.userId)).toBe(10_000 - 1_200);
    });

    it('many bets of one player at once never overdraw', async () => {
      const p = await player(10);
      const answers = await Promise.all(
        Array.from({ length: 16 }, () => agg.call('bet', { sessionToken: p.token, transactionId: tx(), roundId: round(), gameCode: 'test-slot', amount: 300 })),
      );
      const ok = answers.filter((a) => a.body.status === 'OK').length;
      expect(ok).toBe(3);
      expect(answers.filter((a) => a.body.error === 'INSUFFICIENT_FUNDS')).toHaveLength(13);
      expect(await coinOf(t.database.db, p.userId)).toBe(100);
    });
  });
});
