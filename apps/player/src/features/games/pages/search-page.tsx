import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { GameGrid } from '../../../components/ui/game-card.tsx';
import { CloseIcon, SearchIcon } from '../../../components/ui/game-icons.tsx';
import { SkeletonLine } from '../../../components/ui/skeletons.tsx';
import { searchGames } from '../../../lib/game-lists.ts';
import { useGameUserData } from '../../../lib/game-user.ts';
import { useGameCatalogue, useTypeLabel } from '../../../lib/queries.ts';
import '../games.css';

/** Typing waits this long before the results (and the address) follow. */
export const SEARCH_DEBOUNCE_MS = 250;

function Chips<T extends number>({ label, allLabel, options, value, onChange, testId }: {
  label: string;
  allLabel: string;
  options: { id: T; name: string }[];
  value: T | undefined;
  onChange: (v: T | undefined) => void;
  testId: string;
}) {
  const all = [{ id: undefined, name: allLabel }, ...options];
  return (
    <div className="filter-chips" role="radiogroup" aria-label={label} data-testid={testId}>
      {all.map((o) => (
        <button key={o.id ?? 'all'} type="button" role="radio" aria-checked={o.id === value}
          className={o.id === value ? 'filter-chip filter-chip--active' : 'filter-chip'} onClick={() => onChange(o.id)}>
          {o.name}
        </button>
      ))}
    </div>
  );
}

/**
 * /game/search: the cached catalogue filtered in the browser by name (as you type, debounced),
 * type and studio. Everything lives in the address: back/forward and shared links keep it.
 */
export function GameSearchPage() {
  const { t } = useTranslation();
  const search = useSearch({ from: '/game/search' });
  const navigate = useNavigate({ from: '/game/search' });
  const { catalogue, isPending } = useGameCatalogue();
  const typeLabel = useTypeLabel();
  const { likes } = useGameUserData();
  const [text, setText] = useState(search.name ?? '');
  /** The name last written to (or read from) the address, so our own update is not read back as news. */
  const synced = useRef(search.name ?? '');

  // Back/forward (or a link) changed the name: the field follows.
  useEffect(() => {
    const fromUrl = search.name ?? '';
    if (fromUrl !== synced.current) {
      synced.current = fromUrl;
      setText(fromUrl);
    }
  }, [search.name]);

  // Typing: the address (and so the results) follows once the player pauses.
  useEffect(() => {
    if (text === synced.current) return;
    const timer = setTimeout(() => {
      synced.current = text;
      void navigate({ search: (prev) => ({ ...prev, name: text || undefined }), replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, navigate]);

  const results = useMemo(
    () => (catalogue ? searchGames(catalogue, { name: search.name, typeId: search.typeId, brandId: search.brandId }) : []),
    [catalogue, search.name, search.typeId, search.brandId],
  );
  const types = (catalogue?.types.filter((ty) => catalogue.games.some((g) => g.typeId === ty.id)) ?? []).map((ty) => ({ id: ty.id, name: typeLabel(ty) }));
  const brands = catalogue?.brands.filter((b) => catalogue.games.some((g) => g.brandId === b.id)) ?? [];
  const filtered = Boolean(search.name || search.typeId || search.brandId);

  const setFilter = (patch: { typeId?: number; brandId?: number }) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const clearAll = () => {
    synced.current = '';
    setText('');
    void navigate({ search: {} });
  };

  let body;
  if (!catalogue) {
    body = isPending ? (
      <div className="game-grid" aria-busy="true">
        {Array.from({ length: 9 }, (_, i) => <div key={i}><span className="skeleton game-tile-skeleton" /><SkeletonLine width="70%" height={12} /></div>)}
      </div>
    ) : null;
  } else if (results.length === 0) {
    body = (
      <div className="card empty-state" data-testid="search-empty">
        <p><strong>{t('games.noResults')}</strong></p>
        <p className="muted">{t('games.noResultsHint')}</p>
        {filtered && <Button color="primary" shape="rounded" onClick={clearAll} data-testid="search-clear-all">{t('games.clearFilters')}</Button>}
      </div>
    );
  } else {
    body = <GameGrid games={results} likes={likes} caption={(g) => catalogue.brandById.get(g.brandId)?.name} />;
  }

  return (
    <div className="page game-search">
      <div className="game-search__box">
        <label className="game-search__field">
          <SearchIcon size={18} />
          <input
            className="game-search__input"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            value={text}
            maxLength={50}
            placeholder={t('games.searchPlaceholder')}
            aria-label={t('games.searchLabel')}
            onChange={(e) => setText(e.target.value)}
            autoFocus={!filtered}
            data-testid="search-input"
          />
          {text && (
            <button type="button" className="game-search__clear" aria-label={t('games.clearSearch')} onClick={() => setText('')}>
              <CloseIcon size={16} />
            </button>
          )}
        </label>
        <Chips label={t('games.types')} allLabel={t('games.allTypes')} options={types} value={search.typeId} testId="type-filter"
          onChange={(typeId) => setFilter({ typeId })} />
        {brands.length > 1 && (
          <Chips label={t('games.brands')} allLabel={t('games.allBrands')} options={brands} value={search.brandId} testId="brand-filter"
            onChange={(brandId) => setFilter({ brandId })} />
        )}
      </div>
      {catalogue && (
        <p className="game-search__count" aria-live="polite" data-testid="search-count">
          {t('games.resultCount', { count: results.length })}
        </p>
      )}
      {body}
    </div>
  );
}
