import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { LISTENER_NAME, syncFeeds } from '../../db/change-feed.ts';
import { createPasswordHasher } from '../../lib/secrets.ts';
import { call, createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { statementsOf } from '../../test/statements.ts';

/**
 * Configuration cached per instance, emptied on every instance by a notified write (decision 040):
 * two app instances on one database, the writes made directly in the database (as psql or another
 * process would), each answered from the cache until then.
 */
describeDb('configuration caches: a write to a configuration table reaches every instance (decision 040)', () => {
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    b = await buildApp({ database: t.database, config: t.config, clock: t.clock, hasher: createPasswordHasher(t.config.argon2) });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const siteName = async (app: FastifyInstance) => (await call(app, 'anonymous/appConfig', {})).data.siteName as string;
  const firstNotice = async (app: FastifyInstance) => (await call(app, 'preLogin', { lang: 'en-US' })).data.notices[0]?.title as string;
  const reads = (fn: () => Promise<unknown>) => statementsOf(t.database, fn);

  it('answers from the cache, and a direct write to app_config or notice shows on both instances once heard', async () => {
    for (const app of [t.app, b]) {
      await siteName(app);
      expect(await reads(() => siteName(app))).toEqual([]);
    }
    await t.database.db.execute(sql`update app_config set value = to_jsonb('Playhall Two'::text) where key = 'siteName'`);
    await syncFeeds(t.database);
    expect(await siteName(t.app)).toBe('Playhall Two');
    expect(await siteName(b)).toBe('Playhall Two');

    const before = await firstNotice(b);
    await t.database.db.execute(sql`update notice set title = 'Changed by hand' where lang = 'en-US' and title = ${before}`);
    await syncFeeds(t.database);
    expect(await firstNotice(t.app)).toBe('Changed by hand');
    expect(await firstNotice(b)).toBe('Changed by hand');
  });

  it('a write that rolls back changes nothing and empties nothing it should not', async () => {
    const name = await siteName(b);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update app_config set value = to_jsonb('Rolled back'::text) where key = 'siteName'`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await syncFeeds(t.database);
    expect(await siteName(b)).toBe(name);
    expect(await siteName(t.app)).toBe(name);
  });

  it.skipIf(TEST_DB !== 'pg')('the listener lost: every call reads the database until it is back, so a change meanwhile is never missed', async () => {
    await siteName(b);
    expect(await reads(() => siteName(b))).toEqual([]);
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_NAME}`);
    // Bypassed while no listener hears the changes: a write now is seen at once.
    let sent: string[] = [];
    for (let i = 0; i < 200 && (sent = await reads(() => siteName(b))).length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(sent.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`update app_config set value = to_jsonb('While deaf'::text) where key = 'siteName'`);
    expect(await siteName(b)).toBe('While deaf');
    // Back: cached again.
    for (let i = 0; i < 200 && (await reads(() => siteName(b))).length > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await reads(() => siteName(b))).toEqual([]);
    expect(await siteName(b)).toBe('While deaf');
  });
});
