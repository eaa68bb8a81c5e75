import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { DepositLimits } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { moneyUnits } from '../../../lib/money.ts';
import { MoneyInput, readMoney } from '../../../components/ui/money-input.tsx';
import { CardSkeleton } from '../../../components/ui/skeletons.tsx';
import { ApiError, call } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/notify.ts';
import { useDepositLimits } from '../api/wallet-api.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import '../wallet.css';

const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];

function LimitsForm({ limits }: { limits: DepositLimits }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const initial = (p: Period) => (limits[p].amount === null ? '' : String(moneyUnits(limits[p].amount!)));
  const [values, setValues] = useState<Record<Period, string>>({ day: initial('day'), week: initial('week'), month: initial('month') });
  const [errors, setErrors] = useState<Partial<Record<Period, string>>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const body: Partial<Record<Period, number | null>> = {};
    let refused = false;
    for (const p of PERIODS) {
      const text = values[p].trim();
      if (text === initial(p)) continue;
      if (text === '') body[p] = null;
      else {
        // The one money-input rule (decision 025): MoneyInput already says why a text is refused.
        const r = readMoney(text);
        if (r.ok) body[p] = r.amount;
        else refused = true;
      }
    }
    setErrors({});
    if (refused || Object.keys(body).length === 0) return;
    setBusy(true);
    try {
      const next = await call('setDepositLimits', body);
      qc.setQueryData(['getDepositLimits'], next);
      showSuccessToast(t('limits.saved'));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields as Partial<Record<Period, string>>);
    } finally {
      setBusy(false);
    }
  };
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <form className="card limits-form" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate>
      {PERIODS.map((p) => {
        const l = limits[p];
        return (
          <div key={p} className="limits-form__row">
            <label htmlFor={`limit-${p}`} className="deposit-form__label">{t(`limits.${p}`)}</label>
            {/* Empty means no limit, so only a typed text is read by the rule. */}
            <MoneyInput id={`limit-${p}`} placeholder={t('limits.none')} value={values[p]} className="deposit-form__input"
              onChange={(v) => { setValues({ ...values, [p]: v }); setErrors({ ...errors, [p]: undefined }); }} error={errors[p] ?? null} />
            <p className="form-hint" data-testid={`limit-${p}-status`}>
              {l.amount === null ? t('limits.noLimit') : <>{t('limits.used')} <Money value={l.used} /> · {t('limits.left')} <Money value={l.remaining ?? 0} /></>}
            </p>
            {l.pending && (
              <p className="limits-form__pending" data-testid={`limit-${p}-pending`}>
                {l.pending.amount === null
                  ? t('limits.pendingRemoval', { when: when(l.pending.effectiveAt) })
                  : t('limits.pendingRaise', { amount: moneyUnits(l.pending.amount), when: when(l.pending.effectiveAt) })}
              </p>
            )}
          </div>
        );
      })}
      <Button block type="submit" color="primary" shape="rounded" loading={busy} data-testid="limits-save">{t('common.save')}</Button>
    </form>
  );
}

/** Responsible gaming: the player's own deposit limits (product rules §6). */
export function LimitsPage() {
  const { t } = useTranslation();
  const limits = useDepositLimits();
  return (
    <div className="page">
      <section className="card">
        <h2 className="section-title">{t('limits.yourLimits')}</h2>
        <p className="muted small">{t('limits.intro')}</p>
      </section>
      {limits.isPending ? <CardSkeleton lines={6} /> : limits.isError || !limits.data ? <LoadError onRetry={() => void limits.refetch()} /> : <LimitsForm limits={limits.data} />}
    </div>
  );
}
