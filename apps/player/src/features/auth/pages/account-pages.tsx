import { useNavigate } from '@tanstack/react-router';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { AuthMode } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { showSuccessToast } from '../../../lib/notify.ts';
import { setUser, useSession } from '../../../lib/session.ts';
import { PasswordInput, SmsCodeInput, useFieldRules, usePhoneOf } from '../components/fields.tsx';
import { PhoneInput, type PhoneValue } from '../components/phone-input.tsx';

/** Bind a phone number to the logged-in account (code sent with auth mode 1). */
export function BindPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useSession((s) => s.user?.mobile);
  const [form] = Form.useForm();
  const rules = useFieldRules();
  const phoneOf = usePhoneOf();

  const { busy, submit } = useFormSubmit(form, async (v: { mobile: PhoneValue; code: string }) => {
    const res = await call('bindAccount', { mobile: phoneOf(v.mobile), code: v.code.trim() });
    setUser(res.user);
    showSuccessToast(t('account.phoneBound'));
    void navigate({ to: paths.memberProfile, replace: true });
  });

  if (mobile) {
    return (
      <div className="page page--auth">
        <div className="card">
          <p>{t('account.alreadyBound', { mobile })}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="page page--auth">
      <p className="auth-form__intro">{t('account.bindIntro')}</p>
      <Form form={form} layout="vertical" onFinish={submit}
        footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>{t('account.bindPhone')}</Button>}>
        <Form.Item name="mobile" label={t('form.mobile')} rules={rules.mobile}>
          <PhoneInput />
        </Form.Item>
        <Form.Item name="code" label={t('form.code')} rules={rules.code}>
          <SmsCodeInput form={form} mode={AuthMode.bind} />
        </Form.Item>
      </Form>
    </div>
  );
}

/** First password, or a change that needs the current one (`hasPassword`). */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const hasPassword = user?.hasPassword ?? false;
  const [form] = Form.useForm();
  const rules = useFieldRules();

  const { busy, submit } = useFormSubmit(form, async (v: { oldPassword?: string; password: string }) => {
    await call('initPassword', { password: v.password, oldPassword: hasPassword ? v.oldPassword : undefined });
    if (user) setUser({ ...user, hasPassword: true });
    showSuccessToast(t('account.passwordSaved'));
    void navigate({ to: paths.memberProfile, replace: true });
  });

  const confirmRule = {
    validator: async (_: unknown, value: string) => {
      if (value && value !== form.getFieldValue('password')) throw new Error(t('form.passwordsDiffer'));
    },
  };

  return (
    <div className="page page--auth">
      <p className="auth-form__intro">{hasPassword ? t('account.changePasswordIntro') : t('account.setPasswordIntro')}</p>
      <Form form={form} layout="vertical" onFinish={submit}
        footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>{t('common.save')}</Button>}>
        {hasPassword && (
          <Form.Item name="oldPassword" label={t('form.currentPassword')} rules={rules.password}>
            <PasswordInput name="oldPassword" autoComplete="current-password" placeholder={t('form.passwordPlaceholder')} />
          </Form.Item>
        )}
        <Form.Item name="password" label={t('form.newPassword')} rules={rules.password}>
          <PasswordInput name="password" autoComplete="new-password" placeholder={t('form.newPasswordPlaceholder')} />
        </Form.Item>
        <Form.Item name="confirm" label={t('form.confirmPassword')} dependencies={['password']}
          rules={[{ required: true, message: t('form.required', { field: t('form.confirmPassword') }) }, confirmRule]}>
          <PasswordInput name="confirm" autoComplete="new-password" placeholder={t('form.confirmPlaceholder')} />
        </Form.Item>
      </Form>
    </div>
  );
}
