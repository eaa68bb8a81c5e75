import { Link } from '@tanstack/react-router';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ActivityView } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { noticeText } from '../../../lib/rewards.ts';
import { DownloadModal } from './download-modal.tsx';
import { FirstDepositTiers, tiersOf } from './first-deposit-tiers.tsx';
import { StartupModal, trackPopupClaim } from './startup-modal.tsx';

/** The notice popup (activity 25): the operator's title and body in the player's language, else en-US. */
export function NoticeModal({ activity, onClose }: { activity: ActivityView | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const text = activity ? noticeText(activity, i18n.language) : null;
  return (
    <StartupModal name="notice" activityId={activity?.id} open={text !== null} title={text?.title ?? ''} onClose={onClose}>
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
    <StartupModal name="first-deposit" activityId={activity?.id} open={activity !== null} title={activity?.name ?? ''} onClose={onClose} closeButton>
      <p className="reward-modal__from">{t('rewards.firstDeposit.intro')}</p>
      <FirstDepositTiers tiers={tiers} className="startup-modal__tiers" testId="first-deposit-modal-tier" />
      {multiplier > 0 && <p className="reward-modal__note">{t('rewards.wagering', { multiplier })}</p>}
      <Link to={paths.wallets} search={{ name: 'deposit' }}
        onClick={() => {
          trackPopupClaim('first-deposit', activity?.id);
          onClose();
        }}
        className="adm-button adm-button-primary adm-button-block adm-button-large adm-button-shape-rounded" data-testid="first-deposit-modal-go">
        {t('wallet.deposit')}
      </Link>
    </StartupModal>
  );
}

/** The three startup popups, each open while its activity is given. */
export function StartupModals({ download, notice, onCloseNotice, firstDeposit, onClose }: {
  download: ActivityView | null;
  notice: ActivityView | null;
  onCloseNotice: () => void;
  firstDeposit: ActivityView | null;
  onClose: () => void;
}) {
  return (
    <>
      <DownloadModal activity={download} onClose={onClose} />
      <NoticeModal activity={notice} onClose={onCloseNotice} />
      <FirstDepositModal activity={firstDeposit} onClose={onClose} />
    </>
  );
}
