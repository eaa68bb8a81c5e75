import { InfiniteScroll } from 'antd-mobile';
import type { JackpotRankEntry, JackpotRecord, JackpotSection } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { ListSkeleton } from '../../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { tierOf, useJackpotRank, useJackpotRecords, tierName } from '../jackpot-api.ts';
import { AwardLabel } from './award-label.tsx';

function useWhen() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => f.format(new Date(iso));
}

/** A win's display bracket: "min – max" (one amount when both ends are the same). */
export function SectionText({ s, testId }: { s: JackpotSection; testId?: string }) {
  return (
    <span className="jp-section" data-testid={testId}>
      <Money value={s.min} exact />
      {s.max !== s.min && <>{' – '}<Money value={s.max} exact /></>}
    </span>
  );
}

export function TierTag({ propId }: { propId: number }) {
  const { t } = useTranslation();
  const tier = tierOf(propId);
  return <span className={`jp-tier-tag jp-tier--${tier ?? 'other'}`}>{tierName(tier, t)}</span>;
}

function RankRow({ r, mine = false }: { r: JackpotRankEntry; mine?: boolean }) {
  const when = useWhen();
  return (
    <li className={`jp-row${mine ? ' jp-row--mine' : ''}`} data-testid={mine ? 'jackpot-rank-mine' : 'jackpot-rank-row'}>
      <span className="jp-row__place">{r.rank}</span>
      <Avatar value={r.avatar} size={36} />
      <div className="jp-row__main">
        <span className="jp-row__name">{r.nickname}</span>
        <span className="jp-row__meta">{when(r.createTime)}</span>
      </div>
      <div className="jp-row__numbers">
        <TierTag propId={r.propId} />
        <SectionText s={r.amountSection} />
      </div>
    </li>
  );
}

/** End of a paged list: loading the next page, or 'No more' (spec §4, §8). */
function ListEnd({ hasMore, loadMore, testId }: { hasMore: boolean; loadMore: () => Promise<unknown>; testId: string }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll loadMore={async () => { await loadMore(); }} hasMore={hasMore}>
      {hasMore ? t('common.loading') : <span className="award-end" data-testid={testId}>{t('records.noMore')}</span>}
    </InfiniteScroll>
  );
}

/** The jackpot rank (spec §3): every real tier win, largest first, 10 a page, the player's best on top. */
export function RankList() {
  const { t } = useTranslation();
  const q = useJackpotRank();
  if (q.isPending) return <ListSkeleton rows={6} />;
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const rows = q.data.pages.flatMap((p) => p.allRank.list);
  const mine = q.data.pages[0]?.personRank ?? null;
  return (
    <div className="jp-list" data-testid="jackpot-rank">
      <section className="jp-list__mine">
        <h3 className="jp-list__label">{t('jackpot.rank.mine')}</h3>
        {mine ? <ul className="jp-rows"><RankRow r={mine} mine /></ul> : <p className="jp-list__none" data-testid="jackpot-rank-mine-none">{t('jackpot.rank.mineNone')}</p>}
      </section>
      {rows.length === 0 ? (
        <p className="jp-list__none" data-testid="jackpot-rank-empty">{t('jackpot.rank.empty')}</p>
      ) : (
        <ul className="jp-rows">{rows.map((r) => <RankRow key={r.id} r={r} />)}</ul>
      )}
      <ListEnd hasMore={q.hasNextPage} loadMore={q.fetchNextPage} testId="jackpot-rank-end" />
    </div>
  );
}

/** The verify page in the player's language, unless the link names one. */
export function withLang(href: string, language: string): string {
  if (/[?&]lang=/.test(href)) return href;
  return `${href}${href.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;
}

function RecordRow({ r }: { r: JackpotRecord }) {
  const { t, i18n } = useTranslation();
  const when = useWhen();
  const p = r.proof;
  return (
    <li className="jp-record" data-testid="jackpot-record">
      <div className="jp-record__top">
        <span className="jp-record__prize"><AwardLabel entry={{ type: r.type, propId: r.propId, showNum: r.count }} tier /></span>
        {r.bonus > 0 && <Money value={r.bonus} exact signed className="jp-record__bonus" testId="jackpot-record-bonus" />}
      </div>
      <span className="jp-row__meta">{when(r.createTime)} · #{r.id}</span>
      <dl className="jp-proof" data-testid="jackpot-record-proof">
        <dt>{t('jackpot.proof.serverSeedHash')}</dt>
        <dd className="jp-proof__hash">{p.serverSeedHash}</dd>
        <dt>{t('jackpot.proof.clientSeed')}</dt>
        <dd>{p.clientSeed}</dd>
        <dt>{t('jackpot.proof.nonce')}</dt>
        <dd>{p.nonce}</dd>
        <dt>{t('jackpot.proof.serverSeed')}</dt>
        <dd className={p.serverSeed ? 'jp-proof__hash' : 'jp-proof__pending'} data-testid="jackpot-record-seed">{p.serverSeed ?? t('jackpot.proof.notRevealed')}</dd>
      </dl>
      <a className="jp-record__verify" href={withLang(p.verifyPath, i18n.language)} target="_blank" rel="noopener noreferrer" data-testid="jackpot-record-verify">{t('jackpot.proof.verify')}</a>
    </li>
  );
}

/** The player's draws (spec §3 record entry): newest first, 20 a page, each with what verifying it needs. */
export function RecordList() {
  const { t } = useTranslation();
  const q = useJackpotRecords();
  if (q.isPending) return <ListSkeleton rows={6} />;
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const rows = q.data.pages.flatMap((p) => p.list);
  return (
    <div className="jp-list" data-testid="jackpot-records">
      <p className="jp-list__hint">{t('jackpot.proof.hint')}</p>
      {rows.length === 0 ? (
        <p className="jp-list__none" data-testid="jackpot-records-empty">{t('jackpot.records.empty')}</p>
      ) : (
        <ul className="jp-records">{rows.map((r) => <RecordRow key={r.id} r={r} />)}</ul>
      )}
      <ListEnd hasMore={q.hasNextPage} loadMore={q.fetchNextPage} testId="jackpot-records-end" />
    </div>
  );
}
