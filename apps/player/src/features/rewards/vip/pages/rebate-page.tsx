import { Button } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import type { RebateType } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { paths } from '../../../../lib/paths.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { percentOf, useRebate, useVipClaim } from '../vip-api.ts';
import '../../rewards.css';
import '../vip.css';

function TypeRow({ r }: { r: RebateType }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="vip-row" data-testid="rebate-type" data-type={r.typeId}>
      <div className="vip-row__main">
        <span className="vip-row__name">{r.typeName} · {percentOf(r.rateBp, i18n.language)}</span>
        <span className="vip-dim">{t('vip.rebate.validBet')} <Money value={r.validBet} exact /></span>
      </div>
      <Money value={r.claimable} exact className="vip-row__amount" testId="rebate-type-amount" />
    </li>
  );
}

/**
 * The rebate (issue 17 §3): what each game type has accrued and the one claim. Mounted at
 * /vip/rebate and at /bonus/rebate: it needs nothing from its route.
 */
export function RebatePage() {
  const { t } = useTranslation();
  const q = useRebate();
  const claim = useVipClaim(t('vip.rebate.title'));
  if (q.isPending) return <div className="page"><ListSkeleton rows={4} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const r = q.data;
  return (
    <div className="page vip" data-testid="rebate-page">
      <section className="card vip-rebate-total">
        <span className="vip-dim">{t('vip.rebate.claimable')}</span>
        <Money value={r.claimable} exact className="vip-rebate-total__amount" testId="rebate-total" />
        <Button block color="primary" shape="rounded" size="large" disabled={r.claimable < 1} loading={claim.isPending} onClick={() => claim.mutate({ kind: 'rebate' })} data-testid="rebate-receive">
          {r.claimable < 1 ? t('vip.rebate.nothing') : t('vip.receive')}
        </Button>
        <p className="vip-dim vip-note">{t('vip.rebate.rule', { level: r.level })}</p>
      </section>
      <section className="card">
        <div className="vip-section-head">
          <h2 className="section-title">{t('vip.rebate.byType')}</h2>
          <Link to={paths.vipRebateRecord} className="vip-link" data-testid="rebate-records-link">{t('vip.rebate.records')}</Link>
        </div>
        <ul className="vip-list">{r.list.map((x) => <TypeRow key={x.typeId} r={x} />)}</ul>
      </section>
    </div>
  );
}
