// Second baseline of the player's bundle budget (bench/bundle-bench.ts, decision 033): React 19 with
// the libraries the player's first screen cannot do without (TanStack Router and Query, zustand),
// each used once, and nothing else. (i18next was one until the player's own translator replaced it.)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { create } from 'zustand';

const useCount = create<{ n: number }>(() => ({ n: 0 }));

function Home() {
  const n = useCount((s) => s.n);
  const q = useQuery({ queryKey: ['hello'], queryFn: () => Promise.resolve('world') });
  return <h1 onClick={() => useCount.setState({ n: n + 1 })}>Hello {q.data ?? '…'} {n}</h1>;
}

const rootRoute = createRootRoute({ component: Outlet });
const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })]) });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
