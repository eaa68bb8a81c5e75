import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorCode, type WithdrawalOrder } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';
import { CardSkeleton } from '../../../components/ui/skeletons.tsx';
import { ApiError } from '../../../lib/api.ts';
import { invalidateBalances, isOpenWithdrawal, useWithdrawalOrder } from '../api/withdraw-api.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { WithdrawalStatusChip } from '../components/withdrawal-status.tsx';
import '../wallet.css';
import '../withdraw.css';

type StepState = 'done' | 'current' | 'upcoming' | 'error';
interface Step {
  key: string;
  state: StepState;
  at: string | null;
  note?: string | null;
}

/** The request's path so far: submitted → approved → paid, or where it stopped and why. */
export function timelineOf(o: WithdrawalOrder): Step[] {
  const submitted: Step = { key: 'submitted', state: 'done', at: o.createdAt };
  switch (o.status) {
    case 'pending':
      return [submitted, { key: 'review', state: 'current', at: null }, { key: 'paid', state: 'upcoming', at: null }];
    case 'approved':
      return [submitted, { key: 'approved', state: 'done', at: o.reviewedAt }, { key: 'paying', state: 'current', at: null }];
    case 'paid':
      return [submitted, { key: 'approved', state: 'done', at: o.reviewedAt }, { key: 'paid', state: 'done', at: o.closedAt }];
    case 'rejected':
      return [submitted, { key: 'rejected', state: 'error', at: o.reviewedAt, note: o.reason }];
    case 'failed':
      return [submitted, { key: 'approved', state: 'done', at: o.reviewedAt }, { key: 'failed', state: 'error', at: o.closedAt, note: o.reason }];
  }
}

const STEP_MARK: Record<StepState, string> = { done: '✓', current: '…', upcoming: '', error: '!' };

function Timeline({ order }: { order: WithdrawalOrder }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol className="timeline" data-testid="withdrawal-timeline">
      {timelineOf(order).map((s) => (
        <li key={s.key} className={`timeline__step timeline__step--${s.state}`} data-testid={`step-${s.key}`} data-state={s.state}
          aria-current={s.state === 'current' ? 'step' : undefined}>
          <span className="timeline__dot" aria-hidden="true">{STEP_MARK[s.state]}</span>
          <div className="timeline__body">
            <div className="timeline__title">{t(`withdrawal.steps.${s.key}`)}</div>
            {s.at && <div className="timeline__time">{when(s.at)}</div>}
            {s.state === 'current' && <div className="timeline__note">{t(`withdrawal.steps.${s.key}Hint`)}</div>}
            {s.note && <div className="timeline__reason" data-testid="withdrawal-reason">{t('withdrawal.reason', { reason: s.note })}</div>}
          </div>
        </li>
      ))}
    </ol>
  );
}

const route = getRouteApi('/withdrawal/$name');

/** /withdrawal/{orderId}: one request, its timeline and the account it pays to. */
export function WithdrawalPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { name } = route.useParams();
  const q = useWithdrawalOrder(name);
  const status = q.data?.status;
  const seen = useRef(status);
  useEffect(() => {
    // Seen open and now settled: a rejection or failed payout put coin back, a payout is a new record.
    if (seen.current && isOpenWithdrawal(seen.current) && status && !isOpenWithdrawal(status)) void invalidateBalances(qc);
    seen.current = status;
  }, [status]);

  const toWithdraw = () => void navigate({ to: paths.wallets, search: { name: 'withdraw' } });
  let body;
  if (q.isPending) body = <CardSkeleton lines={5} />;
  else if (q.error instanceof ApiError && q.error.code === ErrorCode.withdrawOrderNotFound) {
    body = (
      <div className="card empty-state" data-testid="withdrawal-not-found">
        <p className="records-empty__title">{t('withdrawal.notFound')}</p>
        <p className="muted">{t('withdrawal.notFoundHint')}</p>
        <Button color="primary" shape="rounded" onClick={toWithdraw}>{t('withdrawal.toWithdraw')}</Button>
      </div>
    );
  } else if (q.isError || !q.data) body = <LoadError onRetry={() => void q.refetch()} />;
  else {
    const o = q.data;
    const returned = o.status === 'rejected' || o.status === 'failed';
    body = (
      <>
        <section className={`card withdrawal-head withdrawal-head--${o.status}`} data-testid="withdrawal" data-status={o.status}>
          <WithdrawalStatusChip status={o.status} />
          <Money value={o.amount} exact className="money--hero" />
          <p className="muted withdrawal-head__hint">{t(`withdrawal.hint.${o.status}`)}</p>
          {returned && <p className="withdrawal-head__returned" data-testid="withdrawal-returned">{t('withdrawal.returned')}</p>}
        </section>
        <section className="card">
          <h2 className="section-title">{t('withdrawal.progress')}</h2>
          <Timeline order={o} />
        </section>
        <section className="card">
          <h2 className="section-title">{t('withdrawal.to')}</h2>
          <dl className="withdrawal-details">
            <dt>{t('cards.channel')}</dt><dd>{o.bankName ? `${o.typeName} · ${o.bankName}` : o.typeName}</dd>
            <dt>{t('cards.holder')}</dt><dd>{o.accountName}</dd>
            <dt>{t('cards.number')}</dt><dd data-testid="withdrawal-account">{o.accountNoMasked}</dd>
            <dt>{t('withdrawal.orderId')}</dt><dd className="withdrawal-details__id">{o.orderId}</dd>
            <dt>{t('withdrawal.createdAt')}</dt><dd>{new Date(o.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
          </dl>
        </section>
        <Button block shape="rounded" onClick={toWithdraw} data-testid="withdrawal-back">{t('withdrawal.toWithdraw')}</Button>
      </>
    );
  }

  return (
    <div className="page withdrawal-page">
      <PullToRefresh onRefresh={async () => { await q.refetch(); }}
        pullingText={t('records.pull')} canReleaseText={t('records.release')} refreshingText={t('common.loading')} completeText={t('records.refreshed')}>
        <div className="withdrawal-body">{body}</div>
      </PullToRefresh>
    </div>
  );
}
