import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { channelMinimum, ErrorCode, MaxCallAmount, TrackedEvent, type DepositLimits, type RechargeType } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { formatMoney, moneyUnits } from '../../../lib/money.ts';
import { MoneyInput, readMoney } from '../../../components/ui/money-input.tsx';
import { CardSkeleton } from '../../../components/ui/skeletons.tsx';
import { ApiError, call } from '../../../lib/api.ts';
import { showErrorToast } from '../../../lib/notify.ts';
import { trackEvent } from '../../../lib/tracker.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { initialChannel, orderedChannels, presetItems, useDepositLimits, useTradeInfo, type TradeInfo } from '../api/wallet-api.ts';
import { LimitsSummary } from './limits-summary.tsx';

/** Server refusals about the amount itself belong under the amount field, not in a toast. */
const AMOUNT_CODES: readonly number[] = [ErrorCode.depositBelowMinimum, ErrorCode.depositAboveMaximum, ErrorCode.depositLimitExceeded, ErrorCode.depositAmountNotWhole];

/** The first period this amount would take over its limit (the server checks again, counting open orders). */
export function exceededLimit(limits: DepositLimits | undefined, amount: number) {
  for (const period of ['day', 'week', 'month'] as const) {
    const l = limits?.[period];
    if (l && l.amount !== null && l.remaining !== null && amount > l.remaining) return { period, limit: l.amount, left: l.remaining };
  }
  return null;
}

function ChannelForm({ info, channel, limits }: { info: TradeInfo; channel: RechargeType; limits?: DepositLimits }) {
  const { t, i18n } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const items = presetItems(info, channel);
  const min = channelMinimum(channel, info.useMinAmount2);
  const [itemId, setItemId] = useState<number | null>(items[0]?.id ?? null);
  const [custom, setCustom] = useState('');
  const [bankId, setBankId] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bankError, setBankError] = useState(false);

  const rules = { wholeCoins: true, min, max: channel.maxAmount ?? MaxCallAmount };
  const typed = custom ? readMoney(custom, rules) : null;
  const amount = typed ? (typed.ok ? typed.amount : null) : (items.find((i) => i.id === itemId)?.price ?? null);
  // The field itself states the rule's refusal of typed text (decision 025); these are the checks after it.
  const refused = typed !== null && !typed.ok;
  let amountError: string | null = null;
  if (refused) amountError = null;
  else if (amount !== null && amount < min) amountError = t('wallet.belowMin', { min: moneyUnits(min) });
  else if (amount !== null && channel.maxAmount !== null && amount > channel.maxAmount) amountError = t('wallet.aboveMax', { max: moneyUnits(channel.maxAmount) });
  else if (touched && amount === null) amountError = t('wallet.chooseAmount');
  else if (amount !== null && exceededLimit(limits, amount)) {
    const over = exceededLimit(limits, amount)!;
    amountError = t('wallet.overLimit', { limit: formatMoney(over.limit, i18n.language), left: formatMoney(over.left, i18n.language), period: t(`limits.${over.period}`) });
  } else amountError = serverError;

  const submit = async () => {
    setTouched(true);
    const needsBank = channel.banks.length > 0 && bankId === null;
    setBankError(needsBank);
    if (amount === null || refused || amountError || needsBank) return;
    setBusy(true);
    setServerError(null);
    try {
      const order = await call('recharge', {
        typeId: channel.id,
        amount,
        ...(custom ? {} : itemId ? { itemId } : {}),
        ...(bankId ? { bankId } : {}),
      }, { quiet: true });
      // Sent by beacon as the page is hidden by the navigation below.
      trackEvent(TrackedEvent.depositStart, { typeId: channel.id, amount });
      // The provider's page is outside the app: a full navigation, and it sends the player back.
      window.location.assign(order.payUrl);
    } catch (err) {
      if (err instanceof ApiError && AMOUNT_CODES.includes(err.code)) setServerError(err.message);
      else if (err instanceof ApiError) showErrorToast(err.message);
      setBusy(false);
    }
  };

  return (
    <form className="deposit-form" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
      <section className="card">
        <h2 className="section-title">{t('wallet.amount')}</h2>
        <div className="amount-grid" role="radiogroup" aria-label={t('wallet.amount')} style={{ gridTemplateColumns: `repeat(${chipColumns(items.length)}, minmax(0, 1fr))` }}>
          {items.map((i) => (
            <button key={i.id} type="button" role="radio" aria-checked={!custom && itemId === i.id}
              className={!custom && itemId === i.id ? 'amount-chip amount-chip--active' : 'amount-chip'}
              onClick={() => { setItemId(i.id); setCustom(''); setServerError(null); }} data-testid="amount-chip">
              <Money value={i.price} />
            </button>
          ))}
        </div>
        <label className="deposit-form__label" htmlFor="deposit-amount">{t('wallet.customAmount')}</label>
        <MoneyInput id="deposit-amount" rules={rules} value={custom} className="deposit-form__input"
          placeholder={t('wallet.customPlaceholder', { min: moneyUnits(min) })}
          onChange={(v) => { setCustom(v); setServerError(null); }}
          error={amountError} showEmpty={touched && custom !== ''}
          hint={t('wallet.range', { min: formatMoney(min, i18n.language), max: channel.maxAmount === null ? '∞' : formatMoney(channel.maxAmount, i18n.language) })} />
      </section>

      {channel.banks.length > 0 && (
        <section className="card">
          <h2 className="section-title">{t('wallet.bank')}</h2>
          <div className="bank-list" role="radiogroup" aria-label={t('wallet.bank')}>
            {channel.banks.map((b) => (
              <button key={b.id} type="button" role="radio" aria-checked={bankId === b.id}
                className={bankId === b.id ? 'bank-item bank-item--active' : 'bank-item'} onClick={() => { setBankId(b.id); setBankError(false); }}>
                <span className="bank-item__code">{b.code}</span>{b.name}
              </button>
            ))}
          </div>
          {bankError && <p className="field-error" role="alert">{t('wallet.chooseBank')}</p>}
        </section>
      )}

      <Button block type="submit" color="primary" shape="rounded" size="large" loading={busy} disabled={busy} data-testid="deposit-submit">
        {amount !== null && !refused && !amountError ? t('wallet.depositAmount', { amount: moneyUnits(amount) }) : t('wallet.deposit')}
      </Button>
    </form>
  );
}

/** The deposit screen: channel tabs, amounts, bank, limits and submit. */

/** Columns for n amount chips so no chip is left alone on the last row: 4 → 2×2, 7 → 4 + 3, otherwise 3 a row. */
export function chipColumns(n: number): number {
  if (n <= 3) return Math.max(1, n);
  if (n === 4) return 2;
  return n % 3 === 1 ? 4 : 3;
}

export function DepositForm() {
  const { t } = useTranslation();
  const info = useTradeInfo();
  const limits = useDepositLimits();
  const [picked, setPicked] = useState<number | null>(null);
  const channels = useMemo(() => (info.data ? orderedChannels(info.data) : []), [info.data]);

  if (info.isPending) return <><CardSkeleton lines={1} /><CardSkeleton lines={4} /></>;
  if (info.isError || !info.data) return <LoadError onRetry={() => void info.refetch()} />;
  if (channels.length === 0) return <div className="card empty-state"><p>{t('wallet.noChannels')}</p></div>;
  const channel = channels.find((c) => c.id === picked) ?? initialChannel(info.data)!;

  return (
    <>
      <div className="channel-tabs channel-tabs--wrap" role="tablist" aria-label={t('wallet.channel')}>
        {channels.map((c) => (
          <button key={c.id} type="button" role="tab" aria-selected={c.id === channel.id}
            className={c.id === channel.id ? 'channel-tab channel-tab--active' : 'channel-tab'} onClick={() => setPicked(c.id)}>
            {c.name}
          </button>
        ))}
      </div>
      {limits.data && <LimitsSummary limits={limits.data} />}
      <ChannelForm key={`${channel.id}:${info.data.useMinAmount2}`} info={info.data} channel={channel} limits={limits.data} />
    </>
  );
}
