import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { GameType } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { GameGrid } from '../../../components/ui/game-card.tsx';
import { SkeletonLine } from '../../../components/ui/skeletons.tsx';
import { gamesOfType, type GameCatalogue } from '../../../lib/game-lists.ts';
import { useTypeLabel } from '../../../lib/queries.ts';

/** Used when the start-up config has not said how many tiles a type shows. */
const DEFAULT_SHOW_NUM = 12;

/**
 * The category glyphs, by type code. Each is a few hundred bytes, so the build inlines it into the
 * bundle as a data URI: the tabs draw with their glyphs on the first paint, without a request per
 * icon (issue 13 §5). A type without a glyph here shows its label alone.
 */
const GLYPHS = import.meta.glob<string>('../type-glyphs/*.svg', { eager: true, query: '?url', import: 'default' });

function TypeGlyph({ type }: { type: GameType }) {
  const src = GLYPHS[`../type-glyphs/${type.code}.svg`];
  return src ? <img className="type-tab__glyph" src={src} alt="" width={18} height={18} /> : null;
}

export function LobbySkeleton() {
  return (
    <section className="lobby" aria-busy="true" data-testid="lobby-loading">
      <div className="type-tabs">
        {[64, 80, 72].map((w) => <SkeletonLine key={w} width={w} height={44} />)}
      </div>
      <div className="game-grid">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i}>
            <span className="skeleton lobby__tile-skeleton" />
            <SkeletonLine width="70%" height={12} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** No catalogue (the server could not be reached and nothing is stored) or no games yet. */
export function LobbyEmpty() {
  const { t } = useTranslation();
  return (
    <section className="card empty-state" data-testid="lobby-empty">
      <p className="lobby__empty-title">{t('games.emptyLobby')}</p>
      <p className="muted">{t('games.emptyLobbyHint')}</p>
    </section>
  );
}

/**
 * Game type tabs over one grid per type. "All" shows every type's section; a tab shows only its
 * own. Each grid stops at `gameShowNum` tiles and then links to the search page for that type.
 */
export function Lobby({ catalogue, showNum, likes }: { catalogue: GameCatalogue; showNum: number | undefined; likes: readonly number[] }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const [active, setActive] = useState<number | 'all'>('all');
  const limit = showNum && showNum > 0 ? showNum : DEFAULT_SHOW_NUM;
  const sections = catalogue.types.map((type) => ({ type, games: gamesOfType(catalogue, type.id) })).filter((s) => s.games.length > 0);

  if (sections.length === 0) return <LobbyEmpty />;

  const shown = active === 'all' ? sections : sections.filter((s) => s.type.id === active);
  return (
    <section className="lobby" aria-label={t('games.lobby')}>
      <div className="type-tabs" role="tablist" aria-label={t('games.types')}>
        {[{ id: 'all' as const, label: t('games.allTypes'), type: null }, ...sections.map((s) => ({ id: s.type.id, label: typeLabel(s.type), type: s.type }))].map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === active}
            className={tab.id === active ? 'type-tab type-tab--active' : 'type-tab'}
            onClick={() => setActive(tab.id)}
            data-testid="type-tab"
          >
            {tab.type && <TypeGlyph type={tab.type} />}
            {tab.label}
          </button>
        ))}
      </div>
      {shown.map(({ type, games }) => (
        <section key={type.id} className="lobby__section" data-testid="type-section" data-type-id={type.id} aria-labelledby={`type-${type.id}`}>
          <header className="lobby__head">
            <h2 className="section-title" id={`type-${type.id}`}>
              {typeLabel(type)} <span className="lobby__count">{games.length}</span>
            </h2>
            {games.length > limit && (
              <Link to={paths.gameSearch} search={{ typeId: type.id }} className="lobby__more" data-testid="type-more">
                {t('games.more')}
              </Link>
            )}
          </header>
          <GameGrid games={games.slice(0, limit)} likes={likes} />
        </section>
      ))}
    </section>
  );
}
