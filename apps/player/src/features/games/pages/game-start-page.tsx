import { useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, SpinLoading } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorCode, type Game } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { GameArt } from '../../../components/ui/game-card.tsx';
import { CloseIcon } from '../../../components/ui/game-icons.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { ApiError, TimeoutError } from '../../../lib/api.ts';
import { useBalance, useGameCatalogue } from '../../../lib/queries.ts';
import { useIsLoggedIn, useSession } from '../../../lib/session.ts';
import { useGameLaunch, useGameSession, type GameMode } from '../api/game-session.ts';
import '../games.css';

/**
 * Messages a game may post to its parent page (same shape for our Originals and outside games).
 * Only a game served from this origin (the Originals) is believed about amounts and open rounds:
 * `playhall:balance` with `balance` (hundredths, from its wallet answers) sets the bar at once;
 * from anywhere else it only asks the bar to refresh.
 */
const GameMessage = { balanceChanged: 'playhall:balance', exit: 'playhall:exit', round: 'playhall:round', playReal: 'playhall:play-real' } as const;

interface GameMessageData {
  type?: unknown;
  balance?: unknown;
  open?: unknown;
  warning?: unknown;
}

const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Back where the player came from; a deep link has no in-app history, so home instead. */
function useGoBack() {
  const router = useRouter();
  return () => {
    const index = (window.history.state as { __TSR_index?: number } | null)?.__TSR_index;
    if (index) router.history.back();
    else void router.navigate({ to: paths.index, replace: true });
  };
}

/** The bar's balance pill: the game's own figure while it reports one (decision 026: floored, never above the game's). */
function Balance({ fromGame }: { fromGame: number | null }) {
  const balance = useBalance();
  const user = useSession((s) => s.user);
  return <Money value={fromGame ?? balance.data?.coin ?? user?.coin ?? 0} className="game-bar__money" />;
}

function GameBar({ name, mode, onExit, onPlayReal, gameBalance }: { name: string; mode: GameMode; onExit: () => void; onPlayReal: () => void; gameBalance: number | null }) {
  const { t } = useTranslation();
  return (
    <header className={mode === 'demo' ? 'game-bar game-bar--demo' : 'game-bar'}>
      <button type="button" className="game-bar__exit" onClick={onExit} data-testid="game-exit">
        <CloseIcon size={18} />
        <span>{t('games.exit')}</span>
      </button>
      <h1 className="game-bar__name">{name}</h1>
      <div className="game-bar__side" data-testid="game-bar-balance">
        {mode === 'demo' ? (
          <span className="game-bar__demo-side">
            <span className="game-bar__demo" data-testid="demo-badge">{t('games.demo')}</span>
            <button type="button" className="game-bar__real" onClick={onPlayReal} data-testid="play-for-real">
              {t('games.playForReal')}
            </button>
          </span>
        ) : (
          <Balance fromGame={gameBalance} />
        )}
      </div>
    </header>
  );
}

interface Failure {
  title: string;
  text: string;
  /** Worth trying again (network, timeout, server trouble); a refusal is not. */
  canRetry: boolean;
  /** A visitor asked for a demo the game does not have: logging in is the way forward. */
  needsLogin: boolean;
}

function failureOf(err: unknown, t: (k: string) => string, loggedIn: boolean): Failure {
  if (err instanceof TimeoutError) return { title: t('games.startFailed'), text: t('common.timeout'), canRetry: true, needsLogin: false };
  if (err instanceof ApiError) {
    const refused = [ErrorCode.gameNotFound, ErrorCode.gameInMaintenance, ErrorCode.gameDemoNotAllowed] as number[];
    const title = err.code === ErrorCode.gameInMaintenance ? t('games.maintenanceTitle') : t('games.startFailed');
    return {
      title,
      text: err.message,
      canRetry: !refused.includes(err.code),
      needsLogin: err.code === ErrorCode.gameDemoNotAllowed && !loggedIn,
    };
  }
  return { title: t('games.startFailed'), text: t('errors.generic'), canRetry: true, needsLogin: false };
}

function GameScreen({ gameId, mode, activityId, game }: { gameId: number; mode: GameMode; activityId?: number; game: Game | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const qc = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  /** The balance the game last reported from its wallet answers (hundredths), once it has. */
  const [gameBalance, setGameBalance] = useState<number | null>(null);
  /** What leaving does to the game's open round, as the game says it (a Crash bet in flight), else null. */
  const [leaveWarning, setLeaveWarning] = useState<string | null>(null);
  const [askLeave, setAskLeave] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const launch = useGameLaunch({ gameId, mode, activityId, loggedIn, attempt });
  const { exit } = useGameSession({
    gameId,
    active: launch.isSuccess,
    loggedIn,
    onRestored: () => {
      setLoaded(false);
      setAttempt((a) => a + 1);
    },
  });
  const name = game?.name ?? '';

  // While the game says a round plays on without the player, every way out (the exit button, the
  // browser's back, a link) asks first and says what happens to it; closing the tab asks too.
  const guarded = useRef(false);
  guarded.current = leaveWarning !== null;
  const blocker = useBlocker({ shouldBlockFn: () => guarded.current, enableBeforeUnload: () => guarded.current, withResolver: true });
  const leave = () => {
    if (leaveWarning !== null) return setAskLeave(true);
    void exit();
    goBack();
  };
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  });
  const confirmLeave = () => {
    setAskLeave(false);
    setLeaveWarning(null);
    guarded.current = false;
    void exit();
    if (blocker.status === 'blocked') blocker.proceed();
    else goBack();
  };
  const stay = () => {
    setAskLeave(false);
    if (blocker.status === 'blocked') blocker.reset();
  };
  // Real play is in the lobby: logged out, the real route asks to log in (or register) and comes back.
  const playForReal = () => void navigate({ to: paths.gameStart, search: { gameId } });
  const playRealRef = useRef(playForReal);
  useEffect(() => {
    playRealRef.current = playForReal;
  });

  // A game may tell us its balance (or that it moved), what leaving would do to its open round,
  // that the player pressed its own exit, or that a demo player wants to play for real.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const data = (e.data ?? null) as GameMessageData | null;
      const ours = e.origin === window.location.origin;
      if (data?.type === GameMessage.balanceChanged) {
        if (ours && isAmount(data.balance)) {
          const coin = data.balance;
          setGameBalance(coin);
          qc.setQueryData(['refreshData'], (old: unknown) => (old && typeof old === 'object' ? { ...old, coin } : old));
        } else void qc.invalidateQueries({ queryKey: ['refreshData'] });
      }
      if (data?.type === GameMessage.round && ours) setLeaveWarning(data.open === true && typeof data.warning === 'string' ? data.warning : null);
      if (data?.type === GameMessage.exit) leaveRef.current();
      if (data?.type === GameMessage.playReal && ours) playRealRef.current();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [qc]);

  // The game owns the screen: no page scrolling underneath it.
  useEffect(() => {
    document.documentElement.classList.add('in-game');
    return () => document.documentElement.classList.remove('in-game');
  }, []);

  let body;
  if (launch.isError) {
    const f = failureOf(launch.error, t, loggedIn);
    body = (
      <div className="game-stage">
        <div className="game-state" role="alert" data-testid="game-error">
          {game && <div className="game-state__art"><GameArt game={game} /></div>}
          <h2 className="game-state__title">{f.title}</h2>
          <p className="game-state__text" data-testid="game-error-text">{f.text}</p>
          <div className="game-state__actions">
            {f.needsLogin && (
              <Button color="primary" shape="rounded" onClick={() => void navigate({ to: paths.gameStart, search: { gameId } })} data-testid="game-login">
                {t('games.loginToPlay')}
              </Button>
            )}
            {f.canRetry && (
              <Button color="primary" shape="rounded" onClick={() => setAttempt((a) => a + 1)} data-testid="game-retry">
                {t('common.retry')}
              </Button>
            )}
            <Button fill="outline" shape="rounded" onClick={goBack} data-testid="game-back">{t('games.backToLobby')}</Button>
          </div>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="game-stage">
        {launch.data && (
          <iframe
            ref={frame}
            key={launch.data.url}
            className="game-frame"
            src={launch.data.url}
            title={name || t('games.game')}
            allow="autoplay; fullscreen; clipboard-write"
            allowFullScreen
            onLoad={() => setLoaded(true)}
            data-testid="game-frame"
            data-mode={launch.data.mode}
          />
        )}
        {!loaded && (
          <div className="game-state game-state--loading" role="status" data-testid="game-loading">
            {game && <div className="game-state__art game-state__art--pulse"><GameArt game={game} /></div>}
            <SpinLoading color="primary" style={{ '--size': '28px' } as React.CSSProperties} />
            <p className="game-state__text">{t('games.loading', { name: name || t('games.game') })}</p>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="game-screen" data-testid="game-screen" data-mode={mode}>
      <GameBar name={name} mode={mode} onExit={leave} onPlayReal={playForReal} gameBalance={gameBalance} />
      {body}
      <Dialog
        visible={leaveWarning !== null && (askLeave || blocker.status === 'blocked')}
        title={t('games.leaveRoundTitle')}
        destroyOnClose
        content={<p className="game-leave__text" data-testid="leave-warning">{leaveWarning}</p>}
        onClose={stay}
        actions={[
          [
            { key: 'stay', text: t('games.stayInGame'), bold: true, onClick: stay },
            { key: 'leave', text: t('games.leaveRound'), danger: true, onClick: confirmLeave },
          ],
        ]}
      />
    </div>
  );
}

/**
 * /game/start: the game in a full-screen frame under a slim bar (exit, name, balance or "Demo").
 * Logged-out real play never gets here (the route sends it to login and back).
 */
export function GameStartPage() {
  const search = useSearch({ from: '/game/start' });
  const { catalogue } = useGameCatalogue();
  const mode: GameMode = search.tryIt === 1 ? 'demo' : 'real';
  return (
    <GameScreen
      key={`${search.gameId}:${mode}:${search.activityId ?? ''}`}
      gameId={search.gameId}
      mode={mode}
      activityId={search.activityId}
      game={catalogue?.byId.get(search.gameId)}
    />
  );
}
