import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { Money } from '../../../components/ui/money.tsx';
import { CardSkeleton } from '../../../components/ui/skeletons.tsx';
import { useAppConfig } from '../../../lib/queries.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useSafebox } from '../api/safebox-api.ts';
import { SafeboxMoveForm } from '../components/move-form.tsx';
import { SafeboxPasswordForm } from '../components/password-form.tsx';
import '../safebox.css';

/** The safebox (/activity/bank): coins kept aside, taken out only with the safebox password. */
export function SafeboxPage() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const safebox = useSafebox();
  const [changing, setChanging] = useState(false);
  const length = config?.safeboxPasswordLength;

  if (safebox.isPending || length === undefined) return <div className="page"><CardSkeleton lines={2} /><CardSkeleton lines={5} /></div>;
  if (safebox.isError || !safebox.data) return <div className="page"><LoadError onRetry={() => void safebox.refetch()} /></div>;
  const state = safebox.data;
  const lockedAt = state.lockedUntil ? new Date(state.lockedUntil).toLocaleTimeString(i18n.language, { timeStyle: 'short' }) : null;

  return (
    <div className="page">
      <section className="card safebox-balances">
        <div className="safebox-balances__item">
          <span className="muted small">{t('safebox.coinBalance')}</span>
          <span data-testid="safebox-coin"><Money value={state.coin} className="money--large" /></span>
        </div>
        <div className="safebox-balances__item">
          <span className="muted small">{t('safebox.safeboxBalance')}</span>
          <span data-testid="safebox-balance"><Money value={state.safebox} className="money--large" /></span>
        </div>
      </section>

      {!state.hasPassword ? (
        <section className="card">
          <h2 className="section-title">{t('safebox.setPinTitle')}</h2>
          <p className="muted small">{t('safebox.setPinIntro', { length })}</p>
          <SafeboxPasswordForm length={length} change={false} />
        </section>
      ) : (
        <>
          {lockedAt && <p className="card safebox-locked" role="alert" data-testid="safebox-locked">{t('safebox.lockedUntil', { time: lockedAt })}</p>}
          <section className="card safebox-tabs">
            <Tabs defaultActiveKey="in">
              <Tabs.Tab title={t('safebox.tabIn')} key="in">
                <SafeboxMoveForm direction="in" state={state} length={length} />
              </Tabs.Tab>
              <Tabs.Tab title={t('safebox.tabOut')} key="out">
                <SafeboxMoveForm direction="out" state={state} length={length} />
              </Tabs.Tab>
            </Tabs>
          </section>
          <section className="card">
            {changing ? (
              <>
                <h2 className="section-title">{t('safebox.changePinTitle')}</h2>
                <SafeboxPasswordForm length={length} change onDone={() => setChanging(false)} />
              </>
            ) : (
              <button type="button" className="safebox-link" onClick={() => setChanging(true)} data-testid="safebox-change-pin">{t('safebox.changePin')}</button>
            )}
          </section>
        </>
      )}
      <p className="muted small safebox-note">{t('safebox.note')}</p>
    </div>
  );
}
