import { lazy, useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { ActivityType } from '@playhall/contract';
import { useModals } from '../../../lib/modals.ts';
import { useRouteName } from '../../../lib/route-names.ts';
import { OnceOpened } from '../../../components/ui/lazy-mount.tsx';
import { canOfferInstall } from '../../../lib/pwa.ts';
import {
  activitiesOfType,
  markStartupPopupSeen,
  seenStartupPopups,
  startupPopups,
  useActivities,
  useHasRecordOf,
  useNoticeModal,
  useRewardModal,
  type StartupPopup,
} from '../../../lib/rewards.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';

// The popups themselves load the first time one shows, not with the first screen (decision 033).
const StartupModals = lazy(() => import('./startup-modals.tsx').then((m) => ({ default: m.StartupModals })));

/**
 * Startup popups (spec §2): once per session each, in order (download, notice, first deposit,
 * invite spin; invite spin does not exist yet), the next one when the previous closes;
 * never over an auth modal, a reward modal or a game. Also hosts the notice a click opens.
 */
export function StartupPopups() {
  const loggedIn = useIsLoggedIn();
  const q = useActivities();
  const authOpen = useModals((s) => s.authModal !== null);
  const rewardOpen = useRewardModal((s) => s.shown !== null);
  const inGame = useRouteName() === 'game-start';
  // A visitor gets the notices too (preLogin lists the activities), but not over a login or register form.
  const onAuthPage = useRouterState({ select: (s) => s.location.pathname.startsWith('/auth/') });
  const clickedNoticeId = useNoticeModal((s) => s.activityId);
  const [seen, setSeen] = useState(seenStartupPopups);
  const [showing, setShowing] = useState<StartupPopup | null>(null);
  // The download popup: a logged-in player in a browser that can install, who has not received the bonus.
  const [offerInstall] = useState(canOfferInstall);
  const download = activitiesOfType(q.data, [ActivityType.download])[0];
  const received = useHasRecordOf(ActivityType.download, Boolean(loggedIn && offerInstall && download));
  // Until that is known nothing shows, so the download popup is never overtaken by the next one.
  const waiting = Boolean(loggedIn && offerInstall && download) && received.isPending;
  const blocked = authOpen || rewardOpen || inGame || onAuthPage || clickedNoticeId !== null || waiting;
  const next = startupPopups(q.data, loggedIn, seen, { offerDownload: offerInstall && received.data === false })[0];

  useEffect(() => {
    if (showing || blocked || !next) return;
    // Counted as seen when shown, so a reload in the same session does not show it again.
    markStartupPopupSeen(next);
    setShowing(next);
  }, [showing, blocked, next]);

  // Logging out or into a game or an auth page takes a popup away.
  useEffect(() => {
    if (showing && (inGame || authOpen || onAuthPage)) setShowing(null);
  }, [showing, inGame, authOpen, onAuthPage]);

  const close = () => {
    setShowing(null);
    setSeen(seenStartupPopups());
  };
  const clicked = clickedNoticeId !== null ? q.data?.activityMap[String(clickedNoticeId)] : undefined;
  const notice = clicked ?? (showing?.kind === 'notice' ? showing.activity : null);
  const closeNotice = clicked ? () => useNoticeModal.setState({ activityId: null }) : close;
  const firstDeposit = !clicked && showing?.kind === 'firstDeposit' && showing.activity.type !== ActivityType.notice ? showing.activity : null;
  const downloadShown = !clicked && showing?.kind === 'download' ? showing.activity : null;
  return (
    <OnceOpened open={Boolean(downloadShown || notice || firstDeposit)}>
      <StartupModals download={downloadShown} notice={notice ?? null} onCloseNotice={closeNotice} firstDeposit={firstDeposit} onClose={close} />
    </OnceOpened>
  );
}
