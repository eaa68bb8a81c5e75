import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityType, ErrorCode } from '@playhall/contract';
import { buildApp } from '../../app.ts';
import { DAY } from '../../lib/clock.ts';
import { createPasswordHasher } from '../../lib/secrets.ts';
import { statementsOf } from '../../test/statements.ts';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { newMobile } from '../../test/factories.ts';
import { operatorCli, type OperatorCli } from '../../test/operator-cli.ts';
import { fund } from '../game-wallet/game-wallet-test-kit.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';

const TZ = 'America/Sao_Paulo';

describeDb('red dots in one statement (decision 031)', () => {
  let t: TestApp;
  let n = 0;
  const ids: Record<string, number> = {};

  /** Creates and enables an activity through an app's operator API; answers its id. */
  async function activity(type: number, settings: Record<string, unknown>): Promise<number> {
    const created = await staffCall(t, 'POST', '/activities', { type, name: `activity ${++n}`, settings });
    expect(created.code, created.msg).toBe(200);
    const id = created.data!.id as number;
    expect((await staffCall(t, 'POST', `/activities/${id}/enable`)).code).toBe(200);
    return id;
  }
  async function register(): Promise<{ token: string; userId: number }> {
    const res = await call(t.app, 'accountRegist', { account: `rd${Date.now().toString(36).slice(-5)}${++n}`, password: 'secret-pass-1', deviceId: `red-dots-${n}` });
    expect(res.code, res.msg).toBe(200);
    return { token: res.data.token, userId: res.data.user.id };
  }
  const dotsOf = async (app: FastifyInstance, token: string) => {
    const res = await call(app, 'activityGetStatusList', {}, token);
    expect(res.code, res.msg).toBe(200);
    return res.data.redDots as Record<string, boolean>;
  };

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ });
    // One activity of every kind this release runs that has a dot, and some without one.
    ids.signUp = await activity(ActivityType.signUpBonus, { amount: 500, multiplier: 3, days: 7 });
    ids.freeSign = await activity(ActivityType.freeSign, { rewards: [100, 200, 300, 400, 500, 600, 1_000], multiplier: 2 });
    ids.fund = await activity(ActivityType.fund, { dailyRateBp: 10, maxPerDay: 5_000, minBalance: 1_000 });
    ids.bind = await activity(ActivityType.bind, { amount: 300 });
    ids.download = await activity(ActivityType.download, { amount: 777, multiplier: 4 });
    const coin = { awardId: 2001, count: 100 };
    ids.tasks = await activity(ActivityType.tasks, {
      tasks: [{ id: 'rounds', period: 'daily', title: { 'en-US': 'Play a round' }, condition: { type: 'rounds' }, target: 1, award: coin, liveness: 5 }],
      chests: { daily: [{ liveness: 5, award: coin }], weekly: [{ liveness: 50, award: coin }] },
    });
  });
  afterAll(async () => t?.close());

  it('activityGetStatusList for a logged-in player with every dot on sends one statement in all (the session is cached, decision 036)', async () => {
    const p = await register();
    await fund(t.database.db, p.userId, 200_000);
    await call(t.app, 'setSafeboxPassword', { password: '123456' }, p.token);
    expect((await call(t.app, 'safeboxDeposit', { amount: 100_000 }, p.token)).code).toBe(200);
    t.clock.advance(DAY); // the safebox held 1,000.00 when the day began: the fund dot reads it in full
    const warm = await dotsOf(t.app, p.token); // the session's read and last-seen touch, the activity cache's first load

    let dots: Record<string, boolean> = {};
    const sent = await statementsOf(t.database, async () => {
      dots = await dotsOf(t.app, p.token);
    });
    expect(dots).toEqual(warm);
    expect(dots).toMatchObject({ signupBonus: true, signIn: true, fund: true });
    expect(sent, sent.join('\n')).toHaveLength(1);

    // The dots still turn off from the same one statement: today's sign-in claimed.
    expect((await call(t.app, 'loginBonus3UserReceive', {}, p.token)).code).toBe(200);
    const after = await statementsOf(t.database, async () => {
      dots = await dotsOf(t.app, p.token);
    });
    expect(dots).toMatchObject({ signupBonus: true, signIn: false, fund: true });
    expect(after, after.join('\n')).toHaveLength(1);
  });

  it('the sign-up dot reads the once-per-person marks the claim takes: a phone that already got it turns it off', async () => {
    const phone = newMobile();
    const first = await register();
    await t.database.db.execute(sql`update app_user set mobile = ${phone} where id = ${first.userId}`);
    expect((await call(t.app, 'activityReceive', { activityId: ids.signUp }, first.token)).code).toBe(200);
    expect((await dotsOf(t.app, first.token)).signupBonus).toBe(false);
    // The phone moves to another account (the first one's changed): that account is the same person.
    await t.database.db.execute(sql`update app_user set mobile = null where id = ${first.userId}`);
    const second = await register();
    expect((await dotsOf(t.app, second.token)).signupBonus).toBe(true);
    await t.database.db.execute(sql`update app_user set mobile = ${phone} where id = ${second.userId}`);
    expect((await dotsOf(t.app, second.token)).signupBonus).toBe(false);
    expect((await call(t.app, 'activityReceive', { activityId: ids.signUp }, second.token)).code).toBe(ErrorCode.rewardOncePerPerson);
  });

  describe('another app instance on the same database', () => {
    let other: TestApp;
    let ops: OperatorCli;
    beforeAll(async () => {
      const app = await buildApp({ database: t.database, config: t.config, clock: t.clock, hasher: createPasswordHasher(t.config.argon2) });
      await app.ready();
      other = { ...t, app, close: () => app.close() };
      ops = await operatorCli(other);
    });
    afterAll(async () => other?.close());

    it('an activity disabled or enabled through its operator CLI shows in this instance’s next answer', async () => {
      const p = await register();
      expect((await dotsOf(t.app, p.token)).signIn).toBe(true);
      expect((await dotsOf(other.app, p.token)).signIn).toBe(true);

      expect((await ops(['activities', 'disable', String(ids.freeSign)])).out).toContain('disabled');
      expect((await dotsOf(t.app, p.token)).signIn).toBe(false);
      expect((await call(t.app, 'getActivityIds', {}, p.token)).data.activityIds).not.toContain(ids.freeSign);

      expect((await ops(['activities', 'enable', String(ids.freeSign)])).out).toContain('RUNNING');
      expect((await dotsOf(t.app, p.token)).signIn).toBe(true);
      expect((await call(t.app, 'getActivityIds', {}, p.token)).data.activityIds).toContain(ids.freeSign);
    }, 60_000);

    it('a row written directly (same clock, so the same updated_at) shows too; a window is read against the clock', async () => {
      const p = await register();
      expect((await dotsOf(t.app, p.token)).signupBonus).toBe(true);
      await t.database.db.execute(sql`update activity set enabled = false where id = ${ids.signUp}`);
      expect((await dotsOf(t.app, p.token)).signupBonus).toBe(false);
      await t.database.db.execute(sql`update activity set enabled = true, ends_at = ${new Date(t.clock.now().getTime() + 60_000)} where id = ${ids.signUp}`);
      expect((await dotsOf(t.app, p.token)).signupBonus).toBe(true);
      t.clock.advance(120_000); // the window ended: no change to the table, the dot goes off
      expect((await dotsOf(t.app, p.token)).signupBonus).toBe(false);
      expect((await call(t.app, 'getActivityIds', {}, p.token)).data.activityIds).not.toContain(ids.signUp);
    });
  });
});
