import { useQuery } from '@tanstack/react-query';
import { ClientConstants } from '@playhall/contract';
import { call } from './api.ts';
import { detectOs } from './platform.ts';
import { queryClient } from './query-client.ts';
import type { UserInfo } from '@playhall/contract';
import { setAfterLogin, setUser, useIsLoggedIn, useSession, type AfterLoginInfo } from './session.ts';

/** How many recently played games the client keeps in memory (the server keeps its own list). */
export const HISTORY_LIMIT = 30;

const afterLoginKey = (userId: number | undefined) => ['afterLoginInfo', userId ?? 0] as const;

/** Loads getAfterLoginInfoWeb and keeps its extras (invite code, games, activities); answers the fresh user. */
export async function loadAfterLogin(): Promise<UserInfo> {
  const info = await call('getAfterLoginInfoWeb', { version: ClientConstants.appVersion, os: detectOs() }, { quiet: true });
  setAfterLogin({
    inviteCode: info.inviteCode,
    aid: info.aid,
    gameLikes: info.appGameDataUser.gameLikes,
    gameHistory: info.appGameDataUser.gameHistory,
    activityIds: info.activityIds.activityIds,
  });
  return info.user;
}

/**
 * The player's favourites and recently played games (after-login `appGameDataUser`). Login loads
 * them; after a reload with a stored token nothing has, so this loads them once.
 */
export function useGameUserData(): { likes: number[]; history: number[]; isLoading: boolean } {
  const loggedIn = useIsLoggedIn();
  const userId = useSession((s) => s.user?.id);
  const afterLogin = useSession((s) => s.afterLogin);
  const q = useQuery({
    queryKey: afterLoginKey(userId),
    enabled: loggedIn && !afterLogin,
    staleTime: Infinity,
    queryFn: async () => {
      setUser(await loadAfterLogin());
      return true;
    },
  });
  if (!loggedIn) return { likes: [], history: [], isLoading: false };
  return { likes: afterLogin?.gameLikes ?? [], history: afterLogin?.gameHistory ?? [], isLoading: !afterLogin && q.isPending };
}

function patchGameData(patch: (current: AfterLoginInfo) => Partial<AfterLoginInfo>): void {
  const current = useSession.getState().afterLogin;
  if (current) setAfterLogin({ ...current, ...patch(current) });
}

/** A started game moves to the front of recently played, at once (no reload). */
export function recordPlayed(gameId: number): void {
  patchGameData((c) => ({ gameHistory: [gameId, ...c.gameHistory.filter((id) => id !== gameId)].slice(0, HISTORY_LIMIT) }));
}

const pendingLikes = new Set<number>();

/**
 * Adds or removes a favourite: the heart changes at once, the server's answer (the whole list)
 * then wins; a failure puts the old list back. Taps while the same game's call runs are ignored.
 */
export async function setGameLike(gameId: number, like: boolean): Promise<void> {
  if (pendingLikes.has(gameId)) return;
  pendingLikes.add(gameId);
  const before = useSession.getState().afterLogin?.gameLikes;
  patchGameData((c) => ({ gameLikes: like ? [gameId, ...c.gameLikes.filter((id) => id !== gameId)] : c.gameLikes.filter((id) => id !== gameId) }));
  try {
    const res = await call('gameLike', { gameId, like });
    if (useSession.getState().afterLogin) patchGameData(() => ({ gameLikes: res.gameLikes }));
    else void queryClient.invalidateQueries({ queryKey: ['afterLoginInfo'] });
  } catch (err) {
    if (before) patchGameData(() => ({ gameLikes: before }));
    throw err;
  } finally {
    pendingLikes.delete(gameId);
  }
}
