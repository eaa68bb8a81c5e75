import { useTranslation } from '../../../lib/i18n.ts';
import { GameRow } from '../../../components/ui/game-card.tsx';
import { ClockIcon, HeartIcon } from '../../../components/ui/game-icons.tsx';
import { SkeletonLine } from '../../../components/ui/skeletons.tsx';
import { gamesByIds, type GameCatalogue } from '../../../lib/game-lists.ts';

/** How many recently played games the row shows. */
const RECENT_SHOWN = 12;

/**
 * A logged-in player's own rows: recently played (hidden until there is one) and favourites
 * (with a hint on how to add one). Both follow the session store, so a started game or a heart
 * shows here without a reload.
 */
export function PlayerGames({ catalogue, likes, history, loading = false }: { catalogue: GameCatalogue; likes: readonly number[]; history: readonly number[]; loading?: boolean }) {
  const { t } = useTranslation();
  // Until the player's lists are known, hold their place so the lobby below does not jump when they arrive.
  if (loading) {
    return (
      <section className="player-games" aria-busy="true" data-testid="player-games-loading">
        <SkeletonLine width={160} height={22} />
        <div className="game-row">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="game-row__item">
              <span className="skeleton lobby__tile-skeleton" />
            </div>
          ))}
        </div>
      </section>
    );
  }
  const recent = gamesByIds(catalogue, history).slice(0, RECENT_SHOWN);
  const favourites = gamesByIds(catalogue, likes);
  return (
    <>
      {recent.length > 0 && (
        <section className="player-games" data-testid="recent-games">
          <h2 className="section-title"><ClockIcon /> {t('games.recent')}</h2>
          <GameRow games={recent} likes={likes} label={t('games.recent')} />
        </section>
      )}
      <section className="player-games" data-testid="favourite-games">
        <h2 className="section-title"><HeartIcon size={18} /> {t('games.favourites')}</h2>
        {favourites.length > 0 ? (
          <GameRow games={favourites} likes={likes} label={t('games.favourites')} />
        ) : (
          <p className="player-games__hint" data-testid="favourites-empty">{t('games.favouritesEmpty')}</p>
        )}
      </section>
    </>
  );
}
