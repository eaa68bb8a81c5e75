import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DepositLimits } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { moneyUnits, parseCoins } from '../../../lib/money.ts';
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
    const errs: Partial<Record<Period, string>> = {};
    for (const p of PERIODS) {
      const text = values[p].trim();
      if (text === initial(p)) continue;
      if (text === '') body[p] = null;
      else {
        const v = parseCoins(text);
        if (v === null) errs[p] = t('wallet.wholeCoins');
        else body[p] = v;
      }
    }
    setErrors(errs);
    if (Object.keys(errs).length > 0 || Object.keys(body).length === 0) return;
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
            <Input id={`limit-${p}`} name={p} inputMode="numeric" autoComplete="off" maxLength={9} placeholder={t('limits.none')}
              value={values[p]} onChange={(v) => setValues({ ...values, [p]: v.replace(/[^\d]/g, '') })} className="deposit-form__input"
              aria-invalid={Boolean(errors[p])} />
            {errors[p] && <p className="field-error" role="alert">{errors[p]}</p>}
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
