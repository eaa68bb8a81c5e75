import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { precompressDir } from '../../../../../scripts/precompress.mjs';
import { ProviderSignatureHeader, ProviderTimestampHeader, ProviderWalletPrefix } from '@playhall/contract';
import { buildApp } from '../../app.ts';
import { signHmac } from '../../lib/hmac-signature.ts';
import { createTestApp, describeDb, testConfig, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { ensureCatalogue, providerClient } from '../../modules/game-wallet/game-wallet-test-kit.ts';
import { API_COMPRESSION_THRESHOLD } from './compression.ts';

const BR_GZIP = { 'accept-encoding': 'br, gzip' };
const decode = (encoding: string | undefined, body: Buffer): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/** A built-looking player app: text big enough to be worth compressing, precompressed as the build does. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'playhall-dist-'));
  mkdirSync(join(dist, 'assets'));
  const lines = (what: string) => Array.from({ length: 200 }, (_, i) => `${what}(${i});`).join('\n');
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Playhall</title><script>${lines('boot')}</script>`);
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.js'), lines('console.log'));
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.css'), lines('.x'));
  return dist;
}

describeDb('compression: precompressed static files, compressed API answers', () => {
  let t: TestApp;
  let dist: string;
  let app: FastifyInstance;
  const plain = (path: string) => readFileSync(join(dist, path));

  beforeAll(async () => {
    t = await createTestApp();
    dist = fakeDist();
    await precompressDir(dist);
    // Files the build left with fewer variants: one with only gzip, one with none.
    const text = Array.from({ length: 200 }, (_, i) => `later(${i});`).join('\n');
    writeFileSync(join(dist, 'assets', 'gzonly-9e8d7c.js'), text);
    writeFileSync(join(dist, 'assets', 'gzonly-9e8d7c.js.gz'), gzipSync(text));
    writeFileSync(join(dist, 'assets', 'bare-5a4b3c.js'), text);
    app = await buildApp({ database: t.database, config: testConfig({ playerDist: dist, hasPlayerDist: true, originalsDist: dist }), clock: t.clock });
    app.get(`${ProviderWalletPrefix}/test-fixture/large-answer`, async () => ({ status: 'OK', padding: 'x'.repeat(4 * API_COMPRESSION_THRESHOLD) }));
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli, gzip or identity as the request accepts, same bytes and cache rules', async () => {
    const js = plain('assets/app-3f2a1b.js');
    const br = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js', headers: BR_GZIP });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(js.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(js)).toBe(true);

    const gz = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).equals(js)).toBe(true);

    const none = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-type']).toBe(br.headers['content-type']);
    expect(none.headers['cache-control']).toBe(br.headers['cache-control']);
    expect(none.headers.vary).toContain('accept-encoding');
    expect(none.rawPayload.equals(js)).toBe(true);

    const css = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.css', headers: BR_GZIP });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(brotliDecompressSync(css.rawPayload).equals(plain('assets/app-3f2a1b.css'))).toBe(true);
  });

  it('sends the Originals screens\' assets precompressed the same way', async () => {
    const res = await app.inject({ method: 'GET', url: '/originals/assets/app-3f2a1b.js', headers: BR_GZIP });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).equals(plain('assets/app-3f2a1b.js'))).toBe(true);
  });

  it('falls back to gzip without a .br, and to the plain file without any variant', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/gzonly-9e8d7c.js', headers: BR_GZIP });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain('assets/gzonly-9e8d7c.js'))).toBe(true);
    const bare = await app.inject({ method: 'GET', url: '/assets/bare-5a4b3c.js', headers: BR_GZIP });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['content-encoding']).toBeUndefined();
    expect(bare.rawPayload.equals(plain('assets/bare-5a4b3c.js'))).toBe(true);
  });

  it('answers HEAD with the variant GET would send, and Range requests from the plain file', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-3f2a1b.js', headers: BR_GZIP });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(readFileSync(join(dist, 'assets/app-3f2a1b.js.br')).length);
    expect(head.rawPayload.length).toBe(0);

    const range = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js', headers: { ...BR_GZIP, range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 0-99/${plain('assets/app-3f2a1b.js').length}`);
    expect(range.rawPayload.equals(plain('assets/app-3f2a1b.js').subarray(0, 100))).toBe(true);
  });

  it('sends the SPA page compressed too, at / and at any app route', async () => {
    const html = plain('index.html');
    for (const url of ['/', '/member/profile?x=1']) {
      const res = await app.inject({ method: 'GET', url, headers: BR_GZIP });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      // Added to what CORS varies on, not in its place.
      expect(res.headers.vary).toBe('Origin, accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).equals(html)).toBe(true);
    }
    const gz = await app.inject({ method: 'GET', url: '/member/profile', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(html)).toBe(true);
    const none = await app.inject({ method: 'GET', url: '/member/profile' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(html)).toBe(true);
  });

  it('compresses an API answer above the threshold to the same JSON, and not one below it', async () => {
    const post = (url: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url, headers, payload: { channel: 'WEB', appVersion: '1.1.2', platform: 0 } });
    const identity = await post('/app/v1/preLogin', {});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.length).toBeGreaterThanOrEqual(API_COMPRESSION_THRESHOLD);
    for (const encoding of ['br', 'gzip']) {
      const res = await post('/app/v1/preLogin', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(identity.rawPayload.length);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString('utf8'))).toEqual(identity.json());
    }

    const small = await post('/app/v1/noSuchCall', BR_GZIP);
    expect(small.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 404, msg: 'Unknown call: noSuchCall' });
  });

  it('compresses the operator API and the OpenAPI document above the threshold', async () => {
    const doc = await app.inject({ method: 'GET', url: '/app/openapi.json', headers: BR_GZIP });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString('utf8')).paths).toHaveProperty('/app/v1/accountLogin');

    const ops = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
    const identity = await app.inject({ method: 'GET', url: '/operator/v1/withdrawals?status=pending', headers: ops });
    expect(identity.statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/operator/v1/withdrawals?status=pending', headers: { ...ops, ...BR_GZIP } });
    const expected = identity.rawPayload.length >= API_COMPRESSION_THRESHOLD ? 'br' : undefined;
    expect(res.headers['content-encoding']).toBe(expected);
    expect(JSON.parse(decode(expected, res.rawPayload).toString('utf8'))).toEqual(identity.json());
  });

  it('never compresses the provider wallet protocol', async () => {
    const secret = 'test-aggregator-secret-0123456789';
    const cat = await ensureCatalogue(t.database.db, { platformCode: 'test-agg', secret });
    const session = await providerClient(t, cat, secret).session(null, 'demo');
    const body = JSON.stringify({ sessionToken: session });
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const res = await app.inject({
      method: 'POST',
      url: `${ProviderWalletPrefix}/${cat.platformCode}/balance`,
      headers: { ...BR_GZIP, 'content-type': 'application/json', [ProviderTimestampHeader]: ts, [ProviderSignatureHeader]: signHmac(secret, ts, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'OK' });

    // Its answers are small; one well above the threshold under the same prefix stays plain too.
    const large = await app.inject({ method: 'GET', url: `${ProviderWalletPrefix}/test-fixture/large-answer`, headers: BR_GZIP });
    expect(large.headers['content-encoding']).toBeUndefined();
    expect(large.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD);
  });
});
