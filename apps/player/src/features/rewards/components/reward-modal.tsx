import { Button, Popup } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { Money } from '../../../components/ui/money.tsx';
import { closeRewardModal, useRewardModal, type ReceivedAward } from '../../../lib/rewards.ts';
import { awardKind, isCoinAward } from '../api/rewards-api.ts';
import '../rewards.css';

function AwardLine({ a }: { a: ReceivedAward }) {
  const { t, i18n } = useTranslation();
  const kind = awardKind(a.awardId);
  const coin = isCoinAward(a.awardId);
  return (
    <li className="reward-modal__award" data-testid="reward-award">
      <span className="reward-modal__amount">
        {coin ? <Money value={a.count} exact testId="reward-amount" /> : <span data-testid="reward-amount">{new Intl.NumberFormat(i18n.language).format(a.count)}</span>}
      </span>
      <span className="reward-modal__what">{t(kind ? `rewards.awards.${kind}` : 'rewards.awards.other')}</span>
      {a.turnover > 0 && (
        <span className="reward-modal__wager" data-testid="reward-turnover">
          {t('rewards.modal.turnover')} <Money value={a.turnover} exact />
        </span>
      )}
    </li>
  );
}

/** After any successful claim: exactly what was received, what it is and the wagering it adds (issue 14 §4). */
export function RewardModal() {
  const { t } = useTranslation();
  const shown = useRewardModal((s) => s.shown);
  return (
    <Popup visible={shown !== null} onMaskClick={closeRewardModal} onClose={closeRewardModal} position="bottom" destroyOnClose bodyClassName="reward-modal">
      {shown && (
        <div role="dialog" aria-modal="true" aria-labelledby="reward-modal-title" className="reward-modal__inner" data-testid="reward-modal">
          <div className="reward-modal__glow" aria-hidden="true" />
          <h2 id="reward-modal-title" className="reward-modal__title">{t('rewards.modal.title')}</h2>
          <p className="reward-modal__from">{shown.title}</p>
          <ul className="reward-modal__awards">{shown.awards.map((a, i) => <AwardLine key={i} a={a} />)}</ul>
          {shown.awards.some((a) => a.turnover > 0) && <p className="reward-modal__note">{t('rewards.modal.turnoverNote')}</p>}
          <Button block color="primary" shape="rounded" size="large" onClick={closeRewardModal} data-testid="reward-ok">{t('common.ok')}</Button>
        </div>
      )}
    </Popup>
  );
}
