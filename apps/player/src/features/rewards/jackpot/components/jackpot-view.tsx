import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Popup } from 'antd-mobile';
import { ActivityType, ClientConstants, JackpotTiers, type JackpotAwardConfig, type ResponseOf, type Endpoints } from '@playhall/contract';
import { toSupportedLanguage, useTranslation } from '../../../../lib/i18n.ts';
import { activitiesOfType, useActivities } from '../../../../lib/rewards.ts';
import { paths } from '../../../../lib/paths.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { CardSkeleton } from '../../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { useDrawInfo, tierName } from '../jackpot-api.ts';
import { useJackpotDraw } from '../use-jackpot-draw.ts';
import { SpinGrid } from './spin-grid.tsx';
import { JackpotPopups } from './jackpot-popups.tsx';
import { RankList, RecordList, SectionText, TierTag } from './jackpot-lists.tsx';
import { AwardLabel } from './award-label.tsx';
import { FairnessPanel } from './fairness-panel.tsx';
import '../jackpot.css';

type DrawInfo = ResponseOf<Endpoints['getJackpotDrawInfo']>;

const TIER_FIELDS = { mega: ['megaJackpot', 'megaJackpotSection'], major: ['majorJackpot', 'majorJackpotSection'], minor: ['minorJackpot', 'minorJackpotSection'], mini: ['miniJackpot', 'miniJackpotSection'] } as const;

/** The four pools: the total, then each tier with its range (spec §3 jackpot data), refreshed every 6 s. */
function Pools({ info }: { info: DrawInfo }) {
  const { t } = useTranslation();
  return (
    <section className="jp-pools" aria-label={t('jackpot.pools')}>
      <div className="jp-pools__total">
        <span className="jp-pools__label">{t('jackpot.total')}</span>
        <Money value={info.total} exact className="jp-pools__sum" testId="jackpot-total" />
      </div>
      <ul className="jp-pools__tiers">
        {JackpotTiers.map(({ tier }) => {
          const [amount, section] = TIER_FIELDS[tier];
          return (
            <li key={tier} className={`jp-pool jp-tier--${tier}`} data-testid="jackpot-pool" data-tier={tier}>
              <span className="jp-pool__name">{tierName(tier, t)}</span>
              <Money value={info[amount]} exact className="jp-pool__amount" testId={`jackpot-pool-${tier}`} />
              <span className="jp-pool__section">{t('jackpot.sectionLabel')} <SectionText s={info[section]} /></span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Why the player cannot draw now and what to do about it; nothing when they can. */
function ChanceHint({ info, onLeave }: { info: DrawInfo; onLeave?: () => void }) {
  const { t, i18n } = useTranslation();
  if (info.canReceiveDrawChance) return null;
  if (info.needDeposit) {
    return (
      <div className="jp-hint" data-testid="jackpot-need-deposit">
        <p>{t('jackpot.needDeposit')}</p>
        <Link to={paths.wallets} search={{ name: 'deposit' }} className="jp-hint__action" onClick={onLeave} data-testid="jackpot-deposit">{t('jackpot.deposit')}</Link>
      </div>
    );
  }
  if (info.chances > 0 && info.nextDrawAt) {
    const at = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(info.nextDrawAt));
    return <div className="jp-hint" data-testid="jackpot-wait"><p>{t('jackpot.nextDrawAt', { at })}</p></div>;
  }
  const { depositAmount, dailyBet } = info.earn;
  return (
    <div className="jp-hint" data-testid="jackpot-no-chance">
      <p>{t('jackpot.noChance')}</p>
      <ul className="jp-hint__ways">
        {depositAmount !== null && <li>{t('jackpot.earn.deposit')} <Money value={depositAmount} exact /></li>}
        {dailyBet.length > 0 && <li>{t('jackpot.earn.bet')} {dailyBet.map((b, i) => <span key={i}>{i > 0 && ' · '}<Money value={b} exact /></span>)}</li>}
      </ul>
      {depositAmount !== null && (
        <Link to={paths.wallets} search={{ name: 'deposit' }} className="jp-hint__action" onClick={onLeave} data-testid="jackpot-deposit">{t('jackpot.deposit')}</Link>
      )}
    </div>
  );
}

/** The published table with each entry's chance (design brief: odds where a player makes a choice). */
function Odds({ table }: { table: readonly JackpotAwardConfig[] }) {
  const { t, i18n } = useTranslation();
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 4 });
  // The operator's rules for the running lucky jackpot, in the player's language (else the default one).
  const activity = activitiesOfType(useActivities().data, [ActivityType.luckyJackpot])[0];
  const rules = activity?.rules[toSupportedLanguage(i18n.language)] ?? activity?.rules[ClientConstants.defaultLanguage];
  return (
    <details className="jp-odds" data-testid="jackpot-odds">
      <summary>{t('jackpot.odds.title')}</summary>
      {rules?.trim() && <p className="jp-odds__rules rules" data-testid="jackpot-rules">{rules}</p>}
      <table>
        <thead><tr><th scope="col">{t('jackpot.odds.prize')}</th><th scope="col">{t('jackpot.odds.chance')}</th></tr></thead>
        <tbody>
          {table.map((e) => (
            <tr key={e.id}><td><AwardLabel entry={e} tier /></td><td>{pct.format(e.odds)}</td></tr>
          ))}
        </tbody>
      </table>
      <p className="jp-odds__note">{t('jackpot.odds.note')}</p>
    </details>
  );
}

function Winners({ info }: { info: DrawInfo }) {
  const { t } = useTranslation();
  if (info.jackpotWinnerList.length === 0) return null;
  return (
    <section className="jp-winners" aria-label={t('jackpot.winners')} data-testid="jackpot-winners">
      <h3 className="jp-list__label">{t('jackpot.winners')}</h3>
      <ul>
        {info.jackpotWinnerList.map((w) => (
          <li key={w.id} className="jp-winner">
            <span className="jp-winner__name">{w.nickname}</span>
            <TierTag propId={w.propId} />
            <Money value={w.count} exact className="jp-winner__amount" />
          </li>
        ))}
      </ul>
    </section>
  );
}

type Sheet = 'rank' | 'record' | 'fair' | null;

/** A sheet over the jackpot: the rank or the player's records (spec §2 modals), each paged to 'No more'. */
const SHEETS = {
  rank: { testId: 'jackpot-rank-modal', title: 'jackpot.rank.title', body: RankList },
  record: { testId: 'jackpot-record-modal', title: 'jackpot.records.title', body: RecordList },
  fair: { testId: 'jackpot-fair-modal', title: 'jackpot.fair.title', body: FairnessPanel },
} as const;

function ListSheet({ sheet, onClose }: { sheet: Sheet; onClose: () => void }) {
  const { t } = useTranslation();
  const s = sheet ? SHEETS[sheet] : null;
  return (
    <Popup visible={sheet !== null} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose bodyClassName="jp-sheet">
      {s && (
        <div role="dialog" aria-modal="true" aria-labelledby="jp-sheet-title" className="jp-sheet__inner" data-testid={s.testId}>
          <header className="jp-sheet__head">
            <h2 id="jp-sheet-title">{t(s.title)}</h2>
            <button type="button" className="jp-close" onClick={onClose} aria-label={t('jackpot.close')} data-testid="jackpot-sheet-close">×</button>
          </header>
          <div className="jp-sheet__body"><s.body /></div>
        </div>
      )}
    </Popup>
  );
}

/**
 * The lucky jackpot (issue 18 §3): pools, the grid and its button, why the player cannot draw and
 * how to, odds, real winners, the rank and the records. The jackpot modal and /activity/jackpot
 * both show it. `onLeave` closes the modal when a link leaves it.
 */
export function JackpotView({ onLeave }: { onLeave?: () => void }) {
  const { t } = useTranslation();
  const [spinning, setSpinning] = useState(false);
  const q = useDrawInfo(spinning);
  const info = q.data;
  const table = info?.jackpotAwardConfigList ?? [];
  const d = useJackpotDraw(table, Boolean(info?.canReceiveDrawChance));
  const holding = d.phase === 'drawing' || d.phase === 'spinning';
  if (holding !== spinning) setSpinning(holding);
  const [sheet, setSheet] = useState<Sheet>(null);

  if (q.isPending) return <div className="jp-view"><CardSkeleton lines={4} /><CardSkeleton lines={6} /></div>;
  if (!info) return <div className="jp-view"><LoadError onRetry={() => void q.refetch()} /></div>;

  const chances = <div className="jp-chances" data-testid="jackpot-chances"><span className="jp-chances__num">{info.chances}</span><span>{t('jackpot.chancesLeft', { count: info.chances })}</span></div>;
  return (
    <div className="jp-view" data-testid="jackpot-view">
      <Pools info={info} />
      <SpinGrid entries={table} spin={d.spin} onStopped={d.onStopped} centre={chances} />
      <button
        type="button"
        className="jp-spin"
        disabled={d.inert}
        aria-disabled={d.inert}
        aria-busy={d.phase === 'drawing'}
        onClick={() => void d.tap()}
        data-testid="jackpot-spin"
        data-phase={d.phase}
      >
        {t(d.phase === 'drawing' || d.phase === 'spinning' ? 'jackpot.spinning' : 'jackpot.spin')}
      </button>
      {d.error && <p className="jp-error" role="alert" data-testid="jackpot-error" data-code={d.error.code}>{d.error.text}</p>}
      <ChanceHint info={info} onLeave={onLeave} />
      <div className="jp-links">
        <button type="button" className="jp-link" onClick={() => setSheet('rank')} data-testid="jackpot-open-rank">{t('jackpot.rank.link')}</button>
        <button type="button" className="jp-link" onClick={() => setSheet('record')} data-testid="jackpot-open-records">{t('jackpot.records.title')}</button>
        <button type="button" className="jp-link" onClick={() => setSheet('fair')} data-testid="jackpot-open-fairness">{t('jackpot.fair.title')}</button>
      </div>
      <Odds table={table} />
      <Winners info={info} />
      <JackpotPopups phase={d.phase} result={d.result} onCloseAward={d.closeAward} onWheelStopped={d.onWheelStopped} onFinish={d.finish} />
      <ListSheet sheet={sheet} onClose={() => setSheet(null)} />
    </div>
  );
}
