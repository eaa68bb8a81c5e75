import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button, List } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ActivityType, type ActivityView } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { RedDot } from '../../../components/ui/red-dot.tsx';
import { base } from '../../../components/ui/icons.tsx';
import { paths } from '../../../lib/paths.ts';
import { isInstalledApp } from '../../../lib/pwa.ts';
import { activitiesOfType, receiveActivity, refreshRedDots, useActivities, useHasRecordOf, useRedDots } from '../../../lib/rewards.ts';
import { useSession } from '../../../lib/session.ts';

const CalendarIcon = () => (
  <svg {...base(20)}><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" /></svg>
);
const GiftIcon = () => (
  <svg {...base(20)}><rect x="3" y="8" width="18" height="5" rx="1" /><path d="M5 13v8h14v-8M12 8v13M12 8c-2-4-6-4-6-1.5S9 8 12 8zm0 0c2-4 6-4 6-1.5S15 8 12 8z" /></svg>
);
const CrownIcon = () => (
  <svg {...base(20)}><path d="M3 8l4 4 5-7 5 7 4-4-2 11H5L3 8z" /></svg>
);
const ListIcon = () => (
  <svg {...base(20)}><path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" /></svg>
);

/** A one-off reward the player can receive now, with its Receive button. */
function ClaimItem({ activity, dot, amount }: { activity: ActivityView; dot: boolean; amount: number | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const receive = async () => {
    setBusy(true);
    try {
      await receiveActivity(activity);
    } catch {
      // The call's toast says why (already received, not eligible with the reason, once per person);
      // the dots are asked again, since what the player may receive changed under them.
      refreshRedDots();
    } finally {
      setBusy(false);
    }
  };
  return (
    <List.Item
      prefix={<GiftIcon />}
      description={amount !== null ? <Money value={amount} exact /> : undefined}
      arrowIcon={false}
      extra={<Button size="small" color="primary" shape="rounded" loading={busy} onClick={() => void receive()} data-testid="claim-receive">{t('rewards.receive')}</Button>}
      data-testid="claim-item"
      data-type={activity.type}
    >
      {activity.name}<RedDot on={dot} className="red-dot--inline" label={t('rewards.dotLabel')} />
    </List.Item>
  );
}

/**
 * The member page's rewards: daily sign-in, VIP and the first-deposit offer when they run, the one-off
 * rewards the player can receive now (sign-up bonus, bind phone, fund; the download bonus in the
 * installed app, decision 030), and the reward records.
 */
export function RewardEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useSession((s) => s.user?.mobile ?? null);
  const activities = useActivities();
  const dots = useRedDots().data;
  const signIn = activitiesOfType(activities.data, [ActivityType.freeSign])[0];
  const vip = activitiesOfType(activities.data, [ActivityType.vip])[0];
  const firstDeposit = activitiesOfType(activities.data, [ActivityType.firstCharge, ActivityType.firstDeposit])[0];
  const signUp = activitiesOfType(activities.data, [ActivityType.signUpBonus])[0];
  const fund = activitiesOfType(activities.data, [ActivityType.fund])[0];
  const bind = activitiesOfType(activities.data, [ActivityType.bind])[0];
  const bindReceived = useHasRecordOf(ActivityType.bind, Boolean(bind && mobile));
  const download = activitiesOfType(activities.data, [ActivityType.download])[0];
  const [installed] = useState(isInstalledApp);
  const downloadReceived = useHasRecordOf(ActivityType.download, Boolean(download && installed));
  const amountOf = (a: ActivityView) => (typeof a.detail.amount === 'number' ? a.detail.amount : null);

  return (
    <List className="menu-list" mode="card" data-testid="reward-entries">
      {signIn && (
        <List.Item prefix={<CalendarIcon />} onClick={() => void navigate({ to: paths.signIn })} data-testid="sign-in-item">
          {signIn.name}<RedDot on={Boolean(dots?.signIn)} className="red-dot--inline" label={t('rewards.dotLabel')} />
        </List.Item>
      )}
      {vip && (
        <List.Item prefix={<CrownIcon />} onClick={() => void navigate({ to: paths.vipHome })} data-testid="vip-item">
          {vip.name}<RedDot on={Boolean(dots?.vipAward || dots?.rebate)} className="red-dot--inline" label={t('rewards.dotLabel')} />
        </List.Item>
      )}
      {signUp && dots?.signupBonus && <ClaimItem activity={signUp} dot amount={amountOf(signUp)} />}
      {fund && dots?.fund && <ClaimItem activity={fund} dot amount={null} />}
      {download && installed && downloadReceived.data === false && <ClaimItem activity={download} dot={false} amount={amountOf(download)} />}
      {bind && mobile && bindReceived.data === false && <ClaimItem activity={bind} dot={false} amount={amountOf(bind)} />}
      {bind && !mobile && (
        <List.Item prefix={<GiftIcon />} description={t('rewards.bindFirst')} onClick={() => void navigate({ to: paths.bind })} data-testid="bind-item">
          {bind.name}
        </List.Item>
      )}
      {firstDeposit && (
        <List.Item prefix={<GiftIcon />} onClick={() => void navigate({ to: paths.firstDeposit })} data-testid="first-deposit-item">{firstDeposit.name}</List.Item>
      )}
      <List.Item prefix={<ListIcon />} onClick={() => void navigate({ to: paths.rewardRecord })} data-testid="reward-record-item">{t('rewards.records.title')}</List.Item>
    </List>
  );
}
