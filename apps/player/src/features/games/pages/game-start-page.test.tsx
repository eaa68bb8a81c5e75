import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';


import { useSession } from '../../../lib/session.ts';
import { logIn, mockApi, newQueryClient, refuse } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const launch = (gameId: number, mode: 'real' | 'demo') => ({
  gameId, mode, url: `/originals/play/g${gameId}?token=tok-${mode}-${gameId}&mode=${mode}`, expiresAt: '2030-01-01T00:00:00.000Z',
});

function handlers(over: Record<string, (b: Record<string, unknown>) => unknown> = {}) {
  return mockApi({
    startGame: (b) => launch(Number(b.gameId), b.tryIt ? 'demo' : 'real'),
    'anonymous/startGame': (b) => launch(Number(b.gameId), 'demo'),
    refreshData: () => ({ errcode: 0, coin: 98_765 }),
    online: () => ({ coin: 55_500 }),
    exitGame: () => ({ closed: 1 }),
    ...over,
  });
}

const frame = () => screen.findByTestId('game-frame') as Promise<HTMLIFrameElement>;

resetEachTest();

describe('/game/start for a visitor', () => {
  it('real play goes to login, with the way back to this game', async () => {
    const api = handlers();
    const app = await renderApp('/game/start?gameId=1', newQueryClient());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/game/start?gameId=1' });
    expect(api.calls.startGame).toBeUndefined();
    expect(api.calls['anonymous/startGame']).toBeUndefined();
  });

  it('demo runs through anonymous/startGame: the frame carries the token and mode, the bar says Demo', async () => {
    const api = handlers();
    await renderApp('/game/start?gameId=1&tryIt=1', newQueryClient());
    const iframe = await frame();
    expect(iframe.getAttribute('src')).toBe('/originals/play/g1?token=tok-demo-1&mode=demo');
    expect(api.calls['anonymous/startGame']![0]).toMatchObject({ gameId: 1 });
    expect(api.calls.startGame).toBeUndefined();
    expect(screen.getByTestId('demo-badge').textContent).toBe('Demo');
    expect(screen.getByRole('heading', { name: 'Fortune Reels' })).toBeTruthy();
  });

  it('Play for real in a demo goes to real play, which asks a visitor to log in and comes back', async () => {
    handlers();
    const app = await renderApp('/game/start?gameId=1&tryIt=1', newQueryClient());
    await frame();
    fireEvent.click(screen.getByTestId('play-for-real'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/game/start?gameId=1' });
  });

  it('a game without demo says so and offers to log in', async () => {
    handlers({ 'anonymous/startGame': () => refuse(4003, 'This game has no demo mode: log in to play') });
    const app = await renderApp('/game/start?gameId=5&tryIt=1', newQueryClient());
    expect((await screen.findByTestId('game-error-text')).textContent).toBe('This game has no demo mode: log in to play');
    expect(screen.queryByTestId('game-frame')).toBeNull();
    expect(screen.queryByTestId('game-retry')).toBeNull();
    fireEvent.click(screen.getByTestId('game-login'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
  });

  it.each(['/game/start', '/game/start?gameId=abc', '/game/start?gameId=-3', '/game/start?gameId=1&tryIt=2'])('%s is a 404', async (url) => {
    const api = handlers();
    await renderApp(url, newQueryClient());
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(api.calls.startGame).toBeUndefined();
    expect(api.calls['anonymous/startGame']).toBeUndefined();
  });
});

describe('/game/start for a player', () => {
  beforeEach(() => logIn({ gameLikes: [], gameHistory: [3] }));

  it('real play: startGame without tryIt, the balance in the bar, the game first in recently played', async () => {
    const api = handlers();
    await renderApp('/game/start?gameId=2', newQueryClient());
    expect((await frame()).getAttribute('src')).toBe('/originals/play/g2?token=tok-real-2&mode=real');
    expect(api.calls.startGame![0]).toMatchObject({ gameId: 2 });
    expect(api.calls.startGame![0]).not.toHaveProperty('tryIt');
    await waitFor(() => expect(screen.getByTestId('game-bar-balance').textContent).toBe('987'));
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    expect(useSession.getState().afterLogin!.gameHistory).toEqual([2, 3]);
  });

  it('tryIt=1 asks for a demo and passes the activity on', async () => {
    const api = handlers();
    await renderApp('/game/start?gameId=1&tryIt=1&activityId=9', newQueryClient());
    await frame();
    expect(api.calls.startGame![0]).toMatchObject({ gameId: 1, tryIt: true, activityId: 9 });
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
  });

  it('says online every 60 s while the game is open, silently, and keeps the bar balance from its answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = handlers();
    await renderApp('/game/start?gameId=2', newQueryClient());
    await frame();
    await waitFor(() => expect(screen.getByTestId('game-bar-balance').textContent).toBe('987'));
    expect(api.calls.online).toBeUndefined();
    await act(async () => { await vi.advanceTimersByTimeAsync(59_000); });
    expect(api.calls.online).toBeUndefined();
    await act(async () => { await vi.advanceTimersByTimeAsync(1_000); });
    expect(api.calls.online).toHaveLength(1);
    expect(api.calls.online![0]).toMatchObject({ gameId: 2 });
    await waitFor(() => expect(screen.getByTestId('game-bar-balance').textContent).toBe('555'));
    await act(async () => { await vi.advanceTimersByTimeAsync(120_000); });
    expect(api.calls.online).toHaveLength(3);
  });

  it('leaving by a route change calls exitGame once, the heartbeat goes on without the game and the balance is refreshed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = handlers();
    const app = await renderApp('/game/start?gameId=2', newQueryClient());
    await frame();
    await waitFor(() => expect(api.calls.refreshData).toHaveLength(1));
    await act(async () => { await app.router.navigate({ to: '/' }); });
    await waitFor(() => expect(api.calls.exitGame).toHaveLength(1));
    expect(api.calls.exitGame![0]).toMatchObject({ gameId: 2 });
    await waitFor(() => expect(api.calls.refreshData!.length).toBeGreaterThanOrEqual(2));
    await act(async () => { await vi.advanceTimersByTimeAsync(180_000); });
    // One timer for the app (lib/heartbeat.ts): it goes on, no longer naming the closed game.
    expect(api.calls.online).toHaveLength(3);
    expect(api.calls.online!.every((b) => b.gameId === undefined)).toBe(true);
    expect(api.calls.exitGame).toHaveLength(1);
  });

  it('the exit button closes the session once and goes back', async () => {
    const api = handlers();
    const app = await renderApp('/', newQueryClient());
    await act(async () => { await app.router.navigate({ to: '/game/start', search: { gameId: 2 } }); });
    await frame();
    fireEvent.click(screen.getByTestId('game-exit'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(api.calls.exitGame).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls.exitGame).toHaveLength(1);
  });

  /** A message from the game's frame, as the browser delivers it. */
  const fromGame = (iframe: HTMLIFrameElement, data: unknown, origin = window.location.origin) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: iframe.contentWindow }));
    });

  it('the bar shows the balance the Originals post from their wallet answers at once, floored (697.20 → 697)', async () => {
    const api = handlers();
    await renderApp('/game/start?gameId=2', newQueryClient());
    const iframe = await frame();
    await waitFor(() => expect(screen.getByTestId('game-bar-balance').textContent).toBe('987'));
    const before = api.calls.refreshData!.length;
    await fromGame(iframe, { type: 'playhall:balance', balance: 69_720 });
    expect(screen.getByTestId('game-bar-balance').textContent).toBe('697');
    // Taken from the game, not polled: no refresh that could answer an older figure.
    expect(api.calls.refreshData).toHaveLength(before);
  });

  it('a balance posted from another origin is not believed: the bar only refreshes', async () => {
    const api = handlers();
    await renderApp('/game/start?gameId=2', newQueryClient());
    const iframe = await frame();
    await waitFor(() => expect(api.calls.refreshData).toHaveLength(1));
    await fromGame(iframe, { type: 'playhall:balance', balance: 1 }, 'https://games.example');
    await waitFor(() => expect(api.calls.refreshData).toHaveLength(2));
    expect(screen.getByTestId('game-bar-balance').textContent).toBe('987');
  });

  it('with a round in flight the exit asks first and says what happens; Stay keeps the game, Leave goes', async () => {
    const api = handlers();
    const app = await renderApp('/', newQueryClient());
    await act(async () => { await app.router.navigate({ to: '/game/start', search: { gameId: 2 } }); });
    const iframe = await frame();
    const warning = 'Your bet of 5.00 is still flying and has no auto cash-out.';
    await fromGame(iframe, { type: 'playhall:round', open: true, warning });
    await new Promise((r) => setTimeout(r, 20)); // an earlier test's closing exitGame lands first
    const exits = () => api.calls.exitGame?.length ?? 0;
    const before = exits();
    fireEvent.click(screen.getByTestId('game-exit'));
    expect((await screen.findByTestId('leave-warning')).textContent).toBe(warning);
    fireEvent.click(screen.getByText('Stay'));
    await waitFor(() => expect(screen.queryByTestId('leave-warning')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/game/start');
    expect(exits()).toBe(before);
    fireEvent.click(screen.getByTestId('game-exit'));
    fireEvent.click(await screen.findByText('Leave'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(exits()).toBe(before + 1));
  });

  it('once the round is over the exit goes without asking', async () => {
    const app = await renderApp('/', newQueryClient());
    handlers();
    await act(async () => { await app.router.navigate({ to: '/game/start', search: { gameId: 2 } }); });
    const iframe = await frame();
    await fromGame(iframe, { type: 'playhall:round', open: true, warning: 'flying' });
    await fromGame(iframe, { type: 'playhall:round', open: false, warning: null });
    fireEvent.click(screen.getByTestId('game-exit'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(screen.queryByTestId('leave-warning')).toBeNull();
  });

  it('closing the tab sends exitGame with the token in a keepalive request', async () => {
    const api = handlers();
    await renderApp('/game/start?gameId=2', newQueryClient());
    await frame();
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(api.calls.exitGame).toHaveLength(1));
    const init = api.inits.exitGame![0]!;
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-42');
    expect(api.calls.exitGame![0]).toMatchObject({ gameId: 2 });
  });

  it('a game in maintenance shows the message and a way back, no frame', async () => {
    handlers({ startGame: () => refuse(4002, 'This game is under maintenance, please try again later') });
    const app = await renderApp('/game/start?gameId=4', newQueryClient());
    expect((await screen.findByTestId('game-error-text')).textContent).toBe('This game is under maintenance, please try again later');
    expect(screen.getByText('Under maintenance')).toBeTruthy();
    expect(screen.queryByTestId('game-frame')).toBeNull();
    fireEvent.click(screen.getByTestId('game-back'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });

  it('a failed launch can be tried again', async () => {
    let fail = true;
    handlers({ startGame: (b) => (fail ? refuse(500, 'Something went wrong on our side, please try again later') : launch(Number(b.gameId), 'real')) });
    await renderApp('/game/start?gameId=2', newQueryClient());
    await screen.findByTestId('game-error');
    fail = false;
    fireEvent.click(screen.getByTestId('game-retry'));
    expect((await frame()).getAttribute('src')).toContain('tok-real-2');
  });
});
