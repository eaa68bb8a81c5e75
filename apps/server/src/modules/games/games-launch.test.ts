import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@playhall/contract';
import { call, countRows, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { MINUTE } from '../../lib/clock.ts';
import { transfer } from '../ledger/ledger.service.ts';
import { deposit } from '../ledger/ledger-test-helpers.ts';
import { createGameSessionsService, type GameSessionsService } from '../game-wallet/game-sessions.service.ts';
import { providerCall, tokenOf } from '../game-wallet/game-wallet-test-kit.ts';
import { addTestGames, patchGame, seededGameIds, setBrandEnabled, setPlatformEnabled, setTypeEnabled } from './games-test-kit.ts';

describeDb('games launch: startGame, anonymous/startGame, online, exitGame', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seededGameIds>>;
  let sessions: GameSessionsService;
  let platformId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await seededGameIds(t.database);
    sessions = createGameSessionsService({ db: t.database.db, clock: t.clock });
    const pre = await call(t.app, 'preLogin', {});
    platformId = pre.data.gameLists.gamePlatformList[0].id;
  });
  afterAll(async () => t?.close());

  /** A call with extra request headers (cookie, Accept-Language). */
  async function callWith(path: string, body: Record<string, unknown>, token: string | null, headers: Record<string, string>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/app/v1/${path}`,
      payload: { channel: 'WEB', appVersion: '1.1.2', platform: 0, ...body },
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    return res.json() as { code: number; msg: string; data: { url: string; mode: string } };
  }
  const history = async (p: TestPlayer) => (await call(t.app, 'getAfterLoginInfoWeb', {}, p.token)).data.appGameDataUser.gameHistory as number[];
  const start = (p: TestPlayer | null, gameId: number, tryIt?: boolean) =>
    p ? call(t.app, 'startGame', { gameId, ...(tryIt === undefined ? {} : { tryIt }) }, p.token) : call(t.app, 'anonymous/startGame', { gameId });

  it('real play answers a launch URL with a one-time token, and the game becomes recently played', async () => {
    const p = await buildPlayer(t.app);
    const res = await start(p, ids.slot);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ gameId: ids.slot, mode: 'real' });
    const url = new URL(res.data.url, 'http://local');
    expect(url.pathname).toBe('/originals/play/slot');
    expect(url.searchParams.get('mode')).toBe('real');
    expect(url.searchParams.get('lang')).toBe('en-US');
    expect(tokenOf(res.data.url).length).toBeGreaterThanOrEqual(43);
    expect(new Date(res.data.expiresAt).getTime()).toBe(t.clock.now().getTime() + 2 * MINUTE);
    expect(await history(p)).toEqual([ids.slot]);

    // The game exchanges the token over the signed provider protocol: bound to this player, game
    // and mode, and good once.
    const launchToken = tokenOf(res.data.url);
    const secret = t.config.originalsProviderSecret;
    const first = await providerCall(t, 'originals', 'authenticate', { launchToken }, secret);
    expect(first).toMatchObject({ status: 200, body: { status: 'OK', playerId: String(p.user.id), mode: 'real', gameCode: 'slot', balance: 0 } });
    const again = await providerCall(t, 'originals', 'authenticate', { launchToken }, secret);
    expect(again.body).toMatchObject({ status: 'ERROR', error: 'INVALID_TOKEN' });
  });

  it('a visitor\'s demo token authenticates as an anonymous demo player', async () => {
    const res = await start(null, ids.crash);
    const auth = await providerCall(t, 'originals', 'authenticate', { launchToken: tokenOf(res.data.url) }, t.config.originalsProviderSecret);
    expect(auth.body).toMatchObject({ status: 'OK', mode: 'demo', gameCode: 'crash', playerId: expect.stringMatching(/^demo-/) });
  });

  it('opens the game in the language the player chose, else the browser\'s, else en-US', async () => {
    const p = await buildPlayer(t.app);
    const langOf = async (headers: Record<string, string>, token: string | null = p.token) => {
      const res = await callWith(token ? 'startGame' : 'anonymous/startGame', { gameId: ids.dice, ...(token ? { tryIt: true } : {}) }, token, headers);
      expect(res.code, res.msg).toBe(200);
      return new URL(res.data.url, 'http://local').searchParams.get('lang');
    };
    expect(await langOf({ cookie: 'theme=dark; lang=pt-BR' })).toBe('pt-BR');
    expect(await langOf({ cookie: 'lang=th-TH', 'accept-language': 'pt-BR' })).toBe('th-TH');
    expect(await langOf({ 'accept-language': 'de-DE,th;q=0.8,en;q=0.5' })).toBe('th-TH');
    expect(await langOf({ 'accept-language': 'pt-PT;q=0.4,en-GB;q=0.9' })).toBe('en-US');
    expect(await langOf({ cookie: 'lang=xx-YY', 'accept-language': 'fr' })).toBe('en-US');
    expect(await langOf({ 'accept-language': 'pt' }, null)).toBe('pt-BR');
  });

  it('demo play (tryIt) launches play money and is not recorded as recently played', async () => {
    const p = await buildPlayer(t.app);
    const res = await start(p, ids.crash, true);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.mode).toBe('demo');
    expect(new URL(res.data.url, 'http://local').searchParams.get('mode')).toBe('demo');
    const auth = await sessions.authenticate(platformId, tokenOf(res.data.url));
    expect(auth?.session.mode).toBe('demo');
    expect(await history(p)).toEqual([]);
  });

  it('a visitor can start a demo without logging in, never real play', async () => {
    const res = await start(null, ids.mines);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ gameId: ids.mines, mode: 'demo' });
    const auth = await sessions.authenticate(platformId, tokenOf(res.data.url));
    expect(auth?.session).toMatchObject({ userId: null, mode: 'demo' });
    // Real play while logged out is a 401, which sends the client to login.
    expect((await call(t.app, 'startGame', { gameId: ids.mines })).code).toBe(401);
  });

  it('refuses unknown, hidden, maintenance, switched-off and demo-less games with their codes and launches nothing', async () => {
    const p = await buildPlayer(t.app);
    const launches = await countRows(t.database, 'game_launch');
    const codes = async (gameId: number) => [(await start(p, gameId)).code, (await start(p, gameId, true)).code, (await start(null, gameId)).code];

    expect(await codes(999_999)).toEqual([4001, 4001, 4001]);
    await patchGame(t.database, ids.dice, { status: 'hidden' });
    expect(await codes(ids.dice)).toEqual([4001, 4001, 4001]);
    await patchGame(t.database, ids.dice, { status: 'maintenance' });
    expect(await codes(ids.dice)).toEqual([4002, 4002, 4002]);
    const maintenance = await start(p, ids.dice);
    expect(maintenance.msg).toBe('This game is under maintenance, please try again later');
    await patchGame(t.database, ids.dice, { status: 'online' });

    await setPlatformEnabled(t.database, 'originals', false);
    expect(await codes(ids.dice)).toEqual([4002, 4002, 4002]);
    await setPlatformEnabled(t.database, 'originals', true);
    await setBrandEnabled(t.database, 'playhall', false);
    expect(await codes(ids.dice)).toEqual([4002, 4002, 4002]);
    await setBrandEnabled(t.database, 'playhall', true);

    await patchGame(t.database, ids.dice, { demoAllowed: false });
    const noDemo = await start(null, ids.dice);
    expect(noDemo).toMatchObject({ code: ErrorCode.gameDemoNotAllowed, msg: 'This game has no demo mode: log in to play' });
    expect((await start(p, ids.dice, true)).code).toBe(ErrorCode.gameDemoNotAllowed);
    expect(await countRows(t.database, 'game_launch')).toBe(launches);
    expect(await history(p)).toEqual([]);
    // Real play of that game still works.
    expect((await start(p, ids.dice)).code).toBe(200);
    await patchGame(t.database, ids.dice, { demoAllowed: true });
    t.clock.advance(1_000);

    // A disabled type only takes games out of the lobby's lists; a favourite still launches.
    await setTypeEnabled(t.database, 'instant', false);
    expect((await start(p, ids.mines)).code).toBe(200);
    await setTypeEnabled(t.database, 'instant', true);
    expect(await history(p)).toEqual([ids.mines, ids.dice]);
  });

  it('keeps the 20 most recently played games, newest first, per player', async () => {
    const p = await buildPlayer(t.app);
    const q = await buildPlayer(t.app);
    const extra = await addTestGames(t.database, 'history', 21);
    for (const id of extra) {
      expect((await start(p, id)).code).toBe(200);
      t.clock.advance(1_000);
    }
    expect(await history(p)).toEqual(extra.slice(1).reverse());
    // Playing an older game again moves it to the top; the table never holds more than 20.
    await start(p, extra[5]!);
    t.clock.advance(1_000);
    const expected = [extra[5]!, ...extra.slice(1).reverse().filter((id) => id !== extra[5])];
    expect(await history(p)).toEqual(expected);
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from game_history where user_id = ${p.user.id}`)) as unknown as { rows: { n: number }[] };
    expect(Number(rows.rows[0]!.n)).toBe(20);
    // A game hidden since drops out of the list.
    await patchGame(t.database, extra[5]!, { status: 'hidden' });
    expect((await history(p))[0]).toBe(extra[20]);

    expect(await history(q)).toEqual([]);
    await start(q, ids.crash);
    expect(await history(q)).toEqual([ids.crash]);
  });

  it('online keeps the session alive and answers the coin balance; exitGame closes sessions', async () => {
    const p = await buildPlayer(t.app);
    await transfer(t.database.db, deposit(`games-online:${p.user.id}`, p.user.id, 12_345));
    const open = async () => (await sessions.openCounts(p.user.id)).get(platformId) ?? 0;
    const play = async (gameId: number) => {
      const res = await start(p, gameId);
      expect(await sessions.authenticate(platformId, tokenOf(res.data.url))).not.toBeNull();
    };
    await play(ids.slot);
    await play(ids.crash);
    expect(await open()).toBe(2);

    // Heartbeats keep the slot's session open past the 30-minute idle expiry; the crash one lapses.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * MINUTE);
      const beat = await call(t.app, 'online', { gameId: ids.slot }, p.token);
      expect(beat.code, beat.msg).toBe(200);
      expect(beat.data).toEqual({ coin: 12_345 });
    }
    expect(await open()).toBe(1);

    // Outside a game the heartbeat names none: it answers the balance and keeps no session alive.
    const idle = await call(t.app, 'online', {}, p.token);
    expect(idle.code, idle.msg).toBe(200);
    expect(idle.data).toEqual({ coin: 12_345 });
    t.clock.advance(31 * MINUTE);
    expect((await call(t.app, 'online', {}, p.token)).code).toBe(200);
    expect(await open()).toBe(0);
    await play(ids.slot);

    expect((await call(t.app, 'exitGame', { gameId: ids.slot }, p.token)).data).toEqual({ closed: 1 });
    expect((await call(t.app, 'exitGame', { gameId: ids.slot }, p.token)).data).toEqual({ closed: 0 });
    expect(await open()).toBe(0);

    // Without gameId every open session closes.
    await play(ids.mines);
    await play(ids.dice);
    expect((await call(t.app, 'exitGame', {}, p.token)).data).toEqual({ closed: 2 });
    expect(await open()).toBe(0);
  });

  it('exitGame from a visitor answers closed 0 and touches no one\'s sessions; online needs a login', async () => {
    const p = await buildPlayer(t.app);
    const res = await start(p, ids.slot);
    await sessions.authenticate(platformId, tokenOf(res.data.url));
    const visitor = await call(t.app, 'exitGame', { gameId: ids.slot });
    expect(visitor).toMatchObject({ code: 200, data: { closed: 0 } });
    expect((await sessions.openCounts(p.user.id)).get(platformId)).toBe(1);
    expect((await call(t.app, 'online', { gameId: ids.slot })).code).toBe(401);

    // Another player's exit closes only their own sessions.
    const other = await buildPlayer(t.app);
    expect((await call(t.app, 'exitGame', {}, other.token)).data).toEqual({ closed: 0 });
    expect((await sessions.openCounts(p.user.id)).get(platformId)).toBe(1);
  });
});
