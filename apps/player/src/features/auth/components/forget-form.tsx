import { Button, Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { AuthMode } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { showSuccessToast } from '../../../lib/notify.ts';
import { PasswordInput, SmsCodeInput, useFieldRules, usePhoneOf } from './fields.tsx';
import { PhoneInput, type PhoneValue } from './phone-input.tsx';
import { LinkButton, type SwitchAuth } from './auth-links.tsx';

/** Reset a password with a code sent to the bound phone; then back to login. */
export function ForgetForm({ onSwitch }: { onSwitch: SwitchAuth }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useFieldRules();
  const phoneOf = usePhoneOf();

  const { busy, submit } = useFormSubmit(form, async (v: { mobile: PhoneValue; code: string; password: string }) => {
    await call('forgetPassword', { mobile: phoneOf(v.mobile), code: v.code.trim(), password: v.password });
    showSuccessToast(t('auth.passwordReset'));
    onSwitch('login');
  });

  return (
    <div className="auth-form">
      <p className="auth-form__intro">{t('auth.forgetIntro')}</p>
      <Form form={form} layout="vertical" onFinish={submit}
        footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>{t('auth.resetPassword')}</Button>}>
        <Form.Item name="mobile" label={t('form.mobile')} rules={rules.mobile}>
          <PhoneInput />
        </Form.Item>
        <Form.Item name="code" label={t('form.code')} rules={rules.code}>
          <SmsCodeInput form={form} mode={AuthMode.forget} />
        </Form.Item>
        <Form.Item name="password" label={t('form.newPassword')} rules={rules.password}>
          <PasswordInput name="password" autoComplete="new-password" placeholder={t('form.newPasswordPlaceholder')} />
        </Form.Item>
      </Form>
      <p className="auth-form__switch">
        {t('auth.rememberedIt')} <LinkButton onClick={() => onSwitch('login')} testId="to-login">{t('auth.login')}</LinkButton>
      </p>
    </div>
  );
}
