import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProviderWalletAction } from '@playhall/contract';
import { createTestApp, describeDb, type TestApp } from '../create-test-app.ts';
import { ORIGINALS_PLATFORM_CODE, WalletUnavailable, createHttpWalletClient, createInjectWalletClient, registerOriginals, type WalletClient } from '@playhall/originals/server';
import { betRecords, coinOf, expectLedgerOk, fundedPlayer, openGame } from './originals-test-kit.ts';

/**
 * A wallet link that fails on purpose: `before` drops a call before it reaches the wallet,
 * `after` lets the wallet apply it and loses the answer (a timeout after the fact).
 */
function flaky(inner: WalletClient) {
  const plan: Partial<Record<ProviderWalletAction, ('before' | 'after')[]>> = {};
  const sent: ProviderWalletAction[] = [];
  const client: WalletClient = {
    async call(action, body) {
      const fault = plan[action]?.shift();
      if (fault === 'before') throw new WalletUnavailable('dropped');
      const res = await inner.call(action, body);
      sent.push(action);
      if (fault === 'after') throw new WalletUnavailable('answer lost');
      return res;
    },
  };
  return { client, plan, sent };
}

describeDb('originals: the wallet link fails', () => {
  let t: TestApp;
  let game: FastifyInstance;
  let link: ReturnType<typeof flaky>;
  let handle: Awaited<ReturnType<typeof registerOriginals>>;
  beforeAll(async () => {
    t = await createTestApp();
    link = flaky(createInjectWalletClient(t.app, { platformCode: ORIGINALS_PLATFORM_CODE, secret: t.config.originalsProviderSecret, now: () => t.clock.now().getTime() }));
    // A second instance of the game server on the same database, talking to the wallet through the flaky link.
    game = Fastify();
    handle = await registerOriginals(game, { db: t.database.db, clock: t.clock, secret: t.config.originalsProviderSecret, distDir: '/nonexistent', wallet: link.client, sweepEveryMs: null, retryDelaysMs: [1, 1, 1], validateResponses: true });
    await game.ready();
  });
  afterAll(async () => {
    await game?.close();
    await t?.close();
  });

  const call = async (path: string, body: Record<string, unknown>, token: string) => {
    const res = await game.inject({ method: 'POST', url: `/originals/api/${path}`, payload: body, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };
  const winsOf = async (roundId: string) =>
    Number(
      ((await t.database.db.execute(sql`select count(*)::int as n from game_transaction where kind = 'win' and transaction_id = ${`${roundId}:win`}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
    );

  it('a win whose call is dropped or whose answer is lost is sent again and paid once', async () => {
    const p = await fundedPlayer(t, 100_000);
    const g = await openGame(t, p, 'dice');
    let model = 100_000;
    let won = false;
    while (!won) {
      link.plan.win = ['before', 'after'];
      const res = await call('dice/roll', { bet: 1_000, target: 9_000, direction: 'under' }, g.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      model += res.body.win - 1_000;
      expect(res.body.balance).toBe(model);
      expect(await coinOf(t, p)).toBe(model);
      expect(await winsOf(res.body.roundId)).toBe(1);
      won = res.body.win > 0;
    }
    await expectLedgerOk(t);
  });

  it('when the wallet stays away the round is owed its win and the sweeper pays it later', async () => {
    const p = await fundedPlayer(t, 100_000);
    const g = await openGame(t, p, 'dice');
    let win = 0;
    let roundId = '';
    while (win === 0) {
      link.plan.win = ['before', 'before', 'before', 'before'];
      const res = await call('dice/roll', { bet: 1_000, target: 9_000, direction: 'under' }, g.token);
      expect(res.status).toBe(200);
      ({ win, roundId } = res.body);
      if (win === 0) await handle.service.sweep();
    }
    // The player was told the result; the wallet has the bet but not yet the win.
    const records = await betRecords(t, p);
    expect(records.find((r) => r.roundId.endsWith(roundId))).toMatchObject({ bet: 1_000, win: 0, status: 'open' });
    expect(await coinOf(t, p)).toBe(100_000 - records.reduce((a, r) => a + r.bet - r.win, 0));
    const status = async () => ((await t.database.db.execute(sql`select status from originals_round where id = ${roundId}`)) as unknown as { rows: { status: string }[] }).rows[0]!.status;
    expect(await status()).toBe('settling');
    expect(await handle.service.sweep()).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('settled');
    expect(await winsOf(roundId)).toBe(1);
    expect((await betRecords(t, p)).find((r) => r.roundId.endsWith(roundId))).toMatchObject({ bet: 1_000, win, status: 'settled' });
    await expectLedgerOk(t);
  });

  it('a bet whose answer never comes is rolled back: the player keeps their coins and no round is played', async () => {
    const p = await fundedPlayer(t, 10_000);
    const g = await openGame(t, p, 'slot');
    const nonce = (await call('session', {}, g.token)).body.fairness.nonce;
    link.plan.bet = ['after', 'after', 'after', 'after'];
    const res = await call('slot/spin', { bet: 1_000 }, g.token);
    expect(res).toMatchObject({ status: 503, body: { error: 'WALLET_UNAVAILABLE' } });
    expect(await coinOf(t, p)).toBe(10_000);
    expect((await call('session', {}, g.token)).body.fairness.nonce).toBe(nonce);
    await expectLedgerOk(t);
  });

  it('speaks the same protocol over HTTP when the Originals run as their own service', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const http = Fastify();
    await registerOriginals(http, {
      db: t.database.db,
      clock: t.clock,
      secret: t.config.originalsProviderSecret,
      distDir: '/nonexistent',
      wallet: createHttpWalletClient({ baseUrl: address, platformCode: ORIGINALS_PLATFORM_CODE, secret: t.config.originalsProviderSecret, now: () => t.clock.now().getTime() }),
      sweepEveryMs: null,
    });
    await http.ready();
    try {
      const p = await fundedPlayer(t, 10_000);
      const g = await openGame(t, p, 'slot');
      const res = await http.inject({ method: 'POST', url: '/originals/api/slot/spin', payload: { bet: 500 }, headers: { authorization: `Bearer ${g.token}` } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.balance).toBe(10_000 - 500 + body.win);
      expect(await coinOf(t, p)).toBe(body.balance);
      // A wrong secret is not a refusal but a broken link: the player is told the wallet is away.
      const wrong = createHttpWalletClient({ baseUrl: address, platformCode: ORIGINALS_PLATFORM_CODE, secret: 'not-the-secret-0123456789', now: () => t.clock.now().getTime() });
      await expect(wrong.call('balance', { sessionToken: 'x'.repeat(43) })).rejects.toBeInstanceOf(WalletUnavailable);
    } finally {
      await http.close();
    }
  });
});
