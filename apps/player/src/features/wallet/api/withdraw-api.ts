import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ErrorCode, type ReceivingAccounts, type WithdrawalOrder, type WithdrawalStatus } from '@playhall/contract';
import { ApiError, call } from '../../../lib/api.ts';
import { setUser, useSession } from '../../../lib/session.ts';

export const EXCHANGE_KEY = ['getExchange'] as const;
export const ACCOUNTS_KEY = ['getBankInfoList'] as const;
export const withdrawalKey = (orderId: string) => ['getWithdrawalOrder', orderId] as const;

/** A request is settled once it is paid, rejected or failed; until then it can still change. */
export const isOpenWithdrawal = (status: WithdrawalStatus) => status === 'pending' || status === 'approved';

/** How often an open request's screen asks again (an operator may act at any moment). */
const OPEN_POLL_MS = 10_000;

/** The withdraw screen: withdrawable, checklist, accounts, limits, newest requests. */
export function useExchangeInfo() {
  return useQuery({ queryKey: EXCHANGE_KEY, queryFn: () => call('getExchange', {}), staleTime: 5_000 });
}

export function useReceivingAccounts() {
  return useQuery({ queryKey: ACCOUNTS_KEY, queryFn: () => call('getBankInfoList', {}), staleTime: 10_000 });
}

/** One request; a not-found answer is shown as a page state, so it is not toasted. */
export function useWithdrawalOrder(orderId: string) {
  return useQuery({
    queryKey: withdrawalKey(orderId),
    queryFn: () => call('getWithdrawalOrder', { orderId }, { quiet: true }),
    retry: (count, err) => !(err instanceof ApiError && err.code === ErrorCode.withdrawOrderNotFound) && count < 1,
    refetchInterval: (q) => (q.state.data && isOpenWithdrawal(q.state.data.status) ? OPEN_POLL_MS : false),
    refetchOnWindowFocus: 'always',
  });
}

/** Every screen that shows coin: the top bar, both wallet views, the records and the safebox. */
export function invalidateBalances(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['refreshData'] }),
    qc.invalidateQueries({ queryKey: EXCHANGE_KEY }),
    qc.invalidateQueries({ queryKey: ['getRechargeInfo'] }),
    qc.invalidateQueries({ queryKey: ['appUserCoinDetail'] }),
    qc.invalidateQueries({ queryKey: ['getSafebox'] }),
  ]);
}

/** After a request was made: its answer is the order page's first data, and the balances follow. */
export function useApplyWithdrawal() {
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  return (answer: { order: WithdrawalOrder; coin: number; exchange: number }) => {
    qc.setQueryData(withdrawalKey(answer.order.orderId), answer.order);
    // The top bar reads refreshData, falling back to the session user: both show the new coin at once.
    if (user) setUser({ ...user, coin: answer.coin as typeof user.coin, exchange: answer.exchange as typeof user.exchange });
    qc.setQueryData(['refreshData'], (old: Record<string, unknown> | undefined) => (old ? { ...old, coin: answer.coin, exchange: answer.exchange } : old));
    return invalidateBalances(qc);
  };
}

/** After an account was saved: the answer is the new list; the withdraw screen's checklist changes too. */
export function useApplyAccounts() {
  const qc = useQueryClient();
  return (next: ReceivingAccounts) => {
    qc.setQueryData(ACCOUNTS_KEY, next);
    return qc.invalidateQueries({ queryKey: EXCHANGE_KEY });
  };
}

/**
 * One id per intended request: kept while a try ends without an answer (timeout, network), so
 * confirming the same amount and account again retries the same request and the server applies it once.
 */
export function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
