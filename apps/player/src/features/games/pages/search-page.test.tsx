import { beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';


import { logIn, mockApi, newQueryClient } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { SEARCH_DEBOUNCE_MS } from './search-page.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const names = () => screen.queryAllByTestId('game-card').map((c) => within(c).getByText((_, el) => el?.classList.contains('game-card__name') ?? false).textContent);
const count = () => screen.getByTestId('search-count').textContent;
const type = (text: string) => fireEvent.change(screen.getByTestId('search-input'), { target: { value: text } });
const pause = (ms: number) => act(async () => { await new Promise((r) => setTimeout(r, ms)); });

resetEachTest();
beforeEach(() => {
  mockApi({});
});

describe('/game/search', () => {
  it('lists the whole catalogue with its count, studio under each name', async () => {
    await renderApp('/game/search', newQueryClient());
    await waitFor(() => expect(count()).toBe('5 games'));
    expect(names()).toEqual(['Fortune Reels', 'Crash Rocket', 'Jungle Fortune', 'Deep Sea Slots', 'Sky Crash']);
    const captions = [...document.querySelectorAll('.game-card__caption')].map((c) => c.textContent);
    expect(captions).toEqual(['Playhall Originals', 'Playhall Originals', 'Nova Studio', 'Nova Studio', 'Nova Studio']);
  });

  it('filters by name as you type, once the player pauses (debounced), and keeps it in the address', async () => {
    const app = await renderApp('/game/search', newQueryClient());
    await waitFor(() => expect(count()).toBe('5 games'));
    type('f');
    type('fo');
    type('fortune');
    await pause(SEARCH_DEBOUNCE_MS / 2);
    expect(count()).toBe('5 games'); // not yet: still typing
    await waitFor(() => expect(count()).toBe('2 games'));
    expect(names()).toEqual(['Fortune Reels', 'Jungle Fortune']);
    expect(app.router.state.location.search).toEqual({ name: 'fortune' });
  });

  it('type and studio filters live in the address, so back undoes them and a shared link restores them', async () => {
    const app = await renderApp('/game/search', newQueryClient());
    await waitFor(() => expect(count()).toBe('5 games'));
    fireEvent.click(within(screen.getByTestId('type-filter')).getByRole('radio', { name: 'Crash' }));
    await waitFor(() => expect(names()).toEqual(['Crash Rocket', 'Sky Crash']));
    fireEvent.click(within(screen.getByTestId('brand-filter')).getByRole('radio', { name: 'Nova Studio' }));
    await waitFor(() => expect(names()).toEqual(['Sky Crash']));
    expect(app.router.state.location.search).toEqual({ typeId: 2, brandId: 2 });
    act(() => app.router.history.back());
    await waitFor(() => expect(names()).toEqual(['Crash Rocket', 'Sky Crash']));
    cleanup();
    await renderApp('/game/search?typeId=1&brandId=2&name=deep', newQueryClient());
    await waitFor(() => expect(names()).toEqual(['Deep Sea Slots']));
    expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe('deep');
    expect(within(screen.getByTestId('type-filter')).getByRole('radio', { name: 'Slots' }).getAttribute('aria-checked')).toBe('true');
  });

  it('an empty result says so and clears everything in one tap', async () => {
    await renderApp('/game/search?typeId=2&name=reels', newQueryClient());
    expect(await screen.findByTestId('search-empty')).toBeTruthy();
    expect(count()).toBe('0 games');
    fireEvent.click(screen.getByTestId('search-clear-all'));
    await waitFor(() => expect(count()).toBe('5 games'));
    expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe('');
  });

  it('drops filters that make no sense instead of failing', async () => {
    await renderApp('/game/search?typeId=abc&brandId=-1', newQueryClient());
    await waitFor(() => expect(count()).toBe('5 games'));
  });

  it('a player sees their favourites filled in; a heart tap saves one', async () => {
    const api = mockApi({ gameLike: (b) => ({ gameLikes: b.like ? [Number(b.gameId), 3] : [3] }) });
    logIn({ gameLikes: [3], gameHistory: [] });
    await renderApp('/game/search?name=crash', newQueryClient());
    await waitFor(() => expect(count()).toBe('2 games'));
    const rocket = screen.getAllByTestId('game-card').find((c) => c.dataset.gameId === '2')!;
    const heart = within(rocket).getByTestId('game-like');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(api.calls.gameLike![0]).toMatchObject({ gameId: 2, like: true });
  });
});
