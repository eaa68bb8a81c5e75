import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { ActivityType } from '@playhall/contract';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { paths } from '../../../lib/paths.ts';
import { activitiesOfType, useActivities } from '../api/rewards-api.ts';
import { FirstDepositTiers, tiersOf } from '../components/first-deposit-tiers.tsx';
import '../rewards.css';

/** /activity/first-deposit: the running first-deposit offer, paid automatically with the first deposit. */
export function FirstDepositPage() {
  const { t } = useTranslation();
  const q = useActivities();
  if (q.isPending) return <div className="page"><ListSkeleton rows={3} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const activity = activitiesOfType(q.data, [ActivityType.firstCharge, ActivityType.firstDeposit])[0];
  if (!activity) return null;
  const tiers = tiersOf(activity.detail);
  const multiplier = typeof activity.detail.multiplier === 'number' ? activity.detail.multiplier : 0;
  const deposited = (q.data?.totalRecharge ?? 0) > 0;
  return (
    <div className="page" data-testid="first-deposit-page">
      <section className="card sign-in__head">
        <h2 className="sign-in__title">{activity.name}</h2>
        <p className="sign-in__sub">{t(deposited ? 'rewards.firstDeposit.done' : 'rewards.firstDeposit.intro')}</p>
      </section>
      <FirstDepositTiers tiers={tiers} testId="first-deposit-tier" />
      <p className="sign-in__note">{t('rewards.firstDeposit.highest')}</p>
      {multiplier > 0 && <p className="sign-in__note" data-testid="first-deposit-wagering">{t('rewards.wagering', { multiplier })}</p>}
      {!deposited && (
        <Link to={paths.wallets} search={{ name: 'deposit' }} className="adm-button adm-button-primary adm-button-block adm-button-large adm-button-shape-rounded" data-testid="first-deposit-go">
          {t('wallet.deposit')}
        </Link>
      )}
    </div>
  );
}
