import { useTranslation } from '../../../lib/i18n.ts';
import { Money } from '../../../components/ui/money.tsx';
import { CardSkeleton, ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { useExchangeInfo } from '../api/withdraw-api.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { RecentWithdrawals } from './recent-withdrawals.tsx';
import { WithdrawChecklist } from './withdraw-checklist.tsx';
import { WithdrawForm } from './withdraw-form.tsx';

/** /wallets?name=withdraw: what can be withdrawn, why not more, the form and the newest requests. */
export function WithdrawView() {
  const { t } = useTranslation();
  const q = useExchangeInfo();
  if (q.isPending) return <><CardSkeleton lines={1} /><CardSkeleton lines={5} /><ListSkeleton rows={2} /></>;
  if (q.isError || !q.data) return <LoadError onRetry={() => void q.refetch()} />;
  const info = q.data;

  return (
    <>
      <section className="card withdraw-balance" data-testid="withdraw-balance">
        <div className="withdraw-balance__main">
          <span className="muted small">{t('withdraw.withdrawable')}</span>
          <span data-testid="withdraw-exchange"><Money value={info.exchange} className="money--hero" /></span>
        </div>
        <div className="withdraw-balance__side">
          <span className="muted small">{t('withdraw.coinBalance')}</span>
          <span data-testid="withdraw-coin"><Money value={info.coin} className="money--large" /></span>
        </div>
      </section>
      <WithdrawChecklist info={info} />
      {info.list.length > 0 && info.channels.length > 0 && <WithdrawForm info={info} />}
      <RecentWithdrawals orders={info.recent} />
    </>
  );
}
