import { useState } from 'react';
import { InfiniteScroll, Popup } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { DepositOrder, DepositOrderStatus } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { DEPOSIT_STATUSES, useDepositHistory } from '../api/deposit-history-api.ts';

function OrderRow({ o }: { o: DepositOrder }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <li className="recent-item deposit-order" data-testid="deposit-order" data-status={o.status}>
      <span className="recent-item__main">
        <Money value={o.amount} exact className="recent-item__amount" testId="deposit-order-amount" />
        <span className="recent-item__meta">{when.format(new Date(o.createdAt))} · {o.typeName}</span>
        {o.paidAt && <span className="recent-item__meta">{t('wallet.history.paidAt', { time: when.format(new Date(o.paidAt)) })}</span>}
        {o.isLate && <span className="recent-item__meta">{t('wallet.history.late')}</span>}
        <span className="recent-item__meta deposit-order__id">{o.orderId}</span>
      </span>
      <span className={`status-chip status-chip--${o.status}`} data-testid="deposit-order-status">{t(`wallet.history.status.${o.status}`)}</span>
    </li>
  );
}

/** Every deposit order of the player with its status: declined and abandoned payments stay visible. */
function HistoryList() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DepositOrderStatus | 'all'>('all');
  const q = useDepositHistory(status === 'all' ? undefined : status, true);
  const orders = q.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (q.isPending) body = <ListSkeleton rows={4} />;
  else if (q.isError) body = <LoadError onRetry={() => void q.refetch()} />;
  else if (orders.length === 0) body = <p className="muted" data-testid="deposit-history-empty">{t(status === 'all' ? 'wallet.history.empty' : 'wallet.history.emptyFiltered')}</p>;
  else {
    body = (
      <>
        <ul className="recent-list">{orders.map((o) => <OrderRow key={o.orderId} o={o} />)}</ul>
        <InfiniteScroll loadMore={async () => { await q.fetchNextPage(); }} hasMore={q.hasNextPage}>
          {q.hasNextPage ? t('common.loading') : <span data-testid="deposit-history-end">{t('records.noMore')}</span>}
        </InfiniteScroll>
      </>
    );
  }
  return (
    <>
      <div className="channel-tabs records-chips" role="radiogroup" aria-label={t('wallet.history.title')}>
        {(['all', ...DEPOSIT_STATUSES] as const).map((s) => (
          <button key={s} type="button" role="radio" aria-checked={s === status} className={s === status ? 'channel-tab channel-tab--active' : 'channel-tab'} onClick={() => setStatus(s)}>
            {s === 'all' ? t('wallet.history.all') : t(`wallet.history.status.${s}`)}
          </button>
        ))}
      </div>
      <div className="deposit-history__body">{body}</div>
    </>
  );
}

/** The deposit page's way to every past payment: a button that opens the history as a sheet. */
export function DepositHistory() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="deposit-history__open" data-testid="deposit-history-open" onClick={() => setOpen(true)}>
        {t('wallet.history.open')} ›
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} position="bottom" destroyOnClose
        bodyClassName="deposit-history" bodyStyle={{ maxHeight: '85vh' }}>
        <div className="deposit-history__head">
          <h2 className="section-title">{t('wallet.history.title')}</h2>
          <button type="button" className="icon-button" aria-label={t('wallet.history.close')} onClick={() => setOpen(false)} data-testid="deposit-history-close">×</button>
        </div>
        {open && <HistoryList />}
      </Popup>
    </>
  );
}
