import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { ActivityType, ClickType, type ActivityView, type RedDots } from '@playhall/contract';
import { call } from './api.ts';
import { paths } from './paths.ts';
import { openExternal } from './native-bridge.ts';
import { queryClient } from './query-client.ts';
import { usePreLogin } from './queries.ts';
import { formatMoneyExact } from './money.ts';
import { loginHref, registerStoreReset, useIsLoggedIn } from './session.ts';

/**
 * What several parts of the app share about rewards (issue 14): the running activities, the red
 * dots, the reward modal's state and what a successful claim changes. The rewards feature builds
 * its pages on these; the shell and the member page read them too (decision 021: shared code
 * sits in src/lib).
 */

export const ACTIVITIES_KEY = ['getActivityIds'] as const;
export const RED_DOTS_KEY = ['activityGetStatusList'] as const;

/** The running activities for a player (getActivityIds needs a session); the route guard fetches it through the query client. */
export const activitiesQuery = {
  queryKey: ACTIVITIES_KEY,
  queryFn: () => call('getActivityIds', {}, { quiet: true }),
  staleTime: 10_000,
};

type RunningActivities = { activityIds: number[]; activityMap: Record<string, ActivityView> };

export interface ActivitiesResult {
  /** `totalRecharge` (the player's deposits, in hundredths) is null for a visitor. */
  data: (RunningActivities & { hasTurntable: boolean; totalRecharge: number | null }) | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The running activities: a player's from getActivityIds, a visitor's from the public start-up
 * call (preLogin), so a visitor sees the same banners and notices before logging in.
 */
export function useActivities(): ActivitiesResult {
  const loggedIn = useIsLoggedIn();
  const player = useQuery({ ...activitiesQuery, enabled: loggedIn });
  const start = usePreLogin();
  if (loggedIn) return player;
  const running = start.data?.activityIds;
  return {
    data: running && { ...running, hasTurntable: running.activityIds.some((id) => running.activityMap[String(id)]?.type === ActivityType.inviteUserSpin), totalRecharge: null },
    isPending: start.isPending,
    isError: start.isError,
    refetch: start.refetch,
  };
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

/** Whether the player has any reward record of this activity type (a one-off already received). */
export function useHasRecordOf(activityType: number, enabled: boolean) {
  return useQuery({
    queryKey: ['activityAwardGetLog', activityType, 'any'],
    queryFn: async () => (await call('activityAwardGetLog', { pageNum: 1, pageSize: 1, activityType }, { quiet: true })).total > 0,
    enabled,
    staleTime: 10_000,
  });
}

/* ------------------------------------------------------------------------------------------------
 * Activity click actions (spec §2) and startup popups, shared by the home banner and the shell.
 * ---------------------------------------------------------------------------------------------- */

/** Where an activity's own page is, by type; undefined for a type with no page of its own. */
export function activityRoute(type: number): string | undefined {
  if (type === ActivityType.freeSign) return '/activity/sign-in';
  if (type === ActivityType.firstCharge || type === ActivityType.firstDeposit) return '/activity/first-deposit';
  // Claimed in the bonus centre, where what the player can receive now is listed.
  if (type === ActivityType.signUpBonus || type === ActivityType.bind || type === ActivityType.fund) return paths.bonusHome;
  if (type === ActivityType.download) return '/download';
  return undefined;
}

/** What a click on an activity does. */
export type ActivityClick =
  | { kind: 'route'; href: string }
  | { kind: 'external'; href: string }
  | { kind: 'notice'; activityId: number }
  | { kind: 'jackpot' }
  | { kind: 'login'; href: string }
  | { kind: 'none' };

/**
 * Spec §2: clickType 1 opens an activity page (the activity's own, another activity named by a
 * numeric clickAction, or a route path starting with `/`); 2 starts the game whose id is
 * clickAction; 3 opens an https link in a new tab. An activity hidden from visitors sends a visitor
 * to login and back.
 */
export function activityClick(activity: ActivityView, running: RunningActivities | undefined, loggedIn: boolean): ActivityClick {
  const action = activity.clickAction.trim();
  let target: ActivityClick = { kind: 'none' };
  if (activity.clickType === ClickType.game) {
    if (/^\d+$/.test(action)) target = { kind: 'route', href: `/game/start?gameId=${action}` };
  } else if (activity.clickType === ClickType.link) {
    if (/^https:\/\/[^\s]+$/i.test(action)) target = { kind: 'external', href: action };
  } else if (action.startsWith('/') && !action.startsWith('//')) {
    target = { kind: 'route', href: action };
  } else if (action === '' || /^\d+$/.test(action)) {
    const other = /^\d+$/.test(action) ? running?.activityMap[action] : activity;
    if (other?.type === ActivityType.notice) target = { kind: 'notice', activityId: other.id };
    // The lucky jackpot opens its modal; a visitor gets its page (login, then the page).
    else if (other?.type === ActivityType.luckyJackpot) target = loggedIn ? { kind: 'jackpot' } : { kind: 'route', href: paths.jackpot };
    else {
      const route = other ? activityRoute(other.type) : undefined;
      if (route) target = { kind: 'route', href: route };
    }
  }
  if (!loggedIn && !activity.unloginShowStatus && target.kind !== 'none') {
    return { kind: 'login', href: loginHref(target.kind === 'route' ? target.href : undefined) };
  }
  return target;
}

/** The notice modal's state: which notice activity it shows (from a startup popup or a click). */
export const useNoticeModal = create<{ activityId: number | null }>(() => ({ activityId: null }));
registerStoreReset(() => useNoticeModal.setState({ activityId: null }));

/** The jackpot modal (spec §2), opened by the lucky jackpot activity's click and its bubble; shown by the jackpot's lazy host. */
export const useJackpotModal = create<{ open: boolean }>(() => ({ open: false }));
registerStoreReset(() => useJackpotModal.setState({ open: false }));

/** Performs an activity click: navigates, opens the link outside the app (a new tab, or the shell's browser), the notice or the jackpot modal. */
export function performActivityClick(click: ActivityClick, navigate: (href: string) => void): void {
  if (click.kind === 'route' || click.kind === 'login') navigate(click.href);
  else if (click.kind === 'external') void openExternal(click.href);
  else if (click.kind === 'notice') useNoticeModal.setState({ activityId: click.activityId });
  else if (click.kind === 'jackpot') useJackpotModal.setState({ open: true });
}

/** Startup popups, in the spec's order (download, notice, first deposit, invite spin); invite spin does not exist yet. */
export type StartupPopup = { kind: 'download'; activity: ActivityView } | { kind: 'notice'; activity: ActivityView } | { kind: 'firstDeposit'; activity: ActivityView };

export const STARTUP_SEEN_KEY = 'playhall.startupPopups.seen';

function popupKey(p: StartupPopup): string {
  return `${p.kind}:${p.activity.id}`;
}

/**
 * The startup popups still to show this session, in order. `offerDownload`: the app may offer
 * installing here (`canOfferInstall` in lib/pwa.ts) and the player has not received the download
 * bonus; the download popup is for a logged-in player only.
 */
export function startupPopups(
  running: (RunningActivities & { totalRecharge: number | null }) | undefined,
  loggedIn: boolean,
  seen: readonly string[],
  o: { offerDownload?: boolean } = {},
): StartupPopup[] {
  if (!running) return [];
  const all: StartupPopup[] = [];
  if (loggedIn && o.offerDownload) {
    const dl = activitiesOfType(running, [ActivityType.download])[0];
    if (dl) all.push({ kind: 'download', activity: dl });
  }
  for (const a of activitiesOfType(running, [ActivityType.notice])) all.push({ kind: 'notice', activity: a });
  if (loggedIn && running.totalRecharge === 0) {
    const fd = activitiesOfType(running, [ActivityType.firstCharge, ActivityType.firstDeposit])[0];
    if (fd) all.push({ kind: 'firstDeposit', activity: fd });
  }
  return all.filter((p) => !seen.includes(popupKey(p)));
}

/** The popups shown this session (sessionStorage: not again on reload, again in a new session). */
export function seenStartupPopups(): string[] {
  try {
    const raw = sessionStorage.getItem(STARTUP_SEEN_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function markStartupPopupSeen(p: StartupPopup): void {
  const seen = seenStartupPopups();
  const key = popupKey(p);
  if (seen.includes(key)) return;
  try {
    sessionStorage.setItem(STARTUP_SEEN_KEY, JSON.stringify([...seen, key]));
  } catch {
    // Storage full or blocked: the popup may show again, never worse.
  }
}

/** A notice's title and body in the player's language, falling back to en-US. */
export function noticeText(activity: ActivityView, language: string): { title: string; body: string } {
  const pick = (field: unknown): string => {
    if (typeof field === 'string') return field;
    if (field && typeof field === 'object') {
      const m = field as Record<string, unknown>;
      const v = m[language] ?? m['en-US'];
      return typeof v === 'string' ? v : '';
    }
    return '';
  };
  return { title: pick(activity.detail.title) || activity.name, body: pick(activity.detail.body) };
}

function maxOf(values: unknown[]): number | null {
  const nums = values.filter((v): v is number => Number.isInteger(v) && (v as number) > 0);
  return nums.length ? Math.max(...nums) : null;
}

/**
 * The one-line offer of a designed banner, from what the activity's detail says (never invented).
 * Amounts are exact, as the offer's own page and popup state them (decision 026).
 */
export function offerLine(a: ActivityView, t: (k: string, o?: Record<string, unknown>) => string, language: string): string {
  const money = (v: number) => formatMoneyExact(v, language);
  const d = a.detail;
  if (a.clickType === ClickType.game) return t('rewards.banner.play');
  switch (a.type) {
    case ActivityType.freeSign: {
      const top = Array.isArray(d.rewards) ? maxOf(d.rewards as unknown[]) : null;
      return top ? t('rewards.banner.signIn', { amount: money(top) }) : t('rewards.banner.signInPlain');
    }
    case ActivityType.firstCharge:
    case ActivityType.firstDeposit: {
      const top = Array.isArray(d.tiers) ? maxOf((d.tiers as { bonus?: unknown }[]).map((x) => x?.bonus)) : null;
      return top ? t('rewards.banner.firstDeposit', { amount: money(top) }) : t('rewards.banner.open');
    }
    case ActivityType.signUpBonus:
    case ActivityType.bind:
    case ActivityType.download:
      return Number.isInteger(d.amount) && (d.amount as number) > 0 ? t('rewards.banner.bonus', { amount: money(d.amount as number) }) : t('rewards.banner.open');
    case ActivityType.fund:
      return t('rewards.banner.fund');
    case ActivityType.notice:
      return noticeText(a, language).title;
    default:
      return t('rewards.banner.open');
  }
}
