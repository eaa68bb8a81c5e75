import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { ActivityType, type LivenessBar, type Money as Amount, type TaskAward, type TaskPeriod, type TaskView } from '@playhall/contract';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { pathOf } from '../../../lib/route-names.ts';
import { loginHref, useIsLoggedIn, useSession } from '../../../lib/session.ts';
import { openExternal } from '../../../lib/native-bridge.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { activitiesOfType, awardKind, isCoinAward, useActivities } from '../api/rewards-api.ts';
import { ruleAmounts, shareInvite } from '../invite/invite-link.ts';
import { useFinishTask, useReceiveTaskAward, useTaskUser, visitorTasks, type TaskClaim, type TasksShown } from './tasks-api.ts';
import './tasks.css';

const PERIODS: TaskPeriod[] = ['daily', 'weekly', 'novice'];
/** Conditions counted in hundredths of coin. */
const inMoney = (t: TaskView) => t.condition.type === 'bet' || t.condition.type === 'depositAmount';

function AwardText({ award }: { award: TaskAward }) {
  const { t, i18n } = useTranslation();
  const kind = awardKind(award.awardId);
  return (
    <span className="task-award" data-testid="task-award">
      {isCoinAward(award.awardId) ? <Money value={award.count} exact /> : new Intl.NumberFormat(i18n.language).format(award.count)}{' '}
      {t(kind ? `rewards.awards.${kind}` : 'rewards.awards.other')}
    </span>
  );
}

function Figure({ task, value }: { task: TaskView; value: number }) {
  const { i18n } = useTranslation();
  return inMoney(task) ? <Money value={value} exact /> : <>{new Intl.NumberFormat(i18n.language).format(value)}</>;
}

interface Actions {
  loggedIn: boolean;
  pending: string | null;
  claim: (c: TaskClaim) => void;
  go: (task: TaskView) => void;
}

/** What makes an invite valid (getTaskUser's `validInvite`, decision 065). */
type ValidInvite = { deposit: Amount; bet: Amount };

/** An invite task says what a valid invite is: the friend registers with the player's link, deposits and bets. */
function InviteRule({ rule }: { rule: ValidInvite }) {
  const { t, i18n: { language } } = useTranslation();
  return (
    <p className="task__rule" data-testid="task-invite-rule">
      {t('tasks.inviteRule', ruleAmounts(rule, language))}
    </p>
  );
}

function TaskRow({ task, a, validInvite }: { task: TaskView; a: Actions; validInvite?: ValidInvite }) {
  const { t, i18n } = useTranslation();
  const percent = Math.round((Math.min(task.progress, task.target) / task.target) * 100);
  const title = task.title[i18n.language] ?? task.title['en-US'] ?? task.id;
  const busy = a.pending === task.id;
  let button;
  if (!a.loggedIn) {
    button = <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => a.go(task)} data-testid="task-login">{t('tasks.loginToClaim')}</Button>;
  } else if (task.status === 'claimable') {
    button = <Button size="small" shape="rounded" color="primary" loading={busy} disabled={a.pending !== null && !busy} onClick={() => a.claim({ taskId: task.id })} data-testid="task-claim">{t('tasks.claim')}</Button>;
  } else if (task.status === 'received') {
    button = <Button size="small" shape="rounded" disabled data-testid="task-received">{t('tasks.received')}</Button>;
  } else {
    const label = task.condition.type === 'invite' ? t('tasks.invite') : task.condition.type === 'follow' ? t('tasks.follow') : t('tasks.go');
    button = <Button size="small" shape="rounded" fill="outline" onClick={() => a.go(task)} data-testid="task-go">{label}</Button>;
  }
  return (
    <li className={`task task--${task.status}`} data-testid="task" data-task={task.id} data-status={task.status}>
      <div className="task__main">
        <p className="task__title">{title}</p>
        {task.condition.type === 'invite' && validInvite && <InviteRule rule={validInvite} />}
        <p className="task__reward">
          <AwardText award={task.award} />
          {task.liveness > 0 && <span className="task__liveness" data-testid="task-liveness">{t('tasks.liveness', { n: task.liveness })}</span>}
        </p>
        <div className="task__bar" role="progressbar" aria-label={title} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className="task__fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="task__progress" data-testid="task-progress">
          <Figure task={task} value={task.progress} /> / <Figure task={task} value={task.target} />
        </p>
      </div>
      <div className="task__action">{button}</div>
    </li>
  );
}

function Liveness({ period, bar, a }: { period: 'daily' | 'weekly'; bar: LivenessBar; a: Actions }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...bar.chests.map((c) => c.liveness));
  return (
    <section className="card liveness" data-testid={`liveness-${period}`}>
      <div className="liveness__head">
        <h2 className="liveness__title">{t(`tasks.livenessOf.${period}`)}</h2>
        <span className="liveness__value" data-testid="liveness-value">{bar.value}</span>
      </div>
      <div className="liveness__track" role="progressbar" aria-label={t(`tasks.livenessOf.${period}`)} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(bar.value, max)}>
        <span className="liveness__fill" style={{ width: `${Math.min(100, (bar.value / max) * 100)}%` }} />
      </div>
      {bar.chests.length > 0 && (
        <ol className="liveness__chests">
          {bar.chests.map((c) => {
            const id = `${period}:${c.index}`;
            const open = a.loggedIn && c.status === 'claimable';
            return (
              <li key={c.index}>
                <button type="button" className={`chest chest--${c.status}`} data-testid="chest" data-status={c.status}
                  disabled={!open || (a.pending !== null && a.pending !== id)} aria-busy={a.pending === id}
                  onClick={() => a.claim({ chest: { period, index: c.index } })}
                  aria-label={t(`tasks.chest.${c.status}`, { n: c.liveness })}>
                  <span className="chest__icon" aria-hidden="true"><Icon name={c.status === 'received' ? 'lucide:circle-check' : 'lucide:gift'} size={22} /></span>
                  <span className="chest__at">{c.liveness}</span>
                  <span className="chest__award"><AwardText award={c.award} /></span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function TasksView({ name, shown, a, validInvite }: { name: string; shown: TasksShown; a: Actions; validInvite?: ValidInvite }) {
  const { t } = useTranslation();
  return (
    <div className="page tasks" data-testid="tasks-page">
      <section className="card tasks__head">
        <h2 className="tasks__name">{name}</h2>
        <p className="tasks__intro">{t('tasks.intro')}</p>
      </section>
      {shown.liveness && (shown.liveness.daily.chests.length > 0 || shown.liveness.daily.value > 0) && <Liveness period="daily" bar={shown.liveness.daily} a={a} />}
      {shown.liveness && (shown.liveness.weekly.chests.length > 0 || shown.liveness.weekly.value > 0) && <Liveness period="weekly" bar={shown.liveness.weekly} a={a} />}
      {PERIODS.map((period) => {
        const list = shown.tasks.filter((x) => x.period === period);
        if (list.length === 0) return null;
        return (
          <section key={period} className="card tasks__group" data-testid={`tasks-${period}`}>
            <h2 className="section-title">{t(`tasks.period.${period}`)}</h2>
            <ul className="tasks__list">{list.map((task) => <TaskRow key={task.id} task={task} a={a} validInvite={validInvite} />)}</ul>
          </section>
        );
      })}
    </div>
  );
}

/** /bonus/tasks (named route bonus-tasks): daily, weekly and novice tasks (activity 42), their claims and the liveness chests. */
export function TasksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const mobile = useSession((s) => s.user?.mobile ?? null);
  const inviteCode = useSession((s) => s.user?.inviteCode ?? null);
  const activities = useActivities();
  const activity = activitiesOfType(activities.data, [ActivityType.tasks])[0];
  const q = useTaskUser(loggedIn && activity !== undefined);
  const name = activity?.name ?? t('tasks.title');
  const receive = useReceiveTaskAward(name);
  const finish = useFinishTask();

  // Opening the page is today's visit: a login task not done yet is checked once per visit.
  const visited = useRef(false);
  const loginDue = q.data?.tasks.find((x) => x.condition.type === 'login' && x.status === 'doing');
  const { mutate: finishTask } = finish;
  useEffect(() => {
    if (!loginDue || visited.current) return;
    visited.current = true;
    finishTask(loginDue.id);
  }, [loginDue, finishTask]);

  const v = receive.isPending ? receive.variables : undefined;
  const pending = v ? ('taskId' in v ? v.taskId : `${v.chest.period}:${v.chest.index}`) : null;
  const a: Actions = {
    loggedIn,
    pending,
    claim: (c) => receive.mutate(c),
    go(task) {
      if (!loggedIn) return void navigate({ href: loginHref(pathOf('bonus-tasks')) });
      switch (task.condition.type) {
        case 'login':
          return finish.mutate(task.id);
        case 'bindPhone':
          return mobile ? finish.mutate(task.id) : void navigate({ to: paths.bind });
        case 'follow':
          // The channel opens (in the native app, outside it); opening it is what the task asks.
          if (task.condition.url) void openExternal(task.condition.url);
          return finish.mutate(task.id);
        case 'invite':
          return void (inviteCode && shareInvite(inviteCode));
        case 'depositAmount':
        case 'depositCount':
          return void navigate({ to: paths.wallets, search: { name: 'deposit' } });
        default:
          return void navigate({ to: paths.index });
      }
    },
  };

  if (activities.isPending || (loggedIn && activity && q.isPending)) return <div className="page"><ListSkeleton rows={4} /></div>;
  if (activities.isError || q.isError) return <div className="page"><LoadError onRetry={() => void (q.isError ? q.refetch() : activities.refetch())} /></div>;
  if (!activity) {
    return (
      <div className="page"><div className="card empty-state" data-testid="tasks-none">
        <p>{t('tasks.none')}</p>
        <Button color="primary" shape="rounded" onClick={() => void navigate({ to: paths.index })}>{t('rewards.records.explore')}</Button>
      </div></div>
    );
  }
  const shown: TasksShown = loggedIn && q.data ? { tasks: q.data.tasks, liveness: q.data.liveness } : visitorTasks(activity);
  return <TasksView name={name} shown={shown} a={a} validInvite={loggedIn ? q.data?.validInvite : undefined} />;
}
