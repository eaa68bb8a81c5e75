import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { GiftIcon, HomeIcon, SupportIcon, UserIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../lib/paths.ts';
import { RedDot } from '../../components/ui/red-dot.tsx';
import { anyDot, useRedDots } from '../../lib/rewards.ts';

/**
 * Only routes that exist get a tab; Invite and Deposit arrive with their issues. `section`: the
 * paths under which the tab is the current one; Bonus carries the dot of any claimable reward.
 */
const tabs = [
  { to: paths.index, section: paths.index, labelKey: 'nav.home', Icon: HomeIcon, dot: false },
  { to: paths.bonusHome, section: paths.bonus, labelKey: 'nav.bonus', Icon: GiftIcon, dot: true },
  { to: paths.service, section: paths.service, labelKey: 'nav.support', Icon: SupportIcon, dot: false },
  { to: paths.member, section: paths.member, labelKey: 'nav.me', Icon: UserIcon, dot: false },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const dots = useRedDots();
  const rewardWaiting = anyDot(dots.data);
  return (
    <nav className="tab-bar" aria-label={t('nav.main')}>
      {tabs.map(({ to, section, labelKey, Icon, dot }) => {
        const active = section === '/' ? pathname === '/' : pathname.startsWith(section);
        const on = dot && rewardWaiting;
        return (
          <Link key={to} to={to} className={active ? 'tab-bar__tab tab-bar__tab--active' : 'tab-bar__tab'} aria-current={active ? 'page' : undefined}>
            <span className="red-dot-anchor">
              <Icon size={22} />
              <RedDot on={on} className="red-dot--corner" />
            </span>
            <span>{t(labelKey)}</span>
            {on && <span className="sr-only">{t('rewards.dotLabel')}</span>}
          </Link>
        );
      })}
    </nav>
  );
}
