import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';

// The Redis tier: skipped loudly when no Redis answers; CI (PLAYHALL_REQUIRE_REDIS=1) makes it mandatory.

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` (the tests' and the benchmarks' probe). */
export async function isRedisReachable(url: string = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => undefined); // the failed connect() below says it
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** True when the Redis tests must skip (after saying so); throws instead under PLAYHALL_REQUIRE_REDIS=1. */
export async function redisMissing(what: string): Promise<boolean> {
  if (await isRedisReachable()) return false;
  if (process.env.PLAYHALL_REQUIRE_REDIS === '1') throw new Error(`Redis not reachable at ${TEST_REDIS_URL} and PLAYHALL_REQUIRE_REDIS=1`);
  console.warn(`⚠ Redis not reachable at ${TEST_REDIS_URL}: ${what} SKIPPED`);
  return true;
}

/** A client address no other test run uses at the same time (both server projects share one Redis). */
export const freshIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
