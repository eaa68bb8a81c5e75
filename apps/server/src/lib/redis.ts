import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A connection to the shared Redis (`REDIS_URL`) with the server's settings: a 2 s connect timeout,
 * one retry per command (a caller never waits long on an outage: rate limits are skipped, live
 * pushes stay on this instance), reconnecting in the background. Its outage is logged once when it
 * starts and once when it ends, as `what` (rate-limit store, live pushes), not at every attempt.
 */
export function openRedis(url: string, log: FastifyBaseLogger, what: { name: string; whileDown: string }): Redis {
  const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err: err.message }, `${what.name} (Redis) unreachable: ${what.whileDown} until it is back`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info(`${what.name} (Redis) is back`);
    down = false;
  });
  return redis;
}
