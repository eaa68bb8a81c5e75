import { Link } from '@tanstack/react-router';
import { PlainButton as Button } from '../../../components/ui/plain-button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { openAuthModal } from '../../../lib/modals.ts';
import { paths } from '../../../lib/paths.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { CardSkeleton } from '../../../components/ui/skeletons.tsx';
import { LanguagePicker } from '../../../components/ui/language-picker.tsx';
import { BellIcon, DocIcon, DownloadIcon, GlobeIcon, HelpIcon, InfoIcon, ShieldIcon, SupportIcon } from '../../../components/ui/icons.tsx';
import { useBalance, usePreLogin } from '../../../lib/queries.ts';
import { isFirstVisit, useIsLoggedIn, useSession } from '../../../lib/session.ts';
import { HomeInstallOffer } from '../../../components/ui/install-offer.tsx';

// The home page below its games (decision 033): the install offer, the welcome or balance card,
// notices, quick links and the language button. It loads once the lobby is on screen, with every
// text (the first screen carries neither): a phone shows the games first, this comes under them.

function Hero() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const user = useSession((s) => s.user);
  const balance = useBalance();
  if (loggedIn && user) {
    return (
      <section className="hero card" data-testid="hero">
        <div className="hero__who">
          <Avatar value={user.avatar} size={48} />
          <div>
            <p className="hero__eyebrow" data-testid="hero-greeting">{isFirstVisit(user.id) ? t('home.welcomeNew') : t('home.welcomeBack')}</p>
            <h1 className="hero__title">{t('home.greeting', { name: user.nickname })}</h1>
          </div>
        </div>
        <div className="hero__balance">
          <span className="muted">{t('member.balance')}</span>
          <Money value={balance.data?.coin ?? user.coin} className="money--hero" />
        </div>
      </section>
    );
  }
  return (
    <section className="hero hero--guest card" data-testid="hero">
      <p className="hero__eyebrow">{t('home.eyebrow')}</p>
      <h1 className="hero__title">{t('home.welcomeTitle')}</h1>
      <p className="hero__text">{t('home.welcomeText')}</p>
      <div className="hero__actions">
        <Button color="primary" shape="rounded" size="large" onClick={() => openAuthModal('register')}>{t('nav.register')}</Button>
        <Button fill="outline" shape="rounded" size="large" onClick={() => openAuthModal('login')}>{t('nav.login')}</Button>
      </div>
    </section>
  );
}

function Notices() {
  const { t } = useTranslation();
  const preLogin = usePreLogin();
  if (preLogin.isPending) return <CardSkeleton lines={2} />;
  const notices = [...(preLogin.data?.notices ?? [])].sort((a, b) => a.sort - b.sort);
  if (notices.length === 0) return null;
  return (
    <section className="notices" aria-label={t('home.notices')}>
      <h2 className="section-title"><BellIcon size={18} /> {t('home.notices')}</h2>
      {notices.map((n) => (
        <article key={n.id} className="card notice">
          <h3 className="notice__title">{n.title}</h3>
          <p className="notice__body">{n.body}</p>
        </article>
      ))}
    </section>
  );
}

const links = [
  { to: paths.faq, key: 'nav.faq', Icon: HelpIcon },
  { to: paths.service, key: 'nav.support', Icon: SupportIcon },
  { to: paths.download, key: 'nav.download', Icon: DownloadIcon },
  { to: paths.aboutUs, key: 'nav.aboutUs', Icon: InfoIcon },
  { to: paths.privacyPolicy, key: 'nav.privacyPolicy', Icon: ShieldIcon },
  { to: paths.termsOfUse, key: 'nav.termsOfUse', Icon: DocIcon },
] as const;

/** Everything of the home page under the games; `games`: whether the lobby has games (the install offer follows them). */
export function HomeLower({ games }: { games: boolean }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <>
      {/* Right under the games: it appears when the browser offers installing, and must not push them down. */}
      {games && loggedIn && <HomeInstallOffer />}
      <Hero />
      <Notices />
      <section aria-label={t('home.quickLinks')}>
        <h2 className="section-title">{t('home.quickLinks')}</h2>
        <div className="quick-links">
          {links.map(({ to, key, Icon }) => (
            <Link key={to} to={to} className="quick-link">
              <Icon size={22} />
              <span>{t(key)}</span>
            </Link>
          ))}
        </div>
      </section>
      <footer className="home-footer">
        <LanguagePicker>
          {(open, label) => (
            <button type="button" className="language-button" onClick={open} data-testid="language-button">
              <GlobeIcon size={18} /> {label}
            </button>
          )}
        </LanguagePicker>
        <p className="muted small">{t('home.footer')}</p>
      </footer>
    </>
  );
}
