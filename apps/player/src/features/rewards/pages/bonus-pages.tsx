import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { awardOf, type ActivityView, type AwardSumEntry } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { RedDot } from '../../../components/ui/red-dot.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { call } from '../../../lib/api.ts';
import { useClaimEntries, useReceive, type ClaimEntry } from '../../../lib/claims.ts';
import { toSupportedLanguage, useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { activitiesOfType, activityClick, anyDot, offerLine, performActivityClick, useActivities, useRedDots } from '../../../lib/rewards.ts';
import { loginHref, useIsLoggedIn } from '../../../lib/session.ts';
import { rulesText } from './sign-in-rule-page.tsx';
import '../rewards.css';
import '../bonus.css';

/**
 * /bonus: the segmented header over every page of the bonus centre, and the page. The tabs are the
 * router's children of /bonus (each labelled `bonus.tabs.<path>`), so a page added there is a tab here.
 */
export function BonusLayout() {
  const { t } = useTranslation();
  const router = useRouter();
  const { pathname } = useLocation();
  const dot = anyDot(useRedDots().data);
  const running = useActivities().data;
  const parent = router.routesById['/bonus'] as unknown as { children?: { fullPath: string; path: string; options: { staticData?: { bonusActivity?: number } } }[] };
  // A page of one activity (tasks, VIP) is a tab only while that activity runs.
  const runs = (type: number | undefined) => type === undefined || activitiesOfType(running, [type]).length > 0;
  const tabs = (parent.children ?? []).filter((c) => c.path !== '/' && runs(c.options.staticData?.bonusActivity));
  return (
    <div className="bonus" data-testid="bonus-centre">
      <nav className="bonus-tabs" aria-label={t('bonus.title')}>
        {tabs.map((c) => {
          const active = pathname === c.fullPath || pathname.startsWith(`${c.fullPath}/`);
          return (
            <Link key={c.fullPath} to={c.fullPath} className={active ? 'bonus-tabs__tab bonus-tabs__tab--active' : 'bonus-tabs__tab'} aria-current={active ? 'page' : undefined} data-testid="bonus-tab">
              {t(`bonus.tabs.${c.path}`)}
              {c.fullPath === paths.bonusHome && <RedDot on={dot} className="red-dot--inline" label={t('rewards.dotLabel')} />}
            </Link>
          );
        })}
      </nav>
      <Outlet />
    </div>
  );
}

/** A claim's button, or why there is none: receives here, goes to the page of the claim, or sends a visitor to log in. */
function ClaimButton({ entry }: { entry: ClaimEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy, receive } = useReceive();
  const { action } = entry;
  if (action.kind === 'done') return <span className="bonus-claim__done" data-testid="claim-done">{t(action.reasonKey)}</span>;
  const onClick = action.kind === 'receive' ? () => void receive(entry.activity) : () => void navigate({ href: action.href });
  const label = action.kind === 'receive' ? t('rewards.receive') : action.kind === 'login' ? t('bonus.loginToClaim') : t(action.labelKey);
  return (
    <Button size="small" color="primary" fill={action.kind === 'receive' || entry.dot ? 'solid' : 'outline'} shape="rounded" loading={busy} onClick={onClick} className="bonus-claim__button" data-testid="claim-action" data-action={action.kind}>
      {label}
    </Button>
  );
}

function ClaimRow({ entry }: { entry: ClaimEntry }) {
  const { t, i18n } = useTranslation();
  const a = entry.activity;
  return (
    <li className="bonus-claim" data-testid="bonus-claim" data-type={a.type}>
      <div className="bonus-claim__main">
        <span className="bonus-claim__name">{a.name}<RedDot on={entry.dot} className="red-dot--inline" label={t('rewards.dotLabel')} /></span>
        <span className="bonus-claim__offer">{offerLine(a, t, i18n.language)}</span>
      </div>
      <ClaimButton entry={entry} />
    </li>
  );
}

/** Ready now: the engine says so (a red dot), or it can be received here. */
const readyNow = (e: ClaimEntry) => e.dot || e.action.kind === 'receive';

/** /bonus/home: what the player can claim now, each with its dot and its button, then the other offers running. */
export function BonusHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const claims = useClaimEntries(paths.bonusHome);
  if (claims.isPending) return <div className="page"><ListSkeleton rows={4} /></div>;
  if (claims.isError) return <div className="page"><LoadError onRetry={claims.refetch} /></div>;
  const ready = loggedIn ? claims.entries.filter(readyNow) : [];
  const other = claims.entries.filter((e) => !ready.includes(e));

  return (
    <div className="page" data-testid="bonus-home">
      {!loggedIn && (
        <section className="card bonus-visitor" data-testid="bonus-visitor">
          <p className="bonus-visitor__text">{t('bonus.home.visitor')}</p>
          <div className="bonus-visitor__actions">
            <Button color="primary" shape="rounded" onClick={() => void navigate({ href: loginHref(paths.bonusHome) })} data-testid="bonus-login">{t('nav.login')}</Button>
            <Button shape="rounded" onClick={() => void navigate({ to: paths.register, search: { redirect: paths.bonusHome } })}>{t('nav.register')}</Button>
          </div>
        </section>
      )}
      {claims.entries.length === 0 ? (
        <div className="card empty-state" data-testid="bonus-home-empty">
          <p>{t('bonus.home.none')}</p>
          <Button color="primary" shape="rounded" onClick={() => void navigate({ to: paths.bonusEvent })}>{t('bonus.home.seeEvents')}</Button>
        </div>
      ) : (
        <>
          {loggedIn && (
            <section className="card" data-testid="bonus-ready">
              <h2 className="section-title">{t('bonus.home.ready')}</h2>
              {ready.length > 0 ? (
                <ul className="bonus-claims">{ready.map((e) => <ClaimRow key={e.activity.id} entry={e} />)}</ul>
              ) : (
                <p className="muted bonus-nothing" data-testid="bonus-nothing">{t('bonus.home.nothingNow')}</p>
              )}
            </section>
          )}
          {other.length > 0 && (
            <section className="card" data-testid="bonus-other">
              <h2 className="section-title">{t(loggedIn ? 'bonus.home.more' : 'bonus.home.offers')}</h2>
              <ul className="bonus-claims">{other.map((e) => <ClaimRow key={e.activity.id} entry={e} />)}</ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** When a running activity ends, or that it has no end. */
function Window({ a }: { a: ActivityView }) {
  const { t, i18n } = useTranslation();
  if (!a.endsAt) return <span className="bonus-event__window">{t('bonus.event.noEnd')}</span>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(a.endsAt));
  return <span className="bonus-event__window">{t('bonus.event.endsAt', { when })}</span>;
}

/** /bonus/event: every running activity in the operator's order: its art, name, offer, window, rules, and its click action (spec §2). */
export function BonusEventPage() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const loggedIn = useIsLoggedIn();
  const q = useActivities();
  const [rules, setRules] = useState<{ title: string; text: string } | null>(null);
  if (q.isPending) return <div className="page"><ListSkeleton rows={3} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const list = (q.data?.activityIds ?? []).map((id) => q.data?.activityMap[String(id)]).filter((a): a is ActivityView => Boolean(a));
  if (list.length === 0) {
    return (
      <div className="page">
        <div className="card empty-state" data-testid="bonus-event-empty">
          <p>{t('bonus.event.none')}</p>
          <Button color="primary" shape="rounded" onClick={() => void router.navigate({ to: paths.index })}>{t('rewards.records.explore')}</Button>
        </div>
      </div>
    );
  }
  const lang = toSupportedLanguage(i18n.language);
  return (
    <div className="page" data-testid="bonus-event">
      <ul className="bonus-events">
        {list.map((a) => {
          const click = activityClick(a, q.data, loggedIn);
          const text = rulesText(a, lang);
          const actionKey = click.kind === 'login' ? 'bonus.loginToClaim' : click.kind === 'external' ? 'bonus.event.openLink' : click.kind === 'notice' ? 'bonus.event.read' : 'bonus.event.open';
          return (
            <li key={a.id} className="card bonus-event" data-testid="bonus-event-card" data-type={a.type}>
              {a.themeUrl ? (
                <img className="bonus-event__art" src={a.themeUrl} alt="" draggable={false} />
              ) : (
                <div className="bonus-event__art bonus-event__art--drawn" aria-hidden="true">
                  <span className="bonus-event__eyebrow">{t(`rewards.types.${a.type}`, { defaultValue: '' })}</span>
                  <span className="bonus-event__offer">{offerLine(a, t, i18n.language)}</span>
                </div>
              )}
              <div className="bonus-event__body">
                <h2 className="bonus-event__name">{a.name}</h2>
                {a.themeUrl && <span className="bonus-event__line">{offerLine(a, t, i18n.language)}</span>}
                <Window a={a} />
                <div className="bonus-event__actions">
                  {text && (
                    <Button size="small" fill="none" className="bonus-event__rules" onClick={() => setRules({ title: a.name, text })} data-testid="bonus-event-rules">{t('bonus.event.rules')}</Button>
                  )}
                  {click.kind !== 'none' && (
                    <Button size="small" color="primary" shape="rounded" onClick={() => performActivityClick(click, (href) => void router.navigate({ href }))} data-testid="bonus-event-go" data-click={click.kind}>
                      {t(actionKey)}
                    </Button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <Popup visible={rules !== null} onMaskClick={() => setRules(null)} onClose={() => setRules(null)} bodyClassName="bonus-rules" destroyOnClose>
        {rules && (
          <div className="bonus-rules__inner" data-testid="bonus-rules">
            <h2 className="bonus-rules__title">{rules.title}</h2>
            <div className="rules">{rules.text}</div>
            <Button block shape="rounded" onClick={() => setRules(null)} data-testid="bonus-rules-close">{t('rewards.popup.close')}</Button>
          </div>
        )}
      </Popup>
    </div>
  );
}

const AWARD_SUM_KEY = ['activityAwardGetSum'] as const;

/** What an asset is called: coin, points, activity points, or the coupon of its award id. */
function assetLabel(asset: string, t: (k: string) => string): string {
  if (asset === 'coin' || asset === 'points' || asset === 'liveness') return t(`bonus.reward.assets.${asset}`);
  const coupon = /^coupon:(\d+)$/.exec(asset);
  const kind = coupon ? awardOf(Number(coupon[1]))?.kind : undefined;
  return t(kind ? `rewards.awards.${kind}` : 'rewards.awards.other');
}

/** An amount of an asset: coin exactly and signed (decision 026), other assets in whole units. */
function Amount({ asset, count, testId }: { asset: string; count: number; testId: string }) {
  const { i18n } = useTranslation();
  if (asset === 'coin') return <Money value={count} exact signed className="bonus-sum__amount" testId={testId} />;
  return <span className="bonus-sum__amount" data-testid={testId}>+{new Intl.NumberFormat(i18n.language).format(count)}</span>;
}

/** /bonus/reward: what the player has received, summed by activity and asset (activityAwardGetSum), and the total of each asset. */
export function BonusRewardPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: AWARD_SUM_KEY, queryFn: () => call('activityAwardGetSum', {}) });
  if (q.isPending) return <div className="page"><ListSkeleton rows={4} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const { list, totals } = q.data;
  if (list.length === 0) {
    return (
      <div className="page">
        <div className="card empty-state" data-testid="bonus-reward-empty">
          <p>{t('bonus.reward.empty')}</p>
          <Button color="primary" shape="rounded" onClick={() => void navigate({ to: paths.bonusHome })}>{t('bonus.reward.claim')}</Button>
        </div>
      </div>
    );
  }
  // Each activity's assets together, in the server's order (the activity with the latest grant first).
  const groups: { key: string; name: string; rows: AwardSumEntry[] }[] = [];
  for (const e of list) {
    const key = String(e.activityId ?? 'none');
    const last = groups[groups.length - 1];
    if (last?.key === key) last.rows.push(e);
    else groups.push({ key, name: e.activityName ?? (e.activityType ? t(`rewards.types.${e.activityType}`, { defaultValue: t('rewards.awards.other') }) : t('rewards.awards.other')), rows: [e] });
  }
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div className="page" data-testid="bonus-reward">
      <section className="card bonus-totals" data-testid="bonus-totals">
        <h2 className="section-title">{t('bonus.reward.total')}</h2>
        <ul className="bonus-totals__list">
          {totals.map((x) => (
            <li key={x.asset} className="bonus-totals__item" data-testid="bonus-total" data-asset={x.asset}>
              <span className="bonus-totals__what">{assetLabel(x.asset, t)}</span>
              <Amount asset={x.asset} count={x.count} testId="bonus-total-amount" />
              <span className="bonus-sum__meta">{t('bonus.reward.grants', { count: x.grants })}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card">
        <h2 className="section-title">{t('bonus.reward.byActivity')}</h2>
        <ul className="bonus-sums">
          {groups.map((g) => (
            <li key={g.key} className="bonus-sum" data-testid="bonus-sum">
              <span className="bonus-sum__name">{g.name}</span>
              {g.rows.map((r) => (
                <div key={r.asset} className="bonus-sum__row" data-testid="bonus-sum-row" data-asset={r.asset}>
                  <div className="bonus-sum__left">
                    <span>{assetLabel(r.asset, t)}</span>
                    <span className="bonus-sum__meta">
                      {t('bonus.reward.grants', { count: r.grants })} · {t('bonus.reward.last', { when: day.format(new Date(r.lastTime)) })}
                    </span>
                    {r.turnover > 0 && <span className="bonus-sum__meta">{t('rewards.records.turnover')} <Money value={r.turnover} exact /></span>}
                  </div>
                  <Amount asset={r.asset} count={r.count} testId="bonus-sum-amount" />
                </div>
              ))}
            </li>
          ))}
        </ul>
      </section>
      <Button block shape="rounded" onClick={() => void navigate({ to: paths.bonusRecord })} data-testid="bonus-see-records">{t('bonus.reward.records')}</Button>
    </div>
  );
}
