import { useEffect, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ActivityType, type ActivityView } from '@playhall/contract';
import { useModals } from '../../../lib/modals.ts';
import { paths } from '../../../lib/paths.ts';
import { canOfferInstall } from '../../../lib/pwa.ts';
import {
  activitiesOfType,
  markStartupPopupSeen,
  noticeText,
  seenStartupPopups,
  startupPopups,
  useActivities,
  useHasRecordOf,
  useNoticeModal,
  useRewardModal,
  type StartupPopup,
} from '../../../lib/rewards.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { DownloadModal } from './download-modal.tsx';
import { FirstDepositTiers, tiersOf } from './first-deposit-tiers.tsx';
import { StartupModal } from './startup-modal.tsx';

/** The notice popup (activity 25): the operator's title and body in the player's language, else en-US. */
export function NoticeModal({ activity, onClose }: { activity: ActivityView | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const text = activity ? noticeText(activity, i18n.language) : null;
  return (
    <StartupModal name="notice" open={text !== null} title={text?.title ?? ''} onClose={onClose}>
      <p className="startup-modal__body">{text?.body}</p>
      <Button block color="primary" shape="rounded" size="large" onClick={onClose} data-testid="notice-close">{t('common.ok')}</Button>
    </StartupModal>
  );
}

/** The first-deposit popup (39/44): the tiers, the wagering and the way to deposit. */
export function FirstDepositModal({ activity, onClose }: { activity: ActivityView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tiers = activity ? tiersOf(activity.detail) : [];
  const multiplier = activity && typeof activity.detail.multiplier === 'number' ? activity.detail.multiplier : 0;
  return (
    <StartupModal name="first-deposit" open={activity !== null} title={activity?.name ?? ''} onClose={onClose} closeButton>
      <p className="reward-modal__from">{t('rewards.firstDeposit.intro')}</p>
      <FirstDepositTiers tiers={tiers} className="startup-modal__tiers" testId="first-deposit-modal-tier" />
      {multiplier > 0 && <p className="reward-modal__note">{t('rewards.wagering', { multiplier })}</p>}
      <Link to={paths.wallets} search={{ name: 'deposit' }} onClick={onClose} className="adm-button adm-button-primary adm-button-block adm-button-large adm-button-shape-rounded" data-testid="first-deposit-modal-go">
        {t('wallet.deposit')}
      </Link>
    </StartupModal>
  );
}

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
  const inGame = useRouterState({ select: (s) => s.location.pathname.startsWith(paths.gameStart) });
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
    <>
      <DownloadModal activity={downloadShown} onClose={close} />
      <NoticeModal activity={notice ?? null} onClose={closeNotice} />
      <FirstDepositModal activity={firstDeposit} onClose={close} />
    </>
  );
}
