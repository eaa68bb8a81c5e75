import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { BetReportRow, BetRound } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';
import { CardSkeleton, ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { useGameCatalogue, useTypeLabel } from '../../../lib/queries.ts';
import { BET_RANGES, groupByDay, netTone, roundDay, useBetRecords, useBetReport, type BetRange } from '../api/records-api.ts';
import '../games.css';

function Chips<T extends string | number>({ label, options, value, onChange, text, testId }: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  text: (v: T) => string;
  testId?: string;
}) {
  return (
    <div className="filter-chips" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <button key={o} type="button" role="radio" aria-checked={o === value}
          className={o === value ? 'filter-chip filter-chip--active' : 'filter-chip'} onClick={() => onChange(o)}>
          {text(o)}
        </button>
      ))}
    </div>
  );
}

function RangeChips({ value, onChange }: { value: BetRange; onChange: (r: BetRange) => void }) {
  const { t } = useTranslation();
  return (
    <Chips label={t('betRecords.range')} options={BET_RANGES} value={value} onChange={onChange} testId="range-filter"
      text={(r) => (r === 'today' ? t('betRecords.today') : t('betRecords.lastDays', { count: Number(r) }))} />
  );
}

/** A signed exact amount (decision 026), green when the player is up, red when down. */
function Net({ value, testId }: { value: number; testId?: string }) {
  return (
    <span className={`net--${netTone(value)}`} data-testid={testId}>
      <Money value={value} exact signed />
    </span>
  );
}

function useDayTitle() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return (day: string) => format.format(new Date(`${day.slice(0, 10)}T12:00:00`));
}

function RoundRow({ r }: { r: BetRound }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(r.startedAt));
  return (
    <li className="bet-round" data-testid="bet-round" data-status={r.status}>
      <div className="bet-round__game">
        {r.gameName}
        {r.status !== 'settled' && <span className={`bet-status bet-status--${r.status}`}>{t(`betRecords.status.${r.status}`)}</span>}
      </div>
      <div className="bet-round__net"><Net value={r.net} testId="bet-net" /></div>
      <div className="bet-round__meta">{r.platformName} · {time}</div>
      <div className="bet-round__numbers">
        <span>{t('betRecords.bet')} <Money value={r.bet} exact testId="bet-stake" /></span>
        <span>{t('betRecords.win')} <Money value={r.win} exact testId="bet-win" /></span>
      </div>
    </li>
  );
}

function EmptyState({ testId, filtered, onShowAll }: { testId: string; filtered: boolean; onShowAll?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card empty-state" data-testid={testId}>
      <p><strong>{t(filtered ? 'betRecords.emptyFiltered' : 'betRecords.empty')}</strong></p>
      <p className="muted">{t('betRecords.emptyHint')}</p>
      <Button color="primary" shape="rounded" onClick={() => void navigate({ to: paths.index })}>{t('betRecords.browseGames')}</Button>
      {filtered && onShowAll && <Button fill="none" onClick={onShowAll}>{t('betRecords.widen')}</Button>}
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card empty-state" role="alert">
      <p>{t('errors.loadFailed')}</p>
      <Button color="primary" fill="outline" shape="rounded" onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

/** /member/games: the player's game rounds (bet, win, net, time) by day, 20 at a time. */
export function BetRecordsPage() {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const dayTitle = useDayTitle();
  const { catalogue } = useGameCatalogue();
  const [range, setRange] = useState<BetRange>('7');
  const [typeId, setTypeId] = useState<number>(0);
  const q = useBetRecords(range, typeId || undefined);
  const rounds = q.data?.pages.flatMap((p) => p.list) ?? [];
  const types = (catalogue?.types ?? []).map((ty) => ({ id: ty.id, name: typeLabel(ty) }));

  let body;
  if (q.isPending) body = <ListSkeleton rows={6} />;
  else if (q.isError) body = <LoadFailed onRetry={() => void q.refetch()} />;
  else if (rounds.length === 0) {
    body = <EmptyState testId="bet-empty" filtered={range !== '90' || typeId !== 0} onShowAll={() => { setRange('90'); setTypeId(0); }} />;
  } else {
    body = (
      <>
        {groupByDay(rounds, roundDay).map((g) => (
          <section key={g.day} className="card bet-day">
            <h2 className="bet-day__title">{dayTitle(g.day)}</h2>
            <ul className="bet-list">{g.items.map((r) => <RoundRow key={r.roundId} r={r} />)}</ul>
          </section>
        ))}
        <InfiniteScroll loadMore={async () => { await q.fetchNextPage(); }} hasMore={q.hasNextPage}>
          {q.hasNextPage ? t('common.loading') : <span data-testid="bet-end">{t('records.noMore')}</span>}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <div className="page bet-page">
      <RangeChips value={range} onChange={setRange} />
      {types.length > 0 && (
        <Chips label={t('games.types')} options={[0, ...types.map((ty) => ty.id)]} value={typeId} onChange={setTypeId} testId="bet-type-filter"
          text={(id) => (id === 0 ? t('games.allTypes') : types.find((ty) => ty.id === id)?.name ?? '')} />
      )}
      <PullToRefresh onRefresh={async () => { await q.refetch(); }}
        pullingText={t('records.pull')} canReleaseText={t('records.release')} refreshingText={t('common.loading')} completeText={t('records.refreshed')}>
        <div className="bet-body">{body}</div>
      </PullToRefresh>
    </div>
  );
}

function ReportRow({ row, typeName }: { row: BetReportRow; typeName: string }) {
  const { t } = useTranslation();
  return (
    <li className="bet-round" data-testid="report-row">
      <div className="bet-round__game">{typeName}</div>
      <div className="bet-round__net"><Net value={row.net} testId="report-net" /></div>
      <div className="bet-round__meta">{t('betReport.rounds', { count: row.rounds })}</div>
      <div className="bet-round__numbers">
        <span>{t('betRecords.bet')} <Money value={row.bet} exact testId="report-bet" /></span>
        <span>{t('betRecords.win')} <Money value={row.win} exact testId="report-win" /></span>
      </div>
    </li>
  );
}

/** /member/report: per day and game type, what was bet and won, with the period's totals. */
export function BetReportPage() {
  const { t } = useTranslation();
  const dayTitle = useDayTitle();
  const [range, setRange] = useState<BetRange>('7');
  const q = useBetReport(range);
  const { catalogue } = useGameCatalogue();
  const typeLabel = useTypeLabel();
  /** The server's type name, in the player's language when the catalogue knows the type. */
  const typeName = (r: BetReportRow) => {
    const type = r.typeId === null ? undefined : catalogue?.typeById.get(r.typeId);
    return type ? typeLabel(type) : r.typeName;
  };

  let body;
  if (q.isPending) body = <><CardSkeleton lines={2} /><ListSkeleton rows={4} /></>;
  else if (q.isError) body = <LoadFailed onRetry={() => void q.refetch()} />;
  else {
    const { rows, totals } = q.data;
    body = (
      <>
        <section className="card report-totals" data-testid="report-totals" aria-label={t('betReport.totals')}>
          <div className="report-totals__item">
            <span className="report-totals__label">{t('betReport.totalBet')}</span>
            <span className="report-totals__value"><Money value={totals.bet} exact testId="report-total-bet" /></span>
          </div>
          <div className="report-totals__item">
            <span className="report-totals__label">{t('betReport.totalWin')}</span>
            <span className="report-totals__value"><Money value={totals.win} exact testId="report-total-win" /></span>
          </div>
          <div className="report-totals__item">
            <span className="report-totals__label">{t('betReport.net')}</span>
            <span className="report-totals__value"><Net value={totals.net} testId="report-total-net" /></span>
          </div>
          <div className="report-totals__item">
            <span className="report-totals__label">{t('betReport.roundsLabel')}</span>
            <span className="report-totals__value">{totals.rounds}</span>
          </div>
          <p className="report-totals__range">{t('betReport.period', { from: dayTitle(q.data.from), to: dayTitle(q.data.to) })}</p>
        </section>
        {rows.length === 0 ? (
          <EmptyState testId="report-empty" filtered={range !== '90'} onShowAll={() => setRange('90')} />
        ) : (
          groupByDay(rows, (r) => r.date).map((g) => (
            <section key={g.day} className="card bet-day" data-testid="report-day">
              <h2 className="bet-day__title">{dayTitle(g.day)}</h2>
              <ul className="bet-list">{g.items.map((r) => <ReportRow key={`${r.date}:${r.typeId ?? r.typeName}`} row={r} typeName={typeName(r)} />)}</ul>
            </section>
          ))
        )}
      </>
    );
  }

  return (
    <div className="page bet-page">
      <RangeChips value={range} onChange={setRange} />
      <div className="bet-body">{body}</div>
    </div>
  );
}
