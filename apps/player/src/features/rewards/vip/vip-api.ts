import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AwardId, PageSize, type Money } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { refreshRedDots } from '../../../lib/rewards.ts';
import { applyClaim } from '../../../lib/claims.ts';

/** VIP (activity 8) and its rebate (issue 17 §2-§3): the player's calls. */
export const VIP_KEY = ['getVipInfo'] as const;
export const REBATE_KEY = ['betBonus'] as const;
export const REBATE_LOG_KEY = ['betBonusLog'] as const;

export function useVipInfo() {
  return useQuery({ queryKey: VIP_KEY, queryFn: () => call('getVipInfo', {}), staleTime: 5_000, select: (d) => d.vipData });
}

export function useRebate() {
  return useQuery({ queryKey: REBATE_KEY, queryFn: () => call('betBonus', {}), staleTime: 5_000 });
}

export function useRebateLog() {
  return useInfiniteQuery({
    queryKey: REBATE_LOG_KEY,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => call('betBonusLog', { pageNum: pageParam, pageSize: PageSize.record }),
    getNextPageParam: (last) => (last.pageNum < last.pages ? last.pageNum + 1 : undefined),
  });
}

/** A VIP claim: what it calls. */
export type VipClaim = { kind: 'daily' } | { kind: 'signIn' } | { kind: 'task'; id: number } | { kind: 'allTasks' } | { kind: 'rebate' };

function send(c: VipClaim): Promise<{ amount: Money; turnover: Money; coin: Money }> {
  switch (c.kind) {
    case 'daily':
      return call('appVipUserReceiveDaily', {});
    case 'signIn':
      return call('appVipUserReceiveSignInAward', {});
    case 'task':
      return call('receiveVipTask', { id: c.id });
    case 'allTasks':
      return call('receiveVipTaskUnReceiveBonus', {});
    case 'rebate':
      return call('betBonusReceive', {});
  }
}

/**
 * Every VIP and rebate claim: the answer's balance shows in the top bar at once, the reward modal
 * says exactly what was received (`title`), the VIP state, rebate and dots reload.
 */
export function useVipClaim(title: string) {
  const qc = useQueryClient();
  const reload = () => {
    void qc.invalidateQueries({ queryKey: VIP_KEY });
    void qc.invalidateQueries({ queryKey: REBATE_KEY });
    void qc.invalidateQueries({ queryKey: REBATE_LOG_KEY });
  };
  return useMutation({
    mutationFn: send,
    onSuccess: (res) => {
      applyClaim(res.coin, { title, awards: [{ awardId: AwardId.coin, count: res.amount, turnover: res.turnover }] });
      reload();
    },
    // Refused (received elsewhere meanwhile, nothing left): show the state as it is now.
    onError: () => {
      reload();
      refreshRedDots();
    },
  });
}

/** Basis points as a percentage for people: 50 → "0.5%". */
export function percentOf(bp: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(bp / 100)}%`;
}
