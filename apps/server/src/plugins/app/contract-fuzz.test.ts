import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { call, createTestApp, describeDb, testConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';

const INT4_PAST = 2 ** 31;

describeDb('hostile input: the attack probe\'s 500s answer a clear 400 naming the field', () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp();
    player = await buildPlayer(t.app);
  });
  afterAll(async () => t?.close());

  async function expectRefused(path: string, body: Record<string, unknown>, field: string, token?: string) {
    const res = await call(t.app, path, body, token);
    expect({ path, status: res.status, code: res.code }).toEqual({ path, status: 400, code: 400 });
    expect(res.msg, path).toMatch(new RegExp(`^${field}: `));
    expect(res.data.fields, path).toHaveProperty(field);
    return res;
  }

  it('refuses a NUL character in strings, logged in or not', async () => {
    const nul = 'ab\u0000cd';
    const res = await expectRefused('accountLogin', { account: nul, password: 'secret-pass-1' }, 'account');
    expect(res.msg).toMatch(/control character/);
    await expectRefused('accountLogin', { account: player.account, password: player.password, deviceId: nul }, 'deviceId');
    await expectRefused('accountRegist', { account: 'nul_device', password: 'secret-pass-1', deviceId: nul }, 'deviceId');
    await expectRefused('accountRegist', { account: 'nul_invite', password: 'secret-pass-1', inviteCode: nul }, 'inviteCode');
    await expectRefused('updateProfile', { nickname: nul }, 'nickname', player.token);
    await expectRefused('getRechargeOrder', { orderId: nul }, 'orderId', player.token);
    await expectRefused('getWithdrawalOrder', { orderId: nul }, 'orderId', player.token);
    // Other control characters a client never sends, and text past the rule.
    await expectRefused('updateProfile', { nickname: 'tab\there' }, 'nickname', player.token);
    await expectRefused('preLogin', { deviceModel: 'esc\u001b[31m' }, 'deviceModel');
  });

  it('refuses ids past the int4 columns (2^31 and up), which the contract used to allow up to 2^53 − 1', async () => {
    await expectRefused('anonymous/startGame', { gameId: INT4_PAST }, 'gameId');
    for (const path of ['startGame', 'gameLike', 'online', 'exitGame']) {
      await expectRefused(path, { gameId: INT4_PAST, like: true }, 'gameId', player.token);
    }
    await expectRefused('exitGame', { gameId: Number.MAX_SAFE_INTEGER }, 'gameId');
    await expectRefused('recharge', { typeId: INT4_PAST, amount: 10_000 }, 'typeId', player.token);
    await expectRefused('recharge', { typeId: 1, amount: 10_000, itemId: INT4_PAST }, 'itemId', player.token);
    await expectRefused('addBankInfo', { typeId: INT4_PAST, accountName: 'Ana Silva', accountNo: '12345678901' }, 'typeId', player.token);
    await expectRefused('addBankInfo', { typeId: 1, bankId: INT4_PAST, accountName: 'Ana Silva', accountNo: '12345678901' }, 'bankId', player.token);
    await expectRefused('betRecord', { typeId: INT4_PAST }, 'typeId', player.token);
    await expectRefused('retrieveBalance', { platformId: INT4_PAST }, 'platformId', player.token);
    // The largest int4 is still a well-formed id: it is simply not found.
    const top = await call(t.app, 'anonymous/startGame', { gameId: INT4_PAST - 1 });
    expect(top.code).toBe(4001);
  });

  it('refuses dates PostgreSQL cannot store, or no record can have, in appUserCoinDetail and betRecord', async () => {
    for (const from of ['0000-01-01', '1969-12-31', '0001-01-01T00:00:00+14:00']) {
      await expectRefused('appUserCoinDetail', { from }, 'from', player.token);
    }
    for (const to of ['9999-12-31T23:59:59-14:00', '3000-01-01', '275760-09-13']) {
      await expectRefused('appUserCoinDetail', { to }, 'to', player.token);
    }
    await expectRefused('betRecord', { from: '0000-01-01' }, 'from', player.token);
    await expectRefused('betRecordReport', { to: '9999-12-31' }, 'to', player.token);
    const ok = await call(t.app, 'appUserCoinDetail', { from: '2026-01-01', to: '2026-11-21T12:00:00+03:00' }, player.token);
    expect(ok.code).toBe(200);
  });
});

describeDb('hostile page URLs: encoded traversal and backslashes answer 4xx, never 500', () => {
  let t: TestApp;
  let dist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    dist = mkdtempSync(join(tmpdir(), 'playhall-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Playhall</title>');
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    app = await buildApp({ database: t.database, config: testConfig({ playerDist: dist, hasPlayerDist: true }), clock: t.clock });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const urls = [
    '/%5C..',
    '/%5C',
    '/%5c%5cevil.example',
    '/..%5C..%5Cetc%5Cpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2E%2E/',
    '/assets/%2e%2e/index.html',
    '/assets/..%2f..%2fpackage.json',
    '/member/%2e%2e/%2e%2e/secret',
    '/%2e/index.html',
    '//%5C..',
  ];

  /** Over a real socket: inject() resolves `%2e%2e` like a browser would, an attacker's client does not. */
  function rawGet(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it.each(urls)('GET %s', async (url) => {
    const res = await rawGet(url);
    expect(res.status, res.body).toBeGreaterThanOrEqual(400);
    expect(res.status, res.body).toBeLessThan(500);
    expect(JSON.parse(res.body)).toEqual({ code: res.status, msg: expect.any(String), data: null });
  });

  it('still serves the app and its files', async () => {
    expect((await rawGet('/member/profile')).status).toBe(200);
    expect((await rawGet('/assets/app-1a2b3c.js')).status).toBe(200);
    expect((await rawGet('/assets/missing.js')).status).toBe(404);
  });
});
