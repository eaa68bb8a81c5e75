/**
 * Test helpers for the game screens (jsdom), shared by the home and games features: a
 * contract-shaped catalogue, a fetch that serves answers through the real API client, and a
 * query client seeded with the start-up call.
 */
import { QueryClient } from '@tanstack/react-query';
import type { Game, GameLists, Money, UserInfo } from '@playhall/contract';
import { saveSession, setAfterLogin, useSession } from './session.ts';

export const $ = (n: number) => n as Money;

export function game(over: Partial<Game> & Pick<Game, 'id' | 'name'>): Game {
  return {
    code: `g${over.id}`, platformId: 1, brandId: 1, typeId: 1, icon: `/game-icons/${over.id}.svg`, hot: false, new: false,
    sort: over.id, demo: true, status: 'online', ...over,
  };
}

/** Two types (Slots, Crash), two brands, five games: one hot, one new, one in maintenance, one without demo. */
export function lists(over: Partial<GameLists> = {}): GameLists {
  return {
    gameListVersion: 7,
    gameTypeList: [
      { id: 1, code: 'slots', name: 'Slots', sort: 1 },
      { id: 2, code: 'crash', name: 'Crash', sort: 2 },
    ],
    gameBrandList: [
      { id: 1, code: 'originals', name: 'Playhall Originals', platformId: 1, sort: 1 },
      { id: 2, code: 'nova', name: 'Nova Studio', platformId: 1, sort: 2 },
    ],
    gamePlatformList: [{ id: 1, code: 'originals', name: 'Originals', walletMode: 'seamless', sort: 1 }],
    gameList: [
      game({ id: 1, name: 'Fortune Reels', hot: true }),
      game({ id: 2, name: 'Crash Rocket', typeId: 2, new: true }),
      game({ id: 3, name: 'Jungle Fortune', brandId: 2 }),
      game({ id: 4, name: 'Deep Sea Slots', status: 'maintenance', brandId: 2 }),
      game({ id: 5, name: 'Sky Crash', typeId: 2, demo: false, brandId: 2 }),
    ],
    ...over,
  };
}

/** The start-up config (the preLogin answer without its catalogue). */
export const startUpConfig = {
  accountLength: { min: 4, max: 20 }, usernameLength: { min: 2, max: 20 }, passwordLength: { min: 6, max: 32 },
  withdrawAccountLength: { min: 6, max: 30 }, withdrawLimits: { dailyCount: 3, dailyAmount: $(1_000_000) }, smsCodeLength: { min: 6, max: 6 },
  safeboxPasswordLength: 6, registerType: [2], defaultLoginType: 2, otpStatus: false, countryCode: '55', minRechargeStatus: false,
  smsCodeSendLimit: 5, gameListVersion: 7, gameShowNum: 12, feedbackConfig: { imagesLimit: 3 }, clientConfig: { lobbyBonusAmount: $(0) },
  h5: { downloadUrl: '' }, inviteUrl: '', siteName: 'Playhall', appCustomerServiceQueue: [], notices: [], user: null,
  activityIds: { activityIds: [], activityMap: {} },
};

/** The start-up answer as usePreLogin caches it. */
export function preLoginData(gameLists: GameLists = lists(), over: Record<string, unknown> = {}) {
  return { ...startUpConfig, gameLists, ...over };
}

export function newQueryClient(gameLists: GameLists | null = lists(), preLogin: Record<string, unknown> = {}): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (gameLists) qc.setQueryData(['preLogin', 'en-US'], preLoginData(gameLists, preLogin));
  return qc;
}

export { mockApi, refuse } from './mock-api.ts';

export function player(over: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 42, uuid: 'u-42', account: 'ana', accountType: 2, nickname: 'Ana', avatar: 1, avatarOther: null, mobile: null,
    facebookAccount: null, googleAccount: null, lineAccount: null, hasPassword: true, hasSafeboxPassword: false, hasKyc: false,
    hasUserOther: false, coin: $(12_345), safebox: $(0), bet: $(0), exchange: $(0), totalRecharge: $(0), lottery: 0, vip: 0,
    vipExp: 0, userLevel: 0, pid: null, regPeriod: 0, inviteCode: 'ABC123', ...over,
  };
}

/** Logs a player in (token + user), optionally with the after-login game data already loaded. */
export function logIn(data?: { gameLikes?: number[]; gameHistory?: number[] }, user = player()): void {
  saveSession('tok-42', user);
  if (data) setAfterLogin({ inviteCode: 'ABC123', aid: null, gameLikes: data.gameLikes ?? [], gameHistory: data.gameHistory ?? [], activityIds: [] });
}

export function logOut(): void {
  localStorage.removeItem('token');
  localStorage.removeItem('user');
  useSession.setState({ token: null, user: null, afterLogin: null });
}
