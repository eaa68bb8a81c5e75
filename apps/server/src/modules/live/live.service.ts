import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { LiveTopic } from '@playhall/contract';
import { openRedis } from '../../lib/redis.ts';
import type { LiveHub } from './live.hub.ts';

/** A published message larger than this is a programming error (the pushes are small summaries). */
export const MAX_LIVE_MESSAGE_BYTES = 64 * 1024;

/** Redis channel of a topic (prefix + topic); every instance subscribes to every topic's channel. */
export const LIVE_CHANNEL_PREFIX = 'playhall-live:';
/** First byte of a Redis payload: the frame is retained for later subscribers, or not. */
const RETAIN = 0x72; // 'r'
const PLAIN = 0x6d; // 'm'

export interface PublishOptions {
  /** Sockets subscribing later get this message at once (the last retained one per topic): for states such as pool totals, not for events. */
  retain?: boolean;
}

export interface LiveService {
  /**
   * Sends `message` (JSON) to every socket subscribed to `topic` on every instance: through
   * Redis pub/sub when REDIS_URL is set (each instance, this one included, delivers what it
   * receives once), in process otherwise. Serialised once, here, whatever the number of sockets.
   * Fire and forget: a message published while Redis is unreachable reaches this instance's
   * sockets only.
   */
  publish(topic: LiveTopic, message: unknown, opts?: PublishOptions): void;
  /** The same to this instance's sockets only (a state every instance reads for itself). */
  publishLocal(topic: LiveTopic, message: unknown, opts?: PublishOptions): void;
  /**
   * A state every instance reads for itself (the jackpot's pool totals): every `everyMs` while this
   * instance has subscribers of `topic`, `read()` (one cheap read per instance and interval, none
   * while nobody watches), and when its JSON changed since the last one sent, `publishLocal` it,
   * retained. While nobody watches the retained copy is dropped, so a screen opening later is never
   * sent a stale state over the one it just fetched. Runs from the app's ready to its close.
   */
  feed(topic: LiveTopic, read: () => Promise<unknown>, everyMs?: number): void;
  /** Sockets subscribed to `topic` on this instance. */
  subscribers(topic: LiveTopic): number;
  /** Resolves once subscribed to the topics' channels (Redis), or after 3 s without Redis. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The frame every socket receives: `{"topic":…,"data":…}`, as bytes, made once. */
export function liveFrame(topic: string, message: unknown): Buffer {
  const data = JSON.stringify(message);
  if (data === undefined) throw new TypeError(`live message on ${topic} is not JSON`);
  const frame = Buffer.from(`{"topic":${JSON.stringify(topic)},"data":${data}}`);
  if (frame.length > MAX_LIVE_MESSAGE_BYTES) throw new RangeError(`live message on ${topic} is ${frame.length} bytes (at most ${MAX_LIVE_MESSAGE_BYTES})`);
  return frame;
}

/** The feeds of one service: timers from start to close, each reading only while its topic is watched here. */
function createFeeds(hub: LiveHub, log: FastifyBaseLogger, publishLocal: LiveService['publishLocal']) {
  const feeds: { topic: LiveTopic; read: () => Promise<unknown>; everyMs: number; last: string | null; busy: boolean; failing: boolean; timer: NodeJS.Timeout | null }[] = [];
  let running = false;
  const tick = async (f: (typeof feeds)[number]) => {
    if (f.busy) return;
    if (hub.subscribers(f.topic) === 0) {
      // Its own state only: a message another publisher retained (none does yet) is not the feed's to drop.
      if (f.last !== null) hub.unretain(f.topic);
      f.last = null;
      return;
    }
    f.busy = true;
    try {
      const state = await f.read();
      const json = JSON.stringify(state);
      if (running && json !== f.last && hub.subscribers(f.topic) > 0) {
        publishLocal(f.topic, state, { retain: true });
        f.last = json;
      }
      if (f.failing) log.info({ topic: f.topic }, 'live feed reads again');
      f.failing = false;
    } catch (err) {
      if (!f.failing) log.warn({ err, topic: f.topic }, 'live feed failed to read; retried each interval');
      f.failing = true;
    } finally {
      f.busy = false;
    }
  };
  const arm = (f: (typeof feeds)[number]) => {
    f.timer = setInterval(() => void tick(f), f.everyMs);
    f.timer.unref();
  };
  return {
    add(topic: LiveTopic, read: () => Promise<unknown>, everyMs = 1_000) {
      const f = { topic, read, everyMs, last: null, busy: false, failing: false, timer: null };
      feeds.push(f);
      if (running) arm(f);
    },
    start() {
      running = true;
      for (const f of feeds) if (!f.timer) arm(f);
    },
    stop() {
      running = false;
      for (const f of feeds) if (f.timer) clearInterval(f.timer);
    },
  };
}

export function createLiveService(deps: {
  hub: LiveHub;
  topics: readonly LiveTopic[];
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  /** The channels' prefix: one deployment's (the benchmark takes its own on a shared Redis). */
  channelPrefix?: string;
}): LiveService {
  const { hub, topics, log } = deps;
  const CHANNEL_PREFIX = deps.channelPrefix ?? LIVE_CHANNEL_PREFIX;
  const publishLocal = (topic: LiveTopic, message: unknown, opts: PublishOptions = {}) => hub.deliver(topic, liveFrame(topic, message), opts.retain === true);
  const feeds = createFeeds(hub, log, publishLocal);
  if (!deps.redisUrl) {
    return {
      publish: publishLocal,
      publishLocal,
      feed: feeds.add,
      subscribers: (t) => hub.subscribers(t),
      start: async () => feeds.start(),
      close: async () => feeds.stop(),
    };
  }

  // Two connections: a subscribed one can send nothing else.
  const what = { name: 'live pushes', whileDown: 'messages reach this instance\'s sockets only' };
  const pub: Redis = openRedis(deps.redisUrl, log, what);
  const sub: Redis = openRedis(deps.redisUrl, log, what);
  sub.on('messageBuffer', (channel: Buffer, payload: Buffer) => {
    const topic = channel.toString().slice(CHANNEL_PREFIX.length);
    if (payload.length < 2) return;
    hub.deliver(topic, payload.subarray(1), payload[0] === RETAIN);
  });
  // On every (re)connection: ioredis would resubscribe by itself, but not to a subscription that
  // failed while Redis was down at start. Subscribing twice to a channel is harmless.
  let subscribed: () => void;
  const firstSubscription = new Promise<void>((r) => (subscribed = r));
  sub.on('ready', () => {
    sub.subscribe(...topics.map((t) => CHANNEL_PREFIX + t)).then(
      () => subscribed(),
      (err: Error) => log.warn({ err: err.message }, 'live pushes: Redis subscription failed; retried on reconnect'),
    );
  });

  return {
    publish(topic, message, opts = {}) {
      const frame = liveFrame(topic, message);
      if (pub.status !== 'ready') return hub.deliver(topic, frame, opts.retain === true);
      const payload = Buffer.allocUnsafe(frame.length + 1);
      payload[0] = opts.retain ? RETAIN : PLAIN;
      frame.copy(payload, 1);
      pub.publish(CHANNEL_PREFIX + topic, payload).catch((err: Error) => log.warn({ err: err.message, topic }, 'live push not published'));
    },
    publishLocal,
    feed: feeds.add,
    subscribers: (t) => hub.subscribers(t),
    async start() {
      feeds.start();
      // Ready once subscribed, so a message published by another instance from then on arrives;
      // an unreachable Redis does not hold the start up (the subscription follows when it is back).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([firstSubscription, new Promise<void>((r) => (timer = setTimeout(r, 3_000)))]);
      clearTimeout(timer);
    },
    async close() {
      feeds.stop();
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    },
  };
}
