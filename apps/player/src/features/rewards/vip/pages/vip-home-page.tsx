import { Button } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import type { VipData, VipTaskState } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { paths } from '../../../../lib/paths.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { CardSkeleton } from '../../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { useVipClaim, useVipInfo, type VipClaim } from '../vip-api.ts';
import { Progress } from '../components/progress.tsx';
import { VipGiftModal } from '../components/vip-gift-modal.tsx';
import '../../rewards.css';
import '../vip.css';

type Claim = ReturnType<typeof useVipClaim>;

function Hero({ v }: { v: VipData }) {
  const { t } = useTranslation();
  return (
    <section className="card vip-hero" data-testid="vip-hero">
      <div className="vip-hero__top">
        <span className="vip-badge vip-badge--big" data-testid="vip-level">VIP {v.level}</span>
        <Link to={paths.vipLevel} className="vip-link" data-testid="vip-level-link">{t('vip.home.benefits')}</Link>
      </div>
      <p className="vip-hero__exp">
        {t('vip.home.exp')} <Money value={v.exp} exact testId="vip-exp" />
      </p>
      {v.next ? (
        <>
          <Progress pct={v.next.progressPct} label={t('vip.home.progress', { level: v.next.level })} />
          <p className="vip-dim" data-testid="vip-next">
            {t('vip.home.toNext', { level: v.next.level })} <Money value={v.next.remaining} exact />
          </p>
        </>
      ) : (
        <p className="vip-dim" data-testid="vip-next">{t('vip.home.top')}</p>
      )}
    </section>
  );
}

function GiftRow({ label, amount, received, claim, which, testId }: { label: string; amount: number; received: boolean; claim: Claim; which: VipClaim; testId: string }) {
  const { t } = useTranslation();
  const busy = claim.isPending && claim.variables?.kind === which.kind;
  return (
    <li className="vip-row" data-testid={testId}>
      <div className="vip-row__main">
        <span className="vip-row__name">{label}</span>
        {amount < 1 && !received ? <span className="vip-dim" data-testid={`${testId}-none`}>{t('vip.gifts.none')}</span> : <Money value={amount} exact className="vip-row__amount" />}
      </div>
      {amount < 1 && !received ? null : received ? (
        <Button size="small" shape="rounded" disabled>{t('vip.received')}</Button>
      ) : (
        <Button size="small" shape="rounded" color="primary" disabled={amount < 1} loading={busy} onClick={() => claim.mutate(which)} data-testid={`${testId}-receive`}>
          {t('vip.receive')}
        </Button>
      )}
    </li>
  );
}

function TaskRow({ task, claim }: { task: VipTaskState; claim: Claim }) {
  const { t } = useTranslation();
  const busy = claim.isPending && claim.variables?.kind === 'task' && claim.variables.id === task.id;
  return (
    <li className="vip-row vip-row--task" data-testid="vip-task" data-status={task.status}>
      <div className="vip-row__main">
        <span className="vip-row__name">{t('vip.tasks.bet')} <Money value={task.betAmount} exact /></span>
        <Progress pct={(task.progress * 100) / task.betAmount} label={t('vip.tasks.progress')} />
        <span className="vip-dim">
          <Money value={task.progress} exact /> / <Money value={task.betAmount} exact /> · {t('vip.tasks.reward')} <Money value={task.reward} exact className="vip-row__amount" />
        </span>
      </div>
      {task.status === 'received' ? (
        <Button size="small" shape="rounded" disabled>{t('vip.received')}</Button>
      ) : (
        <Button size="small" shape="rounded" color="primary" disabled={task.status !== 'done'} loading={busy} onClick={() => claim.mutate({ kind: 'task', id: task.id })} data-testid="vip-task-receive">
          {task.status === 'done' ? t('vip.receive') : t('vip.tasks.open')}
        </Button>
      )}
    </li>
  );
}

/** /vip/home: the level and progress, the gifts, today's VIP tasks and the rebate (issue 17 §2). */
export function VipHomePage() {
  const { t } = useTranslation();
  const q = useVipInfo();
  const claim = useVipClaim(t('vip.title'));
  if (q.isPending) return <div className="page"><CardSkeleton lines={4} /><CardSkeleton lines={3} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const v = q.data;
  const c = v.claimable;
  const done = c.tasks.filter((x) => x.status === 'done').length;
  const level = v.levels[v.level];
  return (
    <div className="page vip" data-testid="vip-home">
      <VipGiftModal vip={v} />
      <Hero v={v} />
      <section className="card">
        <h2 className="section-title">{t('vip.gifts.title')}</h2>
        <ul className="vip-list">
          <GiftRow label={t('vip.gifts.daily')} amount={level?.dailyGift ?? 0} received={c.dailyReceived} claim={claim} which={{ kind: 'daily' }} testId="vip-daily" />
          <GiftRow label={t('vip.gifts.signIn')} amount={level?.signInGift ?? 0} received={c.signInReceived} claim={claim} which={{ kind: 'signIn' }} testId="vip-sign-in" />
        </ul>
        {v.multiplier > 0 && <p className="vip-dim vip-note">{t('rewards.wagering', { multiplier: v.multiplier })}</p>}
      </section>
      <section className="card">
        <div className="vip-section-head">
          <h2 className="section-title">{t('vip.tasks.title')}</h2>
          {done > 1 && (
            <Button size="mini" shape="rounded" color="primary" loading={claim.isPending && claim.variables?.kind === 'allTasks'} onClick={() => claim.mutate({ kind: 'allTasks' })} data-testid="vip-tasks-all">
              {t('vip.tasks.all')}
            </Button>
          )}
        </div>
        {c.tasks.length ? (
          <ul className="vip-list">{c.tasks.map((x) => <TaskRow key={x.id} task={x} claim={claim} />)}</ul>
        ) : (
          <p className="vip-dim" data-testid="vip-no-tasks">{t('vip.tasks.none', { level: v.level })}</p>
        )}
        <p className="vip-dim vip-note">{t('vip.tasks.today')} <Money value={v.todayBet} exact testId="vip-today-bet" /></p>
      </section>
      <section className="card vip-rebate-card">
        <div className="vip-row__main">
          <span className="vip-row__name">{t('vip.rebate.title')}</span>
          <Money value={c.rebate} exact className="vip-row__amount" testId="vip-rebate-amount" />
        </div>
        <Link to={paths.vipRebate} className="vip-link" data-testid="vip-rebate-link">{t('vip.rebate.open')}</Link>
      </section>
    </div>
  );
}
