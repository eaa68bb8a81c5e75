import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
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

/** Messages a game may post to its parent page (same shape for our Originals and outside games). */
const GameMessage = { balanceChanged: 'playhall:balance', exit: 'playhall:exit' } as const;

/** Back where the player came from; a deep link has no in-app history, so home instead. */
function useGoBack() {
  const router = useRouter();
  return () => {
    const index = (window.history.state as { __TSR_index?: number } | null)?.__TSR_index;
    if (index) router.history.back();
    else void router.navigate({ to: paths.index, replace: true });
  };
}

function Balance() {
  const balance = useBalance();
  const user = useSession((s) => s.user);
  return <Money value={balance.data?.coin ?? user?.coin ?? 0} className="game-bar__money" />;
}

function GameBar({ name, mode, onExit }: { name: string; mode: GameMode; onExit: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="game-bar">
      <button type="button" className="game-bar__exit" onClick={onExit} data-testid="game-exit">
        <CloseIcon size={18} />
        <span>{t('games.exit')}</span>
      </button>
      <h1 className="game-bar__name">{name}</h1>
      <div className="game-bar__side" data-testid="game-bar-balance">
        {mode === 'demo' ? <span className="game-bar__demo" data-testid="demo-badge">{t('games.demo')}</span> : <Balance />}
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

  const leave = () => {
    void exit();
    goBack();
  };
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  });

  // A game may tell us its balance moved (refresh the bar) or that the player pressed its own exit.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const type = (e.data as { type?: unknown } | null)?.type;
      if (type === GameMessage.balanceChanged) void qc.invalidateQueries({ queryKey: ['refreshData'] });
      if (type === GameMessage.exit) leaveRef.current();
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
      <GameBar name={name} mode={mode} onExit={leave} />
      {body}
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
