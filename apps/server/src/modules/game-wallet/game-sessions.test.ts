import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { MINUTE } from '../../lib/clock.ts';
import { createGameSessionsService, type GameSessionsService } from './game-sessions.service.ts';
import { ensureCatalogue, tokenOf, type TestCatalogue } from './game-wallet-test-kit.ts';

describeDb('game sessions and launch tokens', () => {
  let t: TestApp;
  let sessions: GameSessionsService;
  let cat: TestCatalogue;
  let other: TestCatalogue;

  beforeAll(async () => {
    t = await createTestApp();
    sessions = createGameSessionsService({ db: t.database.db, clock: t.clock });
    cat = await ensureCatalogue(t.database.db, { platformCode: 'sess-agg', launchUrl: '/agg/play/' });
    other = await ensureCatalogue(t.database.db, { platformCode: 'sess-other' });
  });
  afterAll(async () => t?.close());

  const launch = (userId: number | null, mode: 'real' | 'demo', c = cat, game = c.games[0]!) =>
    sessions.createLaunch({ userId, gameId: game.id, gameCode: game.code, platformCode: c.platformCode, launchUrl: c.launchUrl, mode, lang: 'pt-BR' });

  it('builds the launch URL with a one-time token bound to the mode and language, valid 2 minutes', async () => {
    const p = await buildPlayer(t.app);
    const l = await launch(p.user.id, 'real');
    const url = new URL(l.url, 'http://local');
    expect(url.pathname).toBe('/agg/play/test-slot');
    expect(url.searchParams.get('mode')).toBe('real');
    expect(url.searchParams.get('lang')).toBe('pt-BR');
    expect(tokenOf(l.url).length).toBeGreaterThanOrEqual(43);
    expect(new Date(l.expiresAt).getTime() - t.clock.now().getTime()).toBe(2 * MINUTE);
    const again = await launch(p.user.id, 'real');
    expect(tokenOf(again.url)).not.toBe(tokenOf(l.url));
  });

  it('refuses real play without a player and a game of another platform', async () => {
    await expect(launch(null, 'real')).rejects.toMatchObject({ code: ErrorCode.unauthorized });
    await expect(launch(null, 'demo', cat, other.games[0])).rejects.toMatchObject({ code: ErrorCode.gameNotFound });
  });

  it('a launch token opens one session, once, only at its platform and only within 2 minutes', async () => {
    const p = await buildPlayer(t.app);
    const token = tokenOf((await launch(p.user.id, 'real')).url);
    expect(await sessions.authenticate(other.platformId, token)).toBeNull();
    const first = await sessions.authenticate(cat.platformId, token);
    expect(first?.session).toMatchObject({ userId: p.user.id, mode: 'real', playerRef: String(p.user.id), gameId: cat.games[0]!.id });
    expect(await sessions.authenticate(cat.platformId, token)).toBeNull();

    const late = tokenOf((await launch(p.user.id, 'real')).url);
    t.clock.advance(2 * MINUTE + 1);
    expect(await sessions.authenticate(cat.platformId, late)).toBeNull();
  });

  it('demo sessions are anonymous towards the provider', async () => {
    const visitor = await sessions.authenticate(cat.platformId, tokenOf((await launch(null, 'demo')).url));
    expect(visitor?.session.mode).toBe('demo');
    expect(visitor?.session.playerRef).toMatch(/^demo-[0-9a-f]{16}$/);
    const p = await buildPlayer(t.app);
    const player = await sessions.authenticate(cat.platformId, tokenOf((await launch(p.user.id, 'demo')).url));
    expect(player?.session.playerRef).toMatch(/^demo-/);
  });

  it('heartbeats keep sessions open, idle ones expire after 30 minutes, close and openCounts agree', async () => {
    const p = await buildPlayer(t.app);
    const [g1, g2] = cat.games;
    const a = (await sessions.authenticate(cat.platformId, tokenOf((await launch(p.user.id, 'real', cat, g1)).url)))!;
    const b = (await sessions.authenticate(cat.platformId, tokenOf((await launch(p.user.id, 'real', cat, g2)).url)))!;
    const c = (await sessions.authenticate(other.platformId, tokenOf((await launch(p.user.id, 'real', other)).url)))!;
    expect(Object.fromEntries(await sessions.openCounts(p.user.id))).toEqual({ [cat.platformId]: 2, [other.platformId]: 1 });

    t.clock.advance(20 * MINUTE);
    await sessions.touch(p.user.id, g1!.id);
    t.clock.advance(20 * MINUTE);
    // g1 was touched 20 minutes ago; g2 and the other platform's session have been idle 40.
    expect(sessions.isOpen((await sessions.find(cat.platformId, a.sessionToken))!)).toBe(true);
    expect(sessions.isOpen((await sessions.find(cat.platformId, b.sessionToken))!)).toBe(false);
    expect(sessions.isOpen((await sessions.find(other.platformId, c.sessionToken))!)).toBe(false);
    expect(Object.fromEntries(await sessions.openCounts(p.user.id))).toEqual({ [cat.platformId]: 1 });

    // A heartbeat does not bring an expired session back.
    await sessions.touch(p.user.id, g2!.id);
    expect(sessions.isOpen((await sessions.find(cat.platformId, b.sessionToken))!)).toBe(false);

    expect(await sessions.close(p.user.id, g1!.id)).toBe(1);
    expect(await sessions.close(p.user.id, g1!.id)).toBe(0);
    expect(sessions.isOpen((await sessions.find(cat.platformId, a.sessionToken))!)).toBe(false);
    expect((await sessions.openCounts(p.user.id)).size).toBe(0);
  });

  it('leaving a game voids its unused launch token; another player is never touched', async () => {
    const p = await buildPlayer(t.app);
    const q = await buildPlayer(t.app);
    const pending = tokenOf((await launch(p.user.id, 'real')).url);
    const qs = (await sessions.authenticate(cat.platformId, tokenOf((await launch(q.user.id, 'real')).url)))!;
    expect(await sessions.close(p.user.id)).toBe(0);
    expect(await sessions.authenticate(cat.platformId, pending)).toBeNull();
    expect(sessions.isOpen((await sessions.find(cat.platformId, qs.sessionToken))!)).toBe(true);
    expect(await sessions.closeAtPlatform(q.user.id, other.platformId)).toBe(0);
    expect(await sessions.closeAtPlatform(q.user.id, cat.platformId)).toBe(1);
  });
});
