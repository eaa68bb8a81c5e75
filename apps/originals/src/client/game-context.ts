/** What the shell gives every game screen: the API, money, fairness, language and feedback. */
import { createContext, useContext } from 'react';
import type { FairnessPublic, FairnessUsed, SessionResponse } from '../api/schemas.ts';
import type { ApiClient } from './api.ts';
import type { T } from './i18n.ts';

export interface GameCtx {
  api: ApiClient;
  session: SessionResponse;
  t: T;
  balance: number;
  setBalance: (b: number) => void;
  bet: number;
  setBet: (b: number) => void;
  fairness: FairnessPublic;
  /** After a round: the next nonce is the used one + 1 (the seeds stay until a rotation). */
  roundPlayed: (used: FairnessUsed) => void;
  /** Any refusal or failure: a toast, or the session-expired screen. */
  fail: (e: unknown) => void;
  toast: (text: string, kind?: 'info' | 'error' | 'win') => void;
  /** A game locks the bet and fairness changes while its round is in play. */
  setBusy: (busy: boolean) => void;
  busy: boolean;
  /** Why the bet field's text is not a stake (shown under the field; the game's button waits), else null. */
  betError: string | null;
  setBetError: (e: string | null) => void;
  /**
   * Before a round starts: false (with a message) when the field holds no valid stake or the
   * balance cannot cover it; a stake above the configured share of the balance asks once.
   */
  checkStake: (bet: number) => Promise<boolean>;
  /**
   * A round that plays on without the player if they leave (Crash in flight): what leaving does
   * to it, said by the lobby before it lets the player go; null once the round is over.
   */
  setLeaveWarning: (warning: string | null) => void;
}

export const GameContext = createContext<GameCtx | null>(null);

export function useGame(): GameCtx {
  const c = useContext(GameContext);
  if (!c) throw new Error('useGame outside a game');
  return c;
}
