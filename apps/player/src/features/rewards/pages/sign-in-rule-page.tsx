import { ActivityType, ClientConstants, type ActivityView } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { toSupportedLanguage, useTranslation } from '../../../lib/i18n.ts';
import { activitiesOfType, useActivities, useSignIn } from '../api/rewards-api.ts';
import '../rewards.css';

/** The operator's rules text in the player's language, else the default language's; null when the activity has none. */
export function rulesText(activity: ActivityView | undefined, lang: string): string | null {
  const rules = activity?.rules ?? {};
  const text = rules[lang] ?? rules[ClientConstants.defaultLanguage];
  return text?.trim() ? text : null;
}

/** /activity/sign-in/rule: the operator's rules, and the rules this cycle runs by (amounts, reset, wagering, the day's start). */
export function SignInRulePage() {
  const { t, i18n } = useTranslation();
  const activities = useActivities();
  const activity = activitiesOfType(activities.data, [ActivityType.freeSign])[0];
  const q = useSignIn();
  if (q.isPending || activities.isPending) return <div className="page"><ListSkeleton rows={3} /></div>;
  if (q.isError) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const s = q.data;
  const operatorRules = rulesText(activity, toSupportedLanguage(i18n.language));
  return (
    <div className="page" data-testid="sign-in-rules">
      {operatorRules && <section className="card rules" data-testid="operator-rules">{operatorRules}</section>}
      <section className="card rules">
        <ul>
          <li>{t('rewards.rules.oncePerDay', { timeZone: s.timeZone })}</li>
          <li>
            {t('rewards.rules.amounts')}{' '}
            {s.days.map((d, i) => (
              <span key={d.day}>{i > 0 && ', '}{t('rewards.signIn.day', { day: d.day })} <Money value={d.amount} exact /></span>
            ))}
          </li>
          <li>{t('rewards.rules.missed')}</li>
          {s.multiplier > 0 && <li>{t('rewards.wagering', { multiplier: s.multiplier })}</li>}
        </ul>
      </section>
    </div>
  );
}
