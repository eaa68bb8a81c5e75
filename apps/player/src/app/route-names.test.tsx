import { describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { ClientConstants } from '@playhall/contract';
import { logIn, mockApi, newQueryClient } from '../lib/game-test-kit.tsx';
import { RouteNames, builtRouteNames, pathOf, routeNameOf, useRouteName } from '../lib/route-names.ts';
import { renderApp } from './app-test-kit.tsx';
import { pageTransition } from './router.tsx';
import { resetEachTest } from '../lib/test-reset.ts';

resetEachTest();

const leafName = (router: Awaited<ReturnType<typeof renderApp>>['router']) => router.state.matches.at(-1)?.staticData.routeName;

describe('named routes (spec §2)', () => {
  it('names the nine routes of the spec', () => {
    expect([...RouteNames].sort()).toEqual(
      ['agent', 'bonus-event', 'bonus-record', 'bonus-reward', 'bonus-tasks', 'game-start', 'index', 'member', 'vip-level'],
    );
    expect(routeNameOf('/game/start')).toBe('game-start');
    expect(routeNameOf('/member/')).toBe('member');
    expect(routeNameOf('/member/profile')).toBeUndefined();
    expect(routeNameOf('/')).toBe('index');
  });

  it('each built name opens its page, and the page knows its name', async () => {
    logIn();
    const tasks = { id: 9, type: 42, name: 'Tasks', sort: 1, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: {} };
    // vip-level is an activity page: it needs the VIP activity (8) running.
    const vip = { id: 8, type: 8, name: 'VIP', sort: 2, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: {} };
    const bar = { value: 0, endsAt: '2030-01-01T00:00:00.000Z', chests: [] };
    mockApi({
      refreshData: () => ({ errcode: 0, coin: 1 }),
      startGame: () => ({ gameId: 1, mode: 'real', url: '/originals/play/g1?token=t', expiresAt: '2030-01-01T00:00:00.000Z' }),
      getActivityIds: () => ({ activityIds: [9, 8], activityMap: { 9: tasks, 8: vip }, hasTurntable: false, totalRecharge: 0 }),
      getTaskUser: () => ({ activityId: 9, timeZone: 'UTC', tasks: [], liveness: { daily: bar, weekly: bar } }),
      getVipInfo: () => { throw new Error('not asked here'); },
    });
    for (const name of builtRouteNames) {
      const href = name === 'game-start' ? `${pathOf(name)}?gameId=1` : pathOf(name);
      const app = await renderApp(href, newQueryClient());
      await waitFor(() => expect(app.router.state.status).toBe('idle'));
      expect(app.router.state.location.pathname).toBe(pathOf(name));
      expect(leafName(app.router)).toBe(name);
      cleanup();
    }
  }, 20_000); // one render per built name (seven): past the default 5 s on a busy machine

  it('a name whose page is not built yet answers the 404 page, not another page', async () => {
    mockApi({});
    for (const name of RouteNames.filter((n) => !(builtRouteNames as readonly string[]).includes(n))) {
      await renderApp(pathOf(name), newQueryClient());
      expect(await screen.findByText(`Page Not Found: ${pathOf(name)}`)).toBeTruthy();
      cleanup();
    }
  });

  it('useRouteName follows navigation', async () => {
    mockApi({ refreshData: () => ({ errcode: 0, coin: 1 }) });
    const app = await renderApp('/faq', newQueryClient());
    await waitFor(() => expect(app.router.state.status).toBe('idle'));
    expect(leafName(app.router)).toBeUndefined();
    await act(async () => { await app.router.navigate({ to: pathOf('index') }); });
    expect(leafName(app.router)).toBe('index');
  });
});

describe('page transitions (spec §9: wait up to 100 ms)', () => {
  function slowApp(loadMs: number) {
    const root = createRootRoute({ component: () => { const name = useRouteName(); return <div data-route={name ?? ''}><Outlet /></div>; } });
    const tree = root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>old page</p> }),
      createRoute({
        getParentRoute: () => root,
        path: '/slow',
        loader: () => new Promise((r) => setTimeout(r, loadMs)),
        component: () => <p>new page</p>,
      }),
    ]);
    const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: ['/'] }), ...pageTransition });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('the page on screen stays while the next loads for up to 100 ms, then the skeleton shows', async () => {
    expect(pageTransition.defaultPendingMs).toBe(ClientConstants.pageTransitionWaitMs);
    // The load takes 1.2 s, so a skeleton seen within 0.8 s came from the 100 ms wait, not the load's
    // end, with room for a machine busy with other tests.
    const router = slowApp(1_200);
    await screen.findByText('old page');
    const started = performance.now();
    void router.navigate({ href: '/slow' });
    await new Promise((r) => setTimeout(r, 60));
    expect(screen.queryByText('old page')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeTruthy(), { timeout: 800, interval: 5 });
    expect(performance.now() - started).toBeLessThan(800);
    expect(await screen.findByText('new page', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('a next page ready within 100 ms replaces the old one with no skeleton between', async () => {
    const router = slowApp(30);
    await screen.findByText('old page');
    let skeleton = false;
    const watch = setInterval(() => { if (document.querySelector('[aria-busy="true"]')) skeleton = true; }, 5);
    await act(async () => { await router.navigate({ href: '/slow' }); });
    await screen.findByText('new page');
    clearInterval(watch);
    expect(skeleton).toBe(false);
  });
});
