import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import type { Game } from '@playhall/contract';
import { openAuthModal } from '../../lib/modals.ts';
import { paths } from '../../lib/paths.ts';
import { setGameLike } from '../../lib/game-user.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { HeartIcon } from './game-icons.tsx';
import './game-card.css';

/** Two letters for the drawn fallback tile when a game's art cannot load. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? words[0]?.[1] ?? '')).toUpperCase();
}

/** A stable hue per game, so fallback tiles differ from each other but never flicker. */
function hueOf(id: number): number {
  return (id * 67) % 360;
}

/** `eager`: the first image of the page (the featured game), fetched at once and first, not when scrolled to. */
export function GameArt({ game, size, eager = false }: { game: Game; size?: number; eager?: boolean }) {
  const [broken, setBroken] = useState(false);
  if (broken || !game.icon) {
    return (
      <span className="game-art game-art--drawn" style={{ '--game-hue': hueOf(game.id), width: size, height: size } as React.CSSProperties} aria-hidden="true">
        {initials(game.name)}
      </span>
    );
  }
  return (
    <img className="game-art" src={game.icon} alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined} decoding="async" width={size} height={size} onError={() => setBroken(true)}
      style={{ '--game-hue': hueOf(game.id) } as React.CSSProperties} />
  );
}

/**
 * What a tap on a game does: a player starts it; a visitor chooses between logging in and a demo
 * (where the game has one), or goes to login (spec: starting a game while logged out goes to
 * login); a game in maintenance only says so.
 */
export function useOpenGame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  return (game: Game, e?: MouseEvent) => {
    if (game.status === 'maintenance') {
      e?.preventDefault();
      void import('../../lib/antd-imperative.ts').then(({ Toast }) => Toast.show({ content: t('errors.4002'), duration: 2500 }));
      return;
    }
    if (loggedIn || !game.demo) return; // the link itself goes to /game/start (login first when needed)
    e?.preventDefault();
    // Loaded on the first tap, not with the lobby (decision 033).
    void import('../../lib/antd-imperative.ts').then(({ ActionSheet }) => ActionSheet.show({
      extra: t('games.chooseMode', { name: game.name }),
      cancelText: t('common.cancel'),
      closeOnAction: true,
      actions: [
        { key: 'real', text: t('games.loginToPlay'), bold: true },
        { key: 'demo', text: t('games.tryDemo') },
      ],
      onAction: (action) => {
        void navigate({ to: paths.gameStart, search: action.key === 'demo' ? { gameId: game.id, tryIt: 1 } : { gameId: game.id } });
      },
    }));
  };
}

/** The heart: a player's favourite toggles (the rows update at once); a visitor gets the login modal. */
export function useLikeGame() {
  const loggedIn = useIsLoggedIn();
  return (game: Game, liked: boolean) => {
    if (!loggedIn) {
      openAuthModal('login');
      return;
    }
    // The API client already shows the failure; the heart goes back by itself.
    setGameLike(game.id, !liked).catch(() => undefined);
  };
}

interface GameCardProps {
  game: Game;
  liked: boolean;
  /** Shown under the name (the studio, in search results). */
  caption?: string;
}

/** A game tile: square art, HOT/NEW badge, maintenance greyed with a label, a heart, the name. */
export function GameCard({ game, liked, caption }: GameCardProps) {
  const { t } = useTranslation();
  const open = useOpenGame();
  const like = useLikeGame();
  const maintenance = game.status === 'maintenance';
  const badge = game.hot ? 'hot' : game.new ? 'new' : null;
  return (
    <div className={maintenance ? 'game-card game-card--maintenance' : 'game-card'} data-testid="game-card" data-game-id={game.id}>
      <Link
        to={paths.gameStart}
        search={{ gameId: game.id }}
        className="game-card__open"
        onClick={(e) => open(game, e)}
        aria-label={maintenance ? `${game.name} · ${t('games.maintenance')}` : game.name}
        aria-disabled={maintenance || undefined}
      >
        <span className="game-card__art">
          <GameArt game={game} />
          {badge && <span className={`game-badge game-badge--${badge}`} data-testid={`badge-${badge}`}>{t(`games.badge.${badge}`)}</span>}
          {maintenance && <span className="game-card__maintenance" data-testid="maintenance-label">{t('games.maintenance')}</span>}
        </span>
        <span className="game-card__name">{game.name}</span>
        {caption && <span className="game-card__caption">{caption}</span>}
      </Link>
      {/* Over the art's square (a button cannot sit inside the link): the heart in its lower corner. */}
      <div className="game-card__overlay">
        <button
          type="button"
          className={liked ? 'game-card__like game-card__like--on' : 'game-card__like'}
          aria-pressed={liked}
          aria-label={t(liked ? 'games.unfavourite' : 'games.favourite', { name: game.name })}
          onClick={() => like(game, liked)}
          data-testid="game-like"
        >
          <HeartIcon size={18} filled={liked} />
        </button>
      </div>
    </div>
  );
}

/** Tiles three to a row (phone), more on wider columns. */
export function GameGrid({ games, likes, caption }: { games: Game[]; likes: readonly number[]; caption?: (g: Game) => string | undefined }) {
  return (
    <div className="game-grid">
      {games.map((g) => (
        <GameCard key={g.id} game={g} liked={likes.includes(g.id)} caption={caption?.(g)} />
      ))}
    </div>
  );
}

/** One scrolling row (favourites, recently played). */
export function GameRow({ games, likes, label }: { games: Game[]; likes: readonly number[]; label: string }) {
  return (
    <div className="game-row" role="list" aria-label={label}>
      {games.map((g) => (
        <div role="listitem" key={g.id} className="game-row__item">
          <GameCard game={g} liked={likes.includes(g.id)} />
        </div>
      ))}
    </div>
  );
}
