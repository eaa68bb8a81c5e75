import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { WithdrawalOrder } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';
import { WithdrawalStatusChip } from './withdrawal-status.tsx';

/** The newest requests under the form, each opening its own page. */
export function RecentWithdrawals({ orders }: { orders: readonly WithdrawalOrder[] }) {
  const { t, i18n } = useTranslation();
  if (orders.length === 0) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <section className="card" data-testid="recent-withdrawals">
      <h2 className="section-title">{t('withdraw.recent')}</h2>
      <ul className="recent-list">
        {orders.map((o) => (
          <li key={o.orderId}>
            <Link to={paths.withdrawal} params={{ name: o.orderId }} className="recent-item" data-testid="recent-withdrawal">
              <span className="recent-item__main">
                <Money value={o.amount} exact className="recent-item__amount" />
                <span className="recent-item__meta">{when.format(new Date(o.createdAt))} · {o.bankName ?? o.typeName} {o.accountNoMasked}</span>
              </span>
              <WithdrawalStatusChip status={o.status} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
