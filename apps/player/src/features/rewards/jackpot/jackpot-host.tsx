import { useState } from 'react';
import { Popup } from 'antd-mobile';
import { ActivityType } from '@playhall/contract';
import { useTranslation } from '../../../lib/i18n.ts';
import { activitiesOfType, useActivities, useJackpotModal } from '../../../lib/rewards.ts';
import { RouteNames, useRouteName, type RouteName } from '../../../lib/route-names.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { Money } from '../../../components/ui/money.tsx';
import { RedDot } from '../../../components/ui/red-dot.tsx';
import { useDrawInfo } from './jackpot-api.ts';
import { JackpotView } from './components/jackpot-view.tsx';
import './jackpot.css';

/** Where the bubble floats (spec §2): exactly the nine named routes. */
export const BUBBLE_ROUTES: readonly RouteName[] = RouteNames;

/** Spec §2: the bubble shows only for a player, while the lucky jackpot runs, on a named route. */
export function bubbleShown(s: { loggedIn: boolean; running: boolean; route: RouteName | undefined }): boolean {
  return s.loggedIn && s.running && s.route !== undefined && BUBBLE_ROUTES.includes(s.route);
}

/** The guide tip is shown on the bubble's first tap, once on this device. */
export const GUIDE_SEEN_KEY = 'playhall.jackpot.guideSeen';

function guideSeen(): boolean {
  try {
    return localStorage.getItem(GUIDE_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

const closeModal = () => useJackpotModal.setState({ open: false });

/** The jackpot modal (spec §2): the jackpot view in a tall sheet. */
function JackpotModal() {
  const { t } = useTranslation();
  const open = useJackpotModal((s) => s.open);
  return (
    <Popup visible={open} onMaskClick={closeModal} onClose={closeModal} position="bottom" destroyOnClose bodyClassName="jp-sheet jp-sheet--main">
      {open && (
        <div role="dialog" aria-modal="true" aria-labelledby="jp-modal-title" className="jp-sheet__inner" data-testid="jackpot-modal">
          <header className="jp-sheet__head">
            <h2 id="jp-modal-title">{t('jackpot.title')}</h2>
            <button type="button" className="jp-close" onClick={closeModal} aria-label={t('jackpot.close')} data-testid="jackpot-close">×</button>
          </header>
          <div className="jp-sheet__body"><JackpotView onLeave={closeModal} /></div>
        </div>
      )}
    </Popup>
  );
}

/** The floating bubble: the pools' total (every 6 s), a tap opens the jackpot modal; the first tap shows the guide tip first. */
function Bubble({ overGame }: { overGame: boolean }) {
  const { t } = useTranslation();
  const info = useDrawInfo();
  const [guide, setGuide] = useState(false);
  const open = useJackpotModal((s) => s.open);
  const dismissGuide = () => {
    try {
      localStorage.setItem(GUIDE_SEEN_KEY, '1');
    } catch {
      // Storage blocked: the tip may show again, nothing worse.
    }
    setGuide(false);
    useJackpotModal.setState({ open: true });
  };
  const tap = () => {
    if (guide) return dismissGuide();
    if (!guideSeen()) {
      setGuide(true);
      return;
    }
    useJackpotModal.setState({ open: true });
  };
  return (
    <>
      {!open && (
        <button type="button" className={`jp-bubble${overGame ? ' jp-bubble--game' : ''}${guide ? ' jp-bubble--spot' : ''}`} onClick={tap} aria-label={t('jackpot.bubble')} data-testid="jackpot-bubble">
          <span className="jp-bubble__coin" aria-hidden="true">★</span>
          <span className="jp-bubble__label">{t('jackpot.jackpot')}</span>
          {info.data && <Money value={info.data.total} className="jp-bubble__sum" testId="jackpot-bubble-total" />}
          <RedDot on={Boolean(info.data?.canReceiveDrawChance)} label={t('jackpot.canDraw')} className="jp-bubble__dot" />
        </button>
      )}
      {guide && (
        <div className={overGame ? 'jp-guide jp-guide--game' : 'jp-guide'} role="dialog" aria-modal="true" aria-labelledby="jp-guide-text" onClick={dismissGuide} data-testid="jackpot-guide">
          <div className="jp-guide__card">
            <p className="jp-guide__what">{t('jackpot.guide.what')}</p>
            <p id="jp-guide-text" className="jp-guide__tap">{t('jackpot.guide.tap')}</p>
          </div>
          <span className={overGame ? 'jp-guide__ring jp-guide__ring--game' : 'jp-guide__ring'} aria-hidden="true" />
        </div>
      )}
    </>
  );
}

/**
 * The lucky jackpot in the shell (loaded only for a player while the activity runs): the bubble
 * on the nine named routes, and the jackpot modal wherever it is opened (the bubble, the
 * activity's click action).
 */
export function JackpotHost() {
  const loggedIn = useIsLoggedIn();
  const running = activitiesOfType(useActivities().data, [ActivityType.luckyJackpot]).length > 0;
  const route = useRouteName();
  const bubble = bubbleShown({ loggedIn, running, route });
  return (
    <>
      {bubble && <Bubble overGame={route === 'game-start'} />}
      {loggedIn && <JackpotModal />}
    </>
  );
}
