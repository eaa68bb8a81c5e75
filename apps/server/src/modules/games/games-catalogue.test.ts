import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { seed } from '../../db/seed/index.ts';
import { game } from '../../db/schema.ts';
import { syncFeeds } from '../../db/change-feed.ts';
import { createGameCatalogue } from './catalogue.service.ts';
import { patchGame, seededGameIds, setBrandEnabled, setPlatformEnabled, setTypeEnabled } from './games-test-kit.ts';

const publicDir = fileURLToPath(new URL('../../../../player/public', import.meta.url));

describeDb('games catalogue: preLogin lists by version, favourites', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seededGameIds>>;
  let catalogue: ReturnType<typeof createGameCatalogue>;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await seededGameIds(t.database);
    // A second instance stands in for the operator console: it shares only the database.
    catalogue = createGameCatalogue({ db: t.database.db, clock: t.clock });
  });
  /** The console's bump, then waits until the app heard it (its configuration cache, decision 040). */
  const bump = async () => {
    const version = await catalogue.bumpListVersion();
    await syncFeeds(t.database);
    return version;
  };
  afterAll(async () => t?.close());

  const preLogin = async (body: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'preLogin', body);
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  /** The lists as a client that has none sees them. */
  const lists = async () => (await preLogin()).gameLists;

  it('sends the lists when the client has no version or another one, and null when it is current', async () => {
    const fresh = await preLogin();
    expect(fresh.gameListVersion).toBe(1);
    expect(fresh.gameLists.gameListVersion).toBe(1);
    expect(fresh.gameLists.gameList).toHaveLength(4);

    expect((await preLogin({ gameListVersion: 1 })).gameLists).toBeNull();
    expect((await preLogin({ gameListVersion: 0 })).gameLists.gameListVersion).toBe(1);
    expect((await preLogin({ gameListVersion: 7 })).gameLists.gameListVersion).toBe(1);

    // A logged-in start-up follows the same rule.
    const p = await buildPlayer(t.app);
    expect((await call(t.app, 'preLogin', { gameListVersion: 1 }, p.token)).data.gameLists).toBeNull();
  });

  it('bumping the version makes every cached copy stale, and the new version current', async () => {
    const before = (await preLogin()).gameListVersion as number;
    const next = await bump();
    expect(next).toBe(before + 1);
    const res = await preLogin({ gameListVersion: before });
    expect(res.gameListVersion).toBe(next);
    expect(res.gameLists.gameListVersion).toBe(next);
    expect((await preLogin({ gameListVersion: next })).gameLists).toBeNull();
    expect((await call(t.app, 'anonymous/appConfig', {})).data.gameListVersion).toBe(next);
  });

  it('lists the seeded Originals in display order with their platform, brand and types', async () => {
    const l = await lists();
    expect(l.gamePlatformList).toEqual([{ id: expect.any(Number), code: 'originals', name: 'Playhall Originals', walletMode: 'seamless', sort: 1 }]);
    const platformId = l.gamePlatformList[0].id;
    expect(l.gameBrandList).toEqual([{ id: expect.any(Number), code: 'playhall', name: 'Playhall', platformId, sort: 1 }]);
    expect(l.gameTypeList.map((ty: { code: string }) => ty.code)).toEqual(['slots', 'crash', 'instant']);
    const typeOf = Object.fromEntries(l.gameTypeList.map((ty: { id: number; code: string }) => [ty.id, ty.code]));
    expect(l.gameList.map((g: { code: string; typeId: number }) => [g.code, typeOf[g.typeId]])).toEqual([
      ['slot', 'slots'],
      ['crash', 'crash'],
      ['mines', 'instant'],
      ['dice', 'instant'],
    ]);
    expect(l.gameList[0]).toMatchObject({ name: 'Fortune Reels', hot: true, new: true, demo: true, status: 'online', platformId, brandId: l.gameBrandList[0].id });
    for (const g of l.gameList as { icon: string; demo: boolean }[]) {
      expect(g.demo).toBe(true);
      // Icons are absolute paths the player app serves from its public folder.
      expect(g.icon).toMatch(/^\/game-icons\/[a-z]+\.svg$/);
      expect(existsSync(`${publicDir}${g.icon}`), g.icon).toBe(true);
    }
  });

  it('follows sort changes, lists maintenance games as such, and leaves hidden ones out', async () => {
    await patchGame(t.database, ids.dice, { sort: 0 });
    await patchGame(t.database, ids.crash, { status: 'maintenance' });
    await patchGame(t.database, ids.mines, { status: 'hidden' });
    // Edits without a bump are not announced; the console always bumps with its edit.
    await bump();
    const l = await lists();
    expect(l.gameList.map((g: { code: string; status: string }) => `${g.code}:${g.status}`)).toEqual(['dice:online', 'slot:online', 'crash:maintenance']);

    await patchGame(t.database, ids.dice, { sort: 4 });
    await patchGame(t.database, ids.crash, { status: 'online' });
    await patchGame(t.database, ids.mines, { status: 'online' });
    await bump();
    expect((await lists()).gameList.map((g: { code: string }) => g.code)).toEqual(['slot', 'crash', 'mines', 'dice']);
  });

  it('leaves out games of a disabled type, brand or platform, and the groups left empty', async () => {
    await setTypeEnabled(t.database, 'instant', false);
    await bump();
    let l = await lists();
    expect(l.gameTypeList.map((ty: { code: string }) => ty.code)).toEqual(['slots', 'crash']);
    expect(l.gameList.map((g: { code: string }) => g.code)).toEqual(['slot', 'crash']);
    await setTypeEnabled(t.database, 'instant', true);

    // A type whose every game is hidden is no tab either.
    await patchGame(t.database, ids.crash, { status: 'hidden' });
    await bump();
    expect((await lists()).gameTypeList.map((ty: { code: string }) => ty.code)).toEqual(['slots', 'instant']);
    await patchGame(t.database, ids.crash, { status: 'online' });

    await setBrandEnabled(t.database, 'playhall', false);
    await bump();
    l = await lists();
    expect([l.gameList, l.gameBrandList, l.gamePlatformList, l.gameTypeList]).toEqual([[], [], [], []]);
    await setBrandEnabled(t.database, 'playhall', true);

    await setPlatformEnabled(t.database, 'originals', false);
    await bump();
    l = await lists();
    expect([l.gameList, l.gamePlatformList]).toEqual([[], []]);
    await setPlatformEnabled(t.database, 'originals', true);

    await bump();
    expect((await lists()).gameList).toHaveLength(4);
  });

  it('seeding again adds nothing and keeps the operator\'s edits and version', async () => {
    await patchGame(t.database, ids.slot, { name: 'Golden Reels', isHot: false });
    const version = await bump();
    const counts = async () => Promise.all(['game_platform', 'game_brand', 'game_type', 'game'].map((tbl) => countRows(t.database, tbl)));
    const before = await counts();
    await seed(t.database.db, { demo: true, hashPassword: async () => 'unused' });
    expect(await counts()).toEqual(before);
    const res = await preLogin({ gameListVersion: version - 1 });
    expect(res.gameListVersion).toBe(version);
    expect(res.gameLists.gameList[0]).toMatchObject({ code: 'slot', name: 'Golden Reels', hot: false });
    await patchGame(t.database, ids.slot, { name: 'Fortune Reels', isHot: true });
    await bump();
  });

  it('a seed that adds a game to an existing catalogue bumps the version', async () => {
    // As if an older release had no Dice: the next start's seed adds it.
    await t.database.db.update(game).set({ code: 'dice-retired', status: 'hidden' }).where(eq(game.id, ids.dice));
    const version = (await preLogin()).gameListVersion as number;
    await seed(t.database.db, { demo: true, hashPassword: async () => 'unused' });
    await syncFeeds(t.database);
    const res = await preLogin({ gameListVersion: version });
    expect(res.gameListVersion).toBe(version + 1);
    const added = res.gameLists.gameList.find((g: { code: string }) => g.code === 'dice');
    expect(added).toMatchObject({ name: 'Dice', status: 'online' });
    expect(added.id).not.toBe(ids.dice);
    ids.dice = added.id;
  });

  it('keeps favourites newest first, idempotent both ways, per player', async () => {
    const a = await buildPlayer(t.app);
    const b = await buildPlayer(t.app);
    const like = async (token: string, gameId: number, on: boolean) => {
      const res = await call(t.app, 'gameLike', { gameId, like: on }, token);
      expect(res.code, res.msg).toBe(200);
      t.clock.advance(1_000);
      return res.data.gameLikes as number[];
    };
    expect(await like(a.token, ids.mines, true)).toEqual([ids.mines]);
    expect(await like(a.token, ids.slot, true)).toEqual([ids.slot, ids.mines]);
    expect(await like(a.token, ids.crash, true)).toEqual([ids.crash, ids.slot, ids.mines]);
    // Liking again changes nothing, not even the order.
    expect(await like(a.token, ids.mines, true)).toEqual([ids.crash, ids.slot, ids.mines]);
    expect(await like(a.token, ids.slot, false)).toEqual([ids.crash, ids.mines]);
    expect(await like(a.token, ids.slot, false)).toEqual([ids.crash, ids.mines]);

    // Another player's favourites are their own.
    expect(await like(b.token, ids.dice, true)).toEqual([ids.dice]);
    const after = async (token: string) => (await call(t.app, 'getAfterLoginInfoWeb', {}, token)).data.appGameDataUser;
    expect(await after(a.token)).toEqual({ gameLikes: [ids.crash, ids.mines], gameHistory: [] });
    expect(await after(b.token)).toEqual({ gameLikes: [ids.dice], gameHistory: [] });

    // A game hidden later drops out of the list, and comes back when shown again.
    await patchGame(t.database, ids.crash, { status: 'hidden' });
    expect((await after(a.token)).gameLikes).toEqual([ids.mines]);
    await patchGame(t.database, ids.crash, { status: 'online' });
    expect((await after(a.token)).gameLikes).toEqual([ids.crash, ids.mines]);
  });

  it('refuses favourites of unknown or hidden games with 4001 and changes nothing', async () => {
    const p = await buildPlayer(t.app);
    const rows = await countRows(t.database, 'game_like');
    expect(await call(t.app, 'gameLike', { gameId: 999_999, like: true }, p.token)).toMatchObject({ code: ErrorCode.gameNotFound, msg: 'Game not found' });
    await patchGame(t.database, ids.mines, { status: 'hidden' });
    expect((await call(t.app, 'gameLike', { gameId: ids.mines, like: true }, p.token)).code).toBe(ErrorCode.gameNotFound);
    expect((await call(t.app, 'gameLike', { gameId: ids.mines, like: false }, p.token)).code).toBe(ErrorCode.gameNotFound);
    await patchGame(t.database, ids.mines, { status: 'online' });
    // A game in maintenance can still be a favourite.
    await patchGame(t.database, ids.dice, { status: 'maintenance' });
    expect((await call(t.app, 'gameLike', { gameId: ids.dice, like: true }, p.token)).data.gameLikes).toEqual([ids.dice]);
    await patchGame(t.database, ids.dice, { status: 'online' });
    expect(await countRows(t.database, 'game_like')).toBe(rows + 1);

    expect((await call(t.app, 'gameLike', { gameId: ids.slot, like: true })).code).toBe(401);
    expect((await call(t.app, 'gameLike', { gameId: 0, like: true }, p.token)).code).toBe(400);
  });
});
