import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { createPasswordHasher } from '../../lib/secrets.ts';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  status?: number;
  url?: string;
}

describeDb('request log: one line per logged request, sampled; refusals, errors and slow requests always (decision 041)', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });

  async function instance(requestLog: Config['requestLog']): Promise<{ app: FastifyInstance; lines: Line[] }> {
    const lines: Line[] = [];
    const app = await buildApp({
      database: t.database,
      config: { ...t.config, logLevel: 'info', requestLog },
      clock: t.clock,
      hasher: createPasswordHasher(t.config.argon2),
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
    await app.ready();
    apps.push(app);
    return { app, lines };
  }
  const requestLines = (lines: Line[]) => lines.filter((l) => ['request', 'slow request', 'incoming request', 'request completed'].includes(l.msg));

  it('logs one answered request in N, each line with its request id, and no line of Fastify’s own', async () => {
    const { app, lines } = await instance({ sampleEvery: 3, slowMs: 60_000 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(String((await call(app, 'anonymous/appConfig', {})).headers['x-request-id']));
    const logged = requestLines(lines);
    expect(logged.map((l) => [l.msg, l.status, l.level])).toEqual([
      ['request', 200, 30],
      ['request', 200, 30],
    ]);
    expect(logged.map((l) => l.reqId)).toEqual([ids[2], ids[5]]);
  });

  it('always logs an HTTP refusal (401, 404) and a slow request; LOG_REQUEST_SAMPLE=0 logs no other', async () => {
    const { app, lines } = await instance({ sampleEvery: 0, slowMs: 60_000 });
    await call(app, 'anonymous/appConfig', {});
    expect((await call(app, 'refreshData', {}, 'not-a-token')).code).toBe(200); // public: errcode 401 inside, HTTP 200
    const unauthorized = await call(app, 'getAfterLoginInfoWeb', {});
    expect(unauthorized.status).toBe(401);
    const unknown = await call(app, 'noSuchCall', {});
    expect(unknown.status).toBe(404);
    expect(requestLines(lines).map((l) => [l.msg, l.status, l.reqId])).toEqual([
      ['request', 401, unauthorized.headers['x-request-id']],
      ['request', 404, unknown.headers['x-request-id']],
    ]);

    const slow = await instance({ sampleEvery: 0, slowMs: 0 });
    const res = await call(slow.app, 'anonymous/appConfig', {});
    expect(requestLines(slow.lines).map((l) => [l.msg, l.status, l.level, l.reqId])).toEqual([['slow request', 200, 40, res.headers['x-request-id']]]);
  });
});
