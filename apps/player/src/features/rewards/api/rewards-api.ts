import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { awardOf, PageSize, type AwardKind } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { rangeStart, type RecordRange } from '../../../lib/record-range.ts';
import { applyClaim, receiveActivity } from '../../../lib/claims.ts';
import { refreshRedDots } from '../../../lib/rewards.ts';

export {
  activitiesOfType,
  anyDot,
  refreshRedDots,
  useActivities,
  useRedDots,
} from '../../../lib/rewards.ts';

export const SIGN_IN_KEY = ['loginBonus3User'] as const;

/** Free sign-in (36): the 7 days as the player stands today. */
export function useSignIn() {
  return useQuery({ queryKey: SIGN_IN_KEY, queryFn: () => call('loginBonus3User', {}), staleTime: 5_000 });
}

/**
 * Receive today's sign-in bonus: the answer's balance shows in the top bar at once, the reward
 * modal says what was received, the dots refresh (throttled to 1 s).
 */
export function useSignInReceive(activityName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('loginBonus3UserReceive', {}),
    onSuccess: (res) => {
      applyClaim(res.coin, { title: activityName, awards: [{ awardId: res.awardId, count: res.amount, turnover: res.turnover }] });
      void qc.invalidateQueries({ queryKey: SIGN_IN_KEY });
    },
    // Refused (already received elsewhere, not running): show the state as it is now.
    onError: () => {
      void qc.invalidateQueries({ queryKey: SIGN_IN_KEY });
      refreshRedDots();
    },
  });
}

/** Sign-up bonus, bind phone, fund: the engine's one claim call. */
export function useActivityReceive() {
  return useMutation({ mutationFn: receiveActivity });
}

/** The player's reward records, 20 a page, newest first; optionally one activity type, and from the start of a range of days. */
export function useAwardLog(activityType: number | undefined, range: RecordRange = 'all') {
  return useInfiniteQuery({
    queryKey: ['activityAwardGetLog', activityType ?? 'all', range],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const beginTime = rangeStart(range);
      return call('activityAwardGetLog', { pageNum: pageParam, pageSize: PageSize.record, ...(activityType ? { activityType } : {}), ...(beginTime ? { beginTime } : {}) });
    },
    getNextPageParam: (last) => (last.pageNum < last.pages ? last.pageNum + 1 : undefined),
  });
}

/** Coin awards count hundredths; everything else counts whole units. */
export const isCoinAward = (awardId: number) => awardOf(awardId)?.asset === 'coin';

/** What an award is, for its label (`rewards.awards.<kind>`); null for an id this release does not grant. */
export const awardKind = (awardId: number): AwardKind | null => awardOf(awardId)?.kind ?? null;
