import { Button, Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { showSuccessToast } from '../../../lib/notify.ts';
import { useApplySafebox } from '../api/safebox-api.ts';
import { PinInput } from './pin-input.tsx';

interface Values {
  oldPassword?: string;
  password: string;
  confirm: string;
}

/** Sets the first safebox password, or changes it (then the current one is asked for). */
export function SafeboxPasswordForm({ length, change, onDone }: { length: number; change: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const apply = useApplySafebox();
  const { busy, submit } = useFormSubmit(form, async (v: Values) => {
    const next = await call('setSafeboxPassword', { password: v.password, ...(change ? { oldPassword: v.oldPassword } : {}) });
    await apply(next);
    showSuccessToast(t('safebox.passwordSaved'));
    form.resetFields();
    onDone?.();
  });

  const pinRules = (field: string) => [
    { required: true, message: t('form.required', { field }) },
    { pattern: new RegExp(`^\\d{${length}}$`), message: t('safebox.pinLength', { length }) },
  ];
  const confirmRule = {
    validator: async (_: unknown, value: string) => {
      if (value && value !== form.getFieldValue('password')) throw new Error(t('safebox.pinsDiffer'));
    },
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="safebox-form" data-testid="safebox-password-form"
      footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={busy} data-testid="safebox-password-save">{t('common.save')}</Button>}>
      {change && (
        <Form.Item name="oldPassword" label={t('safebox.currentPin')} rules={pinRules(t('safebox.currentPin'))}>
          <PinInput name="oldPassword" length={length} autoComplete="current-password" placeholder={t('safebox.pinPlaceholder', { length })} />
        </Form.Item>
      )}
      <Form.Item name="password" label={change ? t('safebox.newPin') : t('safebox.pin')} rules={pinRules(t('safebox.pin'))}>
        <PinInput name="password" length={length} autoComplete="new-password" placeholder={t('safebox.pinPlaceholder', { length })} />
      </Form.Item>
      <Form.Item name="confirm" label={t('safebox.confirmPin')} dependencies={['password']}
        rules={[{ required: true, message: t('form.required', { field: t('safebox.confirmPin') }) }, confirmRule]}>
        <PinInput name="confirm" length={length} autoComplete="new-password" placeholder={t('safebox.pinPlaceholder', { length })} />
      </Form.Item>
    </Form>
  );
}
