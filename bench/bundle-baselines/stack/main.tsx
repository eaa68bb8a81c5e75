// Second baseline of the player's bundle budget (bench/bundle-bench.ts, decision 033): React 19 with
// the libraries the player's first screen cannot do without (TanStack Router and Query, i18next
// with react-i18next, zustand), each used once, and nothing else.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { create } from 'zustand';

const useCount = create<{ n: number }>(() => ({ n: 0 }));

function Home() {
  const { t } = useTranslation();
  const n = useCount((s) => s.n);
  const q = useQuery({ queryKey: ['hello'], queryFn: () => Promise.resolve('world') });
  return <h1 onClick={() => useCount.setState({ n: n + 1 })}>{t('hello', { name: q.data ?? '…' })} {n}</h1>;
}

const rootRoute = createRootRoute({ component: Outlet });
const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })]) });
const queryClient = new QueryClient();

void i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hello: 'Hello {{name}}' } } } }).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
