import { useEffect, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import type { VipData } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { useSession } from '../../../../lib/session.ts';
import { Money } from '../../../../components/ui/money.tsx';

const seenKey = (userId: number) => `playhall.vip.seenLevel.${userId}`;

/**
 * The VIP gift modal (spec §2): once for each level reached since the player last saw it, with the
 * level-up rewards those levels paid. What was seen is kept per player on this device.
 */
export function VipGiftModal({ vip }: { vip: VipData }) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const [seen, setSeen] = useState<number | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    setSeen(Number(localStorage.getItem(seenKey(userId)) ?? 0));
  }, [userId]);
  const fresh = seen === null ? [] : vip.levelUps.filter((l) => l.level > seen);
  // The rewards were paid by the server as the level was reached: the top bar's balance reloads.
  const qc = useQueryClient();
  const paid = fresh.length > 0;
  useEffect(() => {
    if (paid) void qc.invalidateQueries({ queryKey: ['refreshData'] });
  }, [paid, qc]);
  const close = () => {
    if (userId !== undefined) localStorage.setItem(seenKey(userId), String(vip.level));
    setSeen(vip.level);
  };
  const top = fresh[0];
  return (
    <Popup visible={!!top} onMaskClick={close} onClose={close} position="bottom" destroyOnClose bodyClassName="reward-modal">
      {top && (
        <div role="dialog" aria-modal="true" aria-labelledby="vip-gift-title" className="reward-modal__inner vip-gift" data-testid="vip-gift-modal">
          <div className="reward-modal__glow" aria-hidden="true" />
          <span className="vip-badge vip-badge--big">VIP {top.level}</span>
          <h2 id="vip-gift-title" className="reward-modal__title">{t('vip.gift.title', { level: top.level })}</h2>
          <p className="reward-modal__from">{t('vip.gift.body')}</p>
          <ul className="reward-modal__awards">
            {fresh.map((l) => (
              <li key={l.level} className="reward-modal__award">
                <span className="reward-modal__amount"><Money value={l.amount} exact testId="vip-gift-amount" /></span>
                <span className="reward-modal__what">{t('vip.gift.levelUp', { level: l.level })}</span>
              </li>
            ))}
          </ul>
          <Button block color="primary" shape="rounded" size="large" onClick={close} data-testid="vip-gift-ok">{t('common.ok')}</Button>
        </div>
      )}
    </Popup>
  );
}
