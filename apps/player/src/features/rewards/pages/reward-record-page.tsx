import { useState } from 'react';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { AwardLogEntry } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { paths } from '../../../lib/paths.ts';
import { RECORD_RANGES, type RecordRange } from '../../../lib/record-range.ts';
import { awardKind, isCoinAward, useActivities, useAwardLog } from '../api/rewards-api.ts';
import '../rewards.css';

/** Activity types that grant rewards this release, in the order the filter offers them. */
const GRANTING_TYPES = [36, 15, 39, 44, 4, 16, 8] as const;

function AwardRow({ r }: { r: AwardLogEntry }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(r.createTime));
  const kind = awardKind(r.awardId);
  // What within the activity it paid for, where the activity pays several things (VIP: level-up, gifts, tasks, rebate).
  const what = t(`vip.reasons.${r.reason}`, { defaultValue: '' });
  const name = r.activityName ?? (r.activityType ? t(`rewards.types.${r.activityType}`, { defaultValue: t('rewards.awards.other') }) : t('rewards.awards.other'));
  return (
    <li className="award-row" data-testid="award-row" data-type={r.activityType ?? undefined}>
      <div className="award-row__main">
        <span className="award-row__name">{name}</span>
        {what && <span className="award-row__meta" data-testid="award-what">{what}</span>}
        <span className="award-row__meta">{when}</span>
        {r.turnover > 0 && (
          <span className="award-row__meta" data-testid="award-turnover">{t('rewards.records.turnover')} <Money value={r.turnover} exact /></span>
        )}
      </div>
      <div className="award-row__numbers">
        {isCoinAward(r.awardId) ? (
          <Money value={r.count} exact signed className="award-row__amount" testId="award-amount" />
        ) : (
          <span className="award-row__amount" data-testid="award-amount">+{new Intl.NumberFormat(i18n.language).format(r.count)}</span>
        )}
        <span className="award-row__meta">{t(kind ? `rewards.awards.${kind}` : 'rewards.awards.other')}</span>
      </div>
    </li>
  );
}

/**
 * /reward/record and /bonus/record (the same page): one row per grant, newest first, 20 a page,
 * filtered by activity type and by the last 7, 30 or 90 days.
 */
export function RewardRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<number | undefined>(undefined);
  const [range, setRange] = useState<RecordRange>('all');
  const activities = useActivities();
  const q = useAwardLog(type, range);
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  // The filter offers the granting types the operator runs now (and the one picked).
  const running = new Set(Object.values(activities.data?.activityMap ?? {}).map((a) => a.type));
  const types = GRANTING_TYPES.filter((ty) => running.has(ty) || ty === type);

  let body;
  if (q.isPending) body = <ListSkeleton rows={6} />;
  else if (q.isError) body = <LoadError onRetry={() => void q.refetch()} />;
  else if (rows.length === 0) {
    body = (
      <div className="card empty-state" data-testid="award-empty">
        <p>{t(type ? 'rewards.records.emptyFiltered' : range !== 'all' ? 'bonus.record.emptyRange' : 'rewards.records.empty')}</p>
        {type || range !== 'all' ? (
          <Button color="primary" shape="rounded" onClick={() => { setType(undefined); setRange('all'); }} data-testid="award-show-all">{t('records.showAll')}</Button>
        ) : (
          <Button color="primary" shape="rounded" onClick={() => void navigate({ to: paths.bonusHome })} data-testid="award-claim">{t('bonus.reward.claim')}</Button>
        )}
      </div>
    );
  } else {
    body = (
      <section className="card">
        <ul className="award-list">{rows.map((r) => <AwardRow key={r.id} r={r} />)}</ul>
        <InfiniteScroll loadMore={async () => { await q.fetchNextPage(); }} hasMore={q.hasNextPage}>
          {q.hasNextPage ? t('common.loading') : <span className="award-end" data-testid="award-end">{t('records.noMore')}</span>}
        </InfiniteScroll>
      </section>
    );
  }

  return (
    <div className="page" data-testid="reward-records">
      {types.length > 0 && (
        <div className="award-filter" role="radiogroup" aria-label={t('rewards.records.filter')}>
          {[undefined, ...types].map((ty) => (
            <button key={ty ?? 'all'} type="button" role="radio" aria-checked={ty === type} className="award-filter__chip" onClick={() => setType(ty)} data-testid="award-filter">
              {ty ? t(`rewards.types.${ty}`) : t('rewards.records.all')}
            </button>
          ))}
        </div>
      )}
      <div className="award-filter" role="radiogroup" aria-label={t('records.range')}>
        {(['all', ...RECORD_RANGES.filter((r) => r !== 'all')] as const).map((r) => (
          <button key={r} type="button" role="radio" aria-checked={r === range} className="award-filter__chip" onClick={() => setRange(r)} data-testid="award-range">
            {r === 'all' ? t('records.allTime') : t('records.lastDays', { count: Number(r) })}
          </button>
        ))}
      </div>
      <PullToRefresh onRefresh={async () => { await q.refetch(); }}
        pullingText={t('records.pull')} canReleaseText={t('records.release')} refreshingText={t('common.loading')} completeText={t('records.refreshed')}>
        {body}
      </PullToRefresh>
    </div>
  );
}
