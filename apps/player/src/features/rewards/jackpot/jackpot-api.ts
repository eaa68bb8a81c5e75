import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ClientConstants, ErrorCode, JackpotTiers, PageSize, type JackpotTier } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { livePollInterval } from '../../../lib/live.ts';
import { useLiveJackpot } from '../../../lib/live-jackpot.ts';

/** The lucky jackpot's calls (activity 47, issue 18; contract `endpoints/jackpot-*.ts`). */
export const DRAW_INFO_KEY = ['getJackpotDrawInfo'] as const;
export const RANK_KEY = ['getJackpotRank'] as const;
export const RECORDS_KEY = ['getPersonJackpotDrawAwardLog'] as const;

/**
 * The pools, chances, winners and award table. Kept current by the live jackpot topic (decision
 * 053) and polled every 6 s (spec §9) while its socket is down, while a jackpot screen shows and the
 * page is visible; `paused` holds the numbers still while a spin plays (the pools and chances must
 * not give the result away before the grid stops).
 */
export function useDrawInfo(paused = false) {
  const live = useLiveJackpot(DRAW_INFO_KEY, paused);
  return useQuery({
    queryKey: DRAW_INFO_KEY,
    queryFn: () => call('getJackpotDrawInfo', {}, { quiet: true }),
    refetchInterval: paused ? false : livePollInterval(live, ClientConstants.jackpotRefreshMs),
    staleTime: 1_000,
  });
}

export function draw() {
  return call('receiveDrawChance', {}, { quiet: true });
}

export function useJackpotRank() {
  return useInfiniteQuery({
    queryKey: RANK_KEY,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => call('getJackpotRank', { pageNum: pageParam, pageSize: PageSize.rank }, { quiet: true }),
    getNextPageParam: (last) => (last.allRank.pageNum < last.allRank.pages ? last.allRank.pageNum + 1 : undefined),
  });
}

export function useJackpotRecords() {
  return useInfiniteQuery({
    queryKey: RECORDS_KEY,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => call('getPersonJackpotDrawAwardLog', { pageNum: pageParam, pageSize: PageSize.record }, { quiet: true }),
    getNextPageParam: (last) => (last.pageNum < last.pages ? last.pageNum + 1 : undefined),
  });
}

const DRAW_CODES: readonly number[] = [ErrorCode.jackpotNoChance, ErrorCode.jackpotNotRunning, ErrorCode.jackpotDepositNeeded, ErrorCode.jackpotTooFrequent];

/** The text of a refused draw (spec §8): 1001-1004 each its own, any other code the generic one with the code. */
export function drawErrorText(code: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (DRAW_CODES.includes(code)) return t(`jackpot.errors.${code}`);
  return t('jackpot.errors.failed', { code });
}

/**
 * The four pools' names as the spec gives them (Mega, Major, Minor, Mini): names, the same in every
 * language (like "VIP"); anything else says the language's word for jackpot.
 */
const TIER_NAMES: Record<JackpotTier, string> = { mega: 'Mega', major: 'Major', minor: 'Minor', mini: 'Mini' };
export function tierName(tier: JackpotTier | null, t: (key: string) => string): string {
  return tier ? TIER_NAMES[tier] : t('jackpot.jackpot');
}

/** A tier by its award id (50001 Mega … 50004 Mini). */
export function tierOf(propId: number): JackpotTier | null {
  return JackpotTiers.find((x) => x.propId === propId)?.tier ?? null;
}
