import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, describeDb, testConfig, type TestApp } from '../../test/create-test-app.ts';

/**
 * Every answer's headers, pinned whole (values that change per call left out): the security headers
 * are built once at start-up (decision 039), and this holds them to what @fastify/helmet's
 * per-request middleware sent before on an app page, an asset, the operator API, a provider answer
 * (no page headers) and in production (HSTS); the player API's answers carry an API's set (decision 067).
 */
const CHANGING = new Set(['date', 'connection', 'x-request-id', 'content-length', 'etag', 'last-modified', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']);
const pinned = (res: LightMyRequestResponse) => Object.fromEntries(Object.entries(res.headers).filter(([k]) => !CHANGING.has(k)));

const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';frame-src 'self';frame-ancestors 'self';object-src 'none';base-uri 'self';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const PERMISSIONS = {
  'permissions-policy': 'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
};
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
/** The player API's answers: an API's headers (OWASP REST Security Cheat Sheet), not a page's (decision 067). */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const CORS = { 'access-control-expose-headers': 'x-request-id', vary: 'Origin' };
const GLOBAL_LIMIT = { 'x-ratelimit-limit': '100000' };

const event = { name: 'page_view', time: 1764000000 };
const cases: { name: string; req: InjectOptions; status: number; headers: Record<string, string> }[] = [
  {
    name: 'app page',
    req: { method: 'GET', url: '/download' },
    status: 200,
    headers: { ...PAGE_HEADERS, ...PERMISSIONS, ...CORS, ...GLOBAL_LIMIT, vary: 'Origin, accept-encoding', 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  },
  {
    name: 'hashed asset',
    req: { method: 'GET', url: '/assets/index-3f2a1b.js' },
    status: 200,
    headers: {
      ...PAGE_HEADERS,
      ...PERMISSIONS,
      ...CORS,
      ...GLOBAL_LIMIT,
      vary: 'Origin, accept-encoding',
      'accept-ranges': 'bytes',
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    },
  },
  {
    name: 'API answer',
    req: { method: 'POST', url: '/app/v1/preLogin', payload: {} },
    status: 200,
    headers: { ...API_HEADERS, ...CORS, ...GLOBAL_LIMIT, ...JSON_TYPE },
  },
  {
    name: 'client events (own limit)',
    req: { method: 'POST', url: '/app/v1/anonymous/appEventLogClient', payload: { eventList: [event] } },
    status: 200,
    headers: { ...API_HEADERS, ...CORS, ...JSON_TYPE, 'x-ratelimit-limit': '2' },
  },
  {
    name: 'API refusal: unreadable body',
    req: { method: 'POST', url: '/app/v1/preLogin', payload: '{', headers: { 'content-type': 'application/json' } },
    status: 400,
    headers: { ...API_HEADERS, ...CORS, ...GLOBAL_LIMIT, ...JSON_TYPE },
  },
  {
    name: 'operator API refusal',
    req: { method: 'GET', url: '/operator/v1/events/daily?from=2026-11-01&to=2026-11-02' },
    status: 401,
    headers: { ...PAGE_HEADERS, ...PERMISSIONS, ...CORS, ...JSON_TYPE, 'cache-control': 'no-store' },
  },
  { name: 'health', req: { method: 'GET', url: '/healthz' }, status: 200, headers: { ...PAGE_HEADERS, ...PERMISSIONS, ...CORS, ...JSON_TYPE } },
  {
    name: 'preflight from an unlisted origin',
    req: { method: 'OPTIONS', url: '/app/v1/preLogin', headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' } },
    status: 404,
    headers: { ...API_HEADERS, ...GLOBAL_LIMIT, ...JSON_TYPE, vary: 'Origin' },
  },
  // Read by servers only: no page headers, no Permissions-Policy (provider-wallet.routes.ts).
  {
    name: 'provider answer',
    req: { method: 'POST', url: '/provider/v1/wallet/no-such-platform/balance', payload: {} },
    status: 401,
    headers: { ...CORS, ...JSON_TYPE, 'cache-control': 'no-store' },
  },
  // Not the provider route: the page headers, but no Permissions-Policy (its prefix).
  {
    name: 'unknown provider path',
    req: { method: 'GET', url: '/provider/v1/balance' },
    status: 404,
    headers: { ...PAGE_HEADERS, ...CORS, ...JSON_TYPE, 'cache-control': 'no-store' },
  },
];

describeDb('security headers: the same on every answer as before they were built once', () => {
  let t: TestApp;
  let dist: string;
  const apps: { dev?: FastifyInstance; production?: FastifyInstance } = {};

  beforeAll(async () => {
    t = await createTestApp();
    dist = mkdtempSync(join(tmpdir(), 'playhall-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Playhall</title>');
    writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
    const config = { playerDist: dist, hasPlayerDist: true, clientEvents: { perMin: 2, perClientPerDay: 100 } };
    apps.dev = await buildApp({ database: t.database, config: testConfig(config), clock: t.clock });
    apps.production = await buildApp({ database: t.database, config: testConfig({ ...config, nodeEnv: 'production' }), clock: t.clock });
  });
  afterAll(async () => {
    await apps.dev?.close();
    await apps.production?.close();
    await t?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  for (const c of cases) {
    it(`${c.name}: exactly the pinned headers, with HSTS only in production`, async () => {
      for (const [mode, app] of Object.entries(apps)) {
        const res = await app!.inject(c.req);
        expect(res.statusCode, `${mode} ${c.name}`).toBe(c.status);
        const hsts = mode === 'production' && 'content-security-policy' in c.headers ? HSTS : {};
        expect(pinned(res), `${mode} ${c.name}`).toEqual({ ...c.headers, ...hsts });
      }
    });
  }

  it('a call past its limit: refused with the same headers', async () => {
    for (const app of [apps.dev!, apps.production!]) {
      const send = () => app.inject({ method: 'POST', url: '/app/v1/anonymous/appEventLogClient', payload: { eventList: [event] }, remoteAddress: '10.9.9.9' });
      await send();
      await send();
      const res = await send();
      expect(res.statusCode).toBe(429);
      const hsts = app === apps.production ? HSTS : {};
      expect(pinned(res)).toEqual({ ...API_HEADERS, ...CORS, ...JSON_TYPE, ...hsts, 'x-ratelimit-limit': '2' });
    }
  });
});
