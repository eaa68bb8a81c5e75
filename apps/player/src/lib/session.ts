import { create } from 'zustand';
import type { UserInfo } from '@playhall/contract';
import { queryClient } from './query-client.ts';

/** localStorage keys the spec names; other tabs watch `token` through the storage event. */
export const StorageKey = { token: 'token', user: 'user', rememberedAccount: 'rememberedAccount' } as const;

export interface AfterLoginInfo {
  inviteCode: string;
  aid: number | null;
  gameLikes: number[];
  gameHistory: number[];
  activityIds: number[];
}

interface SessionState {
  token: string | null;
  user: UserInfo | null;
  afterLogin: AfterLoginInfo | null;
}

function readUser(): UserInfo | null {
  try {
    const raw = localStorage.getItem(StorageKey.user);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

function initialSession(): SessionState {
  return { token: localStorage.getItem(StorageKey.token), user: readUser(), afterLogin: null };
}

export const useSession = create<SessionState>(() => initialSession());

/** Logged in means: the user id is present (spec §4). */
export function isLoggedIn(): boolean {
  const { token, user } = useSession.getState();
  return Boolean(token && user?.id);
}

export function useIsLoggedIn(): boolean {
  return useSession((s) => Boolean(s.token && s.user?.id));
}

export function getToken(): string | null {
  return useSession.getState().token;
}

export function saveSession(token: string, user: UserInfo): void {
  localStorage.setItem(StorageKey.token, token);
  localStorage.setItem(StorageKey.user, JSON.stringify(user));
  useSession.setState({ token, user });
}

/** Updates the stored user of the current session; a late answer for a session already gone is dropped. */
export function setUser(user: UserInfo): void {
  const { token } = useSession.getState();
  if (!token || localStorage.getItem(StorageKey.token) !== token) return;
  localStorage.setItem(StorageKey.user, JSON.stringify(user));
  useSession.setState({ user });
}

export function setAfterLogin(afterLogin: AfterLoginInfo): void {
  useSession.setState({ afterLogin });
}

/** "Remember me" keeps the account name only; the password is never stored. */
export function rememberAccount(account: string | null): void {
  if (account) localStorage.setItem(StorageKey.rememberedAccount, account);
  else localStorage.removeItem(StorageKey.rememberedAccount);
}

export function rememberedAccount(): string | null {
  return localStorage.getItem(StorageKey.rememberedAccount);
}

type Resetter = () => void;
const resetters = new Set<Resetter>();
let socialLogout: () => void = () => {};

/** Stores register how to go back to their initial state, so a logout resets all of them. */
export function registerStoreReset(reset: Resetter): void {
  resetters.add(reset);
}

/** Social login (a later issue) plugs its provider sign-out in here. */
export function setSocialLogout(fn: () => void): void {
  socialLogout = fn;
}

/** Clears everything a session left behind: token, stored user, social login, stores, cache. */
export function clearSession(): void {
  localStorage.removeItem(StorageKey.token);
  localStorage.removeItem(StorageKey.user);
  try {
    socialLogout();
  } catch {
    // A broken provider SDK must not keep the player logged in.
  }
  useSession.setState({ token: null, user: null, afterLogin: null });
  for (const reset of resetters) reset();
  // Cached answers belong to the old session; active queries refetch as logged out.
  void queryClient.resetQueries();
}

/** The login page to send a logged-out player to: account form when a name was remembered. */
export function loginHref(redirect?: string): string {
  const params = new URLSearchParams();
  if (rememberedAccount()) params.set('type', 'account');
  if (redirect && redirect !== '/' && !redirect.startsWith('/auth/')) params.set('redirect', redirect);
  const qs = params.toString();
  return qs ? `/auth/login?${qs}` : '/auth/login';
}

type Navigate = (href: string) => void;
let navigateTo: Navigate = (href) => window.location.assign(href);

/** The router registers its navigation so session code can move without a full reload. */
export function setNavigator(fn: Navigate): void {
  navigateTo = fn;
}

/** Session expired or revoked: clear it and go to login, coming back here afterwards. */
export function forceLogin(): void {
  const here = window.location.pathname + window.location.search;
  clearSession();
  navigateTo(loginHref(here));
}

/** A token removed in another tab logs this tab out too (spec §4). */
export function watchOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    const tokenGone = (e.key === StorageKey.token || e.key === null) && !localStorage.getItem(StorageKey.token);
    if (tokenGone && useSession.getState().token) forceLogin();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const FIRST_VISIT_KEY = 'playhall.firstVisit';

/**
 * Remembers, for this tab's visit, that the session was started by registering, so the lobby
 * greets a first visit as new and a later one as "welcome back" (issue 13 §5). `null` forgets it.
 */
export function markFirstVisit(userId: number | null): void {
  try {
    if (userId === null) sessionStorage.removeItem(FIRST_VISIT_KEY);
    else sessionStorage.setItem(FIRST_VISIT_KEY, String(userId));
  } catch {
    // Storage refused (private mode): the greeting falls back to "welcome back".
  }
}

/** Whether this player's session in this tab started with their registration. */
export function isFirstVisit(userId: number): boolean {
  try {
    return sessionStorage.getItem(FIRST_VISIT_KEY) === String(userId);
  } catch {
    return false;
  }
}
