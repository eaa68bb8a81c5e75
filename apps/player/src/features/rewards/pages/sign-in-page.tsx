import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ActivityType, type SignInDay } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { activitiesOfType, useActivities, useSignIn, useSignInReceive } from '../api/rewards-api.ts';
import '../rewards.css';

/** hh:mm:ss until an instant; 00:00:00 once it passed. */
export function countdown(until: string, now: number): string {
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function Day({ d }: { d: SignInDay }) {
  const { t } = useTranslation();
  return (
    <li className={`sign-in__day sign-in__day--${d.status}`} data-testid="sign-in-day" data-status={d.status}>
      <span>{t('rewards.signIn.day', { day: d.day })}</span>
      <Money value={d.amount} exact />
      <span className="sign-in__state">{t(`rewards.signIn.status.${d.status}`)}</span>
    </li>
  );
}

/** /activity/sign-in: the 7-day free sign-in (activity 36), today's state and the claim. */
export function SignInPage() {
  const { t, i18n } = useTranslation();
  const activities = useActivities();
  const activity = activitiesOfType(activities.data, [ActivityType.freeSign])[0];
  const q = useSignIn();
  const receive = useSignInReceive(activity?.name ?? t('rewards.types.36'));
  const received = q.data?.receivedToday ?? false;
  const now = useNow(received);
  const { refetch } = q;
  const nextDayAt = q.data?.nextDayAt;
  // The operator's day turned: today's claim opens, so load the new state.
  useEffect(() => {
    if (received && nextDayAt && Date.parse(nextDayAt) <= now) void refetch();
  }, [received, nextDayAt, now, refetch]);

  if (q.isPending) return <div className="page"><ListSkeleton rows={3} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const s = q.data;
  const todayAmount = s.days.find((d) => d.day === s.today)?.amount ?? 0;
  const nextAt = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(s.nextDayAt));

  return (
    <div className="page sign-in" data-testid="sign-in-page">
      <section className="card sign-in__head">
        <h2 className="sign-in__title">{activity?.name ?? t('rewards.types.36')}</h2>
        <p className="sign-in__sub">{t('rewards.signIn.intro')}</p>
      </section>
      <ol className="sign-in__days" aria-label={t('rewards.signIn.cycle')}>
        {s.days.map((d) => <Day key={d.day} d={d} />)}
      </ol>
      {received ? (
        <>
          <Button block color="primary" shape="rounded" size="large" disabled data-testid="sign-in-receive">{t('rewards.signIn.receivedToday')}</Button>
          <p className="sign-in__next" data-testid="sign-in-next">
            {t('rewards.signIn.nextAt', { time: nextAt })}{' · '}
            <span className="sign-in__countdown" role="timer" aria-label={t('rewards.signIn.countdownLabel')}>{countdown(s.nextDayAt, now)}</span>
          </p>
        </>
      ) : (
        <Button block color="primary" shape="rounded" size="large" loading={receive.isPending} onClick={() => receive.mutate()} data-testid="sign-in-receive">
          {t('rewards.signIn.receive')} <Money value={todayAmount} exact />
        </Button>
      )}
      {s.multiplier > 0 && <p className="sign-in__note" data-testid="sign-in-wagering">{t('rewards.wagering', { multiplier: s.multiplier })}</p>}
    </div>
  );
}
