import { Link, useRouter } from '@tanstack/react-router';
import AntNavBar from 'antd-mobile/es/components/nav-bar';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';

/** Inner pages: a back arrow and the page title instead of the top bar; optionally a link on the right. */
export function NavBar({ title, link }: { title: string; link?: { to: string; label: string } }) {
  const router = useRouter();
  const { t } = useTranslation();
  const goBack = () => {
    // A deep link has no in-app history to go back to: go home instead of leaving the app.
    if (window.history.state && (window.history.state as { __TSR_index?: number }).__TSR_index) router.history.back();
    else void router.navigate({ to: paths.index });
  };
  return (
    <header className="nav-bar">
      <AntNavBar
        onBack={goBack}
        back={<span className="sr-only">{t('common.back')}</span>}
        right={link ? <Link to={link.to} className="nav-bar__link" data-testid="nav-bar-link">{link.label}</Link> : undefined}
      >
        <h1 className="nav-bar__title">{title}</h1>
      </AntNavBar>
    </header>
  );
}
