import { useNavigate } from '@tanstack/react-router';
import { Button, List } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ActivityType, type ActivityView } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { RedDot } from '../../../components/ui/red-dot.tsx';
import { base, GiftIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../lib/paths.ts';
import { useClaimEntries, useReceive, type ClaimEntry } from '../../../lib/claims.ts';
import { activitiesOfType, useActivities, useRedDots } from '../../../lib/rewards.ts';

const CalendarIcon = () => (
  <svg {...base(20)}><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" /></svg>
);
const CrownIcon = () => (
  <svg {...base(20)}><path d="M3 8l4 4 5-7 5 7 4-4-2 11H5L3 8z" /></svg>
);
const ListIcon = () => (
  <svg {...base(20)}><path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" /></svg>
);

/** A one-off reward the player can receive now, with its Receive button. */
function ClaimItem({ activity, dot }: { activity: ActivityView; dot: boolean }) {
  const { t } = useTranslation();
  const { busy, receive } = useReceive();
  const amount = typeof activity.detail.amount === 'number' ? activity.detail.amount : null;
  return (
    <List.Item
      prefix={<GiftIcon size={20} />}
      description={amount !== null ? <Money value={amount} exact /> : undefined}
      arrowIcon={false}
      extra={<Button size="small" color="primary" shape="rounded" loading={busy} onClick={() => void receive(activity)} data-testid="claim-receive">{t('rewards.receive')}</Button>}
      data-testid="claim-item"
      data-type={activity.type}
    >
      {activity.name}<RedDot on={dot} className="red-dot--inline" label={t('rewards.dotLabel')} />
    </List.Item>
  );
}

/**
 * The member page's rewards, from the claims the bonus centre lists (lib/claims.ts): daily sign-in
 * and VIP when they run, what the player can receive now (sign-up bonus, bind phone, fund; the download
 * bonus in the installed app, decision 030), binding a phone for its bonus, the first-deposit offer
 * until the first deposit, and the reward records.
 */
export function RewardEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entries } = useClaimEntries(paths.member);
  const dots = useRedDots().data;
  const vip = activitiesOfType(useActivities().data, [ActivityType.vip])[0];
  const row = ({ activity: a, dot, action }: ClaimEntry) => {
    if (a.type === ActivityType.freeSign) {
      return (
        <List.Item key={a.id} prefix={<CalendarIcon />} onClick={() => void navigate({ to: paths.signIn })} data-testid="sign-in-item">
          {a.name}<RedDot on={dot} className="red-dot--inline" label={t('rewards.dotLabel')} />
        </List.Item>
      );
    }
    if (action.kind === 'receive') return <ClaimItem key={a.id} activity={a} dot={dot} />;
    if (action.kind !== 'go') return null;
    if (a.type === ActivityType.bind) {
      return <List.Item key={a.id} prefix={<GiftIcon size={20} />} description={t('rewards.bindFirst')} onClick={() => void navigate({ href: action.href })} data-testid="bind-item">{a.name}</List.Item>;
    }
    if (a.type === ActivityType.firstCharge || a.type === ActivityType.firstDeposit) {
      return <List.Item key={a.id} prefix={<GiftIcon size={20} />} onClick={() => void navigate({ href: action.href })} data-testid="first-deposit-item">{a.name}</List.Item>;
    }
    return null;
  };

  return (
    <List className="menu-list" mode="card" data-testid="reward-entries">
      {entries.map(row)}
      {vip && (
        <List.Item prefix={<CrownIcon />} onClick={() => void navigate({ to: paths.vipHome })} data-testid="vip-item">
          {vip.name}<RedDot on={Boolean(dots?.vipAward || dots?.rebate)} className="red-dot--inline" label={t('rewards.dotLabel')} />
        </List.Item>
      )}
      <List.Item prefix={<ListIcon />} onClick={() => void navigate({ to: paths.rewardRecord })} data-testid="reward-record-item">{t('rewards.records.title')}</List.Item>
    </List>
  );
}
