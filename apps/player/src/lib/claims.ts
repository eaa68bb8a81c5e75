import { useState } from 'react';
import { ActivityType, type ActivityView, type Money } from '@playhall/contract';
import { call } from './api.ts';
import { isInstalledApp } from './pwa.ts';
import { paths } from './paths.ts';
import { queryClient } from './query-client.ts';
import { activitiesOfType, activityRoute, openRewardModal, refreshRedDots, useActivities, useHasRecordOf, useRedDots, type RewardShown } from './rewards.ts';
import { loginHref, setUser, useIsLoggedIn, useSession } from './session.ts';

/*
 * Claims (issue 14, issue 17 §1): what a claim changes in the app, and the claims a player meets
 * in the bonus centre and on Me, one list built from the engine's state so both places say the
 * same. Off the first screen (decision 033): only the pages that claim import it.
 */

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
  void queryClient.invalidateQueries({ queryKey: ['activityAwardGetSum'] });
  refreshRedDots();
  openRewardModal(shown);
}

/** Receive a one-off activity's reward (sign-up bonus, bind phone, fund) and show it. */
export async function receiveActivity(activity: Pick<ActivityView, 'id' | 'name' | 'detail'>): Promise<void> {
  // The installed app says so: the download bonus is paid only then (decision 030).
  const res = await call('activityReceive', { activityId: activity.id, ...(isInstalledApp() ? { installed: true } : {}) });
  const multiplier = typeof activity.detail.multiplier === 'number' ? activity.detail.multiplier : undefined;
  applyClaim(res.coin, { title: activity.name, awards: res.awards, ...(multiplier !== undefined ? { multiplier } : {}) });
}

/**
 * A Receive button's state and action: busy while the claim runs; a refusal's toast says why
 * (already received, not eligible, once per person) and the dots are asked again, since what the
 * player may receive changed under them.
 */
export function useReceive(): { busy: boolean; receive: (activity: Pick<ActivityView, 'id' | 'name' | 'detail'>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const receive = async (activity: Pick<ActivityView, 'id' | 'name' | 'detail'>) => {
    setBusy(true);
    try {
      await receiveActivity(activity);
    } catch {
      refreshRedDots();
    } finally {
      setBusy(false);
    }
  };
  return { busy, receive };
}

/** What a claim entry lets the player do now. */
export type ClaimAction =
  /** Receive it here (activityReceive). */
  | { kind: 'receive' }
  /** The claim (or what earns it) is on another page. */
  | { kind: 'go'; href: string; labelKey: string }
  /** A visitor: log in, then come back to `href`. */
  | { kind: 'login'; href: string }
  /** Nothing to receive now: received already, or not for this player. */
  | { kind: 'done'; reasonKey: string };

/** One running activity that pays on a claim (sign-in, sign-up, bind, download, fund, first deposit). */
export interface ClaimEntry {
  activity: ActivityView;
  /** The engine's red dot for it (activityGetStatusList), when it has one. */
  dot: boolean;
  action: ClaimAction;
}

/** The types a player claims (or earns by a step of their own), in the order they are listed when the operator's sort ties. */
const CLAIM_TYPES = [ActivityType.freeSign, ActivityType.signUpBonus, ActivityType.fund, ActivityType.bind, ActivityType.download, ActivityType.firstCharge, ActivityType.firstDeposit] as const;

/**
 * Every running activity a player claims, in the operator's sort order, each with its red dot and
 * what the player can do about it now, from the engine's state: the red dots, the running
 * activities (their detail, the player's deposits) and, for the one-offs without a dot (bind phone,
 * download), whether a reward record exists. A visitor gets each with a login action back to `here`.
 */
export function useClaimEntries(here: string): { entries: ClaimEntry[]; isPending: boolean; isError: boolean; refetch: () => void } {
  const loggedIn = useIsLoggedIn();
  const mobile = useSession((s) => s.user?.mobile ?? null);
  const activities = useActivities();
  const dotsQ = useRedDots();
  const dots = dotsQ.data;
  const list = activitiesOfType(activities.data, CLAIM_TYPES);
  const has = (type: number) => list.some((a) => a.type === type);
  const installed = isInstalledApp();
  const signUpReceived = useHasRecordOf(ActivityType.signUpBonus, loggedIn && has(ActivityType.signUpBonus) && dots?.signupBonus === false);
  const bindReceived = useHasRecordOf(ActivityType.bind, loggedIn && has(ActivityType.bind) && Boolean(mobile));
  const downloadReceived = useHasRecordOf(ActivityType.download, loggedIn && has(ActivityType.download) && installed);
  const firstDepositDone = (activities.data?.totalRecharge ?? 0) > 0;

  const entryOf = (a: ActivityView): ClaimEntry => {
    const go = (href: string, labelKey: string): ClaimAction => (loggedIn ? { kind: 'go', href, labelKey } : { kind: 'login', href: loginHref(href) });
    const receiveOr = (can: boolean | undefined, reasonKey = ''): ClaimAction => (!loggedIn ? { kind: 'login', href: loginHref(here) } : can ? { kind: 'receive' } : { kind: 'done', reasonKey });
    switch (a.type) {
      case ActivityType.freeSign:
        return { activity: a, dot: Boolean(dots?.signIn), action: go(activityRoute(a.type)!, dots?.signIn ? 'bonus.claim.signIn' : 'bonus.claim.open') };
      case ActivityType.signUpBonus:
        return { activity: a, dot: Boolean(dots?.signupBonus), action: receiveOr(dots?.signupBonus, signUpReceived.data ? 'bonus.claim.received' : 'bonus.claim.notEligible') };
      case ActivityType.fund:
        // No interest to receive today: what earns it is coin kept in the safebox overnight.
        if (loggedIn && !dots?.fund) return { activity: a, dot: false, action: { kind: 'go', href: paths.safebox, labelKey: 'bonus.claim.safebox' } };
        return { activity: a, dot: Boolean(dots?.fund), action: receiveOr(true) };
      case ActivityType.bind:
        if (loggedIn && !mobile) return { activity: a, dot: false, action: { kind: 'go', href: paths.bind, labelKey: 'bonus.claim.bind' } };
        return { activity: a, dot: false, action: receiveOr(bindReceived.data === false, 'bonus.claim.received') };
      case ActivityType.download:
        // Paid from the installed app only (decision 030): elsewhere the way there is the download page.
        if (!installed) return { activity: a, dot: false, action: { kind: 'go', href: paths.download, labelKey: 'bonus.claim.install' } };
        return { activity: a, dot: false, action: receiveOr(downloadReceived.data === false, 'bonus.claim.received') };
      default:
        // First deposit (39 / 44): paid with the first deposit itself.
        if (loggedIn && firstDepositDone) return { activity: a, dot: false, action: { kind: 'done', reasonKey: 'bonus.claim.firstDepositDone' } };
        return { activity: a, dot: false, action: go(activityRoute(a.type)!, 'bonus.claim.deposit') };
    }
  };

  return {
    entries: list.map(entryOf),
    isPending: activities.isPending || (loggedIn && dotsQ.isPending),
    isError: activities.isError,
    refetch: () => {
      void activities.refetch();
      void dotsQ.refetch();
    },
  };
}
