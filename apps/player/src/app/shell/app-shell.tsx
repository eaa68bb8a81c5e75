import { lazy, useEffect, useState } from 'react';
import { isNotFound, Outlet, useMatches } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { TopBar } from './top-bar.tsx';
import { TabBar } from './tab-bar.tsx';
import { NavBar } from './nav-bar.tsx';
import { StartupPopups } from '../../features/rewards/components/startup-popups.tsx';
import { usePreLogin } from '../../lib/queries.ts';
import { readStoredGameLists } from '../../lib/game-lists.ts';
import { useHeartbeat } from '../../lib/heartbeat.ts';
import { useModals } from '../../lib/modals.ts';
import { activitiesOfType, useActivities, useJackpotModal, useRewardModal } from '../../lib/rewards.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { OnceOpened } from '../../components/ui/lazy-mount.tsx';
import { ActivityType } from '@playhall/contract';

// The login, register and forgot-password forms (antd-mobile's Form and its validators) and the
// reward modal load the first time one of them opens, not with the first screen (decision 033).
const AuthModals = lazy(() => import('../../features/auth/components/auth-modals.tsx').then((m) => ({ default: m.AuthModals })));
const RewardModal = lazy(() => import('../../features/rewards/components/reward-modal.tsx').then((m) => ({ default: m.RewardModal })));

function LazyAuthModals() {
  return <OnceOpened open={useModals((s) => s.authModal !== null)}><AuthModals /></OnceOpened>;
}

// The lucky jackpot's bubble and modals load only for a player while the activity runs (issue 18).
const Jackpot = lazy(() => import('../../features/rewards/jackpot/jackpot-host.tsx').then((m) => ({ default: m.JackpotHost })));

function LazyJackpot() {
  const loggedIn = useIsLoggedIn();
  const running = activitiesOfType(useActivities().data, [ActivityType.luckyJackpot]).length > 0;
  const open = useJackpotModal((s) => s.open);
  return <OnceOpened open={(loggedIn && running) || open}><Jackpot /></OnceOpened>;
}

function LazyRewardModal() {
  return <OnceOpened open={useRewardModal((s) => s.shown !== null)}><RewardModal /></OnceOpened>;
}

/**
 * The cover view stays until the first preLogin answer (or failure), then fades out; on home with a
 * stored game catalogue it goes at once, the lobby rendering from that catalogue (decision 038).
 */
function useRemoveCover(settled: boolean) {
  useEffect(() => {
    if (!settled) return;
    const cover = document.getElementById('cover');
    if (!cover) return;
    cover.classList.add('leaving');
    const timer = setTimeout(() => cover.remove(), 220);
    return () => clearTimeout(timer);
  }, [settled]);
}

export function AppShell() {
  const { t, language } = useTranslation();
  // Read once, at start: whether home can show its lobby before preLogin answers.
  const [storedCatalogue] = useState(() => readStoredGameLists(language) !== null);
  const matches = useMatches();
  // A route whose validity check said 404 (an activity that does not run) frames the 404 page
  // like any unknown address: not with the title and links of the page that is not there.
  const notFound = matches.some((m) => m.status === 'notFound' || isNotFound(m.error));
  const leaf = notFound ? undefined : matches[matches.length - 1];
  const chrome = leaf?.staticData.chrome ?? 'tabs';
  const titleKey = leaf?.staticData.titleKey;
  const navLink = leaf?.staticData.navLink;
  const preLogin = usePreLogin();
  useRemoveCover(!preLogin.isPending || (storedCatalogue && leaf?.staticData.routeName === 'index'));
  useHeartbeat();

  return (
    <div className={chrome === 'tabs' ? 'app app--tabs' : 'app app--nav'}>
      {chrome === 'tabs' ? <TopBar /> : <NavBar title={titleKey ? t(titleKey) : ''} link={navLink ? { to: navLink.to, label: t(navLink.labelKey) } : undefined} />}
      <main className="app__main" id="main">
        <Outlet />
      </main>
      {chrome === 'tabs' && <TabBar />}
      <LazyAuthModals />
      <LazyRewardModal />
      <StartupPopups />
      <LazyJackpot />
    </div>
  );
}
