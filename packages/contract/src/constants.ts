/**
 * Shared ids and limits (spec §3 and §9). Defined once here; client and server import them.
 */

/** Login types (spec §3). */
export const LoginType = { phone: 1, account: 2, phoneNoOtp: 3 } as const;
export type LoginType = (typeof LoginType)[keyof typeof LoginType];

/** Social login types (spec §3). */
export const SocialType = { facebook: 3, line: 4, google: 5 } as const;
export type SocialType = (typeof SocialType)[keyof typeof SocialType];

/** SMS auth modes (spec §3, product rules §1). */
export const AuthMode = { register: 0, bind: 1, forget: 2, loginAndRegister: 3 } as const;
export type AuthMode = (typeof AuthMode)[keyof typeof AuthMode];

/** Activity type ids (spec §3; partial list, later issues extend it). */
export const ActivityType = {
  bind: 4,
  vip: 8,
  points: 9,
  signUpBonus: 15,
  fund: 16,
  inviteUserSpin: 20,
  notice: 25,
  agent: 26,
  download: 32,
  freeSign: 36,
  firstCharge: 39,
  agent5: 41,
  tasks: 42,
  firstDeposit: 44,
  luckyJackpot: 47,
  slotsHack: 51,
  lottery: 55,
} as const;
export type ActivityType = (typeof ActivityType)[keyof typeof ActivityType];

/** Award ids and ranges (spec §3). */
export const AwardId = {
  couponFirst: 1001,
  couponLast: 1099,
  fixedCouponFirst: 1201,
  fixedCouponLast: 1299,
  giveCouponFirst: 1301,
  giveCouponLast: 1399,
  coin: 2001,
  points: 2002,
  liveness: 4001,
  jackpotFirst: 50000,
  jackpotMega: 50001,
  jackpotMajor: 50002,
  jackpotMinor: 50003,
  jackpotMini: 50004,
  jackpotLast: 50005,
  newYearFirst: 40001,
  newYearLast: 40004,
  lotteryFirst: 80001,
  lotteryLast: 80003,
} as const;

/** Page sizes (spec §9). */
export const PageSize = { rank: 10, record: 20 } as const;

/** Client identity and timing constants (spec §9). */
export const ClientConstants = {
  appVersion: '1.1.2',
  channel: 'WEB',
  /** Request timeout in ms by connection type. */
  timeoutMs: { default: 10_000, '2g': 20_000, '3g': 30_000 },
  heartbeatMs: 60_000,
  jackpotRefreshMs: 6_000,
  spinDebounceMs: 300,
  activityRefreshThrottleMs: 1_000,
  pageTransitionWaitMs: 100,
  languageCookieDays: 365,
  defaultLanguage: 'en-US',
  tracker: { batchSize: 20, flushMs: 2_000 },
  iconService: { rotateMs: 750, timeoutMs: 5_000, urlLimit: 500 },
  getRetryStatuses: [408, 409, 425, 429, 500, 502, 503, 504],
} as const;

/** Deposit minimum defaults (spec §5, §9). */
export const DepositDefaults = { minAmount: 100, minAmount2: 10_000 } as const;

/** Languages the player app ships, every string translated. */
export const Languages = ['en-US', 'pt-BR', 'th-TH'] as const;
export type Language = (typeof Languages)[number];

/**
 * Calls that never force a login (spec §6, product rules §1). Every other call needs a valid
 * token; anonymous/* calls are public by prefix.
 */
export const PublicCalls = ['refreshData', 'preLogin', 'activityGetStatusList', 'exitGame', 'actInviteUserStatus'] as const;

export function isPublicCall(path: string): boolean {
  return path.startsWith('anonymous/') || (PublicCalls as readonly string[]).includes(path);
}

/**
 * Calls that start a session (log in, register, recover a password, send the code for those).
 * They cannot require one, so they are served without a token and never answer 401, although
 * they are not "public" in the spec's sense. smsSend for bind (1) still needs a session.
 */
export const SessionlessCalls = [
  'smsSend',
  'accountRegist',
  'accountRegist4',
  'accountLogin',
  'accountLoginSms',
  'forgetPassword',
] as const;

/** Does this call answer 401 without a valid session token? */
export function callNeedsSession(path: string): boolean {
  return !isPublicCall(path) && !(SessionlessCalls as readonly string[]).includes(path);
}

/** Activity click types (spec §2): 1 an activity page by id, 2 start a game, 3 an external link. */
export const ClickType = { activity: 1, game: 2, link: 3 } as const;
export type ClickType = (typeof ClickType)[keyof typeof ClickType];

/**
 * The event catalogue: the only names stored, so the operator's daily counts stay a short, known
 * list. A new event is added here first (the server then accepts it), then sent by the app.
 */
export const TrackedEvent = {
  pageView: 'page_view',
  gameLaunch: 'game_launch',
  depositStart: 'deposit_start',
  popupShow: 'popup_show',
  popupClaim: 'popup_claim',
} as const;
export type TrackedEvent = (typeof TrackedEvent)[keyof typeof TrackedEvent];

/** Bounds of one event, so a batch stays small in the body and in the database. */
export const EventLimits = { propKeys: 8, propKeyLength: 32, propTextLength: 200 } as const;
