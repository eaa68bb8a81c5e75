import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActivityType, AwardId, type LiveJackpotMessage } from '@playhall/contract';
import { buildApp } from '../../app.ts';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { redisMissing, TEST_REDIS_URL } from '../../test/redis.ts';
import { api, fundedPlayer, openGame } from '../../test/originals/originals-test-kit.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { drainConsumers } from '../events/events-test-kit.ts';
import { liveUrl, openLiveClient, type LiveClient } from '../live/live-test-kit.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { createRewardsService } from './rewards.service.ts';
import { closeCheckingLedger } from './rewards-test-kit.ts';

// The lucky jackpot's live pushes (issue 18 §4, decision 053) through the real app listening on a
// port: a screen subscribed to the jackpot topic gets the pools as getJackpotDrawInfo has them, again
// when real rounds grow them, and each real win of a tier, on every instance sharing one Redis.

const redisIsMissing = await redisMissing('jackpot live pushes across instances');
const settings = {
  awards: [
    { id: 1, type: 1, propId: AwardId.coin, count: 100, weight: 0 },
    { id: 2, type: 2, propId: AwardId.jackpotMini, count: 1, weight: 1 },
    { id: 3, type: 2, propId: AwardId.jackpotMega, count: 1, weight: 0 },
  ],
  tiers: {
    mega: { contributionPpm: 5_000, seed: 100_000, section: { min: 100_000, max: 10_000_000 } },
    major: { contributionPpm: 3_000, seed: 20_000, section: { min: 20_000, max: 1_000_000 } },
    minor: { contributionPpm: 2_000, seed: 5_000, section: { min: 5_000, max: 200_000 } },
    mini: { contributionPpm: 100_000, seed: 1_000, section: { min: 1_000, max: 50_000 } },
  },
  amountSections: [{ min: 0, max: 999_999 }],
  earn: { deposit: { minAmount: 10_000, chances: 2 }, dailyBet: [] },
  needDeposit: 'ever',
  minIntervalMs: 0,
  multiplier: 1,
};

type Frame = LiveClient['frames'][number];
const message = (f: Frame) => f.data as LiveJackpotMessage | undefined;
const poolsFrame = (f: Frame) => message(f)?.type === 'pools';

describeDb('lucky jackpot live pushes', () => {
  let t: TestApp;
  let pix: { id: number };
  const apps: FastifyInstance[] = [];
  const clients: LiveClient[] = [];
  const listening = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const watch = async (app: FastifyInstance) => {
    const c = await openLiveClient(liveUrl(app), { topics: ['jackpot'] });
    clients.push(c);
    return c;
  };
  const drain = () => drainConsumers(t.database.db, t.clock, createRewardsService({ db: t.database.db, clock: t.clock, timeZone: 'UTC', validInvite: t.config.validInvite }).consumers());
  async function playerWithChances(): Promise<TestPlayer> {
    const p = await fundedPlayer(t, 0);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount: 10_000 });
    expect((await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount: 10_000 })).status).toBe(200);
    await drain();
    return p;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await listening(t.app);
    const created = await staffCall(t, 'POST', '/activities', { type: ActivityType.luckyJackpot, name: 'Lucky jackpot', settings });
    expect(created.code, created.msg).toBe(200);
    expect((await staffCall(t, 'POST', `/activities/${created.data!.id as number}/enable`)).code).toBe(200);
    pix = (await channels(t.app, (await fundedPlayer(t, 0)).token)).pix;
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    for (const app of apps) await app.close();
    await closeCheckingLedger(t);
  });

  it('a screen gets the pools as getJackpotDrawInfo has them, again when real rounds grow them, and each real win', async () => {
    const p = await playerWithChances();
    const screen = await watch(t.app);
    const first = message(await screen.next(poolsFrame, 5_000))!;
    const info = (await call(t.app, 'getJackpotDrawInfo', {}, p.token)).data;
    expect(first).toEqual({
      type: 'pools',
      pools: {
        activityId: info.activityId,
        total: info.total,
        megaJackpot: info.megaJackpot,
        megaJackpotSection: info.megaJackpotSection,
        majorJackpot: info.majorJackpot,
        majorJackpotSection: info.majorJackpotSection,
        minorJackpot: info.minorJackpot,
        minorJackpotSection: info.minorJackpotSection,
        miniJackpot: info.miniJackpot,
        miniJackpotSection: info.miniJackpotSection,
      },
    });

    // A real round of 100.00 grows each pool by its share (mini 10 %, the others 0.5 %, 0.3 %, 0.2 %): the screen sees it within a second or so.
    const game = await openGame(t, p, 'dice');
    expect((await api(t, 'dice/roll', { bet: 10_000, target: 5_000, direction: 'under' }, game.token)).status).toBe(200);
    await drain();
    const grown = message(await screen.next((f) => poolsFrame(f) && (message(f) as { pools: { miniJackpot: number } }).pools.miniJackpot > info.miniJackpot, 5_000))!;
    expect(grown).toMatchObject({ pools: { miniJackpot: info.miniJackpot + 1_000, megaJackpot: info.megaJackpot + 50, total: info.total + 1_100 } });

    // Every draw hits mini: the win is pushed with what the winners list shows, and the pool restarts from its seed.
    const drawn = await call(t.app, 'receiveDrawChance', {}, p.token);
    expect(drawn.code, drawn.msg).toBe(200);
    const win = message(await screen.next((f) => message(f)?.type === 'win', 5_000))!;
    const after = (await call(t.app, 'getJackpotDrawInfo', {}, p.token)).data;
    expect(win).toEqual({ type: 'win', winner: after.jackpotWinnerList[0] });
    expect(win).toMatchObject({ winner: { propId: AwardId.jackpotMini, count: info.miniJackpot + 1_000 } });
    await screen.next((f) => poolsFrame(f) && (message(f) as { pools: { miniJackpot: number } }).pools.miniJackpot === settings.tiers.mini.seed, 5_000);
    // One frame per change: the pools it was sent are all different.
    const sent = screen.frames.filter(poolsFrame).map((f) => JSON.stringify(f.data));
    expect(new Set(sent).size).toBe(sent.length);
  });

  it.skipIf(redisIsMissing)('a win on one instance is pushed to the screens of another sharing its Redis, once', async () => {
    const a = await listening(await buildApp({ database: t.database, config: { ...t.config, redisUrl: TEST_REDIS_URL }, clock: t.clock }));
    const b = await listening(await buildApp({ database: t.database, config: { ...t.config, redisUrl: TEST_REDIS_URL }, clock: t.clock }));
    apps.push(a, b);
    const p = await playerWithChances();
    const onB = await watch(b);
    const drawn = await call(a, 'receiveDrawChance', {}, p.token);
    expect(drawn.code, drawn.msg).toBe(200);
    const latest = (await call(a, 'getJackpotDrawInfo', {}, p.token)).data.jackpotWinnerList[0];
    const isIt = (f: Frame) => message(f)?.type === 'win' && (message(f) as { winner: { id: number } }).winner.id === latest.id;
    expect(message(await onB.next(isIt, 5_000))).toEqual({ type: 'win', winner: latest });
    await new Promise((r) => setTimeout(r, 300));
    const wins = onB.frames.filter(isIt);
    expect(wins).toHaveLength(1);
  });
});
