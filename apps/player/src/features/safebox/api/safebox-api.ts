import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SafeboxState } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { setUser, useSession } from '../../../lib/session.ts';

export const SAFEBOX_KEY = ['getSafebox'] as const;

export function useSafebox() {
  return useQuery({ queryKey: SAFEBOX_KEY, queryFn: () => call('getSafebox', {}), staleTime: 5_000 });
}

/** After a safebox call: its answer is the new state; the top bar balance reloads too. */
export function useApplySafebox() {
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  return (next: SafeboxState) => {
    qc.setQueryData(SAFEBOX_KEY, next);
    if (user && (user.hasSafeboxPassword !== next.hasPassword || user.coin !== next.coin || user.safebox !== next.safebox)) {
      setUser({ ...user, hasSafeboxPassword: next.hasPassword, coin: next.coin, safebox: next.safebox });
    }
    return qc.invalidateQueries({ queryKey: ['refreshData'] });
  };
}

/**
 * One id per intended move: kept while a try fails without an answer (timeout, network), so
 * tapping again retries the same move and the server applies it once.
 */
export function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
