import { Button, CenterPopup } from 'antd-mobile';
import { JackpotAwardType } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { tierOf, tierName } from '../jackpot-api.ts';
import type { DrawPhase, DrawResult } from '../use-jackpot-draw.ts';
import { AwardLabel } from './award-label.tsx';
import { TierWheel } from './tier-wheel.tsx';

interface Props {
  phase: DrawPhase;
  result: DrawResult | null;
  onCloseAward: () => void;
  onWheelStopped: () => void;
  onFinish: () => void;
}

/**
 * What follows the grid (spec §4): the award popup; for a tier win (type 2) it leads to the
 * second wheel of the four tiers, then the amount popup with what the pool paid.
 */
export function JackpotPopups({ phase, result, onCloseAward, onWheelStopped, onFinish }: Props) {
  const { t } = useTranslation();
  const tierWin = result?.type === JackpotAwardType.jackpot;
  const tier = result ? tierOf(result.propId) : null;
  return (
    <>
      <CenterPopup className="jp-center" visible={phase === 'award' && result !== null} onMaskClick={onCloseAward} destroyOnClose bodyClassName="jp-popup">
        {result && (
          <div role="dialog" aria-modal="true" aria-labelledby="jp-award-title" className="jp-popup__inner" data-testid="jackpot-award-popup" data-type={result.type}>
            <div className="jp-popup__glow" aria-hidden="true" />
            <h2 id="jp-award-title" className="jp-popup__title">{t(tierWin ? 'jackpot.award.tierTitle' : 'jackpot.award.title')}</h2>
            <div className="jp-popup__prize">
              <AwardLabel entry={{ type: result.type, propId: result.propId, showNum: result.count }} />
            </div>
            <p className="jp-popup__note">{t(tierWin ? 'jackpot.award.tierNote' : 'jackpot.award.credited')}</p>
            <Button block color="primary" shape="rounded" size="large" onClick={onCloseAward} data-testid="jackpot-award-ok">
              {t(tierWin ? 'jackpot.award.spinTier' : 'common.ok')}
            </Button>
          </div>
        )}
      </CenterPopup>
      <CenterPopup className="jp-center" visible={phase === 'tierWheel' && tierWin} destroyOnClose bodyClassName="jp-popup">
        {result && tierWin && (
          <div role="dialog" aria-modal="true" aria-labelledby="jp-wheel-title" className="jp-popup__inner" data-testid="jackpot-wheel-popup">
            <h2 id="jp-wheel-title" className="jp-popup__title">{t('jackpot.wheel.title')}</h2>
            <TierWheel propId={result.propId} onStopped={onWheelStopped} />
          </div>
        )}
      </CenterPopup>
      <CenterPopup className="jp-center" visible={phase === 'amount' && tierWin} onMaskClick={onFinish} destroyOnClose bodyClassName="jp-popup">
        {result && tierWin && (
          <div role="dialog" aria-modal="true" aria-labelledby="jp-amount-title" className="jp-popup__inner" data-testid="jackpot-amount-popup" data-tier={tier ?? ''}>
            <div className="jp-popup__glow jp-popup__glow--big" aria-hidden="true" />
            <span className={`jp-popup__tier jp-tier--${tier ?? 'other'}`}>{tierName(tier, t)}</span>
            <h2 id="jp-amount-title" className="jp-popup__title">{t('jackpot.amount.title')}</h2>
            <span className="jp-popup__amount"><Money value={result.bonus} exact testId="jackpot-amount" /></span>
            <p className="jp-popup__note">{t('jackpot.amount.credited')}</p>
            <Button block color="primary" shape="rounded" size="large" onClick={onFinish} data-testid="jackpot-amount-ok">{t('common.ok')}</Button>
          </div>
        )}
      </CenterPopup>
    </>
  );
}
