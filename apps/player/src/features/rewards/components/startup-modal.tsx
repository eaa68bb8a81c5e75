import { useEffect, type ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { TrackedEvent } from '@playhall/contract';
import { useTranslation } from '../../../lib/i18n.ts';
import { trackEvent } from '../../../lib/tracker.ts';
import '../rewards.css';
import './startup-popups.css';

/** The player takes up a startup popup's offer (its main button): tracked as `popup_claim` (issue 15 §3). */
export function trackPopupClaim(name: string, activityId: number | undefined): void {
  trackEvent(TrackedEvent.popupClaim, { popup: name, activityId: activityId ?? null });
}

/**
 * The frame every startup popup shares (notice, first deposit, download): a bottom sheet holding a
 * dialog titled `title`, test ids `<name>-modal`; with `closeButton`, the glow and a × (`<name>-close`).
 * Each opening is tracked as `popup_show` with the popup's name and activity.
 */
export function StartupModal({ name, activityId, open, title, onClose, closeButton = false, children }: {
  name: string;
  activityId: number | undefined;
  open: boolean;
  title: string;
  onClose: () => void;
  closeButton?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (open) trackEvent(TrackedEvent.popupShow, { popup: name, activityId: activityId ?? null });
  }, [open, name, activityId]);
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
