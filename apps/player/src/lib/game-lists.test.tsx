import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';


import { i18nReady } from './i18n.ts';
import { useGameCatalogue, usePreLogin } from './queries.ts';
import { gameLists as gameListsSchema } from '@playhall/contract';
import { buildCatalogue, gameListsKey, gamesByIds, isGameLists, readStoredGameLists, searchGames } from './game-lists.ts';
import { game, lists, logOut, mockApi, refuse, startUpConfig } from './game-test-kit.tsx';

const KEY = gameListsKey('en-US');

/** The rest of the preLogin answer; only gameLists matters here. */
const config = startUpConfig;

function startUp(answer: (body: Record<string, unknown>) => unknown) {
  const api = mockApi({ preLogin: answer });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const hook = renderHook(() => ({ pre: usePreLogin(), cat: useGameCatalogue() }), { wrapper });
  return { api, hook };
}

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  localStorage.clear();
  logOut();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('game catalogue cache', () => {
  it('first visit: asks without a version, stores the lists it gets and uses them', async () => {
    const { api, hook } = startUp(() => ({ ...config, gameLists: lists() }));
    await waitFor(() => expect(hook.result.current.cat.catalogue).not.toBeNull());
    expect(api.calls.preLogin![0]).not.toHaveProperty('gameListVersion');
    expect(JSON.parse(localStorage.getItem(KEY)!).gameListVersion).toBe(7);
    expect(hook.result.current.cat.catalogue!.games.map((g) => g.name)).toContain('Fortune Reels');
  });

  it('sends the stored version; a null answer keeps using the stored lists', async () => {
    localStorage.setItem(KEY, JSON.stringify(lists()));
    const { api, hook } = startUp(() => ({ ...config, gameLists: null }));
    await waitFor(() => expect(hook.result.current.pre.isSuccess).toBe(true));
    expect(api.calls.preLogin![0]!.gameListVersion).toBe(7);
    expect(hook.result.current.pre.data!.gameLists!.gameList).toHaveLength(5);
    expect(hook.result.current.cat.catalogue!.byId.get(2)!.name).toBe('Crash Rocket');
    expect(JSON.parse(localStorage.getItem(KEY)!).gameListVersion).toBe(7);
  });

  it('new lists replace the stored ones when the version changed', async () => {
    localStorage.setItem(KEY, JSON.stringify(lists()));
    const newer = lists({ gameListVersion: 8, gameList: [game({ id: 9, name: 'Mines' })] });
    const { hook } = startUp(() => ({ ...config, gameLists: newer }));
    await waitFor(() => expect(hook.result.current.cat.catalogue?.games.map((g) => g.name)).toEqual(['Mines']));
    expect(JSON.parse(localStorage.getItem(KEY)!).gameListVersion).toBe(8);
  });

  it.each([
    ['not JSON', '{"gameListVersion": 7, "gameList": ['],
    ['the wrong shape', JSON.stringify({ gameListVersion: 7, gameList: 'oops' })],
  ])('a store that is %s is dropped and the lists are asked for without a version', async (_, raw) => {
    localStorage.setItem(KEY, raw);
    const { api, hook } = startUp(() => ({ ...config, gameLists: lists() }));
    await waitFor(() => expect(hook.result.current.cat.catalogue).not.toBeNull());
    expect(api.calls.preLogin![0]).not.toHaveProperty('gameListVersion');
    expect(readStoredGameLists('en-US')!.gameList).toHaveLength(5);
  });

  it('keeps one store per language, so a list cached in English is not sent as current for Portuguese', () => {
    localStorage.setItem(KEY, JSON.stringify(lists()));
    expect(readStoredGameLists('en-US')).not.toBeNull();
    expect(readStoredGameLists('pt-BR')).toBeNull();
  });

  it('the stored lists fill the lobby before preLogin answers, and its new lists replace them', async () => {
    localStorage.setItem(KEY, JSON.stringify(lists()));
    let answer: (v: unknown) => void = () => undefined;
    const later = new Promise((res) => (answer = res));
    const newer = lists({ gameListVersion: 8, gameList: [game({ id: 9, name: 'Mines' })] });
    const { hook } = startUp(() => later.then(() => ({ ...config, gameLists: newer })));
    expect(hook.result.current.pre.isPending).toBe(true);
    expect(hook.result.current.cat.catalogue!.games).toHaveLength(5);
    answer(null);
    await waitFor(() => expect(hook.result.current.cat.catalogue?.games.map((g) => g.name)).toEqual(['Mines']));
  });

  it('when preLogin fails, the stored lists still fill the lobby', async () => {
    localStorage.setItem(KEY, JSON.stringify(lists()));
    const { hook } = startUp(() => refuse(500, 'Boom'));
    await waitFor(() => expect(hook.result.current.pre.isError).toBe(true));
    expect(hook.result.current.cat.catalogue!.games).toHaveLength(5);
  });
});

describe('the stored catalogue check (no zod on the first screen)', () => {
  // Each variant breaks one field of the stored lists; the hand check must agree with the contract's schema.
  const good = lists();
  const variants: [string, unknown][] = [
    ['the lists as stored', good],
    ['extra keys', { ...good, extra: 1, gameList: good.gameList.map((g) => ({ ...g, extra: 'x' })) }],
    ['empty lists', lists({ gameList: [], gameTypeList: [], gameBrandList: [], gamePlatformList: [] })],
    ['null', null],
    ['an array', [good]],
    ['a string version', { ...good, gameListVersion: '7' }],
    ['a fractional version', { ...good, gameListVersion: 7.5 }],
    ['an unsafe integer id', lists({ gameList: [game({ id: 2 ** 53, name: 'Big' })] })],
    ['no game list', { ...good, gameList: undefined }],
    ['a game without a name', lists({ gameList: [{ ...game({ id: 1, name: 'x' }), name: undefined as unknown as string }] })],
    ['an unknown game status', lists({ gameList: [game({ id: 1, name: 'x', status: 'hidden' as 'online' })] })],
    ['a text demo flag', lists({ gameList: [game({ id: 1, name: 'x', demo: 'yes' as unknown as boolean })] })],
    ['a type without a code', { ...good, gameTypeList: [{ id: 1, name: 'Slots', sort: 1 }] }],
    ['a brand without a platform', { ...good, gameBrandList: [{ id: 1, code: 'b', name: 'B', sort: 1 }] }],
    ['an unknown wallet mode', { ...good, gamePlatformList: [{ id: 1, code: 'p', name: 'P', walletMode: 'other', sort: 1 }] }],
    ['a null entry', { ...good, gameList: [null] }],
  ];
  it.each(variants)('agrees with the contract schema on %s', (_, value) => {
    expect(isGameLists(value)).toBe(gameListsSchema.safeParse(value).success);
  });
});

describe('catalogue helpers', () => {
  const catalogue = buildCatalogue(lists());

  it('search matches every word, ignores case and accents, puts names starting with the query first', () => {
    expect(searchGames(catalogue, { name: 'fortune' }).map((g) => g.name)).toEqual(['Fortune Reels', 'Jungle Fortune']);
    expect(searchGames(catalogue, { name: 'JUNGLE fort' }).map((g) => g.name)).toEqual(['Jungle Fortune']);
    const accented = buildCatalogue(lists({ gameList: [game({ id: 1, name: 'Pôquer Rápido' })] }));
    expect(searchGames(accented, { name: 'poquer rap' })).toHaveLength(1);
    expect(searchGames(catalogue, { name: 'zzz' })).toEqual([]);
  });

  it('filters by type and brand together with the name', () => {
    expect(searchGames(catalogue, { typeId: 2 }).map((g) => g.id)).toEqual([2, 5]);
    expect(searchGames(catalogue, { typeId: 2, brandId: 2 }).map((g) => g.id)).toEqual([5]);
    expect(searchGames(catalogue, { name: 'crash', brandId: 1 }).map((g) => g.id)).toEqual([2]);
  });

  it('favourites and recently played keep their order and skip games no longer listed', () => {
    expect(gamesByIds(catalogue, [5, 99, 1]).map((g) => g.id)).toEqual([5, 1]);
  });
});
