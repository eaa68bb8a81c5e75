import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { LiveCloseCode, LiveLimits } from '@playhall/contract';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { redisMissing, TEST_REDIS_URL } from '../../test/redis.ts';
import { liveUrl, openLiveClient, type LiveClient } from './live-test-kit.ts';
import { liveServiceOf } from './live.module.ts';
import { MAX_LIVE_MESSAGE_BYTES } from './live.service.ts';

// Live pushes through the real app, listening on a port: WebSocket clients subscribe, the service
// publishes (in process, or through Redis to every instance), limits close with their codes.

const redisIsMissing = await redisMissing('live push fan-out over Redis');

/** The value of one series of the app's /metrics (0 when absent). */
async function metric(app: FastifyInstance, series: string): Promise<number> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A ping round trip: the server has handled everything the client sent before it (in order). */
const roundTrip = (c: LiveClient) => new Promise<void>((r) => (c.ws.once('pong', () => r()), c.ws.ping()));

/** Waits until `read` answers `want` (the server sees sockets go asynchronously). */
async function until<T>(read: () => Promise<T>, want: T, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await read()) !== want) {
    if (Date.now() > deadline) throw new Error(`still ${String(await read())}, not ${String(want)}, after ${ms} ms`);
    await sleep(20);
  }
}

describeDb('live pushes', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  const clients: LiveClient[] = [];
  /** Another app on the same database, listening, with the given live settings. */
  const instance = async (overrides: Partial<Config> = {}) => {
    const app = await buildApp({ database: t.database, config: { ...t.config, ...overrides, live: { ...t.config.live, ...overrides.live } }, clock: t.clock });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const client = async (app: FastifyInstance, topics?: string[], opts: ClientOptions = {}) => {
    const c = await openLiveClient(liveUrl(app), { ...opts, ...(topics ? { topics } : {}) });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    // The servers see the sockets go (the gauge is this process's: every app of this file).
    const app = apps.find((a) => a.server.listening);
    if (app) await until(() => metric(app, 'playhall_websocket_connections'), 0);
    // Each test's apps end with it.
    for (const a of apps.splice(0)) await a.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a subscriber gets each message published on its topic once, the last retained one at once, nothing after unsubscribing', async () => {
    const app = await instance();
    const live = liveServiceOf(app);
    const id = randomUUID();
    live.publish('jackpot', { id, pools: 1 }, { retain: true });
    const a = await client(app, ['jackpot']);
    // Subscribed after it was published: the retained message comes at once.
    expect(await a.next((f) => (f.data as { id?: string })?.id === id)).toEqual({ topic: 'jackpot', data: { id, pools: 1 } });
    const b = await client(app);
    b.send({ op: 'sub', topics: ['jackpot', 'no-such-topic'] });
    expect(await b.next((f) => f.error !== undefined)).toEqual({ error: 'unknownTopic', topic: 'no-such-topic' });

    live.publish('jackpot', { id, win: 'x' });
    for (const c of [a, b]) expect(await c.next((f) => (f.data as { win?: string })?.win === 'x')).toEqual({ topic: 'jackpot', data: { id, win: 'x' } });
    b.send({ op: 'unsub', topics: ['jackpot'] });
    await roundTrip(b);
    live.publish('jackpot', { id, win: 'y' });
    await a.next((f) => (f.data as { win?: string })?.win === 'y');
    await sleep(50);
    expect(b.frames.filter((f) => (f.data as { id?: string })?.id === id).map((f) => f.data)).toEqual([{ id, pools: 1 }, { id, win: 'x' }]);
    expect(a.frames.filter((f) => (f.data as { id?: string })?.id === id)).toHaveLength(3);
    // A message that is not JSON is the publisher's bug, refused at once.
    expect(() => live.publish('jackpot', undefined)).toThrow(TypeError);
  });

  it('frames of each length encoding (7, 16 and 64 bits) arrive whole, between the server\'s pings', async () => {
    const app = await instance({ live: { ...t.config.live, pingIntervalMs: 50 } });
    const c = await client(app, ['jackpot']);
    const empty = JSON.stringify({ topic: 'jackpot', data: '' }).length;
    const texts = ['small', 'x'.repeat(65_000), 'y'.repeat(MAX_LIVE_MESSAGE_BYTES - empty)];
    for (const text of texts) {
      liveServiceOf(app).publish('jackpot', text);
      await sleep(60);
    }
    for (const text of texts) expect(await c.next((f) => f.data === text)).toEqual({ topic: 'jackpot', data: text });
    expect(() => liveServiceOf(app).publish('jackpot', 'z'.repeat(MAX_LIVE_MESSAGE_BYTES))).toThrow(RangeError);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('a feed reads only while its topic is watched here, sends a state once per change, retained, and forgets it when nobody watches', async () => {
    const app = await instance();
    let reads = 0;
    let pools = 100;
    liveServiceOf(app).feed('jackpot', async () => (reads++, { feed: true, pools }), 50);
    await sleep(300);
    expect(reads).toBe(0); // nobody watches: no read at all
    const a = await client(app, ['jackpot']);
    await a.next((f) => (f.data as { pools?: number })?.pools === 100);
    const late = await client(app, ['jackpot']);
    // Retained: a socket subscribing later has it at once, before the next interval.
    expect(late.frames.filter((f) => (f.data as { feed?: boolean })?.feed)).toEqual([{ topic: 'jackpot', data: { feed: true, pools: 100 } }]);
    await sleep(300);
    expect(reads).toBeGreaterThan(1);
    pools = 250;
    await a.next((f) => (f.data as { pools?: number })?.pools === 250);
    await sleep(200);
    // One frame per change, however many reads.
    expect(a.frames.filter((f) => (f.data as { feed?: boolean })?.feed).map((f) => (f.data as { pools: number }).pools)).toEqual([100, 250]);
    for (const c of [a, late]) c.ws.close();
    await until(() => metric(app, 'playhall_websocket_connections'), 0);
    await sleep(100); // a read in flight ends
    const readsWhenLeft = reads;
    pools = 300;
    await sleep(300);
    expect(reads).toBe(readsWhenLeft);
    // Nobody watched meanwhile: the old state is not sent as current; the fresh one comes with the next read.
    const next = await client(app, ['jackpot']);
    // (The fresh read may already have landed by the time the socket is open; only the stale 250 must never come.)
    expect(await next.next((f) => (f.data as { feed?: boolean })?.feed === true)).toEqual({ topic: 'jackpot', data: { feed: true, pools: 300 } });
    expect(next.frames.filter((f) => (f.data as { feed?: boolean })?.feed).map((f) => (f.data as { pools: number }).pools)).toEqual([300]);
  });

  it('/metrics counts open sockets and delivered messages', async () => {
    const app = await instance();
    const before = await metric(app, 'playhall_websocket_connections');
    const delivered = await metric(app, 'playhall_live_deliveries_total');
    const sockets = [await client(app, ['jackpot']), await client(app, ['jackpot'])];
    expect(await metric(app, 'playhall_websocket_connections')).toBe(before + 2);
    liveServiceOf(app).publish('jackpot', { n: 1 });
    await Promise.all(sockets.map((s) => s.next((f) => (f.data as { n?: number })?.n === 1)));
    expect(await metric(app, 'playhall_live_deliveries_total')).toBeGreaterThanOrEqual(delivered + 2);
    expect(await metric(app, 'playhall_live_messages_total{topic="jackpot"}')).toBeGreaterThan(0);
    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    await until(() => metric(app, 'playhall_websocket_connections'), before + 1);
  });

  it('limits close with their codes: sockets per address, server full, a too big or bad message, too many messages', async () => {
    const app = await instance({ trustProxy: true, live: { ...t.config.live, maxSocketsPerIp: 2, maxSockets: 5 } });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    await client(app, ['jackpot'], from('10.1.1.1'));
    await client(app, ['jackpot'], from('10.1.1.1'));
    const third = await client(app, undefined, from('10.1.1.1'));
    expect(await third.closed).toEqual({ code: LiveCloseCode.tooManyFromAddress, reason: 'too many sockets from this address' });
    // Another address still gets in; once this instance holds 5, the next is told it is full.
    await client(app, ['jackpot'], from('10.1.1.2'));
    await client(app, ['jackpot'], from('10.1.1.3'));
    await client(app, ['jackpot'], from('10.1.1.4'));
    const sixth = await client(app, undefined, from('10.1.1.5'));
    expect((await sixth.closed).code).toBe(LiveCloseCode.serverFull);
    for (const c of clients.splice(0)) c.ws.terminate();
    await until(() => metric(app, 'playhall_websocket_connections'), 0);

    const big = await client(app, undefined, from('10.1.2.1'));
    big.send({ op: 'sub', topics: ['x'.repeat(LiveLimits.maxClientMessageBytes)] });
    expect((await big.closed).code).toBe(LiveCloseCode.tooBig);
    const bad = await client(app, undefined, from('10.1.2.2'));
    bad.send({ subscribe: 'jackpot' });
    expect(await bad.closed).toEqual({ code: LiveCloseCode.badMessage, reason: 'expected {"op":"sub"|"unsub","topics":[…]}' });
    const notJson = await client(app, undefined, from('10.1.2.3'));
    notJson.send('hello');
    expect(await notJson.closed).toEqual({ code: LiveCloseCode.badMessage, reason: 'not JSON' });
    const chatty = await client(app, undefined, from('10.1.2.4'));
    for (let i = 0; i <= LiveLimits.maxClientMessages; i++) chatty.send({ op: 'sub', topics: ['jackpot'] });
    expect(await chatty.closed).toEqual({ code: LiveCloseCode.badMessage, reason: 'too many messages' });
  });

  it('refuses other paths and foreign origins before the handshake', async () => {
    const app = await instance({ corsOrigins: ['https://partner.example'] });
    const status = (url: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.terminate();
          resolve(101);
        });
        ws.on('error', reject);
      });
    const url = liveUrl(app);
    expect(await status(url.replace('/app/live', '/app/v1/live'))).toBe(404);
    expect(await status(url, { origin: 'https://evil.example' })).toBe(403);
    expect(await status(url, { origin: 'https://partner.example' })).toBe(101);
    expect(await status(url, { origin: 'http://127.0.0.1:5173' })).toBe(101);
  });

  it('drops a socket that stops answering pings, and counts it', async () => {
    const app = await instance({ live: { ...t.config.live, pingIntervalMs: 300 } });
    const dead = await client(app, ['jackpot'], { autoPong: false });
    const alive = await client(app, ['jackpot']);
    const dropped = await metric(app, 'playhall_live_sockets_dropped_total{reason="dead"}');
    // Two intervals at most: the first ping goes unanswered, the next finds it silent.
    expect((await dead.closed).code).toBe(1006);
    expect(await metric(app, 'playhall_live_sockets_dropped_total{reason="dead"}')).toBe(dropped + 1);
    await sleep(1_000); // three more pings, each answered
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    liveServiceOf(app).publish('jackpot', { still: true });
    await alive.next((f) => (f.data as { still?: boolean })?.still === true);
  });

  it('closing the app closes its sockets with "going away"', async () => {
    const app = await instance();
    const c = await client(app, ['jackpot']);
    const started = Date.now();
    await app.close();
    expect(await c.closed).toEqual({ code: LiveCloseCode.goingAway, reason: 'server shutting down' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  describe.skipIf(redisIsMissing)('with Redis', () => {
    it('two instances sharing one Redis: each socket gets every message once, whichever instance published it', async () => {
      const [a, b] = [await instance({ redisUrl: TEST_REDIS_URL }), await instance({ redisUrl: TEST_REDIS_URL })];
      const onA = await client(a, ['jackpot']);
      const onB = await client(b, ['jackpot']);
      const id = randomUUID();
      liveServiceOf(a).publish('jackpot', { id, from: 'a' });
      liveServiceOf(b).publish('jackpot', { id, from: 'b' }, { retain: true });
      for (const c of [onA, onB]) {
        await c.next((f) => (f.data as { from?: string })?.from === 'a');
        await c.next((f) => (f.data as { from?: string })?.from === 'b');
      }
      await sleep(200);
      for (const c of [onA, onB]) expect(c.frames.filter((f) => (f.data as { id?: string })?.id === id).map((f) => (f.data as { from: string }).from).sort()).toEqual(['a', 'b']);
      // The retained message reached A through Redis: a socket subscribing on A now gets it.
      const late = await client(a, ['jackpot']);
      expect(await late.next((f) => (f.data as { id?: string })?.id === id)).toEqual({ topic: 'jackpot', data: { id, from: 'b' } });
    });

    it('with Redis unreachable, a message still reaches the publishing instance\'s sockets', async () => {
      const app = await instance({ redisUrl: 'redis://127.0.0.1:1' });
      const c = await client(app, ['jackpot']);
      liveServiceOf(app).publish('jackpot', { offline: 1 });
      await c.next((f) => (f.data as { offline?: number })?.offline === 1);
    });
  });
});
