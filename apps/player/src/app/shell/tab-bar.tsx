import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { GiftIcon, HomeIcon, InviteIcon, UserIcon, WalletIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../lib/paths.ts';
import { RedDot } from '../../components/ui/red-dot.tsx';
import { anyDot, useRedDots } from '../../lib/rewards.ts';

/**
 * The design brief's tabs: Home, Bonus, Invite, Deposit, Me (customer service is on Me and the home
 * page). Bonus (/bonus opens its home) carries the dot of any claimable reward.
 */
const tabs = [
  { to: paths.index, labelKey: 'nav.home', Icon: HomeIcon },
  { to: paths.bonus, labelKey: 'nav.bonus', Icon: GiftIcon },
  { to: paths.share, labelKey: 'nav.invite', Icon: InviteIcon },
  { to: paths.wallets, search: { name: 'deposit' }, labelKey: 'nav.deposit', Icon: WalletIcon },
  { to: paths.member, labelKey: 'nav.me', Icon: UserIcon },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const dots = useRedDots();
  const rewardWaiting = anyDot(dots.data);
  return (
    <nav className="tab-bar" aria-label={t('nav.main')}>
      {tabs.map(({ to, labelKey, Icon, ...tab }) => {
        // Deposit is /wallets with name=deposit: the withdraw page is not that tab.
        const active = to === '/' ? pathname === '/' : pathname.startsWith(to) && (!('search' in tab) || (search as { name?: string }).name === tab.search.name);
        return (
          <Link key={to} to={to} search={'search' in tab ? tab.search : undefined} className={active ? 'tab-bar__tab tab-bar__tab--active' : 'tab-bar__tab'} aria-current={active ? 'page' : undefined}>
            <span className="red-dot-anchor">
              <Icon size={22} />
              {to === paths.bonus && <RedDot on={rewardWaiting} className="red-dot--corner" />}
            </span>
            <span>{t(labelKey)}</span>
            {to === paths.bonus && rewardWaiting && <span className="sr-only">{t('rewards.dotLabel')}</span>}
          </Link>
        );
      })}
    </nav>
  );
}
