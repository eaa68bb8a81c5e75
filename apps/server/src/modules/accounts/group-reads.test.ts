import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { statementsOf } from '../../test/statements.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { deposit } from '../ledger/ledger-test-helpers.ts';

/**
 * Group reads (decision 054): the hot reads arriving together go to the database as one statement
 * per kind of read, each call still answering its own player, and never older than the call.
 */
describeDb('group reads: refreshData, getAfterLoginInfoWeb and online', () => {
  let t: TestApp;
  const players: TestPlayer[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 4; i++) players.push(await buildPlayer(t.app));
    // Different balances, so an answer carrying someone else's row shows.
    for (const [i, p] of players.entries()) await transfer(t.database.db, deposit(`group-read:${p.user.id}`, p.user.id, (i + 1) * 1_000));
    // Warm the sessions (decision 036) and the running activities (decision 040): the statements counted below are the reads alone.
    for (const p of players) for (const path of ['refreshData', 'getAfterLoginInfoWeb', 'online']) expect((await call(t.app, path, {}, p.token)).code).toBe(200);
  });
  afterAll(async () => t?.close());

  const coinOf = (i: number) => (i + 1) * 1_000;

  it('calls arriving together share one statement per read, each answering its own player', async () => {
    const answers: { path: string; i: number; coin: number; id?: number }[] = [];
    const sent = await statementsOf(t.database, () =>
      Promise.all(
        players.flatMap((p, i) => [
          call(t.app, 'refreshData', {}, p.token).then((r) => answers.push({ path: 'refreshData', i, coin: r.data.coin as number })),
          call(t.app, 'getAfterLoginInfoWeb', {}, p.token).then((r) =>
            answers.push({ path: 'getAfterLoginInfoWeb', i, coin: r.data.user.coin as number, id: r.data.user.id as number }),
          ),
          call(t.app, 'online', {}, p.token).then((r) => answers.push({ path: 'online', i, coin: r.data.coin as number })),
        ]),
      ),
    );
    expect(answers).toHaveLength(players.length * 3);
    for (const a of answers) {
      expect(a.coin, `${a.path} of player ${a.i}`).toBe(coinOf(a.i));
      if (a.id !== undefined) expect(a.id).toBe(players[a.i]!.user.id);
    }
    // Twelve calls, three reads: one statement each (a call arriving late may open one more).
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(3);
  });

  it('the same player twice in one group is read once and both calls answer', async () => {
    const p = players[0]!;
    // On PGlite the row may be kept from the last read (decision 059): any other statement makes the next call read.
    await t.database.db.execute(sql`select 1`);
    const sent = await statementsOf(t.database, async () => {
      const [a, b] = await Promise.all([call(t.app, 'refreshData', {}, p.token), call(t.app, 'refreshData', {}, p.token)]);
      expect([a.data.coin, b.data.coin]).toEqual([coinOf(0), coinOf(0)]);
    });
    expect(sent).toHaveLength(1);
  });

  it('a balance changed just before the call is what the call shows, on every read', async () => {
    const p = players[1]!;
    await transfer(t.database.db, deposit(`group-read-more:${p.user.id}`, p.user.id, 55));
    const [r, g, o] = await Promise.all([
      call(t.app, 'refreshData', {}, p.token),
      call(t.app, 'getAfterLoginInfoWeb', {}, p.token),
      call(t.app, 'online', {}, p.token),
    ]);
    expect([r.data.coin, g.data.user.coin, o.data.coin]).toEqual([coinOf(1) + 55, coinOf(1) + 55, coinOf(1) + 55]);
  });
});
