import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { ActivityType, type InviteeView } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { pathOf } from '../../../lib/route-names.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.ts';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { activitiesOfType, useActivities } from '../api/rewards-api.ts';
import { visitorTasks } from '../tasks/tasks-api.ts';
import { inviteLink, ruleAmounts, shareInvite } from './invite-link.ts';
import './share.css';

function Friend({ f }: { f: InviteeView }) {
  const { t, i18n: { language } } = useTranslation();
  return (
    <li className="friend" data-testid="friend" data-status={f.status}>
      <span className="friend__name">{f.name}</span>
      <span className="friend__when">{new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(f.joinedAt))}</span>
      <span className={`friend__status friend__status--${f.status}`}>{t(`invite.status.${f.status}`)}</span>
    </li>
  );
}

/** /share (spec §2, "invite friends"; decision 066): the player's link and code, what makes an invite valid, the friends who registered with it. */
export function SharePage() {
  const { t, i18n: { language } } = useTranslation();
  const q = useQuery({ queryKey: ['inviteInfo'], queryFn: () => call('getInviteInfo', {}), staleTime: 10_000 });
  const activities = useActivities();
  const inviteTasks = activitiesOfType(activities.data, [ActivityType.tasks]).some((a) => visitorTasks(a).tasks.some((x) => x.condition.type === 'invite'));
  if (q.isPending) return <div className="page"><ListSkeleton rows={4} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const d = q.data;
  const copyCode = () => copyText(d.inviteCode).then(() => showSuccessToast(t('invite.codeCopied')), () => showErrorToast(t('invite.copyFailed', { code: d.inviteCode })));
  return (
    <div className="page share" data-testid="share-page">
      <section className="card share__hero">
        <h2 className="share__title">{t('invite.title')}</h2>
        <p className="share__rule" data-testid="invite-rule">
          {t('invite.rule', ruleAmounts(d.validInvite, language))}
        </p>
        <p className="share__link" data-testid="invite-link">{inviteLink(d.inviteCode)}</p>
        <div className="share__actions">
          <Button color="primary" shape="rounded" block onClick={() => void shareInvite(d.inviteCode)} data-testid="invite-share">{t('invite.share')}</Button>
          <Button shape="rounded" fill="outline" block onClick={() => void copyCode()} data-testid="invite-copy-code">
            {t('invite.copyCode', { code: d.inviteCode })}
          </Button>
        </div>
        {inviteTasks && <Link to={pathOf('bonus-tasks')} className="share__tasks" data-testid="invite-tasks">{t('invite.tasks')}</Link>}
      </section>
      <section className="card share__stats">
        <div className="share__stat"><span className="share__figure" data-testid="invite-invited">{d.invited}</span><span>{t('invite.invited')}</span></div>
        <div className="share__stat"><span className="share__figure" data-testid="invite-valid">{d.valid}</span><span>{t('invite.valid')}</span></div>
      </section>
      <section className="card">
        <h2 className="section-title">{t('invite.friends')}</h2>
        {d.recent.length === 0 ? (
          <p className="share__empty" data-testid="invite-none">{t('invite.none')}</p>
        ) : (
          <ul className="friends">{d.recent.map((f, i) => <Friend key={i} f={f} />)}</ul>
        )}
        {d.invited > d.recent.length && <p className="share__more">{t('invite.latest', { n: d.recent.length })}</p>}
      </section>
    </div>
  );
}
