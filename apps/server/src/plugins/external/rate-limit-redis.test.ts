import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { freshIp, redisMissing, TEST_REDIS_URL } from '../../test/redis.ts';

// The Redis tier: with REDIS_URL set, every server instance counts against the same limits, so a
// client cannot multiply its allowance by spreading calls over instances.
const redisIsMissing = await redisMissing('Redis rate-limit tests');

/** A public call from one client address. */
async function preLoginFrom(app: FastifyInstance, ip: string): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/app/v1/preLogin', payload: { channel: 'WEB', appVersion: '1.1.2', platform: 0 }, remoteAddress: ip });
  return (res.json() as { code: number }).code;
}


describeDb('rate limits in a shared store', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  const instance = async (redisUrl: string, globalPerMin: number) => {
    const app = await buildApp({ database: t.database, config: { ...t.config, redisUrl, rateLimit: { ...t.config.rateLimit, globalPerMin } }, clock: t.clock });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });

  describe.skipIf(redisIsMissing)('with Redis', () => {
    it('two server instances count one client together: the limit is not doubled', async () => {
      const [a, b] = [await instance(TEST_REDIS_URL, 4), await instance(TEST_REDIS_URL, 4)];
      const ip = freshIp();
      const codes = [];
      for (const app of [a, b, a, b, a, b]) codes.push(await preLoginFrom(app, ip));
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
      // Another client still gets through on either instance.
      expect(await preLoginFrom(b, freshIp())).toBe(200);
    });
  });

  it('keeps answering when Redis is down (the limit is skipped, not the API)', async () => {
    const app = await instance('redis://127.0.0.1:1', 1);
    const ip = freshIp();
    expect([await preLoginFrom(app, ip), await preLoginFrom(app, ip)]).toEqual([200, 200]);
  });
});
