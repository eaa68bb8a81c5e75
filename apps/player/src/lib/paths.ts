/**
 * Every route path of the app, named once (spec §2). Pages link through these names; later
 * issues add their routes here together with the page, never before.
 */
export const paths = {
  index: '/',
  aboutUs: '/about-us',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  faq: '/faq',
  download: '/download',
  service: '/service',
  /** Invite friends (decision 066). */
  share: '/share',
  login: '/auth/login',
  accountLogin: '/auth/accountLogin',
  register: '/auth/register',
  forget: '/auth/forget',
  bind: '/auth/bind',
  setPassword: '/auth/set-password',
  member: '/member',
  memberProfile: '/member/profile',
  memberLimits: '/member/limits',
  /** The player's game rounds, the daily report and the per-provider balances. */
  memberGames: '/member/games',
  memberReport: '/member/report',
  memberRetrieveBalance: '/member/retrieve-balance',
  /** Search the catalogue by name; `typeId`, `brandId` and `name` live in the query. */
  gameSearch: '/game/search',
  /** `gameId`, `tryIt` (1 = demo) and an optional `activityId` in the query. */
  gameStart: '/game/start',
  wallets: '/wallets',
  safebox: '/activity/bank',
  walletRecords: '/wallets/record',
  cardList: '/wallets/card/list',
  cardEdit: '/wallets/card/edit',
  /** `name` is a withdrawal order id (`WD` + 20 upper-case hex); anything else is a 404. */
  withdrawal: '/withdrawal/$name',
  /** Rewards (issue 14): daily free sign-in (activity 36), its rules, the first-deposit offer, the reward records. */
  signIn: '/activity/sign-in',
  signInRule: '/activity/sign-in/rule',
  firstDeposit: '/activity/first-deposit',
  rewardRecord: '/reward/record',
  /** The lucky jackpot (activity 47, issue 18): its page and the rank of tier wins. */
  jackpot: '/activity/jackpot',
  rank: '/rank',
  /** VIP (issue 17 §2): /vip's children; /vip itself opens home. The rebate page is also mounted at /bonus/rebate. */
  vip: '/vip',
  vipHome: '/vip/home',
  vipLevel: '/vip/level',
  vipRebate: '/vip/rebate',
  vipRebateRecord: '/vip/rebate/record',
  /** The bonus centre (issue 17 §1): its pages are children of /bonus (/bonus itself opens home). */
  bonus: '/bonus',
  bonusHome: '/bonus/home',
  bonusEvent: '/bonus/event',
  bonusReward: '/bonus/reward',
  bonusRecord: '/bonus/record',
} as const;

export type PathName = keyof typeof paths;
export type AppPath = (typeof paths)[PathName];

// The spec's nine route names (§2) are in lib/route-names.ts.
