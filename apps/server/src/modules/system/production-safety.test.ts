import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { ConfigError, loadConfig, type Config } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { GroupCommitTimeout } from '../../db/group-commit.ts';
import { migrate } from '../../db/migrate.ts';
import { DEMO_PLAYER, seed } from '../../db/seed/index.ts';
import { appUser, rechargeType, withdrawChannel } from '../../db/schema.ts';
import { createPasswordHasher } from '../../lib/secrets.ts';
import { StartupError, startUp } from '../../start-up.ts';
import { call, countRows, createScratchPgDatabase, createTestApp, describeDb, TEST_DB, TEST_OPERATOR_TOKEN, testConfig } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';

const SECRETS = {
  SANDBOX_PAYMENT_SECRET: 'a-real-sandbox-secret-0123456789',
  ORIGINALS_PROVIDER_SECRET: 'a-real-originals-secret-0123456789',
  OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
};

const scratchDir = () => mkdtempSync(join(tmpdir(), 'playhall-prod-safety-'));

/** The configuration an operator gives a production server, with a light argon2 so the test stays fast. */
function productionConfig(extra: Record<string, string> = {}): Config {
  const config = loadConfig({ NODE_ENV: 'production', ...SECRETS, PLAYER_DIST: '/nonexistent-player-dist', DATA_DIR: scratchDir(), LOG_LEVEL: 'silent', ...extra });
  return { ...config, argon2: { memoryCost: 1024, timeCost: 1 } };
}

const opened: Array<{ app?: FastifyInstance; database: Database; drop: () => Promise<void> }> = [];

/** A fresh database, as main.ts would open it (PostgreSQL when TEST_DB=pg). */
async function freshDatabase(): Promise<Database> {
  let database: Database;
  let drop = async () => {};
  if (TEST_DB === 'pg') {
    const scratch = await createScratchPgDatabase('playhall_prodsafety');
    database = await openDatabase({ url: scratch.url });
    drop = scratch.drop;
  } else {
    database = await openDatabase({ memory: true });
  }
  opened.push({ database, drop });
  return database;
}

async function start(config: Config, database: Database, opts: { say?: (line: string) => void; logStream?: Writable } = {}): Promise<FastifyInstance> {
  const app = await startUp({ config, database, say: opts.say ?? (() => {}), logStream: opts.logStream });
  opened.find((o) => o.database === database)!.app = app;
  return app;
}

afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.app?.close();
    await o.database.close();
    await o.drop();
  }
});

describe('a production start (NODE_ENV=production, real secrets, fresh database)', () => {
  it('has no demo player, no sandbox channel and no sandbox pay page, so a player cannot mint coins', async () => {
    const database = await freshDatabase();
    const app = await start(productionConfig(), database);
    await app.ready();

    const demo = await call(app, 'accountLogin', { account: DEMO_PLAYER.account, password: DEMO_PLAYER.password });
    expect(demo.code).toBe(ErrorCode.invalidCredentials);

    // The attack of issue 11 §1: a new player asks for 50,000 coins on channel 1 and approves it on the sandbox page.
    const player = await buildPlayer(app);
    const recharge = await call(app, 'recharge', { typeId: 1, amount: 5_000_000 }, player.token);
    expect(recharge.code).toBe(ErrorCode.depositChannelUnavailable);
    const payPage = await app.inject({ method: 'GET', url: '/sandbox/pay/DP1?token=anything' });
    expect(payPage.statusCode).toBe(404);
    const approve = await app.inject({
      method: 'POST',
      url: '/sandbox/pay/DP1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=anything&action=approve',
    });
    expect(approve.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sandbox/assets/pay.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/sms-inbox?mobile=5511999990000' })).statusCode).toBe(404);
    expect((await call(app, 'getRechargeInfo', {}, player.token)).data.appRechargeTypeMap).toEqual({});

    // Base configuration and content are there; demo-only rows are not.
    expect(await countRows(database, 'app_config')).toBeGreaterThan(0);
    expect(await countRows(database, 'faq')).toBeGreaterThan(0);
    expect(await countRows(database, 'game')).toBeGreaterThan(0);
    expect(await countRows(database, 'recharge_type')).toBe(0);
    expect(await countRows(database, 'withdraw_channel')).toBe(0);
    expect(await countRows(database, 'customer_service_item')).toBe(0);
    expect(await countRows(database, 'app_user')).toBe(1);
  });

  it('refuses a database with enabled sandbox channels or the demo password, as a development start leaves it', async () => {
    const database = await freshDatabase();
    await migrate(database);
    await seed(database.db, { demo: true, hashPassword: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }).hash });

    const channels = await start(productionConfig(), database).then(() => null, (err: unknown) => err);
    expect(channels).toBeInstanceOf(StartupError);
    expect((channels as Error).message).toMatch(/deposit channel pix: provider sandbox/);
    expect((channels as Error).message).toMatch(/payout channel pix: provider sandbox/);
    expect((channels as Error).message).toMatch(/approve their own payment/);

    // Only the deposit side switched off: the payout channels still stop it.
    await database.db.update(rechargeType).set({ enabled: false });
    await expect(start(productionConfig(), database)).rejects.toThrow(/payout channel bank-transfer: provider sandbox/);

    await database.db.update(withdrawChannel).set({ enabled: false });
    await expect(start(productionConfig(), database)).rejects.toThrow(/still has the demo password/);

    await database.db.update(appUser).set({ status: 2 }).where(eq(appUser.account, DEMO_PLAYER.account));
    const app = await start(productionConfig(), database);
    await app.ready();
    expect((await call(app, 'accountLogin', { account: DEMO_PLAYER.account, password: DEMO_PLAYER.password })).code).not.toBe(ErrorCode.ok);
  });
});

describe('a development start', () => {
  it('seeds the demo player and the sandbox channels, and its pay page approves a deposit', async () => {
    const database = await freshDatabase();
    const config = { ...loadConfig({ NODE_ENV: 'development', PLAYER_DIST: '/nonexistent-player-dist', DATA_DIR: scratchDir(), LOG_LEVEL: 'silent' }), argon2: { memoryCost: 1024, timeCost: 1 } };
    expect(config.host).toBe('localhost');
    const app = await start(config, database);
    await app.ready();

    const demo = await call(app, 'accountLogin', { account: DEMO_PLAYER.account, password: DEMO_PLAYER.password });
    expect(demo.code).toBe(ErrorCode.ok);
    // The demo player already has deposits (its seeded history), so the channel's second minimum applies.
    const order = await call(app, 'recharge', { typeId: 1, amount: 10_000 }, demo.data.token);
    expect(order.code, order.msg).toBe(ErrorCode.ok);
    const payUrl = new URL(order.data.payUrl, 'http://localhost');
    expect(payUrl.pathname).toMatch(/^\/sandbox\/pay\//);
    const approve = await app.inject({
      method: 'POST',
      url: payUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${payUrl.searchParams.get('token')}&action=approve`,
    });
    expect(approve.statusCode).toBe(303);
  });

  it('opened to the network with real secrets warns that the SMS inbox is readable by anyone', async () => {
    const database = await freshDatabase();
    const config = { ...loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', ...SECRETS, PLAYER_DIST: '/nonexistent-player-dist', DATA_DIR: scratchDir(), LOG_LEVEL: 'silent' }), argon2: { memoryCost: 1024, timeCost: 1 } };
    const said: string[] = [];
    await start(config, database, { say: (line) => said.push(line) });
    expect(said.join('\n')).toMatch(/⚠ SMS_PROVIDER=dev: \/dev\/sms-inbox shows every login code to whoever reaches 0\.0\.0\.0/);
  });
});

describe('configuration', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('listens on loopback outside production unless HOST says otherwise, and on every address in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('refuses a non-loopback HOST while the public development secrets are in use', () => {
    expect(refusal({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toMatch(/HOST: 0\.0\.0\.0 opens the server to the network while the development secrets are in use/);
    expect(refusal({ NODE_ENV: 'development', HOST: '192.168.1.20', SANDBOX_PAYMENT_SECRET: SECRETS.SANDBOX_PAYMENT_SECRET })).toMatch(/ORIGINALS_PROVIDER_SECRET/);
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', ...SECRETS }).host).toBe('0.0.0.0');
  });

  it('makes demo data a development choice: on by default outside production, refused in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS }).seedDemo).toBe(false);
    expect(refusal({ NODE_ENV: 'production', ...SECRETS, SEED_DEMO: 'true' })).toMatch(/SEED_DEMO: cannot be true in production/);
    expect(refusal({ NODE_ENV: 'production', ...SECRETS, SMS_PROVIDER: 'dev' })).toMatch(/SMS_PROVIDER: cannot be dev in production/);
  });

  it('refuses group-commit tuning that would stall or is not a number, naming the variable', () => {
    expect(refusal({ NODE_ENV: 'development', LEDGER_LANES: '0' })).toMatch(/LEDGER_LANES: must be at least 1/);
    expect(refusal({ NODE_ENV: 'development', GAME_CALL_LANES: '-1' })).toMatch(/GAME_CALL_LANES: must be at least 1/);
    expect(refusal({ NODE_ENV: 'development', LEDGER_SPILL: 'many' })).toMatch(/LEDGER_SPILL/);
    expect(refusal({ NODE_ENV: 'development', GAME_CALL_SPILL: '2.5' })).toMatch(/GAME_CALL_SPILL: must be a whole number/);
    expect(loadConfig({ NODE_ENV: 'development', LEDGER_LANES: '3' }).groupCommit.ledgerLanes).toBe(3);
    const both = refusal({ NODE_ENV: 'development', PORT: 'eighty', LEDGER_LANES: '0' });
    expect(both).toMatch(/PORT:/);
    expect(both).toMatch(/LEDGER_LANES: must be at least 1/);
  });
});

describe('logs and headers', () => {
  /** An app logging at info into memory, with two routes that fail the way real faults do. */
  async function loggedApp(): Promise<{ app: FastifyInstance; lines: Array<{ level: number; msg: string; err?: { stack?: string } }> }> {
    const lines: Array<{ level: number; msg: string; err?: { stack?: string } }> = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const database = await freshDatabase();
    const app = await start(testConfig({ logLevel: 'info' }), database, { logStream });
    app.get('/test/fault', async () => {
      throw new Error('the disk is on fire');
    });
    app.get('/test/busy', async () => {
      throw new GroupCommitTimeout(5_000);
    });
    await app.ready();
    return { app, lines };
  }

  it('logs a refusal (wrong password, name taken) below error level and without a stack; a real fault at error level', async () => {
    const { app, lines } = await loggedApp();
    expect((await call(app, 'accountLogin', { account: DEMO_PLAYER.account, password: 'not-the-password' })).code).toBe(ErrorCode.invalidCredentials);
    expect((await call(app, 'accountRegist', { account: DEMO_PLAYER.account, password: 'secret-pass-1' })).code).toBe(ErrorCode.accountExists);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.msg === 'request refused')).toHaveLength(2);
    expect(lines.some((l) => l.err?.stack)).toBe(false);

    const fault = await app.inject({ method: 'GET', url: '/test/fault' });
    expect(fault.json()).toEqual({ code: ErrorCode.internal, msg: expect.any(String), data: null });
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err?.stack).toMatch(/the disk is on fire/);
  });

  it('answers a group-commit call that could not be sent in time as a clear 503', async () => {
    const { app } = await loggedApp();
    const busy = await app.inject({ method: 'GET', url: '/test/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ code: ErrorCode.unavailable, msg: expect.stringMatching(/too busy .* nothing changed, try again/), data: null });
  });

  it('sends an API\'s headers and Cache-Control: no-store on answers carrying tokens or money, Permissions-Policy on the rest', async () => {
    const { app } = await loggedApp();
    const login = await call(app, 'accountLogin', { account: DEMO_PLAYER.account, password: DEMO_PLAYER.password });
    expect(login.data.token).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
    // JSON read by the app's scripts, never a page (decision 067): nothing may frame or render it.
    expect(login.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(login.headers['x-frame-options']).toBe('DENY');
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    const refused = await call(app, 'recharge', { typeId: 1, amount: 5000 });
    expect(refused.code).toBe(ErrorCode.unauthorized);
    expect(refused.headers['cache-control']).toBe('no-store');
    const operator = await app.inject({ method: 'GET', url: '/operator/v1/withdrawals?status=pending', headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } });
    expect(operator.headers['cache-control']).toBe('no-store');
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
  });
});

// A held lock needs a second connection: PostgreSQL only.
(TEST_DB === 'pg' ? describeDb : describe.skip)('group commit bound through the API', () => {
  it('answers 503 to transfers that cannot be sent within 5 s while the ledger is stuck, and the ones sent still complete', async () => {
    const t = await createTestApp();
    try {
      const player = await buildPlayer(t.app);
      let release = () => {};
      const released = new Promise<void>((r) => (release = r));
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      // Another session holds the ledger's accounts: every ledger statement in flight waits on it.
      const holder = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE ledger_account IN ACCESS EXCLUSIVE MODE`);
        locked();
        await released;
      });
      await isLocked;
      try {
        const put = () => call(t.app, 'safeboxDeposit', { amount: 100, requestId: randomUUID() }, player.token);
        // Both lanes get stuck: the first call alone, then a batch once enough wait (LEDGER_SPILL, 8).
        const first = put();
        await sleep(500);
        const batch = Array.from({ length: 8 }, put);
        await sleep(500);
        const started = performance.now();
        const late = await Promise.all(Array.from({ length: 3 }, put));
        const waited = performance.now() - started;

        expect(late.map((r) => [r.status, r.code])).toEqual(Array.from({ length: 3 }, () => [503, ErrorCode.unavailable]));
        expect(late[0]!.msg).toMatch(/too busy .* nothing changed, try again/);
        expect(waited).toBeGreaterThanOrEqual(4_900);
        expect(waited).toBeLessThan(8_000);

        release();
        await holder;
        // The calls that were sent are answered on their own merits (the player has no coin).
        const sent = await Promise.all([first, ...batch]);
        expect(sent.map((r) => r.code)).toEqual(Array.from({ length: 9 }, () => ErrorCode.insufficientBalance));
      } finally {
        release();
        await holder;
      }
    } finally {
      await t.close();
    }
  }, 30_000);
});
