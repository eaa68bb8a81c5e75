/**
 * Test helpers for the withdraw screens (jsdom): contract-shaped answers, a fetch that serves them
 * through the real API client, and a small router with the wallet routes.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, useLocation } from '@tanstack/react-router';
import { z } from 'zod';
import type { ExchangeInfo, Money, ReceivingAccount, ReceivingAccounts, WithdrawChannel, WithdrawalOrder } from '@playhall/contract';
import { NotFoundPage, RouteErrorPage } from '../../app/error-pages.tsx';
import { withdrawalParams } from './api/withdraw-rules.ts';

export const $ = (n: number) => n as Money;

export const pix: WithdrawChannel = { id: 1, name: 'PIX', sort: 1, minAmount: $(2000), maxAmount: $(2_000_000), banks: [] };
export const bankTransfer: WithdrawChannel = {
  id: 2, name: 'Bank transfer', sort: 2, minAmount: $(5000), maxAmount: $(5_000_000),
  banks: [{ id: 11, name: 'Nubank', code: '260', sort: 1 }, { id: 12, name: 'Itaú', code: '341', sort: 2 }],
};

export function account(over: Partial<ReceivingAccount> = {}): ReceivingAccount {
  return {
    id: 7, typeId: 1, typeName: 'PIX', bankId: null, bankName: null, accountName: 'Ana Souza', accountNoMasked: '•••• 5678',
    isDefault: true, createdAt: '2025-01-02T10:00:00.000Z', updatedAt: '2025-01-02T10:00:00.000Z', ...over,
  };
}

export function accounts(list: ReceivingAccount[], over: Partial<ReceivingAccounts> = {}): ReceivingAccounts {
  return {
    appUserBank: list.find((a) => a.isDefault) ?? null,
    appUserBankList: Object.fromEntries(list.map((a) => [String(a.id), a])),
    list,
    maxAccounts: 5,
    channels: [pix, bankTransfer],
    ...over,
  };
}

export function order(over: Partial<WithdrawalOrder> = {}): WithdrawalOrder {
  return {
    orderId: 'WD0123456789ABCDEF0123', status: 'pending', amount: $(3000), typeId: 1, typeName: 'PIX', bankName: null,
    accountName: 'Ana Souza', accountNoMasked: '•••• 5678', createdAt: '2025-01-03T12:00:00.000Z', reviewedAt: null, closedAt: null,
    reason: null, ...over,
  };
}

/** A player with 120 coins, all withdrawable, one PIX account, nothing used today: every line ok. */
export function exchangeInfo(over: Partial<ExchangeInfo> = {}): ExchangeInfo {
  const base = accounts([account()]);
  return {
    ...base,
    coin: $(12_000),
    exchange: $(12_000),
    bet: $(0),
    maxAmount: $(12_000),
    limits: { dailyCount: 3, dailyAmount: $(5_000_000), usedCount: 0, usedAmount: $(0) },
    checklist: [
      { key: 'turnover', ok: true, required: $(0), played: $(0), remaining: $(0), locked: $(0), bonuses: [] },
      { key: 'account', ok: true },
      { key: 'dailyCount', ok: true, used: 0, limit: 3 },
      { key: 'dailyAmount', ok: true, used: $(0), limit: $(5_000_000) },
      { key: 'minimum', ok: true, minAmount: $(2000), withdrawable: $(12_000) },
    ],
    canWithdraw: true,
    recent: [],
    ...over,
  };
}

export { mockApi, refuse } from '../../lib/mock-api.ts';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.href}</p>;
}

/**
 * The wallet routes as the app declares them (same validity checks), each rendering `pages[path]`
 * or a marker, with the current URL shown in `where`.
 */
export function renderRoutes(url: string, pages: Partial<Record<string, () => ReactNode>>, seed?: (qc: QueryClient) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(queryClient);
  const root = createRootRoute({ component: () => <><Outlet /><Where /></> });
  const view = (path: string) => () => <>{pages[path]?.() ?? <p>{`page ${path}`}</p>}</>;
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/wallets', component: view('/wallets') }),
    createRoute({ getParentRoute: () => root, path: '/wallets/card/list', component: view('/wallets/card/list') }),
    createRoute({
      getParentRoute: () => root,
      path: '/wallets/card/edit',
      validateSearch: (s: Record<string, unknown>) => z.object({ id: z.coerce.number().int().positive().optional(), redirect: z.string().optional() }).parse(s),
      component: view('/wallets/card/edit'),
    }),
    createRoute({ getParentRoute: () => root, path: '/withdrawal/$name', params: withdrawalParams, component: view('/withdrawal/$name') }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [url] }),
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
