import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect, type ParsedLocation, type StaticDataRouteOption } from '@tanstack/react-router';
import { ActivityType, ClientConstants, TrackedEvent } from '@playhall/contract';
import { AppShell } from './shell/app-shell.tsx';
import { NotFoundPage, RouteErrorPage } from './error-pages.tsx';
import { PageSkeleton } from '../components/ui/skeletons.tsx';
import { requireGuard } from './guards.ts';
import { paths } from '../lib/paths.ts';
import { pathOf, type RouteName } from '../lib/route-names.ts';
import { isLoggedIn, setNavigator } from '../lib/session.ts';
import { hasChunkFailed } from '../lib/chunk-reload.ts';
import { allTexts } from '../lib/i18n.ts';
import { trackEvent } from '../lib/tracker.ts';
import { withdrawalParams } from '../features/wallet/api/withdrawal-route.ts';
import { gameSearchSearch, gameStartSearch } from '../features/games/api/game-routes.ts';
import { coercedOne, coercedPositiveInt, coercedText, oneOf, optional, safeRedirect, searchOf } from '../lib/search-params.ts';

/** How a page is framed: the top + tab bars (top level) or a nav bar with back arrow and title. */
export type Chrome = 'tabs' | 'nav';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    chrome?: Chrome;
    /** i18n key of the nav bar title. */
    titleKey?: string;
    /** A link on the nav bar's right side (e.g. an activity's "Rule"). */
    navLink?: { to: string; labelKey: string };
    /** A bonus-centre page that exists only while an activity of this type runs (its tab hides otherwise). */
    bonusActivity?: number;
  }
}

// Search checks without zod (lib/search-params.ts): the router is on the first screen (decision 033).
// `redirect`: only same-site paths may be a post-login destination (no open redirects).
const loginSearch = searchOf({ type: optional(oneOf(['account', 'phone'])), redirect: safeRedirect });
const registerSearch = searchOf({
  // Numeric codes arrive as numbers after search parsing.
  inviteCode: optional(coercedText(32)),
  redirect: safeRedirect,
});
const redirectSearch = searchOf({ redirect: safeRedirect });
const walletsSearch = searchOf({
  name: oneOf(['deposit', 'withdraw']),
  orderId: optional(coercedText(64, /^[A-Z0-9]{4,64}$/)),
  back: optional(coercedOne),
});

/** ?id=N edits that saved account, no id adds one; `redirect` is where to go back after saving. */
const cardEditSearch = searchOf({ id: optional(coercedPositiveInt), redirect: safeRedirect });

const rootRoute = createRootRoute({ component: AppShell, notFoundComponent: NotFoundPage });

// A page other than home renders with every text of the default language, fetched beside its code
// (the first screen carries only home's texts; decision 033).
const page = (load: () => Promise<Record<string, unknown>>, name: string) =>
  lazyRouteComponent((() => Promise.all([load(), allTexts()]).then(([m]) => m)) as () => Promise<Record<string, React.ComponentType>>, name);

const content = () => import('../features/content/pages/info-pages.tsx');
const auth = () => import('../features/auth/pages/auth-pages.tsx');
const account = () => import('../features/auth/pages/account-pages.tsx');
const member = () => import('../features/member/pages/member-page.tsx');
const profile = () => import('../features/member/pages/profile-page.tsx');
const wallets = () => import('../features/wallet/pages/wallets-page.tsx');
const limits = () => import('../features/wallet/pages/limits-page.tsx');
const safebox = () => import('../features/safebox/pages/safebox-page.tsx');
const records = () => import('../features/wallet/pages/records-page.tsx');
const cards = () => import('../features/wallet/pages/card-pages.tsx');
const withdrawal = () => import('../features/wallet/pages/withdrawal-page.tsx');
const gameSearch = () => import('../features/games/pages/search-page.tsx');
const gameStart = () => import('../features/games/pages/game-start-page.tsx');
const gameRecords = () => import('../features/games/pages/records-pages.tsx');
const retrieveBalance = () => import('../features/games/pages/retrieve-balance-page.tsx');
const signIn = () => import('../features/rewards/pages/sign-in-page.tsx');
const signInRule = () => import('../features/rewards/pages/sign-in-rule-page.tsx');
const firstDeposit = () => import('../features/rewards/pages/first-deposit-page.tsx');
const rewardRecord = () => import('../features/rewards/pages/reward-record-page.tsx');
const tasks = () => import('../features/rewards/tasks/tasks-page.tsx');
const share = () => import('../features/rewards/invite/share-page.tsx');
const vip = () => import('../features/rewards/vip/pages/vip-pages.ts');
const bonus = () => import('../features/rewards/pages/bonus-pages.tsx');
const jackpot = () => import('../features/rewards/jackpot/pages/jackpot-pages.tsx');

/** Every activity route checks its activity: a visitor goes to login, one not running is a 404. */
const activityGuard = (activityTypes: readonly number[]) => ({ location }: { location: ParsedLocation }) =>
  requireGuard('auth-activity')({ location, activityTypes });

/** A VIP page under the nav bar, open while the VIP activity (8) runs. */
const vipPage = <P extends string>(path: P, name: string, staticData: StaticDataRouteOption) =>
  createRoute({ getParentRoute: () => rootRoute, path, staticData: { chrome: 'nav', ...staticData }, beforeLoad: activityGuard([ActivityType.vip]), component: page(vip, name) });

const routes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: pathOf('index'),
    staticData: { chrome: 'tabs', routeName: 'index' },
    component: lazyRouteComponent(() => import('../features/home/pages/home-page.tsx'), 'HomePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.aboutUs,
    staticData: { chrome: 'nav', titleKey: 'nav.aboutUs' },
    component: page(content, 'AboutUsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.privacyPolicy,
    staticData: { chrome: 'nav', titleKey: 'nav.privacyPolicy' },
    component: page(content, 'PrivacyPolicyPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.termsOfUse,
    staticData: { chrome: 'nav', titleKey: 'nav.termsOfUse' },
    component: page(content, 'TermsOfUsePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.faq,
    staticData: { chrome: 'nav', titleKey: 'nav.faq' },
    component: page(content, 'FaqPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.download,
    staticData: { chrome: 'nav', titleKey: 'nav.download' },
    component: page(content, 'DownloadPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.service,
    staticData: { chrome: 'tabs' },
    component: page(content, 'ServicePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.login,
    staticData: { chrome: 'nav', titleKey: 'nav.login' },
    validateSearch: loginSearch,
    component: page(auth, 'LoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.accountLogin,
    staticData: { chrome: 'nav', titleKey: 'nav.login' },
    validateSearch: redirectSearch,
    component: page(auth, 'AccountLoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.register,
    staticData: { chrome: 'nav', titleKey: 'nav.register' },
    validateSearch: registerSearch,
    component: page(auth, 'RegisterPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.forget,
    staticData: { chrome: 'nav', titleKey: 'nav.forget' },
    component: page(auth, 'ForgetPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.bind,
    staticData: { chrome: 'nav', titleKey: 'nav.bind' },
    beforeLoad: requireGuard('auth'),
    component: page(account, 'BindPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.setPassword,
    staticData: { chrome: 'nav', titleKey: 'nav.setPassword' },
    beforeLoad: requireGuard('auth'),
    component: page(account, 'SetPasswordPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: pathOf('member'),
    staticData: { chrome: 'tabs', routeName: 'member' },
    beforeLoad: requireGuard('auth'),
    component: page(member, 'MemberPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.memberProfile,
    staticData: { chrome: 'nav', titleKey: 'nav.profile' },
    beforeLoad: requireGuard('auth'),
    component: page(profile, 'ProfilePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.memberLimits,
    staticData: { chrome: 'nav', titleKey: 'limits.title' },
    beforeLoad: requireGuard('auth'),
    component: page(limits, 'LimitsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.memberGames,
    staticData: { chrome: 'nav', titleKey: 'betRecords.title' },
    beforeLoad: requireGuard('auth'),
    component: page(gameRecords, 'BetRecordsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.memberReport,
    staticData: { chrome: 'nav', titleKey: 'betReport.title' },
    beforeLoad: requireGuard('auth'),
    component: page(gameRecords, 'BetReportPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.memberRetrieveBalance,
    staticData: { chrome: 'nav', titleKey: 'retrieve.title' },
    beforeLoad: requireGuard('auth'),
    component: page(retrieveBalance, 'RetrieveBalancePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.gameSearch,
    staticData: { chrome: 'nav', titleKey: 'games.searchTitle' },
    validateSearch: gameSearchSearch,
    component: page(gameSearch, 'GameSearchPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: pathOf('game-start'),
    // The game covers the whole screen (its own slim bar); the nav bar underneath is never seen.
    staticData: { chrome: 'nav', routeName: 'game-start' },
    validateSearch: gameStartSearch,
    // Real money needs a player (spec: starting a game while logged out goes to login, and back
    // here afterwards); demo is open to visitors.
    beforeLoad: ({ search, location }) => {
      if (search.tryIt !== 1) requireGuard('auth')({ location });
    },
    component: page(gameStart, 'GameStartPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.wallets,
    staticData: { chrome: 'tabs' },
    validateSearch: walletsSearch,
    beforeLoad: requireGuard('auth'),
    component: page(wallets, 'WalletsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.safebox,
    staticData: { chrome: 'nav', titleKey: 'safebox.title' },
    beforeLoad: requireGuard('auth'),
    component: page(safebox, 'SafeboxPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.share,
    // A tab of the tab bar (Invite): under the top bar, with the tabs.
    staticData: { chrome: 'tabs' },
    beforeLoad: requireGuard('auth'),
    component: page(share, 'SharePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.walletRecords,
    staticData: { chrome: 'nav', titleKey: 'records.title' },
    beforeLoad: requireGuard('auth'),
    component: page(records, 'RecordsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.cardList,
    staticData: { chrome: 'nav', titleKey: 'cards.title' },
    beforeLoad: requireGuard('auth'),
    component: page(cards, 'CardListPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.cardEdit,
    staticData: { chrome: 'nav', titleKey: 'cards.editTitle' },
    validateSearch: cardEditSearch,
    beforeLoad: requireGuard('auth'),
    component: page(cards, 'CardEditPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.withdrawal,
    staticData: { chrome: 'nav', titleKey: 'withdrawal.title' },
    params: withdrawalParams,
    beforeLoad: requireGuard('auth'),
    component: page(withdrawal, 'WithdrawalPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.signIn,
    staticData: { chrome: 'nav', titleKey: 'rewards.signIn.title', navLink: { to: paths.signInRule, labelKey: 'rewards.signIn.rule' } },
    beforeLoad: activityGuard([ActivityType.freeSign]),
    component: page(signIn, 'SignInPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.signInRule,
    staticData: { chrome: 'nav', titleKey: 'rewards.rules.title' },
    beforeLoad: activityGuard([ActivityType.freeSign]),
    component: page(signInRule, 'SignInRulePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.firstDeposit,
    staticData: { chrome: 'nav', titleKey: 'rewards.firstDeposit.title' },
    beforeLoad: activityGuard([ActivityType.firstCharge, ActivityType.firstDeposit]),
    component: page(firstDeposit, 'FirstDepositPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.rewardRecord,
    staticData: { chrome: 'nav', titleKey: 'rewards.records.title' },
    beforeLoad: requireGuard('auth'),
    component: page(rewardRecord, 'RewardRecordPage'),
  }),
  // The lucky jackpot (issue 18): its page and the rank, both behind the activity's check.
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.jackpot,
    staticData: { chrome: 'nav', titleKey: 'jackpot.title' },
    beforeLoad: activityGuard([ActivityType.luckyJackpot]),
    component: page(jackpot, 'JackpotPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.rank,
    staticData: { chrome: 'nav', titleKey: 'jackpot.rank.title' },
    beforeLoad: activityGuard([ActivityType.luckyJackpot]),
    component: page(jackpot, 'RankPage'),
  }),
  // /vip (issue 17 §2): home, level (named vip-level), rebate, rebate/record; /vip itself opens home.
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.vip,
    beforeLoad: () => {
      throw redirect({ href: paths.vipHome, replace: true });
    },
  }),
  vipPage(paths.vipHome, 'VipHomePage', { titleKey: 'vip.title' }),
  vipPage(pathOf('vip-level'), 'VipLevelPage', { titleKey: 'vip.level.title', routeName: 'vip-level' }),
  vipPage(paths.vipRebate, 'RebatePage', { titleKey: 'vip.rebate.title', navLink: { to: paths.vipRebateRecord, labelKey: 'vip.rebate.records' } }),
  vipPage(paths.vipRebateRecord, 'RebateRecordPage', { titleKey: 'vip.rebate.recordsTitle' }),
];

/**
 * The bonus centre (issue 17 §1): /bonus opens home; each child is a tab of its header, in this
 * order (the layout reads them from here), so a page of the centre is one line below.
 */
const bonusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.bonus,
  staticData: { chrome: 'tabs' },
  component: page(bonus, 'BonusLayout'),
});
/** A page of the bonus centre at /bonus/<path>: its tab in the header says `bonus.tabs.<path>`. */
const bonusPage = <P extends string>(path: P, component: ReturnType<typeof page>, routeName?: RouteName, login?: boolean) =>
  createRoute({ getParentRoute: () => bonusRoute, path, staticData: { chrome: 'tabs', routeName }, beforeLoad: login ? requireGuard('auth') : undefined, component });
const bonusRoutes = [
  createRoute({ getParentRoute: () => bonusRoute, path: '/', beforeLoad: () => { throw redirect({ to: paths.bonusHome, replace: true }); } }),
  bonusPage('home', page(bonus, 'BonusHomePage')),
  bonusPage('event', page(bonus, 'BonusEventPage'), 'bonus-event'),
  // Tasks (issue 17 §4): a visitor sees the tasks (from the start-up call's activities) and is sent
  // to login to claim; a player's visit checks the activity runs.
  createRoute({
    getParentRoute: () => bonusRoute,
    path: 'tasks',
    staticData: { chrome: 'tabs', routeName: 'bonus-tasks', bonusActivity: ActivityType.tasks },
    beforeLoad: ({ location }) => (isLoggedIn() ? activityGuard([ActivityType.tasks])({ location }) : undefined),
    component: page(tasks, 'TasksPage'),
  }),
  // VIP and its rebate (issue 17 §2, §3): the same pages as /vip/home and /vip/rebate.
  createRoute({ getParentRoute: () => bonusRoute, path: 'vip', staticData: { chrome: 'tabs', bonusActivity: ActivityType.vip }, beforeLoad: activityGuard([ActivityType.vip]), component: page(vip, 'VipHomePage') }),
  createRoute({ getParentRoute: () => bonusRoute, path: 'rebate', staticData: { chrome: 'tabs', bonusActivity: ActivityType.vip }, beforeLoad: activityGuard([ActivityType.vip]), component: page(vip, 'RebatePage') }),
  bonusPage('reward', page(bonus, 'BonusRewardPage'), 'bonus-reward', true),
  bonusPage('record', page(rewardRecord, 'RewardRecordPage'), 'bonus-record', true),
];

export const routeTree = rootRoute.addChildren([...routes, bonusRoute.addChildren(bonusRoutes)]);

/**
 * Page transitions (spec §9: they wait up to 100 ms): the page on screen stays while the next one
 * loads, for at most 100 ms; then the next page's skeleton shows until it is ready.
 */
export const pageTransition = {
  defaultPendingComponent: PageSkeleton,
  defaultPendingMs: ClientConstants.pageTransitionWaitMs,
} as const;

export const router = createRouter({
  routeTree,
  ...pageTransition,
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

setNavigator((href) => void router.navigate({ href, replace: true }));

// Each page the player lands on, the first one included (the query string can carry ids, not sent).
router.subscribe('onResolved', ({ toLocation }) => trackEvent(TrackedEvent.pageView, { path: toLocation.pathname }));

router.subscribe('onBeforeNavigate', ({ toLocation }) => {
  if (hasChunkFailed()) window.location.assign(toLocation.href);
});
