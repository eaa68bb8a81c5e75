import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { statementsOf } from '../../test/statements.ts';

/**
 * The hot calls' database round trips (issue 16 §1): the calls every player makes on every screen,
 * each made once to warm the caches (the session, decision 036; configuration, decision 040), then
 * counted. A change that adds a statement to one of them fails here: raise its number only
 * knowingly, with the benchmark (`BENCH_ONLY=api npm run bench`) to show what it costs.
 * On PGlite the player's views are kept while nothing is written (`kept`, decision 059): such a call
 * sends nothing when nothing was written since the last, and its number when something was.
 */
const HOT_CALLS: { path: string; body?: Record<string, unknown>; loggedIn: boolean; roundTrips: number; kept?: true }[] = [
  // The player, their balances (and after login their game lists) in one statement; the running activities from the cache.
  { path: 'refreshData', loggedIn: true, roundTrips: 1, kept: true },
  { path: 'getAfterLoginInfoWeb', loggedIn: true, roundTrips: 1, kept: true },
  { path: 'online', loggedIn: true, roundTrips: 1, kept: true },
  // The red dots and the activity table's version in one statement (decision 031).
  { path: 'activityGetStatusList', loggedIn: true, roundTrips: 1 },
  // Configuration only: answered from the caches.
  { path: 'preLogin', body: { lang: 'en-US' }, loggedIn: false, roundTrips: 0 },
  { path: 'anonymous/appConfig', body: { lang: 'pt-BR' }, loggedIn: false, roundTrips: 0 },
  // A logged-in start-up: the player and their balances.
  { path: 'preLogin', body: { lang: 'en-US' }, loggedIn: true, roundTrips: 1, kept: true },
];

describeDb('hot calls: database round trips per call', () => {
  let t: TestApp;
  let p: TestPlayer;
  beforeAll(async () => {
    // No event consumers: their polls (statements of their own, every second) would be counted.
    t = await createTestApp({ eventConsumers: false });
    p = await buildPlayer(t.app);
  });
  afterAll(async () => t?.close());

  for (const c of HOT_CALLS) {
    it(`${c.path}${c.loggedIn ? ' (logged in)' : ''}: ${c.roundTrips} round trip${c.roundTrips === 1 ? '' : 's'}`, async () => {
      const once = () => call(t.app, c.path, c.body ?? {}, c.loggedIn ? p.token : undefined);
      expect((await once()).code).toBe(200);
      if (c.kept && t.database.kind === 'pglite') {
        const kept = await statementsOf(t.database, async () => expect((await once()).code).toBe(200));
        expect(kept, kept.join('\n')).toHaveLength(0);
        // Any statement but a view read moves PGlite's write generation: the next call reads again.
        await t.database.db.execute(sql`select 1`);
      }
      const sent = await statementsOf(t.database, async () => expect((await once()).code).toBe(200));
      expect(sent, sent.join('\n')).toHaveLength(c.roundTrips);
    });
  }
});
