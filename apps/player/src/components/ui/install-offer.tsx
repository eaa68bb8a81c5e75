import { useEffect, useState } from 'react';
import { PlainButton as Button } from './plain-button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { dismissInstall, homeOfferAvailable, markHomeOfferShown, promptInstall, useInstallOffer } from '../../lib/pwa.ts';

/** The install offer's words and its two answers: Install (the browser's dialog) and Not now (remembered). */
export function InstallOfferBody() {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="install-offer__title" style={{ margin: 0 }}>{t('download.installTitle')}</h3>
      <p className="muted" style={{ margin: '0 0 8px' }}>{t('download.installBody')}</p>
      <Button block color="primary" size="large" shape="rounded" onClick={() => void promptInstall()} data-testid="install">
        {t('download.install')}
      </Button>
      <Button block fill="none" shape="rounded" onClick={dismissInstall} data-testid="install-not-now">
        {t('download.notNow')}
      </Button>
    </>
  );
}

/**
 * The home page's install offer for a logged-in player (spec §2): made once on this device, when the
 * browser offers installing, the app is not installed already and the player has not declined.
 * Renders nothing otherwise; the home page places it (it decides who is logged in).
 */
export function HomeInstallOffer() {
  const installPrompt = useInstallOffer();
  // Decided once per mount: the offer stays on screen while the player reads it.
  const [eligible] = useState(homeOfferAvailable);
  const shown = eligible && installPrompt !== null;
  useEffect(() => {
    if (shown) markHomeOfferShown();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="card download-actions" data-testid="home-install-offer">
      <InstallOfferBody />
    </div>
  );
}

