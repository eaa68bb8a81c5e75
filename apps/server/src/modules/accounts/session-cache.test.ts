import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AuthMode } from '@playhall/contract';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { createPasswordHasher } from '../../lib/secrets.ts';
import { statementsOf } from '../../test/statements.ts';
import { call, createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, newMobile } from '../../test/factories.ts';
import { sendCode } from '../../test/sms-inbox.ts';
import { LISTENER_NAME } from '../../db/change-feed.ts';

const DAY = 24 * 3600_000;

const readsSession = (statements: string[]) => statements.some((s) => /user_session/.test(s));

describeDb('the session cache honours every revocation at once, on every instance (decision 036)', () => {
  let t: TestApp;
  /** Another instance on the same database, its warnings kept. */
  let b: FastifyInstance;
  const bLog: string[] = [];
  /** An instance without the cache, to count what the cache saves. */
  let uncached: FastifyInstance;

  async function instance(config: Config, logStream?: { write(line: string): void }): Promise<FastifyInstance> {
    const app = await buildApp({ database: t.database, config, clock: t.clock, hasher: createPasswordHasher(t.config.argon2), ...(logStream ? { logStream } : {}) });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    t = await createTestApp();
    b = await instance({ ...t.config, logLevel: 'warn' }, { write: (line) => void bLog.push(line) });
    uncached = await instance({ ...t.config, sessionCacheMaxAgeSeconds: 0 });
  });
  afterAll(async () => {
    await b?.close();
    await uncached?.close();
    await t?.close();
  });

  const live = async (app: FastifyInstance, token: string) => (await call(app, 'getAfterLoginInfoWeb', {}, token)).code === 200;
  const login = async (app: FastifyInstance, account: string, password: string) => {
    const res = await call(app, 'accountLogin', { account, password });
    expect(res.code, res.msg).toBe(200);
    return res.data.token as string;
  };
  /** Uses the token on both instances, and checks the second use is answered from the cache. */
  async function warm(token: string): Promise<void> {
    for (const app of [t.app, b]) {
      expect(await live(app, token)).toBe(true);
      const sent = await statementsOf(t.database, () => live(app, token));
      expect(readsSession(sent), sent.join('\n')).toBe(false);
    }
  }

  it('a warm session costs no statement: activityGetStatusList sends 1 in all, refreshData one fewer than without the cache', async () => {
    const p = await buildPlayer(t.app);
    const counts: Record<string, { cached: string[]; uncached: string[] }> = {};
    for (const path of ['activityGetStatusList', 'refreshData']) {
      for (const app of [t.app, uncached]) expect((await call(app, path, {}, p.token)).code).toBe(200);
      const cached = await statementsOf(t.database, () => call(t.app, path, {}, p.token));
      const without = await statementsOf(t.database, () => call(uncached, path, {}, p.token));
      counts[path] = { cached, uncached: without };
      expect(readsSession(cached), cached.join('\n')).toBe(false);
      expect(readsSession(without), without.join('\n')).toBe(true);
      expect(cached.length, `${path}\n${cached.join('\n')}\n--- without the cache:\n${without.join('\n')}`).toBe(without.length - 1);
    }
    expect(counts.activityGetStatusList!.cached, counts.activityGetStatusList!.cached.join('\n')).toHaveLength(1);
  });

  it('logout on one instance: the same token is refused on the other at its very next call', async () => {
    const p = await buildPlayer(t.app);
    await warm(p.token);
    expect((await call(t.app, 'logout', {}, p.token)).code).toBe(200);
    expect((await call(b, 'getAfterLoginInfoWeb', {}, p.token)).code).toBe(401);
    expect((await call(b, 'refreshData', {}, p.token)).data).toEqual({ errcode: 401 });
    expect(await live(t.app, p.token)).toBe(false);

    // And the other way round.
    const q = await buildPlayer(t.app);
    await warm(q.token);
    expect((await call(b, 'logout', {}, q.token)).code).toBe(200);
    expect(await live(t.app, q.token)).toBe(false);
    expect(await live(b, q.token)).toBe(false);
  });

  it('a password change revokes the player’s other sessions on both instances; the session that changed it lives on', async () => {
    const p = await buildPlayer(t.app);
    const phone = await login(b, p.account, p.password);
    await warm(p.token);
    await warm(phone);
    expect((await call(b, 'initPassword', { password: 'brand-new-1', oldPassword: p.password }, p.token)).code).toBe(200);
    expect(await live(t.app, phone)).toBe(false);
    expect(await live(b, phone)).toBe(false);
    expect(await live(t.app, p.token)).toBe(true);
    expect(await live(b, p.token)).toBe(true);
  });

  it('a password reset by SMS revokes every session of the player on both instances', async () => {
    const mobile = newMobile();
    const created = await call(t.app, 'accountLoginSms', { mobile, code: await sendCode(t.app, mobile, AuthMode.loginAndRegister), type: AuthMode.loginAndRegister });
    expect(created.code, created.msg).toBe(200);
    const first = created.data.token as string;
    expect((await call(t.app, 'initPassword', { password: 'first-pass' }, first)).code).toBe(200);
    const second = await login(b, mobile, 'first-pass');
    t.clock.advance(61_000); // SMS codes to one phone are a minute apart
    await warm(first);
    await warm(second);
    const code = await sendCode(t.app, mobile, AuthMode.forget);
    expect((await call(t.app, 'forgetPassword', { mobile, code, password: 'second-pass' })).code).toBe(200);
    for (const app of [t.app, b]) {
      expect(await live(app, first)).toBe(false);
      expect(await live(app, second)).toBe(false);
    }
  });

  it('an expired session is refused though cached', async () => {
    const p = await buildPlayer(t.app);
    await warm(p.token);
    t.clock.advance(30 * DAY);
    expect(await live(b, p.token)).toBe(false);
    expect(await live(t.app, p.token)).toBe(false);
  });

  it.skipIf(TEST_DB !== 'pg')('the listener lost: the cache is bypassed (and emptied) until it is back, so a revocation it missed still counts', async () => {
    const p = await buildPlayer(t.app);
    await warm(p.token);
    const listeners = async () => {
      const res = (await t.database.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_NAME}`,
      )) as unknown as { rows: { pid: number }[] };
      return res.rows.map((r) => r.pid);
    };
    const before = await listeners();
    expect(before).toHaveLength(3); // one per instance (the configuration caches listen too, decision 040)
    const lostLines = () => bLog.filter((l) => l.includes('database listener lost')).length;
    const lostBefore = lostLines();
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_NAME}`);
    for (let i = 0; i < 1000 && lostLines() === lostBefore; i++) await new Promise((r) => setTimeout(r, 2));
    expect(lostLines()).toBe(lostBefore + 1);

    // Bypassed: the session is read from the database again.
    const sent = await statementsOf(t.database, () => live(b, p.token));
    expect(readsSession(sent), sent.join('\n')).toBe(true);
    // A revocation no listener hears: instance b still refuses the token at once.
    expect((await call(t.app, 'logout', {}, p.token)).code).toBe(200);
    expect(await live(b, p.token)).toBe(false);

    // Back: listening again, the cache serves again and hears revocations again.
    let after: number[] = [];
    for (let i = 0; i < 100 && (after = await listeners()).length < before.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(after.length).toBe(before.length);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    const q = await buildPlayer(t.app);
    await warm(q.token);
    expect((await call(t.app, 'logout', {}, q.token)).code).toBe(200);
    expect(await live(b, q.token)).toBe(false);
  });
});
