import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import '../rewards.css';
import './startup-popups.css';

/**
 * The frame every startup popup shares (notice, first deposit, download): a bottom sheet holding a
 * dialog titled `title`, test ids `<name>-modal`; with `closeButton`, the glow and a × (`<name>-close`).
 */
export function StartupModal({ name, open, title, onClose, closeButton = false, children }: {
  name: string;
  open: boolean;
  title: string;
  onClose: () => void;
  closeButton?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose bodyClassName="reward-modal">
      {open && (
        <div role="dialog" aria-modal="true" aria-labelledby={`${name}-modal-title`} className="reward-modal__inner startup-modal" data-testid={`${name}-modal`}>
          {closeButton && <div className="reward-modal__glow" aria-hidden="true" />}
          {closeButton && (
            <button type="button" className="startup-modal__close" onClick={onClose} aria-label={t('rewards.popup.close')} data-testid={`${name}-close`}>×</button>
          )}
          <h2 id={`${name}-modal-title`} className="reward-modal__title">{title}</h2>
          {children}
        </div>
      )}
    </Popup>
  );
}
