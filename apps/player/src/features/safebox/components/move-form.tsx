import { useRef } from 'react';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorCode, parseMoneyInput, type SafeboxState } from '@playhall/contract';
import { moneyUnits } from '../../../lib/money.ts';
import { moneyProblemText, parseCoins } from '../../../lib/money-input.ts';
import { MoneyInput } from '../../../components/ui/money-input.tsx';
import { ApiError, call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.ts';
import { newRequestId, useApplySafebox } from '../api/safebox-api.ts';
import { PinInput } from './pin-input.tsx';

interface Values {
  amount: string;
  password?: string;
}

/** Refusals that belong under a field rather than only in the toast. */
const AMOUNT_CODES: readonly number[] = [ErrorCode.insufficientBalance, ErrorCode.safeboxAmountInvalid];

/** Moves whole coins into the safebox ('in') or out of it with the password ('out'). */
export function SafeboxMoveForm({ direction, state, length }: { direction: 'in' | 'out'; state: SafeboxState; length: number }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const apply = useApplySafebox();
  const requestId = useRef<string | null>(null);
  const available = direction === 'in' ? state.coin : state.safebox;
  const locked = direction === 'out' && state.lockedUntil !== null;

  const { busy, submit } = useFormSubmit(form, async (v: Values) => {
    const amount = parseCoins(v.amount)!;
    requestId.current ??= newRequestId();
    try {
      // Quiet: a refusal this form can place shows under its field, once; only the rest is a toast.
      const next =
        direction === 'in'
          ? await call('safeboxDeposit', { amount, requestId: requestId.current }, { quiet: true })
          : await call('safeboxWithdraw', { amount, password: v.password ?? '', requestId: requestId.current }, { quiet: true });
      requestId.current = null;
      await apply(next);
      form.resetFields();
      showSuccessToast(direction === 'in' ? t('safebox.movedIn', { amount: moneyUnits(amount) }) : t('safebox.movedOut', { amount: moneyUnits(amount) }));
    } catch (err) {
      if (err instanceof ApiError) {
        // The server answered: this move is settled (refused), a new tap is a new move.
        requestId.current = null;
        // The server's words say how many tries are left, or until when it is locked.
        if (err.code === ErrorCode.safeboxWrongPassword || err.code === ErrorCode.safeboxLocked) form.setFields([{ name: 'password', errors: [err.message] }]);
        else if (AMOUNT_CODES.includes(err.code)) form.setFields([{ name: 'amount', errors: [t('safebox.notEnough')] }]);
        else if (Object.keys(err.fields).length === 0) showErrorToast(err.message);
        if (err.code === ErrorCode.safeboxLocked) void call('getSafebox', {}, { quiet: true }).then(apply).catch(() => undefined);
      }
      throw err;
    }
  });

  const amountRule = {
    validator: async (_: unknown, value: string) => {
      if (!value) throw new Error(t('form.required', { field: t('safebox.amount') }));
      // The one money-input rule (decision 025): whole coins, at least 1.
      const typed = parseMoneyInput(value);
      if (!typed.ok) throw new Error(moneyProblemText(t, typed, i18n.language));
      if (typed.amount > available) throw new Error(t('safebox.notEnough'));
    },
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="safebox-form" data-testid={`safebox-${direction}-form`}
      onValuesChange={() => { requestId.current = null; }}
      footer={
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={busy} disabled={busy || locked} data-testid={`safebox-${direction}-submit`}>
          {direction === 'in' ? t('safebox.moveIn') : t('safebox.moveOut')}
        </Button>
      }>
      <Form.Item name="amount" label={t('safebox.amount')} rules={[amountRule]}
        extra={<button type="button" className="safebox-all" onClick={() => form.setFieldsValue({ amount: String(moneyUnits(available)) })}
          data-testid={`safebox-${direction}-all`}>{t('safebox.all')}</button>}>
        <MoneyInput id={`safebox-${direction}-amount`} inline={false}
          placeholder={t('safebox.amountPlaceholder', { max: moneyUnits(available) })} />
      </Form.Item>
      {direction === 'out' && (
        <Form.Item name="password" label={t('safebox.pin')}
          rules={[{ required: true, message: t('form.required', { field: t('safebox.pin') }) }, { pattern: new RegExp(`^\\d{${length}}$`), message: t('safebox.pinLength', { length }) }]}>
          <PinInput name="password" length={length} autoComplete="current-password" placeholder={t('safebox.pinPlaceholder', { length })} />
        </Form.Item>
      )}
    </Form>
  );
}
