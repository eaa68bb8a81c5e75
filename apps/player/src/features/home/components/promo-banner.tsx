import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Game } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { GameArt } from '../../../components/ui/game-card.tsx';
import type { GameCatalogue } from '../../../lib/game-lists.ts';

/** The game the banner features: the first hot game that can be played, else the first playable one. */
export function featuredGame(catalogue: GameCatalogue): Game | undefined {
  const playable = catalogue.games.filter((g) => g.status === 'online');
  return playable.find((g) => g.hot) ?? playable[0];
}

/**
 * The banner area (activities fill it in a later issue). For now one static card: the featured
 * game, playable at once (a demo for visitors where the game has one), and the way to deposit.
 * No amounts, countdowns or winners: nothing here may be invented.
 */
export function PromoBanner({ catalogue, loggedIn }: { catalogue: GameCatalogue; loggedIn: boolean }) {
  const { t } = useTranslation();
  const game = featuredGame(catalogue);
  if (!game) {
    if (!loggedIn) return null;
    return (
      <section className="promo card" data-testid="promo">
        <div className="promo__text">
          <p className="hero__eyebrow">{t('home.promo.depositEyebrow')}</p>
          <h2 className="promo__title">{t('home.promo.depositTitle')}</h2>
        </div>
        <div className="promo__actions">
          <Link to={paths.wallets} search={{ name: 'deposit' }} className="promo__cta promo__cta--primary">{t('topBar.deposit')}</Link>
        </div>
      </section>
    );
  }
  const demo = !loggedIn && game.demo;
  return (
    <section className="promo card" data-testid="promo" aria-label={t('home.promo.eyebrow')}>
      <div className="promo__text">
        <p className="hero__eyebrow">{t('home.promo.eyebrow')}</p>
        <h2 className="promo__title">{game.name}</h2>
        <p className="promo__body">{t(demo ? 'home.promo.demoText' : 'home.promo.text')}</p>
      </div>
      <div className="promo__art" aria-hidden="true">
        <GameArt game={game} eager />
      </div>
      <div className="promo__actions">
        <Link to={paths.gameStart} search={demo ? { gameId: game.id, tryIt: 1 } : { gameId: game.id }} className="promo__cta promo__cta--primary" data-testid="promo-play">
          {t(demo ? 'games.tryDemo' : 'games.playNow')}
        </Link>
        {loggedIn && (
          <Link to={paths.wallets} search={{ name: 'deposit' }} className="promo__cta" data-testid="promo-deposit">{t('topBar.deposit')}</Link>
        )}
      </div>
    </section>
  );
}
