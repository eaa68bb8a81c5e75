import type { VipLevelView } from '@playhall/contract';
import { useTranslation } from '../../../../lib/i18n.ts';
import { Money } from '../../../../components/ui/money.tsx';
import { CardSkeleton } from '../../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { percentOf, useVipInfo } from '../vip-api.ts';
import '../vip.css';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="vip-level__line">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LevelCard({ l, current }: { l: VipLevelView; current: boolean }) {
  const { t, i18n } = useTranslation();
  const byType = Object.entries(l.rebateBpByType);
  return (
    <li className={`card vip-level${current ? ' vip-level--current' : ''}`} data-testid="vip-level-card" aria-current={current || undefined}>
      <div className="vip-level__head">
        <span className="vip-badge">VIP {l.level}</span>
        {current && <span className="vip-level__you">{t('vip.level.current')}</span>}
      </div>
      <dl className="vip-level__lines">
        <Line label={t('vip.level.requires')}><Money value={l.betAmount} exact /></Line>
        {l.levelUpReward > 0 && <Line label={t('vip.level.levelUp')}><Money value={l.levelUpReward} exact /></Line>}
        {l.dailyGift > 0 && <Line label={t('vip.gifts.daily')}><Money value={l.dailyGift} exact /></Line>}
        {l.signInGift > 0 && <Line label={t('vip.gifts.signIn')}><Money value={l.signInGift} exact /></Line>}
        <Line label={t('vip.level.rebate')}>{percentOf(l.rebateBp, i18n.language)}{byType.length > 0 && ` · ${t('vip.level.someTypes', { count: byType.length })}`}</Line>
        {l.tasks.length > 0 && <Line label={t('vip.tasks.title')}>{t('vip.level.tasks', { count: l.tasks.length })}</Line>}
      </dl>
    </li>
  );
}

/** /vip/level (named route vip-level): what each level needs and gives, the player's highlighted. */
export function VipLevelPage() {
  const q = useVipInfo();
  if (q.isPending) return <div className="page"><CardSkeleton lines={4} /><CardSkeleton lines={4} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  return (
    <div className="page" data-testid="vip-levels">
      <ol className="vip-levels">{q.data.levels.map((l) => <LevelCard key={l.level} l={l} current={l.level === q.data.level} />)}</ol>
    </div>
  );
}
