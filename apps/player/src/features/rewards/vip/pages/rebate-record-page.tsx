import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { RebateClaim } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { useRebateLog } from '../vip-api.ts';
import '../../rewards.css';
import '../vip.css';

function ClaimRow({ c }: { c: RebateClaim }) {
  const { i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(c.createTime));
  return (
    <li className="award-row" data-testid="rebate-claim">
      <div className="award-row__main">
        <span className="award-row__name">{c.details.map((d) => d.typeName).join(' · ')}</span>
        <span className="award-row__meta">{when}</span>
      </div>
      <div className="award-row__numbers">
        <Money value={c.amount} exact signed className="award-row__amount" testId="rebate-claim-amount" />
      </div>
    </li>
  );
}

/** /vip/rebate/record: the rebate the player received, newest first, 20 a page. */
export function RebateRecordPage() {
  const { t } = useTranslation();
  const q = useRebateLog();
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (q.isPending) body = <ListSkeleton rows={6} />;
  else if (q.isError) body = <LoadError onRetry={() => void q.refetch()} />;
  else if (rows.length === 0) body = <div className="card empty-state" data-testid="rebate-empty"><p>{t('vip.rebate.empty')}</p></div>;
  else {
    body = (
      <section className="card">
        <ul className="award-list">{rows.map((c) => <ClaimRow key={c.id} c={c} />)}</ul>
        <InfiniteScroll loadMore={async () => { await q.fetchNextPage(); }} hasMore={q.hasNextPage}>
          {q.hasNextPage ? t('common.loading') : <span className="award-end" data-testid="rebate-end">{t('records.noMore')}</span>}
        </InfiniteScroll>
      </section>
    );
  }
  return (
    <div className="page" data-testid="rebate-records">
      <PullToRefresh onRefresh={async () => { await q.refetch(); }}
        pullingText={t('records.pull')} canReleaseText={t('records.release')} refreshingText={t('common.loading')} completeText={t('records.refreshed')}>
        {body}
      </PullToRefresh>
    </div>
  );
}
