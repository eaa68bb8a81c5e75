import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { GiftIcon, HomeIcon, SupportIcon, UserIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../lib/paths.ts';
import { RedDot } from '../../components/ui/red-dot.tsx';
import { anyDot, useRedDots } from '../../lib/rewards.ts';

/** Only routes that exist get a tab; Invite and Deposit arrive with their issues. Bonus (/bonus opens its home) carries the dot of any claimable reward. */
const tabs = [
  { to: paths.index, labelKey: 'nav.home', Icon: HomeIcon },
  { to: paths.bonus, labelKey: 'nav.bonus', Icon: GiftIcon },
  { to: paths.service, labelKey: 'nav.support', Icon: SupportIcon },
  { to: paths.member, labelKey: 'nav.me', Icon: UserIcon },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const dots = useRedDots();
  const rewardWaiting = anyDot(dots.data);
  return (
    <nav className="tab-bar" aria-label={t('nav.main')}>
      {tabs.map(({ to, labelKey, Icon }) => {
        const active = to === '/' ? pathname === '/' : pathname.startsWith(to);
        return (
          <Link key={to} to={to} className={active ? 'tab-bar__tab tab-bar__tab--active' : 'tab-bar__tab'} aria-current={active ? 'page' : undefined}>
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
