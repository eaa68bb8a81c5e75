import { useRef, useState, type MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { ActivityType, type ActivityView } from '@playhall/contract';
import { activityClick, offerLine, performActivityClick, useActivities } from '../../../lib/rewards.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';

const KIND_CLASS: Record<number, string> = {
  [ActivityType.freeSign]: 'sign',
  [ActivityType.firstCharge]: 'deposit',
  [ActivityType.firstDeposit]: 'deposit',
  [ActivityType.notice]: 'notice',
};

/** Home: the running activities in the operator's sort order, one slide each; swipe or use the dots. */
export function ActivityBanner() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const loggedIn = useIsLoggedIn();
  const q = useActivities();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // Holds the banner's place while the activities load, so the lobby does not jump.
  if (q.isPending) return <div className="activity-banner activity-banner--loading" aria-hidden="true" data-testid="activity-banner-loading" />;
  const list = (q.data?.activityIds ?? []).map((id) => q.data?.activityMap[String(id)]).filter((a): a is ActivityView => Boolean(a));
  if (list.length === 0) return null;

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
    setActive(i);
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setActive(Math.round(el.scrollLeft / el.clientWidth));
  };
  const navigate = (href: string) => void router.navigate({ href });

  return (
    <section className="activity-banner" aria-roledescription="carousel" aria-label={t('rewards.banner.label')} data-testid="activity-banner">
      <div className="activity-banner__track" ref={track} onScroll={onScroll}>
        {list.map((a, i) => {
          const click = activityClick(a, q.data, loggedIn);
          const href = click.kind === 'route' || click.kind === 'login' || click.kind === 'external' ? click.href : undefined;
          const onClick = (e: MouseEvent) => {
            if (click.kind === 'external') return; // the link opens its new tab itself
            e.preventDefault();
            performActivityClick(click, navigate);
          };
          const body = a.themeUrl ? (
            <img className="activity-banner__art" src={a.themeUrl} alt={a.name} draggable={false} />
          ) : (
            <>
              <span className="activity-banner__eyebrow">{t(`rewards.types.${a.type}`, { defaultValue: '' })}</span>
              <span className="activity-banner__title">{a.name}</span>
              <span className="activity-banner__offer">{offerLine(a, t, i18n.language)}</span>
            </>
          );
          const cls = `activity-banner__slide activity-banner__slide--${KIND_CLASS[a.type] ?? 'other'}${a.themeUrl ? ' activity-banner__slide--art' : ''}`;
          return (
            <div key={a.id} className="activity-banner__item" role="group" aria-roledescription="slide" aria-label={t('rewards.banner.slide', { n: i + 1, total: list.length })}>
              {click.kind === 'notice' || click.kind === 'jackpot' || click.kind === 'none' ? (
                <button type="button" className={cls} onClick={onClick} disabled={click.kind === 'none'} data-testid="activity-slide">{body}</button>
              ) : (
                <a className={cls} href={href} onClick={onClick} data-testid="activity-slide" {...(click.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{body}</a>
              )}
            </div>
          );
        })}
      </div>
      {list.length > 1 && (
        <div className="activity-banner__dots">
          {list.map((a, i) => (
            <button key={a.id} type="button" className="activity-banner__dot" aria-label={t('rewards.banner.goTo', { n: i + 1 })} aria-current={i === active ? 'true' : undefined} onClick={() => go(i)} data-testid="activity-dot" />
          ))}
        </div>
      )}
    </section>
  );
}
