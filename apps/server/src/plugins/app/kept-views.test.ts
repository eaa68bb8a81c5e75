import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { statementsOf } from '../../test/statements.ts';
import { channels, openOrder, sendWebhook } from '../../modules/deposits/deposits-test-kit.ts';
import { ensureCatalogue, fund, providerClient, type TestCatalogue } from '../../modules/game-wallet/game-wallet-test-kit.ts';

/**
 * The player's views kept on PGlite while nothing is written (decision 059): refreshData,
 * getAfterLoginInfoWeb, online (and a logged-in preLogin) answer from the rows of their last read
 * while the write generation has not moved, and after every kind of write the next call answers the
 * new figures. On PostgreSQL nothing is kept: each call reads (hot-calls.test.ts counts it).
 */
const SECRET = 'kept-views-secret-0123456789';
let seq = 0;
const id = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2)}`;

describeDb('kept views: exact while nothing is written', () => {
  let t: TestApp;
  let p: TestPlayer;
  let cat: TestCatalogue;
  const figures = async (token = p.token) => {
    const [refresh, after, online] = await Promise.all([call(t.app, 'refreshData', {}, token), call(t.app, 'getAfterLoginInfoWeb', {}, token), call(t.app, 'online', {}, token)]);
    return { code: refresh.data?.errcode ?? refresh.code, coin: refresh.data?.coin, safebox: refresh.data?.safebox, afterCoin: after.data?.user?.coin, afterCode: after.code, onlineCoin: online.data?.coin, onlineCode: online.code };
  };
  /** After a write, the next calls answer `coin` (and `safebox`) everywhere. */
  const expectFigures = async (coin: number, safebox = 0) => {
    expect(await figures()).toEqual({ code: 0, coin, safebox, afterCoin: coin, afterCode: 200, onlineCoin: coin, onlineCode: 200 });
  };

  beforeAll(async () => {
    // No event consumers: their polls (a statement a second) would move the generation during the count.
    t = await createTestApp({ eventConsumers: false });
    p = await buildPlayer(t.app);
    cat = await ensureCatalogue(t.database.db, { platformCode: 'kept-agg', secret: SECRET });
  });
  afterAll(async () => t?.close());

  it('on PGlite answers again with no statement while nothing was written; on PostgreSQL reads each time', async () => {
    await figures();
    await figures();
    const sent = await statementsOf(t.database, () => figures());
    expect(sent, sent.join('\n')).toHaveLength(t.database.kind === 'pglite' ? 0 : 3);
  });

  it('a bonus through the ledger, a credited deposit, a game round and a safebox move: the next call answers the new figures', async () => {
    await expectFigures(0);
    await fund(t.database.db, p.user.id, 20_000);
    await expectFigures(20_000);
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount: 10_000 });
    await expectFigures(20_000);
    expect((await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 10_000 })).status).toBe(200);
    await expectFigures(30_000);
    const agg = providerClient(t, cat, SECRET);
    const sessionToken = await agg.session(p.user.id);
    const round = id('round');
    expect((await agg.call('bet', { sessionToken, transactionId: id('bet'), roundId: round, gameCode: cat.games[0]!.code, amount: 1_000 })).body.status).toBe('OK');
    await expectFigures(29_000);
    expect((await call(t.app, 'safeboxDeposit', { amount: 5_000 }, p.token)).code).toBe(200);
    await expectFigures(24_000, 5_000);
  });

  it('logout and a password change: the revoked sessions are refused at once, the kept views notwithstanding', async () => {
    const q = await buildPlayer(t.app);
    const other = (await call(t.app, 'accountLogin', { account: q.account, password: q.password, deviceId: 'kept-2' })).data.token as string;
    await figures(q.token);
    await figures(other);
    expect((await call(t.app, 'initPassword', { password: 'new-password-1', oldPassword: q.password }, q.token)).code).toBe(200);
    // Every other session of the player ends; this one stays and still answers.
    expect((await call(t.app, 'refreshData', {}, other)).data.errcode).toBe(401);
    expect((await call(t.app, 'online', {}, other)).code).toBe(401);
    expect((await call(t.app, 'refreshData', {}, q.token)).data.errcode).toBe(0);
    expect((await call(t.app, 'logout', {}, q.token)).code).toBe(200);
    expect((await call(t.app, 'refreshData', {}, q.token)).data.errcode).toBe(401);
    expect((await call(t.app, 'getAfterLoginInfoWeb', {}, q.token)).code).toBe(401);
  });

  it('regPeriod (days since registration) follows the clock, not the kept row', async () => {
    const r = await buildPlayer(t.app);
    const days = async () => (await call(t.app, 'getAfterLoginInfoWeb', {}, r.token)).data.user.regPeriod as number;
    const before = await days();
    await days();
    t.clock.advance(3 * 24 * 3600 * 1000);
    expect(await days()).toBe(before + 3);
  });
});
