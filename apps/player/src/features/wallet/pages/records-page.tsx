import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CoinRecord, CoinRecordKind } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { groupByDay, RECORD_KINDS, RECORD_RANGES, useCoinRecords, type RecordRange } from '../api/records-api.ts';
import '../wallet.css';

const KIND_ICON: Record<CoinRecordKind, string> = { deposit: '↓', withdraw: '↑', safebox: '⇄', bonus: '★', game: '♠', other: '•' };

function RecordRow({ r }: { r: CoinRecord }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(r.createdAt));
  const incoming = r.amount > 0;
  return (
    <li className="record" data-testid="record" data-kind={r.kind}>
      <span className={`record__icon record__icon--${r.kind}`} aria-hidden="true">{KIND_ICON[r.kind]}</span>
      <div className="record__main">
        <div className="record__reason">{t([`records.reasons.${r.reason}`, `records.kinds.${r.kind}`])}</div>
        <div className="record__meta">
          {time}
          {r.book !== 'coin' && <> · {t(`records.books.${r.book}`)}</>}
        </div>
      </div>
      <div className="record__numbers">
        <span className={incoming ? 'record__amount record__amount--in' : 'record__amount record__amount--out'} data-testid="record-amount">
          {incoming ? '+' : '−'}
          <Money value={Math.abs(r.amount)} />
        </span>
        <span className="record__after">{t(r.book === 'coin' ? 'records.balanceAfter' : `records.bookBalance.${r.book}`)} <Money value={r.balanceAfter} /></span>
      </div>
    </li>
  );
}

function Chips<T extends string>({ label, options, value, onChange, text }: { label: string; options: readonly T[]; value: T; onChange: (v: T) => void; text: (v: T) => string }) {
  return (
    <div className="channel-tabs records-chips" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button key={o} type="button" role="radio" aria-checked={o === value} className={o === value ? 'channel-tab channel-tab--active' : 'channel-tab'} onClick={() => onChange(o)}>
          {text(o)}
        </button>
      ))}
    </div>
  );
}

/** /wallets/record: every coin movement of the player, by day, newest first. */
export function RecordsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<CoinRecordKind | 'all'>('all');
  const [range, setRange] = useState<RecordRange>('30');
  const q = useCoinRecords(kind === 'all' ? undefined : kind, range);
  const records = q.data?.pages.flatMap((p) => p.list) ?? [];
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const filtered = kind !== 'all' || range !== 'all';
  const deposit = () => void navigate({ to: paths.wallets, search: { name: 'deposit', back: 1 } });

  let body;
  if (q.isPending) body = <ListSkeleton rows={6} />;
  else if (q.isError) body = <LoadError onRetry={() => void q.refetch()} />;
  else if (records.length === 0) {
    body = (
      <div className="card empty-state" data-testid="records-empty">
        <p className="records-empty__title">{t(filtered ? 'records.emptyFiltered' : 'records.empty')}</p>
        <p className="records-empty__hint">{t('records.emptyHint')}</p>
        <Button color="primary" shape="rounded" onClick={deposit} data-testid="records-deposit">{t('wallet.deposit')}</Button>
        {filtered && <Button fill="none" onClick={() => { setKind('all'); setRange('all'); }}>{t('records.showAll')}</Button>}
      </div>
    );
  } else {
    body = (
      <>
        {groupByDay(records).map((g) => (
          <section key={g.day} className="card records-day">
            <h2 className="records-day__title">{dayFormat.format(new Date(`${g.day}T12:00:00`))}</h2>
            <ul className="records-list">{g.records.map((r) => <RecordRow key={r.id} r={r} />)}</ul>
          </section>
        ))}
        <InfiniteScroll loadMore={async () => { await q.fetchNextPage(); }} hasMore={q.hasNextPage}>
          {q.hasNextPage ? t('common.loading') : <span data-testid="records-end">{t('records.noMore')}</span>}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <div className="page records-page">
      <Chips label={t('records.kind')} options={['all', ...RECORD_KINDS] as const} value={kind} onChange={setKind}
        text={(k) => (k === 'all' ? t('records.allKinds') : t(`records.kinds.${k}`))} />
      <Chips label={t('records.range')} options={RECORD_RANGES} value={range} onChange={setRange}
        text={(r) => (r === 'all' ? t('records.allTime') : t('records.lastDays', { count: Number(r) }))} />
      <PullToRefresh onRefresh={async () => { await q.refetch(); }}
        pullingText={t('records.pull')} canReleaseText={t('records.release')} refreshingText={t('common.loading')} completeText={t('records.refreshed')}>
        <div className="records-body">{body}</div>
      </PullToRefresh>
    </div>
  );
}
