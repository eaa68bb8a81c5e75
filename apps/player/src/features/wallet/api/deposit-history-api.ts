import { useInfiniteQuery } from '@tanstack/react-query';
import { PageSize, type DepositOrderStatus } from '@playhall/contract';
import { call } from '../../../lib/api.ts';

export const DEPOSIT_STATUSES: readonly DepositOrderStatus[] = ['paid', 'pending', 'failed', 'expired'];

/** The player's deposit orders, whatever became of them, 20 a page (getRechargeOrderList). */
export function useDepositHistory(status: DepositOrderStatus | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['getRechargeOrderList', status ?? 'all'],
    initialPageParam: 1,
    enabled,
    queryFn: ({ pageParam }) => call('getRechargeOrderList', { pageNum: pageParam, pageSize: PageSize.record, ...(status ? { status } : {}) }),
    getNextPageParam: (last) => (last.pageNum < last.pages ? last.pageNum + 1 : undefined),
  });
}
