import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { CoinRecord, CoinRecordKind, CoinRecordStep } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { groupByDay, localDay, RECORD_KINDS, RECORD_RANGES, useCoinRecords, type RecordRange } from '../api/records-api.ts';
import { WithdrawalStatusChip } from '../components/withdrawal-status.tsx';
import '../wallet.css';
import '../withdraw.css';

const KIND_ICON: Record<CoinRecordKind, string> = { deposit: '↓', withdraw: '↑', safebox: '⇄', bonus: '★', game: '♠', other: '•' };

/** A withdrawal's steps in one line: "Requested 10:02 › Approved 11:40 › Paid 11:40" (the date too when it is another day). */
function Steps({ steps, day }: { steps: CoinRecordStep[]; day: string }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const dated = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <ol className="record__steps" data-testid="record-steps">
      {steps.map((s) => (
        <li key={s.step} data-step={s.step}>{t(`records.steps.${s.step}`)} {(localDay(s.at) === day ? time : dated).format(new Date(s.at))}</li>
      ))}
    </ol>
  );
}

/** One thing that moved the player's coin balance, with its exact signed amount and the balance after it (decision 026). */
function RecordRow({ r }: { r: CoinRecord }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const tone = r.amount > 0 ? 'record__amount record__amount--in' : r.amount < 0 ? 'record__amount record__amount--out' : 'record__amount';
  const title = r.game ? r.game.gameName || t('records.reasons.game_session') : t([`records.reasons.${r.reason}`, ...(r.reason.startsWith('reward_') ? ['records.reasons.reward'] : []), `records.kinds.${r.kind}`]);
  const end = time.format(new Date(r.createdAt));
  const begin = r.game ? time.format(new Date(r.game.startedAt)) : end;
  const when = begin === end ? end : `${begin}–${end}`;
  const main = (
    <>
      <div className="record__reason">{title}</div>
      <div className="record__meta">
        {r.status && <WithdrawalStatusChip status={r.status} />}
        {when}
        {r.game && (
          <>
            {' · '}{t('records.rounds', { count: r.game.rounds })}
            <span className="record__game-sums">
              <span className="record__pair">{t('records.staked')} <Money value={r.game.bet} exact testId="record-staked" /></span>
              {' · '}<span className="record__pair">{t('records.paidOut')} <Money value={r.game.win} exact testId="record-paid-out" /></span>
            </span>
          </>
        )}
        {r.safeboxAfter !== null && <> · <span className="record__pair">{t('records.bookBalance.safebox')} <Money value={r.safeboxAfter} exact /></span></>}
      </div>
      {r.reason === 'withdraw_hold' && r.timeline.length > 0 && <Steps steps={r.timeline} day={localDay(r.createdAt)} />}
      {r.note && r.reason !== 'withdraw_release' && <div className="record__note">{t('withdrawal.reason', { reason: r.note })}</div>}
    </>
  );
  return (
    <li className="record" data-testid="record" data-kind={r.kind} data-reason={r.reason} data-status={r.status ?? undefined}>
      <span className={`record__icon record__icon--${r.kind}`} aria-hidden="true">{r.amount > 0 && r.kind === 'withdraw' ? '↓' : KIND_ICON[r.kind]}</span>
      {r.orderId && r.kind === 'withdraw' ? (
        <Link to={paths.withdrawal} params={{ name: r.orderId }} className="record__main record__main--link" aria-label={`${title}: ${t('records.openWithdrawal')}`}>
          {main}
        </Link>
      ) : (
        <div className="record__main">{main}</div>
      )}
      <div className="record__numbers">
        <Money value={r.amount} exact signed className={tone} testId="record-amount" />
        <span className="record__after">{t('records.balanceAfter')} <Money value={r.balanceAfter} exact testId="record-balance" /></span>
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

/** /wallets/record: one row per thing that moved the player's coin (issue 13 §3), by day, newest first. */
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
        {groupByDay(records).map((g, i, groups) => (
          <section key={g.day} className="card records-day" data-testid="records-day">
            <h2 className="records-day__title">
              <span>{dayFormat.format(new Date(`${g.day}T12:00:00`))}</span>
              {/* The day's rows summed in hundredths, so the total is the sum of the rows shown; a day whose
                  older rows are still on the next page gets its total once they are loaded. */}
              {(i < groups.length - 1 || !q.hasNextPage) && (
                <span className="records-day__total">
                  {t('records.dayNet')} <Money value={g.records.reduce((sum, r) => sum + r.amount, 0)} exact signed testId="records-day-total" />
                </span>
              )}
            </h2>
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
