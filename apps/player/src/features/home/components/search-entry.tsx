import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { SearchIcon } from '../../../components/ui/game-icons.tsx';

/** Looks like a search field; a tap opens the search page, where typing filters at once. */
export function SearchEntry() {
  const { t } = useTranslation();
  return (
    <Link to={paths.gameSearch} className="search-entry" data-testid="search-entry">
      <SearchIcon size={18} />
      <span>{t('games.searchPlaceholder')}</span>
    </Link>
  );
}
