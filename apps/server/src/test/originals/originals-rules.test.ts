import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashMsForMultiplier } from '@playhall/originals';
import { hashServerSeed } from '@playhall/fairness/node';
import { verifyRoundSync } from '@playhall/originals/node';
import { countRows, createTestApp, describeDb, type TestApp } from '../create-test-app.ts';
import { registerOriginals, createInjectWalletClient, ORIGINALS_PLATFORM_CODE } from '@playhall/originals/server';
import { api, betRecords, coinOf, expectLedgerOk, fundedPlayer, openGame } from './originals-test-kit.ts';

const ledgerRows = async (t: TestApp) =>
  [await countRows(t.database, 'ledger_transfer'), await countRows(t.database, 'ledger_entry'), await countRows(t.database, 'game_transaction')].join('/');

describeDb('originals: demo, fairness, refusals, restarts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('demo play (logged out) moves play money in the Originals only: no ledger or wallet rows appear', async () => {
    const before = await ledgerRows(t);
    const g = await openGame(t, null, 'slot');
    expect(g.session).toMatchObject({ mode: 'demo', nickname: 'Guest', balance: 100_000 });
    let balance = 100_000;
    for (let i = 0; i < 5; i++) {
      const spin = await api(t, 'slot/spin', { bet: 1_000 }, g.token);
      expect(spin.status, JSON.stringify(spin.body)).toBe(200);
      balance += spin.body.win - 1_000;
      expect(spin.body.balance).toBe(balance);
    }
    expect((await api(t, 'balance', {}, g.token)).body).toEqual({ balance });
    const dice = await openGame(t, null, 'dice');
    const roll = await api(t, 'dice/roll', { bet: 100_000, target: 9_500, direction: 'under' }, dice.token);
    expect(roll.status).toBe(200);
    expect(await ledgerRows(t)).toBe(before);
    await expectLedgerOk(t);

    // Refill: only below the minimum bet, back to 1,000 coins.
    expect((await api(t, 'demo/refill', {}, g.token)).body).toMatchObject({ error: 'REFILL_NOT_ALLOWED' });
    await t.database.db.execute(sql`update originals_session set demo_balance = 50 where mode = 'demo'`);
    const poor = await api(t, 'slot/spin', { bet: 100 }, g.token);
    expect(poor).toMatchObject({ status: 402, body: { error: 'INSUFFICIENT_FUNDS', balance: 50 } });
    expect((await api(t, 'demo/refill', {}, g.token)).body).toEqual({ balance: 100_000 });

    // A logged-in player's demo (tryIt) does not touch their coins either.
    const p = await fundedPlayer(t, 10_000);
    const tryIt = await openGame(t, p, 'dice', { tryIt: true });
    expect(tryIt.session).toMatchObject({ mode: 'demo', balance: 100_000 });
    const before2 = await ledgerRows(t);
    await api(t, 'dice/roll', { bet: 5_000, target: 5_000, direction: 'over' }, tryIt.token);
    expect(await ledgerRows(t)).toBe(before2);
    expect(await coinOf(t, p)).toBe(10_000);
    const realRefill = await openGame(t, p, 'dice');
    expect((await api(t, 'demo/refill', {}, realRefill.token)).body).toMatchObject({ error: 'REFILL_NOT_ALLOWED' });
  });

  it('is provably fair: the hash shown is sha256 of the seed revealed, every stored round verifies, a new client seed applies next round, nonces count rounds', async () => {
    const p = await fundedPlayer(t, 1_000_000);
    const slot = await openGame(t, p, 'slot');
    const h0 = slot.session.fairness.serverSeedHash;
    const spins = [];
    for (let i = 0; i < 3; i++) spins.push((await api(t, 'slot/spin', { bet: 100 }, slot.token)).body);
    expect(spins.map((s) => s.fairness.nonce)).toEqual([0, 1, 2]);
    // The seed pair is the player's, across games: dice continues the nonces.
    const dice = await openGame(t, p, 'dice');
    expect(dice.session.fairness).toMatchObject({ serverSeedHash: h0, nonce: 3 });
    const roll = (await api(t, 'dice/roll', { bet: 100, target: 2_000, direction: 'over' }, dice.token)).body;
    expect(roll.fairness.nonce).toBe(3);
    const mines = await openGame(t, p, 'mines');
    const m = (await api(t, 'mines/start', { bet: 100, mines: 3 }, mines.token)).body.round;
    // No seed change while a round is open (the seed would reveal the mines).
    expect((await api(t, 'fairness/rotate', {}, mines.token)).body).toMatchObject({ error: 'ROUND_OPEN' });
    const picked = (await api(t, 'mines/pick', { roundId: m.roundId, tile: 7 }, mines.token)).body.round;
    if (picked.status === 'open') await api(t, 'mines/cashout', { roundId: m.roundId }, mines.token);
    const crash = await openGame(t, p, 'crash');
    const c = (await api(t, 'crash/start', { bet: 100, autoCashoutE2: 150 }, crash.token)).body;
    t.clock.advance(crashMsForMultiplier(150));
    const crashed = (await api(t, 'crash/state', { roundId: c.roundId }, crash.token)).body.round;
    expect(crashed.status).not.toBe('flying');

    // Rounds list before rotation: the seed is still secret.
    const secret = (await api(t, 'rounds', {}, slot.token)).body.rounds;
    expect(secret.every((r: { serverSeed: string | null }) => r.serverSeed === null)).toBe(true);

    const changed = await api(t, 'fairness/client-seed', { clientSeed: 'my-lucky-seed' }, slot.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const { revealed, next } = changed.body;
    expect(revealed.serverSeedHash).toBe(h0);
    expect(hashServerSeed(revealed.serverSeed)).toBe(h0);
    expect(revealed.lastNonce).toBe(5);
    expect(next).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(next.serverSeedHash).not.toBe(h0);

    // Every stored round of every game recomputes to what was played and paid.
    for (const [game, token] of [['slot', slot.token], ['dice', dice.token], ['mines', mines.token], ['crash', crash.token]] as const) {
      const rounds = (await api(t, 'rounds', {}, token)).body.rounds;
      expect(rounds.length).toBeGreaterThan(0);
      for (const r of rounds) {
        expect(r).toMatchObject({ serverSeed: revealed.serverSeed, serverSeedHash: h0, status: 'settled' });
        const v = verifyRoundSync(game, { serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce, params: r.params, serverSeedHash: r.serverSeedHash });
        expect(v.hashMatches).toBe(true);
        const o = v.outcome as unknown as Record<string, number>;
        if (game === 'slot') expect(o.totalWin).toBe(spins.find((s) => s.roundId === r.roundId).win);
        if (game === 'dice') expect(o.payout).toBe(roll.win);
        if (game === 'mines' || game === 'dice') expect(o.payout).toBe(r.win);
        if (game === 'crash') {
          expect(o.crashPointE2).toBe(crashed.crashPointE2);
          expect(o.payout).toBe(r.win);
        }
      }
    }

    // The next round uses the new client seed, from nonce 0.
    const afterSpin = (await api(t, 'slot/spin', { bet: 100 }, slot.token)).body;
    expect(afterSpin.fairness).toEqual({ serverSeedHash: next.serverSeedHash, clientSeed: 'my-lucky-seed', nonce: 0 });
    const rotated = (await api(t, 'fairness/rotate', {}, slot.token)).body;
    expect(rotated.revealed).toMatchObject({ serverSeedHash: next.serverSeedHash, clientSeed: 'my-lucky-seed', lastNonce: 0 });
    const v = verifyRoundSync('slot', { serverSeed: rotated.revealed.serverSeed, clientSeed: 'my-lucky-seed', nonce: 0, params: { bet: 100 } });
    expect(v.outcome).toEqual(afterSpin.outcome);
    expect((await api(t, 'fairness/client-seed', { clientSeed: 'has space' }, slot.token)).status).toBe(400);
  });

  it('refusals change nothing: limits, not enough coins, expired or foreign tokens, a tile twice, a settled round', async () => {
    const p = await fundedPlayer(t, 150);
    const g = await openGame(t, p, 'slot');
    const state = async () => [await coinOf(t, p), await ledgerRows(t), (await betRecords(t, p)).length, (await api(t, 'session', {}, g.token)).body.fairness.nonce].join('|');
    const before = await state();
    expect((await api(t, 'slot/spin', { bet: 80 }, g.token)).body).toMatchObject({ error: 'INVALID_BET', message: expect.stringMatching(/minimum bet/) });
    expect((await api(t, 'slot/spin', { bet: 100_020 }, g.token)).body).toMatchObject({ error: 'INVALID_BET', message: expect.stringMatching(/maximum bet/) });
    expect((await api(t, 'slot/spin', { bet: 110 }, g.token)).body).toMatchObject({ error: 'INVALID_BET' });
    const poor = await api(t, 'slot/spin', { bet: 200 }, g.token);
    expect(poor).toMatchObject({ status: 402, body: { error: 'INSUFFICIENT_FUNDS', balance: 150 } });
    expect(poor.body.message).toMatch(/Not enough coins/);
    expect((await api(t, 'dice/roll', { bet: 100, target: 50, direction: 'under' }, g.token)).body).toMatchObject({ error: 'WRONG_GAME' });
    expect((await api(t, 'slot/spin', { bet: 100 }, 'x'.repeat(43))).body).toMatchObject({ error: 'SESSION_EXPIRED' });
    expect((await api(t, 'slot/spin', { bet: 100 })).status).toBe(401);
    expect(await state()).toBe(before);

    // A tile twice, then cashing out a settled round.
    const q = await fundedPlayer(t, 10_000);
    const mines = await openGame(t, q, 'mines');
    const start = (await api(t, 'mines/start', { bet: 100, mines: 1 }, mines.token)).body.round;
    expect((await api(t, 'mines/start', { bet: 100, mines: 1 }, mines.token)).body).toMatchObject({ error: 'ROUND_OPEN' });
    const first = (await api(t, 'mines/pick', { roundId: start.roundId, tile: 3 }, mines.token)).body;
    if (first.round.status === 'open') {
      const coins = await coinOf(t, q);
      expect((await api(t, 'mines/pick', { roundId: start.roundId, tile: 3 }, mines.token))).toMatchObject({ status: 409, body: { error: 'TILE_TAKEN' } });
      expect((await api(t, 'mines/cashout', { roundId: start.roundId }, mines.token)).body.round.status).toBe('cashed');
      expect(await coinOf(t, q)).toBeGreaterThan(coins);
    }
    const coins = await coinOf(t, q);
    expect((await api(t, 'mines/cashout', { roundId: start.roundId }, mines.token))).toMatchObject({ status: 409, body: { error: 'ROUND_CLOSED' } });
    expect((await api(t, 'mines/pick', { roundId: start.roundId, tile: 4 }, mines.token)).body).toMatchObject({ error: 'ROUND_CLOSED' });
    expect(await coinOf(t, q)).toBe(coins);
    // Another player's round is not found for this one.
    const other = await openGame(t, await fundedPlayer(t, 1_000), 'mines');
    expect((await api(t, 'mines/cashout', { roundId: start.roundId }, other.token)).body).toMatchObject({ error: 'ROUND_NOT_FOUND' });

    // 30 idle minutes end the session.
    t.clock.advance(31 * 60_000);
    expect((await api(t, 'slot/spin', { bet: 100 }, g.token))).toMatchObject({ status: 401, body: { error: 'SESSION_EXPIRED' } });
    expect(await coinOf(t, p)).toBe(150);
    await expectLedgerOk(t);
  });

  it('settles an open crash round past its crash time when the plugin starts again', async () => {
    const p = await fundedPlayer(t, 10_000);
    const g = await openGame(t, p, 'crash');
    const start = (await api(t, 'crash/start', { bet: 1_000 }, g.token)).body;
    expect(await coinOf(t, p)).toBe(9_000);
    // Past the highest possible crash (10,000×), without any call that would settle it lazily.
    t.clock.advance(crashMsForMultiplier(1_000_000) + 1_000);
    const status = async () =>
      ((await t.database.db.execute(sql`select status from originals_round where id = ${start.roundId}`)) as unknown as { rows: { status: string }[] }).rows[0]!.status;
    expect(await status()).toBe('open');

    // "Restart": a fresh instance of the plugin on the same database and wallet.
    const again = Fastify();
    const handle = await registerOriginals(again, {
      db: t.database.db,
      clock: t.clock,
      secret: t.config.originalsProviderSecret,
      distDir: '/nonexistent',
      wallet: createInjectWalletClient(t.app, { platformCode: ORIGINALS_PLATFORM_CODE, secret: t.config.originalsProviderSecret, now: () => t.clock.now().getTime() }),
      sweepEveryMs: null,
    });
    await again.ready();
    await handle.started;
    await again.close();
    expect(await status()).toBe('settled');
    expect(await coinOf(t, p)).toBe(9_000);
    const rec = (await betRecords(t, p)).find((r) => r.roundId.endsWith(start.roundId));
    expect(rec).toMatchObject({ bet: 1_000, win: 0, status: 'settled' });
    await expectLedgerOk(t);
  });
});

describeDb('originals: rate limits', () => {
  it('never throttles signed provider calls (the Originals\' in-process bets included); the game API keeps the per-IP limit with its own error', async () => {
    const t = await createTestApp({ rateLimit: { globalPerMin: 5, authPerMin: 100_000, smsPerMin: 100_000, accountPerMin: 100_000 } });
    try {
      const g = await openGame(t, null, 'dice');
      // The Originals' own wallet calls and an aggregator's signed calls: far over 5 a minute.
      const wallet = createInjectWalletClient(t.app, { platformCode: ORIGINALS_PLATFORM_CODE, secret: t.config.originalsProviderSecret, now: () => t.clock.now().getTime() });
      for (let i = 0; i < 12; i++) expect((await wallet.call('balance', { sessionToken: 'x'.repeat(43) })).ok).toBe(false);
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push((await api(t, 'balance', {}, g.token)).status);
      expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
      const limited = await api(t, 'balance', {}, g.token);
      expect(limited).toMatchObject({ status: 429, body: { error: 'RATE_LIMITED' } });
    } finally {
      await t.close();
    }
  });
});

describe('originals: client pages', () => {
  it('serves the built client under /originals/ (SPA pages, assets, framable by our own pages only), and a clear 503 without a build', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'originals-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Originals</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const built = await createTestApp({ originalsDist: dist });
    const missing = await createTestApp({ originalsDist: join(dist, 'nope') });
    try {
      for (const path of ['/originals/play/slot', '/originals/verify']) {
        const res = await built.app.inject({ method: 'GET', url: `${path}?token=abc&mode=real` });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<title>Originals</title>');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
      const asset = await built.app.inject({ method: 'GET', url: '/originals/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await built.app.inject({ method: 'GET', url: '/originals/assets/nope.js' })).statusCode).toBe(404);

      const down = await missing.app.inject({ method: 'GET', url: '/originals/play/crash' });
      expect(down.statusCode).toBe(503);
      expect(down.body).toMatch(/not built/);
      // The API works without the client build.
      expect((await missing.app.inject({ method: 'POST', url: '/originals/api/balance', payload: {} })).json()).toMatchObject({ error: 'SESSION_EXPIRED' });
    } finally {
      await built.close();
      await missing.close();
    }
  });
});
