import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode, ProviderSignatureHeader, ProviderTimestampHeader, ProviderWalletPrefix } from '@playhall/contract';
import { buildApp } from '../../app.ts';
import { signHmac } from '../../lib/hmac-signature.ts';
import { createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { freshIp, redisMissing, TEST_REDIS_URL } from '../../test/redis.ts';
import { channels, openOrder } from '../../modules/deposits/deposits-test-kit.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, SANDBOX_WEBHOOK_PATH, signSandbox } from '../../modules/payments/payments-test-kit.ts';
import { ensureCatalogue, type TestCatalogue } from '../../modules/game-wallet/game-wallet-test-kit.ts';
import { createPlatformDirectory } from '../../modules/game-wallet/provider-platforms.ts';

const SECRET = 'throttle-aggregator-secret-0123456789';
const LIMIT = 5;
const redisIsMissing = await redisMissing('Redis signature-failure tests');

/** A provider wallet call from one address: signed with `secret`, or with a wrong signature when it is null. */
async function walletCall(app: FastifyInstance, t: TestApp, ip: string, platform: string, secret: string | null, body: Record<string, unknown> = { sessionToken: 'x'.repeat(32) }) {
  const rawBody = JSON.stringify(body);
  const ts = String(Math.floor(t.clock.now().getTime() / 1000));
  const res = await app.inject({
    method: 'POST',
    url: `${ProviderWalletPrefix}/${platform}/balance`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', [ProviderTimestampHeader]: ts, [ProviderSignatureHeader]: secret ? signHmac(secret, ts, rawBody) : 'f'.repeat(64) },
    payload: rawBody,
  });
  return { status: res.statusCode, body: res.json() as { status: string; error?: string; message?: string }, retryAfter: res.headers['retry-after'] };
}

/** The text of a drizzle query, to tell the platform lookup from the app's other statements. */
const queryText = (q: unknown): string =>
  ((q as SQL).queryChunks ?? []).map((c) => (Array.isArray((c as { value?: unknown }).value) ? (c as { value: string[] }).value.join('') : '')).join('');

describeDb('failed signatures are limited per address; platform lookups are cached, misses included', () => {
  let t: TestApp;
  let cat: TestCatalogue;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp({ signatureFailuresPerMin: LIMIT });
    cat = await ensureCatalogue(t.database.db, { platformCode: 'throttle-agg', secret: SECRET });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });

  /** Counts the platform lookups the app sends to the database from now on. */
  const countPlatformLookups = () => {
    const execute = t.database.db.execute.bind(t.database.db);
    const seen = { n: 0 };
    vi.spyOn(t.database.db, 'execute').mockImplementation(((q: SQL) => {
      if (queryText(q).includes('from game_platform p')) seen.n++;
      return execute(q);
    }) as typeof t.database.db.execute);
    return seen;
  };

  it('provider wallet: a burst of badly signed calls from one address gets 429 after the limit, before any work; another address signs and passes', async () => {
    const attacker = freshIp();
    const aggregator = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push((await walletCall(t.app, t, attacker, cat.platformCode, null)).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429, 429]);

    // While blocked, even a correctly signed call from that address is refused, and costs no lookup.
    const lookups = countPlatformLookups();
    const blocked = await walletCall(t.app, t, attacker, 'another-unknown-code', SECRET);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: 'ERROR', error: 'INVALID_SIGNATURE', message: expect.stringMatching(/^Too many calls with a bad signature from this address: retry in \d+ s$/) });
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(lookups.n).toBe(0);

    // The aggregator's signed calls from its own address still reach the wallet (an unknown session is a protocol refusal, HTTP 200).
    for (let i = 0; i < 3; i++) {
      const ok = await walletCall(t.app, t, aggregator, cat.platformCode, SECRET);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ status: 'ERROR', error: 'INVALID_TOKEN' });
    }
  });

  it('provider wallet: calls for an unknown platform code do not query the database each time, even all at once', async () => {
    const lookups = countPlatformLookups();
    const answers = await Promise.all(Array.from({ length: 20 }, () => walletCall(t.app, t, freshIp(), 'no-such-agg', SECRET)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(401));
    for (let i = 0; i < 10; i++) expect((await walletCall(t.app, t, freshIp(), 'no-such-agg', SECRET)).body.message).toBe('Unknown platform');
    expect(lookups.n).toBe(1);
  });

  it('a platform an operator adds is found once the cached miss expires', async () => {
    let now = 1_000_000;
    const directory = createPlatformDirectory({ db: t.database.db, originalsSecret: 'unused-originals-secret', now: () => now });
    expect(await directory.resolve('late-agg')).toBeNull();
    await ensureCatalogue(t.database.db, { platformCode: 'late-agg', secret: SECRET, games: ['late-slot'] });
    expect(await directory.resolve('late-agg')).toBeNull();
    now += 10_001;
    expect(await directory.resolve('late-agg')).toMatchObject({ code: 'late-agg', secret: SECRET });
  });

  it('payment webhooks: badly signed notifications from one address get 429 after the limit; a signed one from another address credits', async () => {
    const p = await buildPlayer(t.app);
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount: 5_000 });
    const rawBody = JSON.stringify({ eventId: `ev-${order.orderId}`, providerRef: `ref-${order.orderId}`, occurredAt: t.clock.now().toISOString(), orderId: order.orderId, status: 'paid', amount: 5_000 });
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const notify = async (ip: string, signature: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: SANDBOX_WEBHOOK_PATH,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', [SANDBOX_TIMESTAMP_HEADER]: ts, [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: rawBody,
      });
      return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { outcome?: string } | null } };
    };
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await notify(attacker, 'f'.repeat(64))).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    const signed = signSandbox(t.config.sandboxPaymentSecret, ts, rawBody);
    const blocked = await notify(attacker, signed);
    expect(blocked).toMatchObject({ status: 429, body: { code: ErrorCode.rateLimited } });
    const provider = await notify(freshIp(), signed);
    expect(provider).toMatchObject({ status: 200, body: { code: 200, data: { outcome: 'credited' } } });
  });

  describe.skipIf(redisIsMissing)('with Redis', () => {
    it('two server instances count one address together: the limit is not doubled', async () => {
      const instance = async () => {
        const app = await buildApp({ database: t.database, config: { ...t.config, redisUrl: TEST_REDIS_URL, signatureFailuresPerMin: 4 }, clock: t.clock });
        apps.push(app);
        return app;
      };
      const [a, b] = [await instance(), await instance()];
      const ip = freshIp();
      const statuses: number[] = [];
      for (const app of [a, b, a, b, a, b]) statuses.push((await walletCall(app, t, ip, cat.platformCode, null)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect((await walletCall(b, t, freshIp(), cat.platformCode, SECRET)).status).toBe(200);
    });
  });
});
