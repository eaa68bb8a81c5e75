import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { ActivityView, Money, RedDots } from '@playhall/contract';
import { call } from './api.ts';
import { queryClient } from './query-client.ts';
import { registerStoreReset, setUser, useIsLoggedIn, useSession } from './session.ts';

/**
 * What several parts of the app share about rewards (issue 14): the running activities, the red
 * dots, the reward modal's state and what a successful claim changes. The rewards feature builds
 * its pages on these; the shell and the member page read them too (decision 021: shared code
 * sits in src/lib).
 */

export const ACTIVITIES_KEY = ['getActivityIds'] as const;
export const RED_DOTS_KEY = ['activityGetStatusList'] as const;

/** The running activities (needs a player); the route guard fetches it through the query client. */
export const activitiesQuery = {
  queryKey: ACTIVITIES_KEY,
  queryFn: () => call('getActivityIds', {}, { quiet: true }),
  staleTime: 10_000,
};

export function useActivities() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...activitiesQuery, enabled: loggedIn });
}

/** The running activities of these types, in the operator's sort order. */
export function activitiesOfType(data: { activityIds: number[]; activityMap: Record<string, ActivityView> } | undefined, types: readonly number[]): ActivityView[] {
  if (!data) return [];
  return data.activityIds.map((id) => data.activityMap[String(id)]).filter((a): a is ActivityView => Boolean(a && types.includes(a.type)));
}

/** The red dots; all false for a visitor (the call is public). */
export function useRedDots() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: [...RED_DOTS_KEY, loggedIn],
    queryFn: () => call('activityGetStatusList', {}, { quiet: true }),
    staleTime: 10_000,
    select: (d) => d.redDots,
  });
}

/** Any reward dot on (the "Me" tab shows one when so). */
export function anyDot(dots: RedDots | undefined): boolean {
  return Boolean(dots && Object.values(dots).some(Boolean));
}

/** Spec §9: activity refresh is throttled to 1 s. */
export const DOT_REFRESH_MS = 1_000;
let lastDotRefresh = 0;
let pendingDotRefresh: ReturnType<typeof setTimeout> | null = null;

/** Refreshes the red dots (and the running activities) at most once a second; a call inside the second runs at its end. */
export function refreshRedDots(now = Date.now()): void {
  if (pendingDotRefresh) return;
  const run = () => {
    pendingDotRefresh = null;
    lastDotRefresh = Date.now();
    void queryClient.invalidateQueries({ queryKey: RED_DOTS_KEY });
    void queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY });
  };
  const wait = lastDotRefresh + DOT_REFRESH_MS - now;
  if (wait <= 0) run();
  else pendingDotRefresh = setTimeout(run, wait);
}

/** One award as the reward modal shows it: `count` is hundredths for coin awards, whole units otherwise. */
export interface ReceivedAward {
  awardId: number;
  count: number;
  turnover: number;
}

export interface RewardShown {
  /** The activity's name as the operator gave it. */
  title: string;
  awards: ReceivedAward[];
  /** Turnover per coin of bonus before withdrawal. */
  multiplier?: number;
}

interface RewardModalState {
  shown: RewardShown | null;
}

export const useRewardModal = create<RewardModalState>(() => ({ shown: null }));

export function openRewardModal(shown: RewardShown): void {
  useRewardModal.setState({ shown });
}

export function closeRewardModal(): void {
  useRewardModal.setState({ shown: null });
}

registerStoreReset(() => {
  useRewardModal.setState({ shown: null });
  lastDotRefresh = 0;
  if (pendingDotRefresh) clearTimeout(pendingDotRefresh);
  pendingDotRefresh = null;
});

/**
 * After any successful claim: the top bar shows the balance the answer carries at once, the
 * balances reload, the dots refresh (throttled) and the modal says what was received.
 */
export function applyClaim(coin: Money, shown: RewardShown): void {
  const user = useSession.getState().user;
  if (user && user.coin !== coin) setUser({ ...user, coin });
  queryClient.setQueryData<{ coin?: number }>(['refreshData'], (old) => (old ? { ...old, coin } : old));
  void queryClient.invalidateQueries({ queryKey: ['refreshData'] });
  void queryClient.invalidateQueries({ queryKey: ['activityAwardGetLog'] });
  refreshRedDots();
  openRewardModal(shown);
}

/** Receive a one-off activity's reward (sign-up bonus, bind phone, fund) and show it. */
export async function receiveActivity(activity: Pick<ActivityView, 'id' | 'name' | 'detail'>): Promise<void> {
  const res = await call('activityReceive', { activityId: activity.id });
  const multiplier = typeof activity.detail.multiplier === 'number' ? activity.detail.multiplier : undefined;
  applyClaim(res.coin, { title: activity.name, awards: res.awards, ...(multiplier !== undefined ? { multiplier } : {}) });
}

/** Whether the player has any reward record of this activity type (a one-off already received). */
export function useHasRecordOf(activityType: number, enabled: boolean) {
  return useQuery({
    queryKey: ['activityAwardGetLog', activityType, 'any'],
    queryFn: async () => (await call('activityAwardGetLog', { pageNum: 1, pageSize: 1, activityType }, { quiet: true })).total > 0,
    enabled,
    staleTime: 10_000,
  });
}
