import { Button, Popup } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { paths } from '../../../lib/paths.ts';
import { promptInstall, useInstallPrompt } from '../../../lib/pwa.ts';
import { usePreLogin } from '../../../lib/queries.ts';
import '../rewards.css';
import './startup-popups.css';

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
    onClose();
    if (prompt) void promptInstall();
    else if (isWebLink(downloadUrl)) window.open(downloadUrl, '_blank', 'noopener');
    else void navigate({ to: paths.download });
  };
  return (
    <Popup visible={activity !== null} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose bodyClassName="reward-modal">
      {activity && (
        <div role="dialog" aria-modal="true" aria-labelledby="download-modal-title" className="reward-modal__inner startup-modal" data-testid="download-modal">
          <div className="reward-modal__glow" aria-hidden="true" />
          <button type="button" className="startup-modal__close" onClick={onClose} aria-label={t('rewards.popup.close')} data-testid="download-close">×</button>
          <h2 id="download-modal-title" className="reward-modal__title">{activity.name}</h2>
          {amount !== null && <Money value={amount} exact className="reward-modal__amount" testId="download-modal-amount" />}
          <p className="reward-modal__from">{t('rewards.download.intro')}</p>
          {multiplier > 0 && <p className="reward-modal__note">{t('rewards.wagering', { multiplier })}</p>}
          <Button block color="primary" shape="rounded" size="large" onClick={install} data-testid="download-install">
            {t('download.install')}
          </Button>
        </div>
      )}
    </Popup>
  );
}
