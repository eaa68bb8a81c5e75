import { Button } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ActivityView } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { paths } from '../../../lib/paths.ts';
import { promptInstall, useInstallPrompt } from '../../../lib/pwa.ts';
import { usePreLogin } from '../../../lib/queries.ts';
import { StartupModal, trackPopupClaim } from './startup-modal.tsx';

const isWebLink = (s: string) => /^https?:\/\//i.test(s);

/**
 * The download popup (activity 32, spec §2; decision 030): the bonus the installed app pays, to the
 * cent, and one way to install: the browser's install dialog when it offers one, else the
 * operator's app link (`h5.downloadUrl`), else the /download page's instructions.
 */
export function DownloadModal({ activity, onClose }: { activity: ActivityView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prompt = useInstallPrompt((s) => s.prompt);
  const downloadUrl = usePreLogin().data?.h5.downloadUrl ?? '';
  const amount = activity && typeof activity.detail.amount === 'number' ? activity.detail.amount : null;
  const multiplier = activity && typeof activity.detail.multiplier === 'number' ? activity.detail.multiplier : 0;
  const install = () => {
    trackPopupClaim('download', activity?.id);
    onClose();
    if (prompt) void promptInstall();
    else if (isWebLink(downloadUrl)) window.open(downloadUrl, '_blank', 'noopener');
    else void navigate({ to: paths.download });
  };
  return (
    <StartupModal name="download" activityId={activity?.id} open={activity !== null} title={activity?.name ?? ''} onClose={onClose} closeButton>
      {amount !== null && <Money value={amount} exact className="reward-modal__amount" testId="download-modal-amount" />}
      <p className="reward-modal__from">{t('rewards.download.intro')}</p>
      {multiplier > 0 && <p className="reward-modal__note">{t('rewards.wagering', { multiplier })}</p>}
      <Button block color="primary" shape="rounded" size="large" onClick={install} data-testid="download-install">
        {t('download.install')}
      </Button>
    </StartupModal>
  );
}
