import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { DepositLimits } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';

const PERIODS = ['day', 'week', 'month'] as const;

/** The player's own limits where they deposit, so a refusal never comes as a surprise. */
export function LimitsSummary({ limits }: { limits: DepositLimits }) {
  const { t } = useTranslation();
  const set = PERIODS.filter((p) => limits[p].amount !== null);
  if (set.length === 0) return null;
  return (
    <section className="card limits-summary" data-testid="limits-summary">
      <h2 className="section-title">{t('limits.yourLimits')}</h2>
      {set.map((p) => (
        <div key={p} className="limits-summary__row">
          <span>{t(`limits.${p}`)}: <Money value={limits[p].amount!} /></span>
          <span className="muted small">{t('limits.left')} <Money value={limits[p].remaining ?? 0} /></span>
        </div>
      ))}
      <Link to={paths.memberLimits} className="link-button">{t('limits.manage')}</Link>
    </section>
  );
}
