import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';

/** antd-mobile-icons' LeftOutline, as NavBar drew it. */
function BackArrow() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 48 48" xmlns="http://www.w3.org/2000/svg" style={{ verticalAlign: '-0.125em' }} className="antd-mobile-icon">
      <g stroke="none" strokeWidth={1} fill="none" fillRule="evenodd">
        <path
          d="M31.7053818,5.11219264 L13.5234393,22.6612572 L13.5234393,22.6612572 C12.969699,23.2125856 12.9371261,24.0863155 13.4257204,24.6755735 L13.5234393,24.7825775 L31.7045714,42.8834676 C31.7795345,42.9580998 31.8810078,43 31.9867879,43 L35.1135102,43 C35.3344241,43 35.5135102,42.8209139 35.5135102,42.6 C35.5135102,42.4936115 35.4711279,42.391606 35.3957362,42.316542 L16.7799842,23.7816937 L16.7799842,23.7816937 L35.3764658,5.6866816 C35.5347957,5.53262122 35.5382568,5.27937888 35.3841964,5.121049 C35.3088921,5.04365775 35.205497,5 35.0975148,5 L31.9831711,5 C31.8795372,5 31.7799483,5.04022164 31.7053818,5.11219264 Z"
          fill="currentColor"
          fillRule="nonzero"
        />
      </g>
    </svg>
  );
}

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
      {/* antd-mobile's NavBar as plain elements, the same ones and classes (its stylesheet draws them;
          its script stays off the first screen: decision 033). */}
      <div className="adm-nav-bar">
        <div className="adm-nav-bar-left">
          <button type="button" className="adm-nav-bar-back" onClick={goBack} aria-label={t('common.back')}>
            <span className="adm-nav-bar-back-arrow" aria-hidden="true"><BackArrow /></span>
          </button>
        </div>
        <div className="adm-nav-bar-title"><h1 className="nav-bar__title">{title}</h1></div>
        <div className="adm-nav-bar-right">
          {link ? <Link to={link.to} className="nav-bar__link" data-testid="nav-bar-link">{link.label}</Link> : undefined}
        </div>
      </div>
    </header>
  );
}
