import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeDb, setAppConfig, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { withTx } from '../../db/tx.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { ensureCatalogue, fund, providerClient, sweepIdleRounds, type TestCatalogue } from '../game-wallet/game-wallet-test-kit.ts';
import { addPixAccount, requestWithdrawal } from '../withdrawals/withdrawals-test-kit.ts';
import { checkLedger } from './ledger-check.ts';
import * as ledger from './ledger.service.ts';

const SECRET = 'lock-order-aggregator-secret-0123';
const PLAYERS = 12;
const BURSTS = 4;
const SAFEBOX_PASSWORD = '246810';

// Every flow that moves a player's money, all at once for the same players (decision 019): a
// deadlock between two of them is detected by PostgreSQL and retried silently by withTx or the
// group commit, so the calls still succeed; pg_stat_database.deadlocks is what tells.
(TEST_DB === 'pg' ? describeDb : describe.skip)('one lock order for a player’s money (PostgreSQL)', () => {
  let t: TestApp;
  let cat: TestCatalogue;
  let agg: ReturnType<typeof providerClient>;
  let n = 0;
  const id = (what: string) => `${what}-${++n}`;

  const count = async (query: ReturnType<typeof sql>) => {
    const res = (await t.database.db.execute(query)) as unknown as { rows: { n: string }[] };
    return Number(res.rows[0]?.n ?? 0);
  };

  /**
   * Deadlocks PostgreSQL has detected in this test's database. A backend reports its counters at
   * most once a second while busy (later only when idle for 10 s): after a quiet second, a query
   * on every pooled connection (pool size 10) makes each report what it holds.
   */
  async function deadlocks(): Promise<number> {
    await new Promise((r) => setTimeout(r, 1_100));
    await Promise.all(Array.from({ length: 10 }, () => t.database.db.execute(sql`select pg_sleep(0.05)`)));
    await t.database.db.execute(sql`select pg_stat_clear_snapshot()`);
    return count(sql`select coalesce(sum(deadlocks), 0)::text as n from pg_stat_database where datname = current_database()`);
  }

  interface Player {
    p: TestPlayer;
    accountId: number;
    session: string;
  }
  let players: Player[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cat = await ensureCatalogue(t.database.db, { platformCode: 'lock-order', secret: SECRET });
    agg = providerClient(t, cat, SECRET);
    await setAppConfig(t.database, 'withdrawLimits', { dailyCount: 1_000, dailyAmount: 1_000_000_000 });
    // The slow step: a withdrawal request writes its order between taking the player's lock and
    // posting the hold. Pausing there keeps the request inside its transaction while the other
    // flows reach the same player, so two flows taking the player's rows in opposite orders meet
    // every time rather than by luck.
    await t.database.db.execute(sql`create function lock_order_test_pause() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.15); return new; end $$`);
    await t.database.db.execute(sql`create trigger lock_order_test_pause before insert on withdrawal_order for each row execute function lock_order_test_pause()`);
    players = await Promise.all(
      Array.from({ length: PLAYERS }, async () => {
        const p = await buildPlayer(t.app);
        await fund(t.database.db, p.user.id, 2_000_000);
        const accountId = await addPixAccount(t, p);
        expect((await call(t.app, 'setSafeboxPassword', { password: SAFEBOX_PASSWORD }, p.token)).code).toBe(200);
        return { p, accountId, session: await agg.session(p.user.id) };
      }),
    );
  }, 60_000);
  afterAll(async () => t?.close());

  const ok = (what: string, res: { code: number; msg: string }) => expect(res.code, `${what}: ${res.msg}`).toBe(200);
  const okProvider = (what: string, res: { status: number; body: { status: string } }) =>
    expect(res.body.status, `${what}: ${JSON.stringify(res.body)}`).toBe('OK');

  /** A player's game: a round won and ended, and a round whose bet is rolled back, then ended. */
  async function play(x: Player) {
    const won = id('round');
    const bet = { sessionToken: x.session, roundId: won, gameCode: 'test-slot' };
    okProvider('bet', await agg.call('bet', { ...bet, transactionId: id('tx'), amount: 500 }));
    okProvider('win', await agg.call('win', { sessionToken: x.session, roundId: won, transactionId: id('tx'), amount: 300, endRound: true }));
    const lost = id('round');
    const betTx = id('tx');
    okProvider('bet', await agg.call('bet', { sessionToken: x.session, roundId: lost, gameCode: 'test-slot', transactionId: betTx, amount: 200 }));
    okProvider('rollback', await agg.call('rollback', { sessionToken: x.session, roundId: lost, transactionId: id('tx'), rollbackTransactionId: betTx }));
    okProvider('endRound', await agg.call('endRound', { sessionToken: x.session, roundId: lost }));
  }

  async function safebox(x: Player) {
    ok('safeboxDeposit', await call(t.app, 'safeboxDeposit', { amount: 1_000 }, x.p.token));
    ok('safeboxWithdraw', await call(t.app, 'safeboxWithdraw', { amount: 500, password: SAFEBOX_PASSWORD }, x.p.token));
  }

  /** Coin from one player to the next, in one transaction (neighbours cross in both directions). */
  async function pass(from: Player, to: Player) {
    await withTx(t.database.db, (tx) =>
      ledger.transferIn(tx, {
        idempotencyKey: id('pass'),
        reason: 'lock_order_test',
        entries: [
          { account: { player: from.p.user.id, book: 'coin' }, asset: 'coin', amount: -100 },
          { account: { player: to.p.user.id, book: 'coin' }, asset: 'coin', amount: 100 },
        ],
      }),
    );
  }

  it('withdrawals, deposits, safebox moves, game rounds, the idle sweep and ledger transfers for the same players never deadlock', async () => {
    const before = await deadlocks();
    const { pix } = await channels(t.app, players[0]!.p.token);
    for (let burst = 0; burst < BURSTS; burst++) {
      // Before the burst: a deposit order per player, and a round per player left idle for the sweep.
      const orders = await Promise.all(players.map((x) => openOrder(t.app, x.p, { typeId: pix.id, amount: 10_000 })));
      await Promise.all(
        players.map(async (x) =>
          okProvider('idle bet', await agg.call('bet', { sessionToken: x.session, roundId: id('idle'), gameCode: 'test-slot', transactionId: id('tx'), amount: 100 })),
        ),
      );
      t.clock.advance(2_000);
      const now = t.clock.now();

      const withdrawals = players.map(async (x) => ok('exchange', await requestWithdrawal(t, x.p, x.accountId, 2_000)));
      await new Promise((r) => setTimeout(r, 30));
      const rest = [
        ...players.map(play),
        ...players.map(safebox),
        ...players.map(async (x, i) => {
          const credited = await sendWebhook(t, { orderId: orders[i]!.orderId, status: 'paid', amount: 10_000 });
          expect(credited, JSON.stringify(credited)).toMatchObject({ status: 200, outcome: 'credited' });
        }),
        ...players.map((x) => fund(t.database.db, x.p.user.id, 1_000)),
        ...players.map((x, i) => pass(x, players[(i + 1) % PLAYERS]!)),
        ...players.map((x, i) => pass(players[(i + 1) % PLAYERS]!, x)),
        (async () => {
          const ended = await sweepIdleRounds(t.database.db, new Date(now.getTime() - 1_000), now, 100);
          expect(ended).toBe(PLAYERS);
        })(),
      ];
      await Promise.all([...withdrawals, ...rest]);
    }

    // Every flow ran: each player's money is where the calls put it.
    const expected = 2_000_000 + BURSTS * (-2_000 - 500 + 300 - 100 - 500 + 10_000 + 1_000);
    for (const x of players) {
      const b = await ledger.getBalances(t.database.db, x.p.user.id);
      expect({ coin: b.coin, safebox: b.safebox, withdrawHold: b.withdrawHold }).toEqual({ coin: expected, safebox: BURSTS * 500, withdrawHold: BURSTS * 2_000 });
    }
    expect(await count(sql`select count(*)::text as n from game_round where status = 'open'`)).toBe(0);
    const report = await checkLedger(t.database.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    expect((await deadlocks()) - before, 'deadlocks detected (and retried) while the flows ran').toBe(0);
  }, 60_000);
});
