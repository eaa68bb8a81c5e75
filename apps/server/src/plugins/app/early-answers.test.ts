import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { syncFeeds } from '../../db/change-feed.ts';
import { earlyAnswers } from '../../lib/metrics.ts';
import { createTestApp, describeDb, testConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { deposit } from '../../modules/ledger/ledger-test-helpers.ts';
import { transfer } from '../../modules/ledger/ledger.service.ts';

/**
 * Visitors' kept answers and players' reads served before routing (decisions 067 and 070): over a
 * real socket (inject() goes straight to the framework, so it gives the framework's own answer to
 * compare with), each answer must be what the framework answers, header for header and byte for byte
 * once decoded, and anything the early path cannot finish must get the framework's answer.
 */

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const COMMON = { appId: 'playhall', channel: 'WEB', clientReferrer: '', platform: 0, appVersion: '1.0.0' };
/**
 * Headers that differ from one answer to the next whichever path answers, and the framing: the
 * framework streams a brotli answer (chunked), the early path knows every answer's length.
 */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'content-length', 'transfer-encoding']);

function decode(headers: Record<string, string>, raw: Buffer): string {
  const encoding = headers['content-encoding'];
  return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

function flat(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
}

function comparable(a: Answer): Answer {
  return { status: a.status, headers: Object.fromEntries(Object.entries(a.headers).filter(([k]) => !PER_ANSWER.has(k))), body: a.body };
}

/** A POST over a real socket, through the app's HTTP server. */
function overSocket(port: number, path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = flat(res.headers);
        const raw = Buffer.concat(chunks);
        if (h['content-length'] !== undefined && Number(h['content-length']) !== raw.length) reject(new Error(`content-length ${h['content-length']}, ${raw.length} bytes`));
        resolve({ status: res.statusCode ?? 0, headers: h, body: decode(h, raw) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The framework's answer to the same request (inject() does not go through the HTTP server). */
async function throughFramework(app: FastifyInstance, path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const res = await app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } });
  const h = flat(res.headers);
  return { status: res.statusCode, headers: h, body: decode(h, res.rawPayload) };
}

async function earlyCount(route: string, outcome: 'answered' | 'handed_over'): Promise<number> {
  return (await earlyAnswers.get()).values.find((v) => v.labels.route === route && v.labels.outcome === outcome)?.value ?? 0;
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

describeDb('answers before routing: the framework\'s answers, faster (decision 067)', () => {
  let t: TestApp;
  let port: number;
  let version: number;
  const ORIGIN = 'https://play.example';
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: [ORIGIN] });
    port = await listen(t.app);
    version = JSON.parse((await throughFramework(t.app, '/app/v1/anonymous/appConfig', '{}', { 'content-type': 'application/json' })).body).data.gameListVersion as number;
  });
  afterAll(async () => t?.close());

  describe('answered before routing, exactly as the framework answers', () => {
    const encodings = [undefined, 'gzip, deflate, br, zstd', 'gzip', 'br;q=0.5, gzip', 'gzip;q=0, br', 'deflate', 'identity', '*', 'x-gzip', 'BR'];
    const origins = [undefined, ORIGIN, 'https://elsewhere.example'];
    const calls = () => [
      { path: '/app/v1/preLogin', body: { ...COMMON, lang: 'en-US', gameListVersion: version, deviceId: 'd-1' } },
      // A first visit: the catalogue comes with the answer.
      { path: '/app/v1/preLogin', body: { ...COMMON, lang: 'pt-BR' } },
      { path: '/app/v1/anonymous/appConfig', body: { ...COMMON, lang: 'th-TH' } },
      { path: '/app/v1/anonymous/appConfig', body: {} },
    ];
    for (const encoding of encodings) {
      it(`Accept-Encoding ${encoding ?? '(none)'}, with and without Origin`, async () => {
        for (const c of calls()) {
          for (const origin of origins) {
            const headers = { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}), ...(origin ? { origin } : {}) };
            const text = JSON.stringify(c.body);
            const before = await earlyCount(c.path, 'answered');
            const early = await overSocket(port, c.path, text, headers);
            expect(await earlyCount(c.path, 'answered'), `${c.path} ${text} answered before routing`).toBe(before + 1);
            const framework = await throughFramework(t.app, c.path, text, headers);
            expect(comparable(early), `${c.path} ${text} ${JSON.stringify(headers)}`).toEqual(comparable(framework));
            expect(JSON.parse(early.body).code).toBe(200);
            expect(early.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
            expect(Number(early.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
          }
        }
      });
    }

    it('compresses as the framework does: br for a browser, gzip when asked, nothing for a small answer', async () => {
      const big = await overSocket(port, '/app/v1/anonymous/appConfig', '{}', { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' });
      expect(big.headers['content-encoding']).toBe('br');
      expect(big.headers.vary).toBe('Origin, accept-encoding');
      const gzip = await overSocket(port, '/app/v1/anonymous/appConfig', '{}', { 'content-type': 'application/json', 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.body).toBe(big.body);
      const plain = await overSocket(port, '/app/v1/anonymous/appConfig', '{}', { 'content-type': 'application/json' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Origin');
      expect(plain.body).toBe(big.body);
    });
  });

  describe('left to the framework', () => {
    const cases: { name: string; path: string; body: string; headers?: Record<string, string>; code: number; taken: boolean }[] = [
      { name: 'a body that is not JSON', path: '/app/v1/preLogin', body: '{"lang":', code: 400, taken: true },
      { name: 'a field of the wrong type', path: '/app/v1/anonymous/appConfig', body: '{"lang":5}', code: 400, taken: true },
      { name: 'a prototype-poisoning key', path: '/app/v1/preLogin', body: '{"__proto__":{"x":1}}', code: 400, taken: true },
      { name: 'an escaped poisoning key', path: '/app/v1/preLogin', body: '{"\\u005f_proto__":{"x":1}}', code: 400, taken: true },
      { name: 'a language the app does not ship', path: '/app/v1/anonymous/appConfig', body: '{"lang":"xx-XX"}', code: 400, taken: true },
      { name: 'another content type', path: '/app/v1/preLogin', body: 'lang=en-US', headers: { 'content-type': 'application/x-www-form-urlencoded' }, code: 400, taken: false },
      { name: 'a token that is no longer valid', path: '/app/v1/preLogin', body: '{}', headers: { authorization: 'Bearer expired-token' }, code: 401, taken: false },
      { name: 'a query string', path: '/app/v1/preLogin?x=1', body: '{}', code: 200, taken: false },
    ];
    for (const c of cases) {
      it(`${c.name}: the framework's answer (${c.code})`, async () => {
        const headers = { 'content-type': 'application/json', ...c.headers };
        const route = c.path.split('?')[0]!;
        const [answered, handed] = [await earlyCount(route, 'answered'), await earlyCount(route, 'handed_over')];
        const early = await overSocket(port, c.path, c.body, headers);
        expect(await earlyCount(route, 'answered')).toBe(answered);
        expect(await earlyCount(route, 'handed_over')).toBe(handed + (c.taken ? 1 : 0));
        const framework = await throughFramework(t.app, c.path, c.body, headers);
        expect(JSON.parse(early.body).code).toBe(c.code);
        expect(comparable(early)).toEqual(comparable(framework));
      });
    }

    it('a body over the limit is refused (413) without being read here', async () => {
      const body = JSON.stringify({ lang: 'en-US', deviceId: 'x'.repeat(70 * 1024) });
      const early = await overSocket(port, '/app/v1/preLogin', body, { 'content-type': 'application/json' });
      expect(early.status).toBe(413);
      expect(JSON.parse(early.body).code).toBe(413);
    });

    it('a logged-in preLogin is the framework\'s: it carries the player', async () => {
      const p = await buildPlayer(t.app);
      const answered = await earlyCount('/app/v1/preLogin', 'answered');
      const a = await overSocket(port, '/app/v1/preLogin', JSON.stringify({ lang: 'en-US' }), { 'content-type': 'application/json', authorization: `Bearer ${p.token}` });
      expect(JSON.parse(a.body).data.user.id).toBe(p.user.id);
      expect(await earlyCount('/app/v1/preLogin', 'answered')).toBe(answered);
    });
  });

  describe('a player\'s reads, sent with a token (decision 070)', () => {
    const PLAYER_CALLS = ['/app/v1/refreshData', '/app/v1/getAfterLoginInfoWeb'];
    it('are answered before routing exactly as the framework answers, whatever the encoding and origin', async () => {
      const p = await buildPlayer(t.app);
      for (const path of PLAYER_CALLS) {
        for (const encoding of [undefined, 'gzip, deflate, br, zstd', 'gzip', 'identity']) {
          for (const origin of [undefined, ORIGIN]) {
            const headers = { 'content-type': 'application/json', authorization: `Bearer ${p.token}`, ...(encoding ? { 'accept-encoding': encoding } : {}), ...(origin ? { origin } : {}) };
            const text = JSON.stringify({ ...COMMON, lang: 'en-US' });
            const before = await earlyCount(path, 'answered');
            const early = await overSocket(port, path, text, headers);
            expect(await earlyCount(path, 'answered'), `${path} answered before routing`).toBe(before + 1);
            const framework = await throughFramework(t.app, path, text, headers);
            expect(comparable(early), `${path} ${JSON.stringify(headers)}`).toEqual(comparable(framework));
            expect(JSON.parse(early.body).code).toBe(200);
          }
        }
      }
      const refreshed = JSON.parse((await overSocket(port, PLAYER_CALLS[0]!, '{}', { 'content-type': 'application/json', authorization: `Bearer ${p.token}` })).body);
      expect(refreshed.data).toMatchObject({ errcode: 0, coin: p.user.coin });
      const after = JSON.parse((await overSocket(port, PLAYER_CALLS[1]!, '{}', { 'content-type': 'application/json', authorization: p.token })).body);
      expect(after.data.user.id).toBe(p.user.id);
    });

    it('a balance that moved shows in the next answer', async () => {
      const p = await buildPlayer(t.app);
      const coin = async () => JSON.parse((await overSocket(port, '/app/v1/refreshData', '{}', { 'content-type': 'application/json', authorization: `Bearer ${p.token}` })).body).data.coin as number;
      const before = await coin();
      await transfer(t.database.db, deposit(`early:${p.user.id}`, p.user.id, 1_234));
      expect(await coin()).toBe(before + 1_234);
    });

    it('a token that is not valid, or none, gets the framework\'s answer; after logout the token is refused at once', async () => {
      const p = await buildPlayer(t.app);
      const json = { 'content-type': 'application/json' };
      for (const path of PLAYER_CALLS) {
        const [answered, handed] = [await earlyCount(path, 'answered'), await earlyCount(path, 'handed_over')];
        const forged = { ...json, authorization: 'Bearer not-a-session' };
        const early = await overSocket(port, path, '{}', forged);
        expect(comparable(early)).toEqual(comparable(await throughFramework(t.app, path, '{}', forged)));
        expect(await earlyCount(path, 'handed_over')).toBe(handed + 1);
        // Without a token the call is not taken here at all.
        const none = await overSocket(port, path, '{}', json);
        expect(comparable(none)).toEqual(comparable(await throughFramework(t.app, path, '{}', json)));
        expect(await earlyCount(path, 'answered')).toBe(answered);
        expect(await earlyCount(path, 'handed_over')).toBe(handed + 1);
      }
      const mine = { ...json, authorization: `Bearer ${p.token}` };
      expect(JSON.parse((await overSocket(port, '/app/v1/refreshData', '{}', mine)).body).data.errcode).toBe(0);
      expect(JSON.parse((await overSocket(port, '/app/v1/logout', '{}', mine)).body).code).toBe(200);
      expect(JSON.parse((await overSocket(port, '/app/v1/refreshData', '{}', mine)).body).data.errcode).toBe(401);
      expect(JSON.parse((await overSocket(port, '/app/v1/getAfterLoginInfoWeb', '{}', mine)).body).code).toBe(401);
    });
  });

  it('a configuration change shows in the next answer, compressed or not', async () => {
    const name = async (encoding?: string) =>
      JSON.parse((await overSocket(port, '/app/v1/anonymous/appConfig', '{}', { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) })).body).data
        .siteName as string;
    expect(await name('br')).not.toBe('Playhall Renamed');
    await t.database.db.execute(sql`update app_config set value = to_jsonb('Playhall Renamed'::text) where key = 'siteName'`);
    await syncFeeds(t.database);
    expect(await name('br')).toBe('Playhall Renamed');
    expect(await name('gzip')).toBe('Playhall Renamed');
    expect(await name()).toBe('Playhall Renamed');
  });
});

describeDb('answers before routing and the global rate limit', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  /** A second app on the test database with small limits (and `trustProxy` as given), listening. */
  async function limitedApp(limits: Partial<TestApp['config']['rateLimit']>, trustProxy = false): Promise<{ app: FastifyInstance; port: number }> {
    const app = await buildApp({ database: t.database, config: testConfig({ ...t.config, trustProxy, rateLimit: { ...t.config.rateLimit, ...limits } }), clock: t.clock });
    apps.push(app);
    return { app, port: await listen(app) };
  }
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });

  it('counts in the same counter as the framework\'s calls, and the call over the limit gets the framework\'s 429', async () => {
    const { port } = await limitedApp({ globalPerMin: 4 });
    const json = { 'content-type': 'application/json' };
    const early = () => overSocket(port, '/app/v1/anonymous/appConfig', '{}', json);
    const first = await early();
    expect(first.headers['x-ratelimit-limit']).toBe('4');
    expect(first.headers['x-ratelimit-remaining']).toBe('3');
    // A call of the framework's (the customer service queue) in between takes one from the same IP's allowance.
    const other = await overSocket(port, '/app/v1/getCustomerServices', '{}', json);
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
    expect((await early()).headers['x-ratelimit-remaining']).toBe('1');
    expect((await early()).headers['x-ratelimit-remaining']).toBe('0');
    const handed = await earlyCount('/app/v1/anonymous/appConfig', 'handed_over');
    const refused = await early();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 429 });
    expect(await earlyCount('/app/v1/anonymous/appConfig', 'handed_over')).toBe(handed + 1);
  });

  it('a player\'s calls before routing count in the account\'s limit with the framework\'s, and the call over it gets the framework\'s 429', async () => {
    const { app, port } = await limitedApp({ accountPerMin: 3 });
    const p = await buildPlayer(app);
    const mine = { 'content-type': 'application/json', authorization: `Bearer ${p.token}` };
    expect(JSON.parse((await overSocket(port, '/app/v1/refreshData', '{}', mine)).body).data.errcode).toBe(0);
    // A framework call of the same player in between takes one from the same allowance.
    expect(JSON.parse((await overSocket(port, '/app/v1/online', '{}', mine)).body).code).toBe(200);
    expect(JSON.parse((await overSocket(port, '/app/v1/getAfterLoginInfoWeb', '{}', mine)).body).code).toBe(200);
    const handed = await earlyCount('/app/v1/refreshData', 'handed_over');
    const refused = await overSocket(port, '/app/v1/refreshData', '{}', mine);
    expect(JSON.parse(refused.body).code).toBe(429);
    expect(await earlyCount('/app/v1/refreshData', 'handed_over')).toBe(handed + 1);
    // Another player is not held back by this one.
    const other = await buildPlayer(app);
    expect(JSON.parse((await overSocket(port, '/app/v1/refreshData', '{}', { ...mine, authorization: `Bearer ${other.token}` })).body).data.errcode).toBe(0);
  });

  it('behind a reverse proxy counts each forwarded client apart (the first X-Forwarded-For address), in the framework\'s counters', async () => {
    const { port } = await limitedApp({ globalPerMin: 2 }, true);
    const from = (ip: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': `${ip}, 10.0.0.1` });
    const early = (ip: string) => overSocket(port, '/app/v1/anonymous/appConfig', '{}', from(ip));
    expect((await early('203.0.113.7')).headers['x-ratelimit-remaining']).toBe('1');
    expect((await early('198.51.100.9')).headers['x-ratelimit-remaining']).toBe('1');
    // The framework's call from the first client takes its last allowance: the same key.
    expect((await overSocket(port, '/app/v1/getCustomerServices', '{}', from('203.0.113.7'))).headers['x-ratelimit-remaining']).toBe('0');
    expect((await early('203.0.113.7')).status).toBe(429);
    expect((await early('198.51.100.9')).status).toBe(200);
  });
});
