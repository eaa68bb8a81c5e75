import { Link } from '@tanstack/react-router';
import { PlainButton as Button } from '../../components/ui/plain-button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Money } from '../../components/ui/money.tsx';
import { RefreshIcon } from '../../components/ui/icons.tsx';
import { useBalance } from '../../lib/queries.ts';
import { useIsLoggedIn, useSession } from '../../lib/session.ts';
import { openAuthModal } from '../../lib/modals.ts';
import { paths } from '../../lib/paths.ts';

function BalancePill() {
  const { t } = useTranslation();
  const balance = useBalance();
  const user = useSession((s) => s.user);
  const coin = balance.data?.coin ?? user?.coin ?? 0;
  return (
    <button
      type="button"
      className={balance.isFetching ? 'balance-pill balance-pill--busy' : 'balance-pill'}
      onClick={() => void balance.refetch()}
      aria-label={t('topBar.refreshBalance')}
      data-testid="balance-pill"
    >
      <span className="balance-pill__coin" aria-hidden="true" />
      <Money value={coin} />
      <RefreshIcon size={14} />
    </button>
  );
}

/** Top-level pages: logo, balance and the player's avatar, or the way in when logged out. */
export function TopBar() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const avatar = useSession((s) => s.user?.avatar);
  return (
    <header className="top-bar">
      <Link to={paths.index} className="top-bar__brand" aria-label={t('nav.home')}>
        <img src="/logo.svg" width={32} height={32} alt="" />
        <span className="top-bar__name">Playhall</span>
      </Link>
      <div className="top-bar__actions">
        {loggedIn ? (
          <>
            <BalancePill />
            <Link to={paths.wallets} search={{ name: 'deposit' }} className="top-bar__deposit" data-testid="topbar-deposit">
              {t('topBar.deposit')}
            </Link>
            <Link to={paths.member} className="top-bar__avatar" aria-label={t('nav.me')}>
              <Avatar value={avatar} size={36} />
            </Link>
          </>
        ) : (
          <>
            <Button size="small" fill="outline" shape="rounded" className="top-bar__login" onClick={() => openAuthModal('login')}>
              {t('nav.login')}
            </Button>
            <Button size="small" color="primary" shape="rounded" onClick={() => openAuthModal('register')}>
              {t('nav.register')}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
