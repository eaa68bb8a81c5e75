import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

afterEach(cleanup);
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { i18nReady } from '../lib/i18n.ts';
import { NotFoundPage, RouteErrorPage } from './error-pages.tsx';

/** A small router wired like the app's: the same not-found and error components. */
function renderAt(url: string) {
  const root = createRootRoute();
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> }),
    createRoute({
      getParentRoute: () => root,
      path: '/auth/login',
      validateSearch: (s: Record<string, unknown>) => z.object({ type: z.enum(['account', 'phone']).optional() }).parse(s),
      component: () => <p>login form</p>,
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/broken',
      component: () => {
        throw new Error('render failed');
      },
    }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [url] }),
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
  return render(<RouterProvider router={router} />);
}

describe('error pages', () => {
  it('shows "Page Not Found: {path}" for an unknown path', async () => {
    await i18nReady;
    renderAt('/nowhere/at-all');
    expect(await screen.findByText('Page Not Found: /nowhere/at-all')).toBeTruthy();
  });

  it('shows the 404 page when a route rejects its search parameters', async () => {
    renderAt('/auth/login?type=bogus');
    expect(await screen.findByText('Page Not Found: /auth/login')).toBeTruthy();
    expect(screen.queryByText('login form')).toBeNull();
  });

  it('accepts valid search parameters', async () => {
    renderAt('/auth/login?type=account');
    expect(await screen.findByText('login form')).toBeTruthy();
  });

  it('shows the 500 page with retry and home for any other error', async () => {
    renderAt('/broken');
    expect(await screen.findByTestId('server-error')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Try again')).toBeTruthy();
    expect(screen.getByText('Back to home')).toBeTruthy();
  });
});
