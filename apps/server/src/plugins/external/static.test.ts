import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, describeDb, testConfig, type TestApp } from '../../test/create-test-app.ts';

/** A built-looking player app with the installable pieces the build writes (decision 029). */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'playhall-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'builds'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Playhall</title>');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
  writeFileSync(join(dist, 'sw.js'), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Playhall', start_url: '/' }));
  writeFileSync(join(dist, 'builds', 'latest.json'), JSON.stringify({ version: 'v1', builtAt: '2026-11-25T00:00:00.000Z' }));
  return dist;
}

describeDb('static: the installable app’s files and their cache rules', () => {
  let t: TestApp;
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    dist = fakeDist();
    app = await buildApp({ database: t.database, config: testConfig({ playerDist: dist, hasPlayerDist: true, originalsDist: dist }), clock: t.clock });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('serves the service worker as script, revalidated every time, allowed to control the whole site', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
  });

  it('serves the release file uncached, with or without the poll’s timestamp parameter', async () => {
    for (const url of ['/builds/latest.json', `/builds/latest.json?t=${Date.now()}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual({ version: 'v1', builtAt: '2026-11-25T00:00:00.000Z' });
    }
  });

  it('serves the web manifest with its own content type', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed assets immutable for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing build file with a 404, never the app page in its place (a worker or poll must not parse HTML)', async () => {
    rmSync(join(dist, 'builds', 'latest.json'));
    rmSync(join(dist, 'sw.js'));
    for (const url of ['/builds/latest.json?t=1', '/sw.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
    // Pages still get the app.
    const page = await app.inject({ method: 'GET', url: '/download' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
