import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';


import { useModals } from '../../../lib/modals.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useInstallPrompt, type BeforeInstallPromptEvent } from '../../../lib/pwa.ts';
import { lists, logIn, mockApi, newQueryClient, player, preLoginData } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const card = (id: number) => screen.getAllByTestId('game-card').find((c) => c.dataset.gameId === String(id))!;
const ids = (el: HTMLElement) => within(el).queryAllByTestId('game-card').map((c) => Number(c.dataset.gameId));
const section = (typeId: number) => screen.getAllByTestId('type-section').find((s) => s.dataset.typeId === String(typeId));

resetEachTest();

describe('home lobby', () => {
  it('shows a grid per game type, at most gameShowNum tiles, then More to the search for that type', async () => {
    mockApi({});
    await renderApp('/', newQueryClient(lists(), { gameShowNum: 2 }));
    await waitFor(() => expect(screen.getAllByTestId('type-section')).toHaveLength(2));
    expect(ids(section(1)!)).toEqual([1, 3]);
    expect(within(section(1)!).getByTestId('type-more').getAttribute('href')).toBe('/game/search?typeId=1');
    expect(ids(section(2)!)).toEqual([2, 5]);
    expect(within(section(2)!).queryByTestId('type-more')).toBeNull();
  });

  it('marks hot and new games, and greys a game in maintenance with a label (a tap only says so)', async () => {
    mockApi({});
    const app = await renderApp('/', newQueryClient());
    await waitFor(() => expect(screen.getAllByTestId('type-section')).toHaveLength(2));
    const lobby = screen.getByRole('region', { name: 'Games' });
    expect(within(lobby).getAllByTestId('badge-hot').map((b) => b.closest<HTMLElement>('[data-game-id]')!.dataset.gameId)).toEqual(['1']);
    expect(within(lobby).getAllByTestId('badge-new').map((b) => b.closest<HTMLElement>('[data-game-id]')!.dataset.gameId)).toEqual(['2']);
    const deepSea = within(lobby).getAllByTestId('game-card').find((c) => c.dataset.gameId === '4')!;
    expect(deepSea.className).toContain('game-card--maintenance');
    expect(within(deepSea).getByTestId('maintenance-label').textContent).toBe('Maintenance');
    fireEvent.click(within(deepSea).getByRole('link'));
    await new Promise((r) => setTimeout(r, 20));
    expect(app.router.state.location.pathname).toBe('/');
  });

  it('type tabs show one type at a time; All shows them all again', async () => {
    mockApi({});
    await renderApp('/', newQueryClient());
    await waitFor(() => expect(screen.getAllByTestId('type-section')).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: 'Crash' }));
    expect(screen.getAllByTestId('type-section').map((s) => s.dataset.typeId)).toEqual(['2']);
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(screen.getAllByTestId('type-section')).toHaveLength(2);
  });

  it('in Portuguese the type tabs and headings use our translation of the type code', async () => {
    mockApi({});
    await i18n.changeLanguage('pt-BR');
    try {
      const qc = newQueryClient();
      qc.setQueryData(['preLogin', 'pt-BR'], preLoginData());
      await renderApp('/', qc);
      expect(await screen.findByRole('tab', { name: /Caça-níqueis/ })).toBeTruthy();
      expect(screen.getByRole('tab', { name: /Jogos crash/ })).toBeTruthy();
      expect(within(section(1)!).getByRole('heading').textContent).toContain('Caça-níqueis');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('a visitor: the heart opens the login modal; a game tap offers login or the demo', async () => {
    mockApi({});
    const app = await renderApp('/', newQueryClient());
    await waitFor(() => expect(screen.getAllByTestId('type-section')).toHaveLength(2));
    expect(screen.queryByTestId('favourite-games')).toBeNull();
    fireEvent.click(within(card(1)).getByTestId('game-like'));
    expect(useModals.getState().authModal).toBe('login');
    act(() => useModals.setState({ authModal: null }));
    fireEvent.click(within(card(1)).getByRole('link'));
    fireEvent.click(await screen.findByText('Try the demo'));
    await waitFor(() => expect(app.router.state.location.href).toBe('/game/start?gameId=1&tryIt=1'));
  });

  it('a visitor tapping a game without demo goes to login, coming back to the game', async () => {
    mockApi({});
    const app = await renderApp('/', newQueryClient());
    await waitFor(() => expect(screen.getAllByTestId('type-section')).toHaveLength(2));
    fireEvent.click(within(card(5)).getByRole('link'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/game/start?gameId=5' });
  });
});

describe('home for a player', () => {
  it('offers installing at the end of the page when the browser can install it', async () => {
    mockApi({ refreshData: () => ({ errcode: 0, coin: 10_000 }) });
    logIn({ gameLikes: [], gameHistory: [] });
    const prompt = Object.assign(new Event('beforeinstallprompt'), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' as const }) });
    useInstallPrompt.setState({ prompt: prompt as BeforeInstallPromptEvent });
    try {
      await renderApp('/', newQueryClient());
      expect(await screen.findByTestId('home-install-offer')).toBeTruthy();
    } finally {
      useInstallPrompt.setState({ prompt: null });
    }
  });

  it('shows recently played and favourites; a heart moves a game into favourites without a reload', async () => {
    const api = mockApi({
      refreshData: () => ({ errcode: 0, coin: 10_000 }),
      gameLike: (b) => ({ gameLikes: b.like ? [Number(b.gameId), 5] : [5] }),
    });
    logIn({ gameLikes: [5], gameHistory: [2, 1] });
    await renderApp('/', newQueryClient());
    const recent = await screen.findByTestId('recent-games');
    expect(ids(recent)).toEqual([2, 1]);
    const favourites = screen.getByTestId('favourite-games');
    expect(ids(favourites)).toEqual([5]);
    fireEvent.click(within(section(1)!).getAllByTestId('game-like')[0]!);
    await waitFor(() => expect(ids(screen.getByTestId('favourite-games'))).toEqual([1, 5]));
    expect(api.calls.gameLike![0]).toMatchObject({ gameId: 1, like: true });
    // and off again from the favourites row itself
    const inRow = within(screen.getByTestId('favourite-games')).getAllByTestId('game-like')[0]!;
    fireEvent.click(inRow);
    await waitFor(() => expect(ids(screen.getByTestId('favourite-games'))).toEqual([5]));
  });

  it('a failed favourite call puts the heart back', async () => {
    mockApi({ refreshData: () => ({ errcode: 0, coin: 10_000 }), gameLike: () => ({ __envelope: { code: 500, msg: 'Boom', data: null } }) });
    logIn({ gameLikes: [], gameHistory: [] });
    await renderApp('/', newQueryClient());
    expect(await screen.findByTestId('favourites-empty')).toBeTruthy();
    fireEvent.click(within(section(1)!).getAllByTestId('game-like')[0]!);
    await waitFor(() => expect(screen.queryByTestId('favourites-empty')).toBeTruthy());
    expect(useSession.getState().afterLogin!.gameLikes).toEqual([]);
  });

  it('after a reload (token kept, nothing loaded) holds the rows\' place, then fetches the after-login game data once', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const api = mockApi({
      refreshData: () => ({ errcode: 0, coin: 10_000 }),
      getAfterLoginInfoWeb: async () => {
        await held;
        return {
          user: player(), appGameDataUser: { gameLikes: [3], gameHistory: [5] }, inviteCode: 'ABC123', aid: null,
          activityIds: { activityIds: [], activityMap: {} },
        };
      },
    });
    logIn();
    await renderApp('/', newQueryClient());
    // While the lists load, their place is held (no empty-favourites hint that then jumps away).
    expect(await screen.findByTestId('player-games-loading')).toBeTruthy();
    expect(screen.queryByTestId('favourites-empty')).toBeNull();
    answer();
    await waitFor(() => expect(ids(screen.getByTestId('recent-games'))).toEqual([5]));
    expect(ids(screen.getByTestId('favourite-games'))).toEqual([3]);
    expect(api.calls.getAfterLoginInfoWeb).toHaveLength(1);
  });
});
