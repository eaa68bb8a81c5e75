/**
 * Opening the game session. The launch URL's token is good once: it is exchanged for a game
 * token, which is kept in sessionStorage (per tab, per game) so a reload keeps playing without
 * touching the spent launch token. The token is also removed from the address bar, so a reload
 * or a shared link never shows it.
 */
import type { SessionResponse } from '../api/schemas.ts';
import type { ApiClient } from './api.ts';
import { ApiError } from './api.ts';

export interface StoredSession {
  /** The launch token this game token came from (so the same URL reloaded is recognised). */
  launchToken: string | null;
  gameToken: string;
}

export const storageKey = (game: string) => `playhall.originals.${game}`;

export function readStored(storage: Pick<Storage, 'getItem'>, game: string): StoredSession | null {
  try {
    const raw = storage.getItem(storageKey(game));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredSession>;
    return typeof v.gameToken === 'string' ? { launchToken: typeof v.launchToken === 'string' ? v.launchToken : null, gameToken: v.gameToken } : null;
  } catch {
    return null;
  }
}

export type OpenResult = { ok: true; session: SessionResponse } | { ok: false; expired: true };

/**
 * Opens the session for `game`: a new launch token (one not seen in this tab) is exchanged;
 * otherwise the stored game token is reused. A refused token of either kind → expired.
 */
export async function openSession(opts: {
  api: ApiClient;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  game: string;
  launchToken: string | null;
}): Promise<OpenResult> {
  const { api, storage, game, launchToken } = opts;
  const stored = readStored(storage, game);
  const fresh = launchToken !== null && launchToken !== stored?.launchToken;
  try {
    if (fresh) {
      api.setToken(null);
      const session = await api.call<SessionResponse>('/session', { launchToken });
      storage.setItem(storageKey(game), JSON.stringify({ launchToken, gameToken: session.token } satisfies StoredSession));
      api.setToken(session.token);
      return { ok: true, session };
    }
    if (!stored) return { ok: false, expired: true };
    api.setToken(stored.gameToken);
    const session = await api.call<SessionResponse>('/session', {});
    if (session.token !== stored.gameToken) {
      storage.setItem(storageKey(game), JSON.stringify({ ...stored, gameToken: session.token }));
      api.setToken(session.token);
    }
    return { ok: true, session };
  } catch (e) {
    if (e instanceof ApiError && (e.code === 'SESSION_EXPIRED' || e.code === 'INVALID_TOKEN' || e.code === 'WRONG_GAME')) {
      storage.removeItem(storageKey(game));
      return { ok: false, expired: true };
    }
    throw e;
  }
}

/** The address without the one-time token (for history.replaceState after the exchange). */
export function urlWithoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}
