import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Endpoints, LiveJackpotMessage, ResponseOf } from '@playhall/contract';
import { useLiveTopic } from './live.ts';

type DrawInfo = ResponseOf<Endpoints['getJackpotDrawInfo']>;

/**
 * getJackpotDrawInfo's answer with a live jackpot message applied (decision 053): new pools replace
 * the pool part (another activity's are ignored), a win goes first in the winners list (once, the
 * list keeping its length, at least one). The player's own part (chances, canReceiveDrawChance) is
 * never pushed: it stays as last fetched.
 */
export function applyJackpotMessage(info: DrawInfo, message: LiveJackpotMessage): DrawInfo {
  if (message.type === 'pools') {
    if (!message.pools || message.pools.activityId !== info.activityId) return info;
    return { ...info, ...message.pools };
  }
  const others = info.jackpotWinnerList.filter((w) => w.id !== message.winner.id);
  return { ...info, jackpotWinnerList: [message.winner, ...others].slice(0, Math.max(1, info.jackpotWinnerList.length)) };
}

/**
 * Keeps the getJackpotDrawInfo query under `queryKey` current from the live jackpot topic while the
 * calling screen is mounted; `paused` holds the numbers still (a spin must not give its result away:
 * the screen refetches after it). Pools of null (no lucky jackpot runs any more) or of another
 * activity refetch the query. Answers whether the socket is open: the query's `refetchInterval`
 * is `livePollInterval(live, ClientConstants.jackpotRefreshMs)`, so it polls only while it is not.
 */
export function useLiveJackpot(queryKey: QueryKey, paused = false): boolean {
  const qc = useQueryClient();
  return useLiveTopic<LiveJackpotMessage>('jackpot', (message) => {
    if (paused) return;
    const info = qc.getQueryData<DrawInfo>(queryKey);
    if (!info) return;
    if (message.type === 'pools' && message.pools?.activityId !== info.activityId) {
      void qc.invalidateQueries({ queryKey, exact: true });
      return;
    }
    qc.setQueryData<DrawInfo>(queryKey, applyJackpotMessage(info, message));
  });
}
