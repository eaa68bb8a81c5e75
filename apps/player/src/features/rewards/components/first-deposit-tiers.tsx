import { useTranslation } from '../../../lib/i18n.ts';
import { Money } from '../../../components/ui/money.tsx';

interface Tier {
  minDeposit: number;
  bonus: number;
}

/** The first-deposit offer's tiers as the kind sends them in `detail.tiers` (hundredths); malformed ones are left out. */
export function tiersOf(detail: Record<string, unknown>): Tier[] {
  const raw = Array.isArray(detail.tiers) ? (detail.tiers as unknown[]) : [];
  return raw.filter((x): x is Tier => Boolean(x && typeof x === 'object' && Number.isInteger((x as Tier).minDeposit) && Number.isInteger((x as Tier).bonus)));
}

/** "Deposit 20.00 → Bonus 5.00", one row per tier: the first-deposit page and its startup popup show the same list. */
export function FirstDepositTiers({ tiers, className, testId }: { tiers: Tier[]; className?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className ? `first-deposit__tiers ${className}` : 'first-deposit__tiers'} aria-label={t('rewards.firstDeposit.tiers')}>
      {tiers.map((tier) => (
        <li key={tier.minDeposit} className="first-deposit__tier" data-testid={testId}>
          <span>{t('rewards.firstDeposit.deposit')} <Money value={tier.minDeposit} exact /></span>
          <span aria-hidden="true">→</span>
          <span className="first-deposit__bonus">{t('rewards.firstDeposit.bonus')} <Money value={tier.bonus} exact /></span>
        </li>
      ))}
    </ul>
  );
}
