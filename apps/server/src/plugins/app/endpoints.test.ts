import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode, callNeedsSession, endpointList, refreshDataEndpoint, updateProfileEndpoint } from '@playhall/contract';
import { EndpointRegistry, mountEndpoints } from './endpoints.ts';
import { installErrorHandler } from './errors.ts';
import { call, countRows, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';

describeDb('endpoint mounter: every contract call is served with the right session rule', () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp();
    player = await buildPlayer(t.app);
  });
  afterAll(async () => t?.close());

  it('serves every registered endpoint (never the unknown-call 404)', async () => {
    for (const e of endpointList) {
      const res = await call(t.app, e.path, {}, player.token);
      expect(res.msg, e.path).not.toMatch(/^Unknown call/);
      expect(res.code, e.path).not.toBe(404);
    }
  });

  it('answers 401 without a token on every call that needs a session, and never on the others', async () => {
    const needing = endpointList.filter((e) => callNeedsSession(e.path));
    expect(needing.map((e) => e.path)).toEqual(
      expect.arrayContaining(['getAfterLoginInfoWeb', 'getCustomerServices', 'initPassword', 'bindAccount', 'updateProfile', 'logout']),
    );
    for (const e of endpointList) {
      const res = await call(t.app, e.path, {});
      if (callNeedsSession(e.path)) {
        expect({ path: e.path, status: res.status, code: res.code }).toEqual({ path: e.path, status: 401, code: 401 });
      } else {
        expect(res.code, e.path).not.toBe(401);
      }
    }
  });

  it('answers 401 for a forged token on session calls, accepting the bare-token form for real ones', async () => {
    expect((await call(t.app, 'getAfterLoginInfoWeb', {}, 'forged-token')).code).toBe(401);
    // A fresh player: the sweep above called logout with the shared one.
    const fresh = await buildPlayer(t.app);
    const bare = await t.app.inject({ method: 'POST', url: '/app/v1/getAfterLoginInfoWeb', payload: {}, headers: { authorization: fresh.token } });
    expect(bare.json().code).toBe(200);
  });

  it('preLogin is public but logs out an invalid token; refreshData answers errcode 401 instead', async () => {
    expect((await call(t.app, 'preLogin', {})).code).toBe(200);
    expect((await call(t.app, 'preLogin', {}, 'expired-or-forged')).code).toBe(401);
    const refresh = await call(t.app, 'refreshData', {}, 'expired-or-forged');
    expect(refresh.code).toBe(200);
    expect(refresh.data).toEqual({ errcode: 401 });
    expect((await call(t.app, 'anonymous/appConfig', {}, 'expired-or-forged')).code).toBe(200);
  });

  it('refuses bad input with 400 naming the field and changes nothing', async () => {
    const before = await countRows(t.database, 'app_user');
    const missing = await call(t.app, 'accountRegist', { password: 'secret-pass' });
    expect(missing).toMatchObject({ status: 400, code: 400, msg: 'account: is required' });
    expect(missing.data.fields).toHaveProperty('account');

    const tooLong = await call(t.app, 'accountRegist', { account: 'a'.repeat(65), password: 'secret-pass' });
    expect(tooLong.code).toBe(400);
    expect(tooLong.msg).toMatch(/^account: /);

    const wrongType = await call(t.app, 'accountRegist', { account: 12345, password: 'secret-pass' });
    expect(wrongType.code).toBe(400);
    expect(wrongType.data.fields.account).toMatch(/string/);

    const badCommon = await call(t.app, 'accountRegist', { account: 'okname', password: 'secret-pass', platform: 7 });
    expect(badCommon.data.fields).toHaveProperty('platform');

    const overConfigured = await call(t.app, 'accountRegist', { account: 'a'.repeat(17), password: 'secret-pass' });
    expect(overConfigured).toMatchObject({ code: 400, msg: 'Account must be 4 to 16 characters' });

    expect(await countRows(t.database, 'app_user')).toBe(before);
  });
});

describe('endpoint mounter without a database', () => {
  async function appWith(register: (r: EndpointRegistry) => void, validateResponses = true) {
    const app = Fastify({ logger: false });
    await app.register(rateLimit, { global: false });
    installErrorHandler(app);
    const registry = new EndpointRegistry();
    register(registry);
    mountEndpoints(app, registry, { resolveSession: async () => null, validateResponses, rateLimits: { auth: 100, sms: 100 }, accountPerMin: 100 });
    await app.ready();
    return app;
  }

  it('fails a response that does not match the contract when validating (tests)', async () => {
    const wrong = async () => ({ errcode: 'not-a-number' }) as never;
    const strict = await appWith((r) => r.handle(refreshDataEndpoint, wrong));
    const res = await strict.inject({ method: 'POST', url: '/app/v1/refreshData', payload: {} });
    expect(res.json()).toMatchObject({ code: 500 });
    const lax = await appWith((r) => r.handle(refreshDataEndpoint, wrong), false);
    expect((await lax.inject({ method: 'POST', url: '/app/v1/refreshData', payload: {} })).json()).toMatchObject({ code: 200 });
  });

  it('maps an AppError to its code, HTTP 200 for product codes and the same HTTP status below 600', async () => {
    let code: ErrorCode = ErrorCode.accountLocked;
    const app = await appWith((r) =>
      r.handle(refreshDataEndpoint, async () => {
        throw new AppError(code, undefined, { hint: 1 });
      }),
    );
    const product = await app.inject({ method: 'POST', url: '/app/v1/refreshData', payload: {} });
    expect(product.statusCode).toBe(200);
    expect(product.json()).toEqual({ code: 2003, msg: expect.stringMatching(/locked/), data: { hint: 1 } });
    code = ErrorCode.forbidden;
    expect((await app.inject({ method: 'POST', url: '/app/v1/refreshData', payload: {} })).statusCode).toBe(403);
  });

  it('refuses to handle one endpoint twice', () => {
    const registry = new EndpointRegistry();
    registry.handle(updateProfileEndpoint, async () => ({}) as never);
    expect(() => registry.handle(updateProfileEndpoint, async () => ({}) as never)).toThrow(/handled twice/);
  });
});
