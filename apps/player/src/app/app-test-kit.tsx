// Tests that render the whole app (route tree, shell, guards) get it here: lib/game-test-kit.tsx
// holds the data and session helpers, and lib must not import the app.
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';

/**
 * The whole app (real route tree: shell, guards, validity checks, lazy pages) at `url`, in memory,
 * with the given query client. `where()` is the current address.
 */
export async function renderApp(url: string, qc: QueryClient) {
  const { routeTree } = await import('./router.tsx');
  const { NotFoundPage, RouteErrorPage } = await import('./error-pages.tsx');
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url] }),
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
  const utils = render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, where: () => router.state.location.href };
}
