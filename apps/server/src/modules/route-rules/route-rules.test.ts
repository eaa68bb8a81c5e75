import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode, OperatorPrefix } from '@playhall/contract';
import { createTestApp, describeDb, TEST_OPERATOR_NAME, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { operatorCli, type OperatorCli } from '../../test/operator-cli.ts';
import { RULES_MAX_AGE_MS } from './route-rules.service.ts';

describeDb('route rules (spec §2: a server-side rule may redirect, including to an external address)', () => {
  let t: TestApp;
  let ops: OperatorCli;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await operatorCli(t);
  });
  afterAll(async () => t?.close());

  const staff = (method: 'GET' | 'POST', path: string, payload?: unknown, token = TEST_OPERATOR_TOKEN) =>
    t.app.inject({ method, url: `${OperatorPrefix}${path}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

  it('the operator sets a redirect to an external address: a page request for it is answered before the app', async () => {
    // Without a rule the path is the app's (index.html, or the "not built" answer without a build).
    expect((await page('/promo')).statusCode).not.toBe(302);
    const set = await staff('POST', '/route-rules', { path: '/promo/', target: 'https://partner.example.org/landing?x=1' });
    expect(set.json()).toMatchObject({ code: 200, data: { path: '/promo', target: 'https://partner.example.org/landing?x=1', status: 302, updatedBy: TEST_OPERATOR_NAME } });

    for (const url of ['/promo', '/promo/', '/promo?utm=a']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('https://partner.example.org/landing?x=1');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await page('/promo', 'HEAD')).statusCode).toBe(302);
    // Only that path, and never an API call.
    expect((await page('/promo/more')).statusCode).not.toBe(302);
    expect((await t.app.inject({ method: 'POST', url: '/promo' })).statusCode).not.toBe(302);
  });

  it('a same-site target keeps the query; a permanent rule answers 301; replacing and removing are audited', async () => {
    await staff('POST', '/route-rules', { path: '/old-faq', target: '/faq' });
    const kept = await page('/old-faq?lang=pt-BR');
    expect(kept.statusCode).toBe(302);
    expect(kept.headers.location).toBe('/faq?lang=pt-BR');

    await staff('POST', '/route-rules', { path: '/old-faq', target: '/about-us', permanent: true });
    const moved = await page('/old-faq');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/about-us');

    const list = (await staff('GET', '/route-rules')).json();
    expect(list.data.map((r: { path: string; target: string; status: number }) => [r.path, r.target, r.status])).toEqual([
      ['/old-faq', '/about-us', 301],
      ['/promo', 'https://partner.example.org/landing?x=1', 302],
    ]);

    expect((await staff('POST', '/route-rules/remove', { path: '/old-faq' })).json()).toMatchObject({ code: 200, data: { path: '/old-faq' } });
    expect((await page('/old-faq')).statusCode).not.toBe(302);
    expect((await staff('POST', '/route-rules/remove', { path: '/old-faq' })).json()).toMatchObject({ code: ErrorCode.notFound });

    const audit = (await t.database.db.execute(
      sql`select actor, action, details from staff_audit where target = 'route_rule:/old-faq' order by id`,
    )) as unknown as { rows: { actor: string; action: string; details: Record<string, unknown> }[] };
    expect(audit.rows).toEqual([
      { actor: TEST_OPERATOR_NAME, action: 'routeRule.set', details: { target: '/faq', status: 302, before: null } },
      { actor: TEST_OPERATOR_NAME, action: 'routeRule.set', details: { target: '/about-us', status: 301, before: { target: '/faq', status: 302 } } },
      { actor: TEST_OPERATOR_NAME, action: 'routeRule.remove', details: { target: '/about-us', status: 301 } },
    ]);
  });

  it('refuses rules that would take the server\'s own paths, loop, or point at something that is not an address', async () => {
    const refused = async (body: Record<string, unknown>) => (await staff('POST', '/route-rules', body)).json().code as number;
    for (const path of ['/app/v1/preLogin', '/operator/v1/route-rules', '/assets/x.js', '/healthz', '//evil.example', 'promo', '/a b', '/x?y=1', '/../etc']) {
      expect(await refused({ path, target: '/faq' }), path).toBe(ErrorCode.badRequest);
    }
    for (const target of ['javascript:alert(1)', '//evil.example/x', 'ftp://files.example.org/', 'faq', '/promo']) {
      expect(await refused({ path: '/promo', target }), target).toBe(ErrorCode.badRequest);
    }
    expect((await staff('GET', '/route-rules', undefined, 'z'.repeat(40))).json()).toMatchObject({ code: ErrorCode.unauthorized });
  });

  it('a rule written by another server instance applies here within the cache age', async () => {
    await t.database.db.execute(sql`insert into route_rule (path, target, status, updated_by, updated_at) values ('/elsewhere', '/faq', 302, 'other', now())`);
    expect((await page('/elsewhere')).statusCode).not.toBe(302);
    t.clock.advance(RULES_MAX_AGE_MS + 1);
    expect((await page('/elsewhere')).headers.location).toBe('/faq');
  });

  it('npm run ops -- routes set / list / remove', async () => {
    const set = await ops(['routes', 'set', '/vip-club', 'https://club.example.org/', '--permanent']);
    expect(set).toMatchObject({ ok: true });
    expect(set.out).toContain('/vip-club  →  https://club.example.org/  (301)');
    expect((await page('/vip-club')).headers.location).toBe('https://club.example.org/');
    expect((await ops(['routes', 'list'])).out).toContain('/vip-club  →  https://club.example.org/  (301)');
    expect((await ops(['routes', 'remove', '/vip-club'])).out).toContain('Removed: /vip-club');
    const bad = await ops(['routes', 'set', '/app/v1/x', '/faq']);
    expect(bad).toMatchObject({ ok: false });
    expect(bad.out).toContain('Refused (400)');
  });
});
