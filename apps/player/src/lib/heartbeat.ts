import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ClientConstants } from '@playhall/contract';
import { call } from './api.ts';
import { useSession } from './session.ts';

/**
 * The app's one heartbeat (spec §7 `online`, §9 60 s): while a token exists, every 60 s, in a game
 * or not. The open game (if any) rides on the beat so the server keeps its session alive; the
 * game screen names it with `setHeartbeatGame` instead of running a timer of its own.
 * Silent (no timeout dialog, no toast); a 401 answer logs out like any other call.
 */
let openGameId: number | null = null;

/** The game now open (its session is kept alive by each beat), or null when it closes. */
export function setHeartbeatGame(gameId: number | null): void {
  openGameId = gameId;
}

/** Clears the open game only if it is still `gameId` (a newer game screen may have named its own). */
export function clearHeartbeatGame(gameId: number): void {
  if (openGameId === gameId) openGameId = null;
}

async function beat(qc: QueryClient): Promise<void> {
  const res = await call('online', openGameId === null ? {} : { gameId: openGameId }, { quiet: true, silent: true });
  // The bar balance follows the answer; a cache not loaded yet is left for its own fetch.
  qc.setQueryData(['refreshData'], (old: object | undefined) => (old ? { ...old, coin: res.coin } : old));
}

/** Mounted once, in the app shell: starts with a token, stops when it goes (logout, 401). */
export function useHeartbeat(): void {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => void beat(qc).catch(() => undefined), ClientConstants.heartbeatMs);
    return () => clearInterval(timer);
  }, [token, qc]);
}
