import { useState } from 'react';
import { Button, Checkbox, Form, Input, Tabs } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { AuthMode, LoginType } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { deviceId } from '../../../lib/platform.ts';
import { rememberAccount, rememberedAccount } from '../../../lib/session.ts';
import { startSession } from '../api/auth-api.ts';
import { PasswordInput, SmsCodeInput, useFieldRules, usePhoneOf } from './fields.tsx';
import { PhoneInput, type PhoneValue } from './phone-input.tsx';
import { LinkButton, type SwitchAuth } from './auth-links.tsx';

export type LoginKind = 'account' | 'phone';

interface LoginFormProps {
  initialKind?: LoginKind;
  onDone: () => void;
  onSwitch: SwitchAuth;
}

function AccountLogin({ onDone, onSwitch }: Omit<LoginFormProps, 'initialKind'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useFieldRules();
  const remembered = rememberedAccount();

  const { busy, submit } = useFormSubmit(form, async (v: { account: string; password: string; remember: boolean }) => {
    const account = v.account.trim();
    const res = await call('accountLogin', { account, password: v.password, loginType: LoginType.account, deviceId: deviceId() });
    rememberAccount(v.remember ? account : null);
    await startSession(res);
    onDone();
  });

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ account: remembered ?? '', remember: Boolean(remembered) }}
      footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>{t('auth.login')}</Button>}>
      <Form.Item name="account" label={t('form.account')} rules={rules.account}>
        <Input name="account" id="account" autoComplete="username" autoCapitalize="off" placeholder={t('form.accountPlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('form.password')} rules={rules.password}>
        <PasswordInput name="password" autoComplete="current-password" placeholder={t('form.passwordPlaceholder')} />
      </Form.Item>
      <div className="form-row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('auth.rememberMe')}</Checkbox>
        </Form.Item>
        <LinkButton onClick={() => onSwitch('forget')} testId="to-forget">{t('auth.forgotPassword')}</LinkButton>
      </div>
    </Form>
  );
}

function PhoneLogin({ onDone, onSwitch }: Omit<LoginFormProps, 'initialKind'>) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [form] = Form.useForm();
  const rules = useFieldRules();
  const otp = config?.otpStatus ?? true;
  const [withPassword, setWithPassword] = useState(!otp);
  const phoneOf = usePhoneOf();

  const { busy, submit } = useFormSubmit(form, async (v: { mobile: PhoneValue; code?: string; password?: string }) => {
    const mobile = phoneOf(v.mobile);
    const res = withPassword
      ? await call('accountLogin', { account: mobile, password: v.password ?? '', loginType: LoginType.phoneNoOtp, deviceId: deviceId() })
      : await call('accountLoginSms', { mobile, code: v.code ?? '', type: AuthMode.loginAndRegister, deviceId: deviceId() });
    await startSession(res);
    onDone();
  });

  return (
    <Form form={form} layout="vertical" onFinish={submit}
      footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>{t('auth.login')}</Button>}>
      <Form.Item name="mobile" label={t('form.mobile')} rules={rules.mobile}>
        <PhoneInput />
      </Form.Item>
      {withPassword ? (
        <Form.Item name="password" label={t('form.password')} rules={rules.password}>
          <PasswordInput name="password" autoComplete="current-password" placeholder={t('form.passwordPlaceholder')} />
        </Form.Item>
      ) : (
        <Form.Item name="code" label={t('form.code')} rules={rules.code}>
          <SmsCodeInput form={form} mode={AuthMode.loginAndRegister} />
        </Form.Item>
      )}
      {!withPassword && <p className="form-hint">{t('auth.phoneLoginHint')}</p>}
      <div className="form-row">
        {otp ? (
          <LinkButton onClick={() => setWithPassword((w) => !w)} testId="toggle-phone-password">
            {withPassword ? t('auth.useCode') : t('auth.usePassword')}
          </LinkButton>
        ) : <span />}
        <LinkButton onClick={() => onSwitch('forget')}>{t('auth.forgotPassword')}</LinkButton>
      </div>
    </Form>
  );
}

/** Phone (code or password) and account logins, shared by the login page and the login modal. */
export function LoginForm({ initialKind, onDone, onSwitch }: LoginFormProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const fromConfig: LoginKind = config?.defaultLoginType === LoginType.account ? 'account' : 'phone';
  const [kind, setKind] = useState<LoginKind | null>(initialKind ?? null);
  const active = kind ?? fromConfig;
  return (
    <div className="auth-form">
      <Tabs activeKey={active} onChange={(k) => setKind(k as LoginKind)} className="auth-tabs">
        <Tabs.Tab title={t('auth.phoneTab')} key="phone" />
        <Tabs.Tab title={t('auth.accountTab')} key="account" />
      </Tabs>
      {active === 'account' ? <AccountLogin onDone={onDone} onSwitch={onSwitch} /> : <PhoneLogin onDone={onDone} onSwitch={onSwitch} />}
      <p className="auth-form__switch">
        {t('auth.noAccount')} <LinkButton onClick={() => onSwitch('register')} testId="to-register">{t('auth.register')}</LinkButton>
      </p>
    </div>
  );
}
