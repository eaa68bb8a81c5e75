import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button, Dialog, Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorCode, type ExchangeInfo, type ReceivingAccount } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';
import { MoneyInput } from '../../../components/ui/money-input.tsx';
import { formatMoney, moneyUnits } from '../../../lib/money.ts';
import { ApiError, call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { newRequestId, useApplyWithdrawal } from '../api/withdraw-api.ts';
import { accountLabel, channelCeiling, checkWithdrawAmount, initialAccount, roomToday, type Problem } from '../api/withdraw-rules.ts';
import { AccountPicker } from './account-picker.tsx';

interface Values {
  amount: string;
}

/** Server refusals about the amount itself also go under the amount field (the toast says it too). */
const AMOUNT_CODES: readonly number[] = [
  ErrorCode.withdrawBelowMinimum,
  ErrorCode.withdrawAboveMaximum,
  ErrorCode.withdrawAboveWithdrawable,
  ErrorCode.withdrawDailyAmountExceeded,
  ErrorCode.withdrawAmountNotWhole,
  ErrorCode.insufficientBalance,
];

/** What the player confirmed, and the id that makes a retry of it apply once. */
interface Attempt {
  accountId: number;
  amount: number;
  requestId: string;
}

interface Confirmation {
  amount: number;
  account: ReceivingAccount;
}

/** Account, amount (whole coins, with All), confirmation, then the request and its page. */
export function WithdrawForm({ info }: { info: ExchangeInfo }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const apply = useApplyWithdrawal();
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const m = (v: number) => formatMoney(v, i18n.language);

  const account = initialAccount(info.list, picked);
  const channel = info.channels.find((c) => c.id === account?.typeId);
  const ceiling = channelCeiling(info, channel);
  const room = roomToday(info);
  const countLeft = Math.max(0, info.limits.dailyCount - info.limits.usedCount);
  const say = (p: Problem) => t(p.key, Object.fromEntries(Object.entries(p.values ?? {}).map(([k, v]) => [k, typeof v === 'number' && k !== 'count' ? m(v) : v])));

  const { busy, submit } = useFormSubmit(form, async (pending: Confirmation) => {
    setConfirming(null);
    const { amount } = pending;
    const accountId = pending.account.id;
    // The same amount to the same account after an unanswered try is that try again: same id.
    const same = attempt.current && attempt.current.amount === amount && attempt.current.accountId === accountId;
    if (!same) attempt.current = { accountId, amount, requestId: newRequestId() };
    try {
      const answer = await call('exchange', { accountId, amount, requestId: attempt.current!.requestId });
      attempt.current = null;
      void apply(answer);
      void navigate({ to: paths.withdrawal, params: { name: answer.order.orderId } });
    } catch (err) {
      if (err instanceof ApiError && err.code !== 0) {
        // The server answered: that request is settled (refused); a new confirmation is a new request.
        attempt.current = null;
        if (AMOUNT_CODES.includes(err.code)) form.setFields([{ name: 'amount', errors: [err.message] }]);
      }
      throw err;
    }
  });

  const amountRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const check = checkWithdrawAmount(value ?? '', info, channel);
      if (!check.ok) throw new Error(say(check.problem));
    },
  };

  const onFinish = (v: Values) => {
    const check = checkWithdrawAmount(v.amount ?? '', info, channel);
    if (check.ok && account) setConfirming({ amount: check.amount, account });
  };

  const pickAccount = (id: number) => {
    setPicked(id);
    // Another channel has other bounds: say at once whether the typed amount still fits.
    if (form.getFieldValue('amount')) setTimeout(() => void form.validateFields(['amount']).catch(() => undefined));
  };

  const hint = channel
    ? t('withdraw.range', { channel: channel.name, min: m(channel.minAmount), max: channel.maxAmount === null ? '∞' : m(channel.maxAmount) })
    : '';

  return (
    <section className="card withdraw-form-card">
      <AccountPicker accounts={info.list} value={account?.id} onChange={pickAccount} />
      <Form form={form} layout="vertical" onFinish={onFinish} className="withdraw-form" data-testid="withdraw-form"
        footer={
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={busy} disabled={busy || !info.canWithdraw}
            data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        }>
        <Form.Item name="amount" label={t('withdraw.amount')} rules={[amountRule]} validateTrigger="onBlur"
          extra={
            <button type="button" className="withdraw-all" data-testid="withdraw-all" disabled={ceiling <= 0}
              onClick={() => { form.setFieldsValue({ amount: String(moneyUnits(ceiling)) }); void form.validateFields(['amount']).catch(() => undefined); }}>
              {t('withdraw.all')}
            </button>
          }
          description={
            <span className="withdraw-hints" data-testid="withdraw-hints">
              <span>{hint}</span>
              <span>{t('withdraw.leftToday', { amount: m(room), count: countLeft })}</span>
            </span>
          }>
          <MoneyInput id="withdraw-amount" inline={false}
            placeholder={t('withdraw.amountPlaceholder', { max: m(ceiling) })} />
        </Form.Item>
      </Form>

      <Dialog visible={confirming !== null} title={t('withdraw.confirmTitle')} closeOnMaskClick onClose={() => setConfirming(null)}
        content={confirming && (
          <div className="withdraw-confirm" data-testid="withdraw-confirm">
            <Money value={confirming.amount} exact className="money--hero" />
            <p className="withdraw-confirm__to">{t('withdraw.confirmTo')}</p>
            <p className="withdraw-confirm__account">{accountLabel(confirming.account)}</p>
            <p className="muted small">{confirming.account.accountName}</p>
            <p className="muted small">{t('withdraw.confirmNote')}</p>
          </div>
        )}
        actions={[[
          { key: 'cancel', text: t('common.cancel'), onClick: () => setConfirming(null) },
          { key: 'ok', text: t('withdraw.confirmOk'), bold: true, onClick: () => { if (confirming) void submit(confirming); } },
        ]]} />
    </section>
  );
}
