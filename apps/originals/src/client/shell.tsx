/**
 * The chrome every game shares: balance (or Demo play money with a refill), sound toggle, rules
 * and fairness sheets, toasts, and the session-expired screen. The game screen below it gets
 * everything through GameContext.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FairnessPublic, FairnessUsed, SessionResponse } from '../api/schemas.ts';
import type { GameId } from '../engine/index.ts';
import { ApiError, createApi } from './api.ts';
import { canAfford, needsStakeConfirm, wholeCoinLimits } from './bet.ts';
import { money } from './format.ts';
import { GameContext, type GameCtx } from './game-context.ts';
import type { Lang, MsgKey } from './i18n.ts';
import { translator } from './i18n.ts';
import { openSession, urlWithoutToken } from './session.ts';
import { play, setSoundEnabled } from './sound.ts';
import { FairnessSheet } from './sheets/fairness-sheet.tsx';
import { RulesSheet } from './sheets/rules-sheet.tsx';
import { Sheet } from './ui/sheet.tsx';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';
import { SlotGame } from './games/slot.tsx';
import { CrashGame } from './games/crash.tsx';
import { MinesGame } from './games/mines.tsx';
import { DiceGame } from './games/dice.tsx';

const GAME_NAME: Record<GameId, MsgKey> = { slot: 'slot', crash: 'crash', mines: 'minesGame', dice: 'dice' };

type Toast = { id: number; text: string; kind: 'info' | 'error' | 'win' };

/** Messages to the lobby around the frame (same origin only: the lobby checks where they come from). */
export type LobbyMessage =
  | { type: 'playhall:balance'; balance: number }
  | { type: 'playhall:round'; open: boolean; warning: string | null }
  | { type: 'playhall:play-real' };

const embeddedInLobby = () => window.parent !== window;
function tellLobby(m: LobbyMessage): void {
  if (embeddedInLobby()) window.parent.postMessage(m, window.location.origin);
}

export function GameShell({ game, lang, launchToken }: { game: GameId; lang: Lang; launchToken: string | null }) {
  const t = useMemo(() => translator(lang), [lang]);
  const api = useMemo(() => createApi(), []);
  const [state, setState] = useState<'loading' | 'expired' | 'error' | 'ready'>('loading');
  const [session, setSession] = useState<SessionResponse | null>(null);
  const [balance, setLocalBalance] = useState(0);
  const realMoney = useRef(false);
  // The lobby's bar above the frame shows the same coin balance: it takes every real balance the
  // wallet answers here (decision 026), so the two never disagree during play. Play money stays here.
  const setBalance = useCallback((b: number) => {
    setLocalBalance(b);
    if (realMoney.current) tellLobby({ type: 'playhall:balance', balance: b });
  }, []);
  const [betError, setBetError] = useState<string | null>(null);
  const confirmedStakes = useRef(new Set<number>());
  const [stakeAsk, setStakeAsk] = useState<{ bet: number; resolve: (ok: boolean) => void } | null>(null);
  const setLeaveWarning = useCallback((warning: string | null) => tellLobby({ type: 'playhall:round', open: warning !== null, warning }), []);
  const [bet, setBet] = useState(100);
  const [fairness, setFairness] = useState<FairnessPublic | null>(null);
  const [sound, setSound] = useState(false);
  const [sheet, setSheet] = useState<'rules' | 'fairness' | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [busy, setBusy] = useState(false);
  const toastId = useRef(0);

  const toast = useCallback((text: string, kind: Toast['kind'] = 'info') => {
    const id = ++toastId.current;
    setToasts((ts) => [...ts.slice(-2), { id, text, kind }]);
    window.setTimeout(() => setToasts((ts) => ts.filter((x) => x.id !== id)), 3_500);
  }, []);

  /** Not enough money for the stake: a deposit for real money, the Refill (or a lower bet) for play money. */
  const insufficientText = (b: number): string => {
    if (session?.mode !== 'demo') return t('insufficient', { balance: money(b) });
    return b < session.limits.minBet ? t('demoOut') : t('demoLowerBet', { balance: money(b) });
  };

  const fail = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError) {
        if (e.code === 'SESSION_EXPIRED' || e.code === 'INVALID_TOKEN') return setState('expired');
        if (e.code === 'INSUFFICIENT_FUNDS') {
          if (e.balance !== undefined) setBalance(e.balance);
          return toast(insufficientText(e.balance ?? balance), 'error');
        }
        if (e.code === 'NETWORK') return toast(t('network'), 'error');
        return toast(t('error', { message: e.message }), 'error');
      }
      toast(t('error', { message: e instanceof Error ? e.message : String(e) }), 'error');
    },
    [t, toast, balance, session],
  );

  const load = useCallback(async () => {
    setState('loading');
    try {
      const res = await openSession({ api, storage: window.sessionStorage, game, launchToken });
      if (!res.ok) return setState('expired');
      // The one-time token has been spent: keep it out of the address bar (and of reloads).
      if (launchToken) window.history.replaceState(null, '', urlWithoutToken(window.location.href));
      const s = res.session;
      realMoney.current = s.mode === 'real';
      setSession(s);
      setBalance(s.balance);
      setFairness(s.fairness);
      setBet(wholeCoinLimits(s.limits).min);
      setState('ready');
    } catch (e) {
      setState('error');
      fail(e);
    }
  }, [api, game, launchToken, fail]);

  useEffect(() => {
    void load();
    // Only once per page: the launch token must not be exchanged twice.
  }, []);

  const roundPlayed = useCallback((used: FairnessUsed) => {
    setFairness((f) => (f && f.serverSeedHash === used.serverSeedHash ? { ...f, nonce: Math.max(f.nonce, used.nonce + 1) } : f));
  }, []);

  const toggleSound = () => {
    setSoundEnabled(!sound);
    setSound(!sound);
    if (!sound) play('click');
  };

  const refill = async () => {
    try {
      const r = await api.call<{ balance: number }>('/demo/refill', {});
      setBalance(r.balance);
    } catch (e) {
      fail(e);
    }
  };

  if (state === 'expired') {
    return (
      <div className="oc-screen-msg" role="alert">
        <div className="oc-screen-icon" aria-hidden="true">⏱</div>
        <h1>{t('expiredTitle')}</h1>
        <p>{t('expiredBody')}</p>
      </div>
    );
  }
  if (state !== 'ready' || !session || !fairness) {
    return (
      <div className="oc-app">
        <div className="oc-bar oc-skeleton" />
        <div className="oc-stage oc-skeleton" aria-busy="true">
          {state === 'error' ? (
            <button className="oc-btn" onClick={() => void load()}>
              ↻
            </button>
          ) : (
            <span className="oc-dim">{t('loading')}</span>
          )}
        </div>
        <Toasts toasts={toasts} />
      </div>
    );
  }

  const checkStake = async (b: number): Promise<boolean> => {
    if (betError) {
      toast(betError, 'error');
      return false;
    }
    if (!canAfford(b, balance)) {
      // In a demo the notice under the bar already says it, with its Refill and Play for real.
      if (session.mode !== 'demo') toast(insufficientText(balance), 'error');
      return false;
    }
    if (!needsStakeConfirm(b, balance, session.limits) || confirmedStakes.current.has(b)) return true;
    const ok = await new Promise<boolean>((resolve) => setStakeAsk({ bet: b, resolve }));
    setStakeAsk(null);
    if (ok) confirmedStakes.current.add(b);
    return ok;
  };

  const ctx: GameCtx = { api, session, t, balance, setBalance, bet, setBet, fairness, roundPlayed, fail, toast, busy, setBusy, betError, setBetError, checkStake, setLeaveWarning };
  const demo = session.mode === 'demo';
  const outOfPlayMoney = demo && !busy && balance < bet;
  // Real play happens in the lobby (register or log in there); outside a frame, the lobby's home.
  const playForReal = () => (embeddedInLobby() ? tellLobby({ type: 'playhall:play-real' }) : window.location.assign('/'));
  // In the lobby's frame the lobby's bar already names the game; on a phone the two names would
  // squeeze the balance, so the game's own bar leaves it out.
  const embedded = window.parent !== window;
  return (
    <GameContext.Provider value={ctx}>
      <div className={`oc-app oc-game-${game}`}>
        <header className="oc-bar">
          {!embedded && <span className="oc-title">{t(GAME_NAME[game])}</span>}
          <span className="oc-balance" data-testid="balance">
            {demo && <span className="oc-demo">{t('demo')}</span>}
            <strong>{money(balance)}</strong>
            {demo && balance < session.limits.minBet && (
              <button className="oc-link" onClick={() => void refill()}>
                {t('refill')}
              </button>
            )}
          </span>
          <button className="oc-icon" aria-pressed={sound} aria-label={sound ? t('soundOn') : t('soundOff')} onClick={toggleSound}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
              {sound ? <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" /> : <path d="M16 9l6 6M22 9l-6 6" />}
            </svg>
          </button>
          <button className="oc-icon" aria-label={t('rules')} onClick={() => setSheet('rules')}>
            ?
          </button>
          <button className="oc-icon" aria-label={t('fairness')} onClick={() => setSheet('fairness')}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
              <path d="M8.5 12l2.5 2.5 4.5-5" />
            </svg>
          </button>
        </header>
        {outOfPlayMoney && (
          <div className="oc-notice" role="status" data-testid="demo-out">
            <span>{balance < session.limits.minBet ? t('demoOut') : t('demoLowerBet', { balance: money(balance) })}</span>
            {balance < session.limits.minBet && (
              <button className="oc-btn oc-btn-small" onClick={() => void refill()}>
                {t('refill')}
              </button>
            )}
            <button className="oc-btn oc-btn-small oc-btn-ghost" onClick={playForReal} data-testid="play-real">
              {t('playForReal')}
            </button>
          </div>
        )}
        {game === 'slot' && <SlotGame />}
        {game === 'crash' && <CrashGame />}
        {game === 'mines' && <MinesGame />}
        {game === 'dice' && <DiceGame />}
        <Sheet open={sheet === 'rules'} title={t('rules')} onClose={() => setSheet(null)} closeLabel={t('close')}>
          <RulesSheet game={game} t={t} />
        </Sheet>
        <Sheet open={sheet === 'fairness'} title={t('fairness')} onClose={() => setSheet(null)} closeLabel={t('close')}>
          <FairnessSheet fairness={fairness} setFairness={setFairness} lang={lang} game={game} />
        </Sheet>
        {stakeAsk && (
          <ConfirmDialog
            title={t('confirmStakeTitle', { bet: money(stakeAsk.bet) })}
            body={t('confirmStakeBody', { pct: Math.ceil((stakeAsk.bet * 100) / Math.max(1, balance)), balance: money(balance) })}
            yes={t('confirmStakeYes', { bet: money(stakeAsk.bet) })}
            no={t('cancel')}
            onAnswer={stakeAsk.resolve}
          />
        )}
        <Toasts toasts={toasts} />
      </div>
    </GameContext.Provider>
  );
}

function Toasts({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="oc-toasts" aria-live="polite">
      {toasts.map((x) => (
        <div key={x.id} className={`oc-toast oc-toast-${x.kind}`} role={x.kind === 'error' ? 'alert' : 'status'}>
          {x.text}
        </div>
      ))}
    </div>
  );
}
