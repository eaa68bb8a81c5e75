import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ActivityType, AwardId, LIVE_PATH, type LiveJackpotMessage } from '@playhall/contract';
import { openLiveClient } from '../modules/live/live-test-kit.ts';
import { createScratchPgDatabase, describeDb, TEST_DB, TEST_OPERATOR_TOKEN } from './create-test-app.ts';
import { freshIp, redisMissing, TEST_REDIS_URL } from './redis.ts';
import { startServer, type ServerProcess } from './server-process.ts';

// Two real server processes (the build, as production runs it) on one PostgreSQL and one Redis:
// the documented way to outgrow one machine (compose.yaml), shown to hold across both instances:
// a session, its revocation, a rate limit, an operator's change and the live pushes a screen sees. Skipped loudly without
// PostgreSQL or Redis; mandatory in CI (PLAYHALL_REQUIRE_PG, PLAYHALL_REQUIRE_REDIS).

const skip = TEST_DB !== 'pg' || (await redisMissing('two-instance tests'));
const AUTH_PER_MIN = 4;

interface Answer {
  status: number;
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as in create-test-app's call()
  data: any;
}


/** A player call to one instance, from `ip`. */
async function call(server: ServerProcess, path: string, body: object, opts: { token?: string; ip: string }): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}/app/v1/${path}`, {
    method: 'POST',
    body: JSON.stringify({ channel: 'WEB', appVersion: '1.1.2', platform: 0, ...body }),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': opts.ip, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
  });
  const json = (await res.json()) as Omit<Answer, 'status'>;
  return { status: res.status, ...json };
}

/** An operator API call to one instance. */
async function staff(server: ServerProcess, method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}/operator/v1${path}`, {
    method,
    ...(body ? { body: JSON.stringify(body) } : {}),
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'x-forwarded-for': freshIp() },
  });
  return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
}

(skip ? describeDb.skip : describeDb)('two server instances on one PostgreSQL and Redis (real processes)', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchPgDatabase('playhall_two', inject('pgTemplate') ?? undefined);
    drop = scratch.drop;
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: TEST_REDIS_URL,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      RATE_LIMIT_AUTH_PER_MIN: String(AUTH_PER_MIN),
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    };
    // As compose.yaml runs them: one instance runs the event consumers, the other leaves them to it.
    [a, b] = await Promise.all([startServer({ ...env, EVENT_CONSUMERS: 'on' }), startServer({ ...env, EVENT_CONSUMERS: 'off' })]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  it('a session made on one instance works on the other, and a logout on either is refused at once on both', async () => {
    const ip = freshIp();
    const account = `two_${randomInt(1e9).toString(36)}`.slice(0, 16);
    const made = await call(a, 'accountRegist', { account, password: 'secret-pass-1' }, { ip });
    expect(made.code, made.msg).toBe(200);
    const token = made.data.token as string;
    // Both instances have the session cached after a call each.
    expect((await call(b, 'getActivityIds', {}, { token, ip })).code).toBe(200);
    expect((await call(a, 'getActivityIds', {}, { token, ip })).code).toBe(200);

    expect((await call(a, 'logout', {}, { token, ip })).code).toBe(200);
    const onB = await call(b, 'getActivityIds', {}, { token, ip });
    expect({ status: onB.status, code: onB.code }).toEqual({ status: 401, code: 401 });
    expect((await call(a, 'getActivityIds', {}, { token, ip })).code).toBe(401);

    // And the other way round: logged in on B, out on B, refused on A.
    const again = await call(b, 'accountLogin', { account, password: 'secret-pass-1' }, { ip: freshIp() });
    expect(again.code, again.msg).toBe(200);
    expect((await call(a, 'getActivityIds', {}, { token: again.data.token, ip })).code).toBe(200);
    expect((await call(b, 'logout', {}, { token: again.data.token, ip })).code).toBe(200);
    expect((await call(a, 'getActivityIds', {}, { token: again.data.token, ip })).code).toBe(401);
  });

  it('one rate limit across both instances: a client cannot double it by alternating', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < AUTH_PER_MIN + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      codes.push((await call(server, 'accountLogin', { account: `nobody_${i}_${randomInt(1e6)}`.slice(0, 16), password: 'wrong-pass-1' }, { ip })).code);
    }
    expect(codes.slice(0, AUTH_PER_MIN).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(AUTH_PER_MIN)).toEqual([429, 429]);
    // Another client still gets through on either instance.
    expect((await call(b, 'accountLogin', { account: 'nobody_else', password: 'wrong-pass-1' }, { ip: freshIp() })).code).not.toBe(429);
  });

  it('an activity an operator enables through one instance is shown by the other at once', async () => {
    const ip = freshIp();
    const player = await call(b, 'accountRegist', { account: `two_${randomInt(1e9).toString(36)}`.slice(0, 16), password: 'secret-pass-1' }, { ip });
    expect(player.code, player.msg).toBe(200);
    const token = player.data.token as string;
    const created = await staff(a, 'POST', '/activities', { type: ActivityType.freeSign, name: 'Two-instance sign-in', sort: 1, settings: { rewards: [100, 100, 100, 100, 100, 100, 500], multiplier: 1 } });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as number;
    // B has read the activity list (and cached it) before the change.
    expect((await call(b, 'getActivityIds', {}, { token, ip })).data.activityIds).not.toContain(id);
    expect((await staff(a, 'POST', `/activities/${id}/enable`)).data).toMatchObject({ enabled: true });
    expect((await call(b, 'getActivityIds', {}, { token, ip })).data.activityIds).toContain(id);
    expect((await call(b, 'preLogin', {}, { ip })).data.activityIds.activityIds).toContain(id);
    // And disabled through B, gone on A.
    expect((await staff(b, 'POST', `/activities/${id}/disable`)).data).toMatchObject({ enabled: false });
    expect((await call(a, 'getActivityIds', {}, { token, ip })).data.activityIds).not.toContain(id);
  });

  it('live pushes: a screen on one instance sees the jackpot an operator starts through the other', async () => {
    const screen = await openLiveClient(`${b.baseUrl.replace('http', 'ws')}${LIVE_PATH}`, { topics: ['jackpot'] });
    try {
      const pools = (m: unknown) => (m as LiveJackpotMessage | undefined)?.type === 'pools';
      // Whatever runs now (another test's jackpot or none), then the one started here.
      await screen.next((f) => pools(f.data), 5_000);
      const mini = { contributionPpm: 1_000, seed: 1_234, section: { min: 1_000, max: 50_000 } };
      const created = await staff(a, 'POST', '/activities', {
        type: ActivityType.luckyJackpot,
        name: 'Two-instance jackpot',
        settings: {
          awards: [{ id: 1, type: 1, propId: AwardId.coin, count: 100, weight: 1 }],
          tiers: { mega: { ...mini, seed: 100_000, section: { min: 100_000, max: 900_000 } }, major: { ...mini, seed: 20_000, section: { min: 20_000, max: 90_000 } }, minor: { ...mini, seed: 5_000, section: { min: 5_000, max: 9_000 } }, mini },
          amountSections: [{ min: 0, max: 999_999 }],
          earn: { deposit: { minAmount: 10_000, chances: 1 }, dailyBet: [] },
        },
      });
      expect(created.code, created.msg).toBe(200);
      expect((await staff(a, 'POST', `/activities/${created.data.id}/enable`)).code).toBe(200);
      const started = await screen.next<{ data: unknown }>((f) => pools(f.data) && (f.data as { pools: { activityId: number } | null }).pools?.activityId === created.data.id, 5_000);
      expect(started.data).toMatchObject({ type: 'pools', pools: { miniJackpot: 1_234, total: 100_000 + 20_000 + 5_000 + 1_234 } });
      expect((await staff(a, 'POST', `/activities/${created.data.id}/disable`)).data).toMatchObject({ enabled: false });
    } finally {
      screen.ws.terminate();
    }
  });
});

