import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { LiveTopic } from '@playhall/contract';
import { openRedis } from '../../lib/redis.ts';
import type { LiveHub } from './live.hub.ts';

/** A published message larger than this is a programming error (the pushes are small summaries). */
export const MAX_LIVE_MESSAGE_BYTES = 64 * 1024;

/** Redis channel of a topic; every instance subscribes to every topic's channel. */
const CHANNEL_PREFIX = 'playhall-live:';
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
  /** Sockets subscribed to `topic` on this instance (a feed may skip its work while none is). */
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

export function createLiveService(deps: { hub: LiveHub; topics: readonly LiveTopic[]; redisUrl: string | undefined; log: FastifyBaseLogger }): LiveService {
  const { hub, topics, log } = deps;
  const publishLocal = (topic: LiveTopic, message: unknown, opts: PublishOptions = {}) => hub.deliver(topic, liveFrame(topic, message), opts.retain === true);
  if (!deps.redisUrl) {
    return { publish: publishLocal, publishLocal, subscribers: (t) => hub.subscribers(t), start: async () => undefined, close: async () => undefined };
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
    subscribers: (t) => hub.subscribers(t),
    async start() {
      // Ready once subscribed, so a message published by another instance from then on arrives;
      // an unreachable Redis does not hold the start up (the subscription follows when it is back).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([firstSubscription, new Promise<void>((r) => (timer = setTimeout(r, 3_000)))]);
      clearTimeout(timer);
    },
    async close() {
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    },
  };
}
