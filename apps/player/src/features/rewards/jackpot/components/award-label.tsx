import { awardOf, JackpotAwardType } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { tierOf, tierName } from '../jackpot-api.ts';

/**
 * What one award of the table is: coin as money, anything else as a count and its name; a tier
 * entry (type 2) says JACKPOT on the grid (the second wheel tells which tier) and its tier's name
 * where `tier` is asked for (odds, records).
 */
export function AwardLabel({ entry, amount, tier: showTier = false }: { entry: { type: number; propId: number; showNum: number }; amount?: number; tier?: boolean }) {
  const { t, i18n } = useTranslation();
  if (entry.type === JackpotAwardType.jackpot) {
    const tier = tierOf(entry.propId);
    return (
      <span className={`jp-award jp-award--tier${showTier ? ` jp-tier--${tier ?? 'other'}` : ''}`}>
        <span className="jp-award__tier">{showTier ? tierName(tier, t) : t('jackpot.jackpot')}</span>
        {showTier && <span className="jp-award__what">{t('jackpot.tierCell')}</span>}
      </span>
    );
  }
  const def = awardOf(entry.propId);
  const value = amount ?? entry.showNum;
  return (
    <span className="jp-award">
      <span className="jp-award__num">
        {def?.asset === 'coin' ? <Money value={value} exact testId="jackpot-award-amount" /> : <span data-testid="jackpot-award-amount">{new Intl.NumberFormat(i18n.language).format(value)}</span>}
      </span>
      <span className="jp-award__what">{t(def ? `rewards.awards.${def.kind}` : 'rewards.awards.other')}</span>
    </span>
  );
}
