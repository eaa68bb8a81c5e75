import { buildPlayer } from '../../test/factories.ts';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call, createTestApp, describeDb, setAppConfig, testConfig, type TestApp } from '../../test/create-test-app.ts';

describeDb('system: health, headers, errors, limits, static files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('answers /readyz with 503 when the database does not answer', async () => {
    const broken = { ...t.database, ping: async () => false };
    const app = await buildApp({ database: broken, config: t.config, clock: t.clock });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    await app.close();
  });

  it('sends security headers and echoes a sane incoming request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'no spaces <allowed>' } });
    // Our own id instead: the instance's prefix and a counter (decision 059), never the bad one.
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });

  it('allows only listed cross-origin callers', async () => {
    const app = await buildApp({ database: t.database, config: { ...t.config, corsOrigins: ['https://partner.example'] }, clock: t.clock });
    const ok = await app.inject({ method: 'OPTIONS', url: '/app/v1/preLogin', headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const no = await app.inject({ method: 'OPTIONS', url: '/app/v1/preLogin', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
    expect(no.statusCode).toBe(404);
    // The call itself: a listed origin is named and may read the request id; another gets neither.
    const call = (origin: string) => app.inject({ method: 'POST', url: '/app/v1/preLogin', headers: { origin }, payload: {} });
    const listed = await call('https://partner.example');
    expect(listed.headers).toMatchObject({ 'access-control-allow-origin': 'https://partner.example', 'access-control-expose-headers': 'x-request-id', vary: 'Origin' });
    const other = await call('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-expose-headers']).toBeUndefined();
    expect(other.headers.vary).toBe('Origin');
    await app.close();
  });

  it('serves the OpenAPI document of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/app/v1/accountLogin');
  });

  it('answers an unknown call with code 404 naming it', async () => {
    const res = await call(t.app, 'noSuchCall', {});
    expect(res).toMatchObject({ status: 404, code: 404, msg: 'Unknown call: noSuchCall', data: null });
  });

  it('refuses bodies that are not JSON or larger than 64 KiB with the envelope', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/app/v1/preLogin', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, data: null });
    const big = await call(t.app, 'preLogin', { messagingToken: 'x'.repeat(70 * 1024) });
    expect(big).toMatchObject({ status: 413, code: 413 });
  });

  it('hides internals of unexpected errors behind a generic 500', async () => {
    await setAppConfig(t.database, 'passwordLength', 'broken');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/app/v1/anonymous/appConfig', payload: {} });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 500, msg: 'Something went wrong on our side, please try again later', data: null });
      expect(res.body).not.toMatch(/app_config|stack|passwordLength/);
    } finally {
      await setAppConfig(t.database, 'passwordLength', { min: 6, max: 32 });
    }
  });

  it('rate-limits login per IP with a 429 envelope', async () => {
    const app = await buildApp({
      database: t.database,
      config: { ...t.config, rateLimit: { globalPerMin: 1000, authPerMin: 3, smsPerMin: 2, accountPerMin: 1000 } },
      clock: t.clock,
    });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await call(app, 'accountLogin', { account: 'demo', password: 'wrong-one' })).code);
    expect(codes).toEqual([2002, 2002, 2002, 429]);
    const res = await call(app, 'accountLogin', { account: 'demo', password: 'wrong-one' });
    expect(res).toMatchObject({ status: 429, code: 429, data: null });
    expect(res.msg).toMatch(/Too many requests/);
    // Other calls keep working: the stricter limit is per route.
    expect((await call(app, 'preLogin', {})).code).toBe(200);
    await app.close();
  });

  it('rate-limits smsSend per IP on top of the per-phone limits', async () => {
    const app = await buildApp({ database: t.database, config: { ...t.config, rateLimit: { globalPerMin: 1000, authPerMin: 100, smsPerMin: 2, accountPerMin: 1000 } }, clock: t.clock });
    const codes: number[] = [];
    for (const mobile of ['5511911110001', '5511911110002', '5511911110003']) {
      codes.push((await call(app, 'smsSend', { mobile, type: 3 })).code);
    }
    expect(codes).toEqual([200, 200, 429]);
    await app.close();
  });

  it('applies a global per-IP limit to every call', async () => {
    const app = await buildApp({ database: t.database, config: { ...t.config, rateLimit: { globalPerMin: 2, authPerMin: 100, smsPerMin: 100, accountPerMin: 1000 } }, clock: t.clock });
    expect((await call(app, 'preLogin', {})).code).toBe(200);
    expect((await call(app, 'preLogin', {})).code).toBe(200);
    expect((await call(app, 'preLogin', {})).code).toBe(429);
    await app.close();
  });

  it('limits one account across IPs, without slowing other accounts', async () => {
    const app = await buildApp({
      database: t.database,
      config: { ...t.config, rateLimit: { globalPerMin: 1000, authPerMin: 100, smsPerMin: 100, accountPerMin: 3 } },
      clock: t.clock,
    });
    const [busy, calm] = [await buildPlayer(app), await buildPlayer(app)];
    const fromIp = async (token: string, ip: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/app/v1/getCustomerServices',
        payload: {},
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: ip,
      });
      return (res.json() as { code: number }).code;
    };
    const codes = [];
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) codes.push(await fromIp(busy.token, ip));
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(await fromIp(calm.token, '10.0.0.4')).toBe(200);
    await app.close();
  });

  it('serves the player app with the SPA fallback and cache rules', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'playhall-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Playhall</title>');
    writeFileSync(join(dist, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
    const config = testConfig({ playerDist: dist, hasPlayerDist: true });
    const app = await buildApp({ database: t.database, config, clock: t.clock });

    const deep = await app.inject({ method: 'GET', url: '/member/profile?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Playhall</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');

    const asset = await app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/app/v1/preLogin' });
    expect(api.json()).toMatchObject({ code: 404 });
    expect((await app.inject({ method: 'GET', url: '/provider/v1/balance' })).statusCode).toBe(404);
    await app.close();
  });

  it('serves the dev SMS inbox only with the dev provider', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/sms-inbox?mobile=5511900000000' })).statusCode).toBe(200);
    const app = await buildApp({ database: t.database, config: { ...t.config, smsProvider: 'log' }, clock: t.clock });
    expect((await app.inject({ method: 'GET', url: '/dev/sms-inbox?mobile=5511900000000' })).statusCode).toBe(404);
    await app.close();
  });
});
