import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { trackWebSocket } from '../../lib/metrics.ts';
import { call, createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { deposit, newUserId } from '../ledger/ledger-test-helpers.ts';
import * as ledger from '../ledger/ledger.service.ts';

/** One sample of the Prometheus text format: name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text exposition format (no escapes in our label values); fails on a line it cannot read. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the sample with this name and at least these labels (0 when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const s = samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return s?.value ?? 0;
}

async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.body);
}

describeDb('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('counts calls and their latency per contract route, and errors per envelope code, never by raw URL', async () => {
    const before = await scrape(t.app);
    const count = { name: 'playhall_http_request_duration_seconds_count', labels: { route: '/app/v1/preLogin', method: 'POST', status: '200' } };
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'preLogin')).code).toBe(200);
    // A product refusal rides on HTTP 200 with its own code; an unknown call is the catch-all route.
    expect((await call(t.app, 'accountLogin', { account: 'nobody_here', password: 'wrong-password-1' })).code).not.toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/app/v1/noSuchCall?secret=1', payload: {} })).statusCode).toBe(404);
    const after = await scrape(t.app);
    expect(valueOf(after, count.name, count.labels) - valueOf(before, count.name, count.labels)).toBe(3);
    expect(valueOf(after, 'playhall_http_request_duration_seconds_bucket', { ...count.labels, le: '+Inf' })).toBe(valueOf(after, count.name, count.labels));
    expect(valueOf(after, 'playhall_http_request_duration_seconds_sum', count.labels)).toBeGreaterThan(0);
    const loginErrors = after.filter((s) => s.name === 'playhall_http_request_errors_total' && s.labels.route === '/app/v1/accountLogin');
    expect(loginErrors.length).toBeGreaterThan(0);
    expect(loginErrors.every((s) => /^\d+$/.test(s.labels.code!) && s.labels.code !== '200')).toBe(true);
    expect(valueOf(after, 'playhall_http_request_errors_total', { route: '/app/v1/*', code: '404' })).toBeGreaterThan(0);
    // No label holds a raw URL or its query.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('noSuchCall') || v.includes('?')))).toBe(false);
    // Process metrics come with them.
    expect(valueOf(after, 'playhall_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('reports ledger transfers, group-commit batch sizes, consumer lag and the WebSocket gauge', async () => {
    const before = await scrape(t.app);
    const p = await newUserId(t.database.db);
    await Promise.all([1, 2, 3].map((i) => ledger.transfer(t.database.db, deposit(`metrics:${p}:${i}`, p, 100))));
    await ledger.transfer(t.database.db, deposit(`metrics:${p}:1`, p, 100)); // a replay is not a new transfer
    const after = await scrape(t.app);
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('playhall_ledger_transfers_total', { source: 'ledger' })).toBe(3);
    // Four submissions in at most four statements, with three or four items between them.
    expect(delta('playhall_group_commit_batch_size_sum', { batcher: 'ledger' })).toBe(4);
    expect(delta('playhall_group_commit_batch_size_count', { batcher: 'ledger' })).toBeGreaterThanOrEqual(2);
    const consumers = after.filter((s) => s.name === 'playhall_event_consumer_behind_events');
    expect(consumers.length).toBeGreaterThan(0);
    expect(consumers.every((s) => s.labels.consumer && s.value >= 0)).toBe(true);
    expect(after.some((s) => s.name === 'playhall_event_consumer_oldest_age_seconds')).toBe(true);
    // The WebSocket gauge's hook: each close counts once, however often it is called.
    const [one, two] = [trackWebSocket(), trackWebSocket()];
    one();
    one();
    const sockets = await scrape(t.app);
    expect(valueOf(sockets, 'playhall_websocket_connections') - valueOf(after, 'playhall_websocket_connections')).toBe(1);
    two();
    if (TEST_DB === 'pg') expect(valueOf(after, 'playhall_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else expect(after.some((s) => s.name === 'playhall_db_pool_connections' && s.value > 0)).toBe(false);
  });

  it('without METRICS_TOKEN answers only direct connections from this machine', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    const network = await from('10.1.2.3');
    expect(network.statusCode).toBe(403);
    expect(network.json()).toMatchObject({ code: 403, msg: expect.stringContaining('METRICS_TOKEN') });
    // A reverse proxy on this machine connects from loopback on behalf of anyone.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await from('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
  });

  it('with METRICS_TOKEN wants the bearer token from anywhere, loopback included', async () => {
    const token = 'metrics-token-0123456789';
    const app = await buildApp({ database: t.database, config: { ...t.config, metricsToken: token }, clock: t.clock });
    try {
      const get = (authorization?: string, remoteAddress = '10.1.2.3') =>
        app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
      expect((await get()).statusCode).toBe(401);
      expect((await get(undefined, '127.0.0.1')).statusCode).toBe(401);
      expect((await get(`Bearer ${token}x`)).statusCode).toBe(401);
      expect((await get('Bearer short')).statusCode).toBe(401);
      const ok = await get(`Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(parseMetrics(ok.body).length).toBeGreaterThan(10);
    } finally {
      await app.close();
    }
  });
});
