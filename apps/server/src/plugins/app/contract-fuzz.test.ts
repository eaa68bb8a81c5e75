import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpointList } from '@playhall/contract';
import { buildApp } from '../../app.ts';
import { checkLedger } from '../../modules/ledger/ledger-check.ts';
import { addPixAccount, fundedPlayer } from '../../modules/withdrawals/withdrawals-test-kit.ts';
import { call, createTestApp, describeDb, testConfig, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { hostileBodies, plausibleBodies, toJson } from '../../test/hostile-bodies.ts';

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
    '/%00',
    '/assets/%00.js',
    '/app/v1/%00',
    '/assets/%5C..%5Cindex.html',
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

  it.each(['/%', '/%E0%A4%A', '/app/v1/%'])('GET %s (not even a URL: the router answers 400 before any route, in the envelope)', async (url) => {
    const res = await rawGet(url);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 400, msg: 'The address is not a valid URL', data: null });
  });

  it('still serves the app and its files', async () => {
    expect((await rawGet('/member/profile')).status).toBe(200);
    expect((await rawGet('/assets/app-1a2b3c.js')).status).toBe(200);
    expect((await rawGet('/assets/missing.js')).status).toBe(404);
  });
});

/** Fixed, so a failure replays; bounded, so the whole file stays well under a minute on PGlite. */
const FUZZ = { seed: 20_261_125, numRuns: Number(process.env.FUZZ_RUNS ?? 25) };
/** The JSON parser refuses prototype keys before any route runs, so they answer 400 even without a session. */
const refusedByParser = (wire: string) => wire.includes('"__proto__":');
/** With a valid body these end the test player's session: they get only refused bodies when logged in. */
const ENDS_SESSION = new Set(['logout', 'initPassword', 'forgetPassword']);

describeDb('contract fuzz: hostile bodies on every endpoint, logged in and not — never a 5xx, and a refused body changes nothing', () => {
  let t: TestApp;
  let player: TestPlayer;
  let fingerprint: () => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp();
    // Coins, and a saved receiving account, so money calls reach past "nothing to move".
    player = await fundedPlayer(t, 1_000);
    await addPixAccount(t, player);
    const tables = (await t.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    // Every row of every table: the test database is small, and this is what "changes nothing" means.
    const each = tables.rows.map((r) => `(select md5(coalesce(string_agg(x::text, ';' order by x::text), '')) from "${r.name}" x)`);
    const statement = sql.raw(`select md5(concat_ws(',', ${each.join(', ')})) as f`);
    fingerprint = async () => ((await t.database.db.execute(statement)) as unknown as { rows: { f: string }[] }).rows[0]!.f;
  });
  afterAll(async () => t?.close());

  async function send(path: string, wire: string, token: string | undefined) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/app/v1/${path}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: wire,
    });
    const seen = JSON.stringify({ status: res.statusCode, body: res.body.slice(0, 300), sent: wire.slice(0, 300) });
    expect(res.statusCode, seen).toBeLessThan(500);
    return { res, seen };
  }

  for (const endpoint of endpointList) {
    for (const as of ['anonymous', 'player'] as const) {
      it(`${endpoint.path} (${as})`, async () => {
        const token = as === 'player' ? player.token : undefined;
        const refusedStatus = as === 'anonymous' && endpoint.needsSession ? 401 : 400;
        const refusedByContract = (wire: string) => !endpoint.request.safeParse(JSON.parse(wire) ?? {}).success;

        // Hostile bodies: never a 5xx. Those the contract refuses get the standard error envelope
        // and change not one row; the few it accepts may change state, so the comparison restarts
        // after each of them.
        let before = await fingerprint();
        await fc.assert(
          fc.asyncProperty(
            hostileBodies(endpoint.request)
              .map(toJson)
              .filter((wire) => !(token && ENDS_SESSION.has(endpoint.path)) || refusedByContract(wire)),
            async (wire) => {
              if (!refusedByContract(wire)) {
                expect(await fingerprint(), 'a refused body changed the database').toBe(before);
                await send(endpoint.path, wire, token);
                before = await fingerprint();
                return;
              }
              const { res, seen } = await send(endpoint.path, wire, token);
              const env = res.json() as { code: number; msg: string; data: { fields?: Record<string, string> } | null };
              if (refusedByParser(wire)) {
                expect({ status: res.statusCode, code: env.code, msg: env.msg }, seen).toEqual({ status: 400, code: 400, msg: 'The request body is not valid JSON' });
                return;
              }
              expect({ status: res.statusCode, code: env.code }, seen).toEqual({ status: refusedStatus, code: refusedStatus });
              if (refusedStatus === 400) {
                expect(env.msg, seen).toMatch(/^[^:]+: \S/);
                expect(env.data?.fields, seen).toBeTypeOf('object');
              }
            },
          ),
          FUZZ,
        );
        expect(await fingerprint(), 'a refused body changed the database').toBe(before);

        // Bodies the contract may accept, with edge values (the largest ids and amounts, any
        // Unicode text): whatever the answer, never a 5xx. Such a body may change state.
        if (token && ENDS_SESSION.has(endpoint.path)) return;
        await fc.assert(
          fc.asyncProperty(plausibleBodies(endpoint.request).map(toJson), async (wire) => {
            await send(endpoint.path, wire, token);
          }),
          { ...FUZZ, numRuns: Math.ceil(FUZZ.numRuns / 3) },
        );
      });
    }
  }

  it('leaves the ledger whole: every balance is the sum of its entries, every transfer nets to zero', async () => {
    const report = await checkLedger(t.database.db);
    expect(report.ok).toBe(true);
  });
});
