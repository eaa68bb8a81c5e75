import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TrackedEvent, type GameLaunch } from '@playhall/contract';
import { API_BASE, call, commonFields } from '../../../lib/api.ts';
import { recordPlayed } from '../../../lib/game-user.ts';
import { clearHeartbeatGame, setHeartbeatGame } from '../../../lib/heartbeat.ts';
import { getToken } from '../../../lib/session.ts';
import { trackEvent } from '../../../lib/tracker.ts';

export type GameMode = 'real' | 'demo';

export interface LaunchRequest {
  gameId: number;
  mode: GameMode;
  activityId?: number;
  loggedIn: boolean;
  /** Bumped to launch again (retry, or coming back from the back/forward cache). */
  attempt: number;
}

/**
 * Asks for a launch URL. Each one carries a one-time token, so answers are never cached or
 * reused: a new visit (or a retry) asks again. Visitors can only ask for a demo.
 */
export function useGameLaunch(req: LaunchRequest) {
  return useQuery<GameLaunch>({
    queryKey: ['launch', req.gameId, req.mode, req.activityId ?? 0, req.loggedIn, req.attempt],
    queryFn: async () => {
      if (!req.loggedIn) {
        const demo = await call('anonymous/startGame', { gameId: req.gameId }, { quiet: true });
        trackEvent(TrackedEvent.gameLaunch, { gameId: req.gameId, mode: 'demo', loggedIn: false });
        return demo;
      }
      const launch = await call(
        'startGame',
        { gameId: req.gameId, ...(req.mode === 'demo' ? { tryIt: true } : {}), ...(req.activityId ? { activityId: req.activityId } : {}) },
        { quiet: true },
      );
      // The server keeps real play only in recently played; the row mirrors that at once.
      if (req.mode === 'real') recordPlayed(req.gameId);
      trackEvent(TrackedEvent.gameLaunch, { gameId: req.gameId, mode: req.mode, loggedIn: true });
      return launch;
    },
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * exitGame for a page that is going away (tab closed, app switched off): a keepalive fetch outlives
 * the page and, unlike sendBeacon, carries the Authorization header the call needs to find the
 * player's session.
 */
export function sendExitOnUnload(gameId: number): void {
  const token = getToken();
  if (!token) return;
  try {
    void fetch(API_BASE + 'exitGame', {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...commonFields(), gameId }),
    }).catch(() => undefined);
  } catch {
    // Nothing more can be done from a closing page; the server's session expiry closes it later.
  }
}

function refreshBalance(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: ['refreshData'] });
}

interface SessionOptions {
  gameId: number;
  /** The game is running (launched); nothing to keep alive or to close before that. */
  active: boolean;
  /** Only a player has a session to keep alive and close; a visitor's demo has none. */
  loggedIn: boolean;
  /** The page was restored from the back/forward cache after its session was closed: launch again. */
  onRestored: () => void;
}

/**
 * While a game is open: the app's `online` heartbeat (lib/heartbeat.ts) names it, and `exitGame` once
 * when leaving it (route change, exit button, or the page going away), then the balance is
 * refreshed. Returns `exit` for the exit button. Mount it once per game (key the screen on the
 * game): the game id is fixed for the hook's life.
 */
export function useGameSession({ gameId, active, loggedIn, onRestored }: SessionOptions): { exit: () => Promise<void> } {
  const qc = useQueryClient();
  /** The session was closed (exit button, route change or page hidden): never close it twice. */
  const closed = useRef(false);
  const pendingExit = useRef<ReturnType<typeof setTimeout> | null>(null);
  const restored = useRef(onRestored);
  const enabled = active && loggedIn;
  useEffect(() => {
    restored.current = onRestored;
  });

  const exit = async () => {
    if (closed.current || !enabled) return;
    closed.current = true;
    try {
      await call('exitGame', { gameId }, { quiet: true, silent: true });
    } catch {
      // Public and best effort: the session also expires by itself on the server.
    }
    refreshBalance(qc);
  };
  const exitRef = useRef(exit);
  useEffect(() => {
    exitRef.current = exit;
  });

  useEffect(() => {
    if (!enabled) return;
    closed.current = false;
    // The app's heartbeat (lib/heartbeat.ts) carries this game's id while it is open.
    setHeartbeatGame(gameId);
    return () => clearHeartbeatGame(gameId);
  }, [enabled, gameId]);

  useEffect(() => {
    if (!enabled) return;
    // A remount straight after an unmount (React's development double run) is not leaving.
    if (pendingExit.current) {
      clearTimeout(pendingExit.current);
      pendingExit.current = null;
    }
    const onPageHide = () => {
      if (closed.current) return;
      closed.current = true;
      sendExitOnUnload(gameId);
      refreshBalance(qc);
    };
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted && closed.current) restored.current();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      pendingExit.current = setTimeout(() => {
        pendingExit.current = null;
        void exitRef.current();
      }, 0);
    };
  }, [enabled, gameId, qc]);

  return { exit };
}
