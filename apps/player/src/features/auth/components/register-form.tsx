import { useState } from 'react';
import { Button, Form, Input, Tabs } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { AuthMode, LoginType } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { deviceId } from '../../../lib/platform.ts';
import { startSession } from '../api/auth-api.ts';
import { PasswordInput, SmsCodeInput, useFieldRules, usePhoneOf } from './fields.tsx';
import { PhoneInput, type PhoneValue } from './phone-input.tsx';
import { LinkButton, type SwitchAuth } from './auth-links.tsx';

type RegisterKind = 'account' | 'phone';

interface RegisterFormProps {
  inviteCode?: string;
  onDone: () => void;
  onSwitch: SwitchAuth;
}

interface RegisterValues {
  account?: string;
  mobile?: PhoneValue;
  code?: string;
  password: string;
  inviteCode?: string;
}

function RegisterFields({ kind, inviteCode, onDone }: { kind: RegisterKind; inviteCode?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [form] = Form.useForm();
  const rules = useFieldRules();
  const otp = config?.otpStatus ?? true;
  const phoneOf = usePhoneOf();

  const { busy, submit } = useFormSubmit(form, async (v: RegisterValues) => {
    const invite = v.inviteCode?.trim() || undefined;
    const res =
      kind === 'account'
        ? await call('accountRegist', { account: (v.account ?? '').trim(), password: v.password, inviteCode: invite, deviceId: deviceId() })
        : await call('accountRegist4', {
            mobile: phoneOf(v.mobile),
            code: otp ? v.code : undefined,
            password: v.password,
            inviteCode: invite,
            deviceId: deviceId(),
          });
    await startSession(res);
    onDone();
  });

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ inviteCode: inviteCode ?? '' }}
      footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>{t('auth.createAccount')}</Button>}>
      {kind === 'account' ? (
        <Form.Item name="account" label={t('form.account')} rules={rules.account}>
          <Input name="account" id="account" autoComplete="username" autoCapitalize="off" placeholder={t('form.accountPlaceholder')} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="mobile" label={t('form.mobile')} rules={rules.mobile}>
            <PhoneInput />
          </Form.Item>
          {otp && (
            <Form.Item name="code" label={t('form.code')} rules={rules.code}>
              <SmsCodeInput form={form} mode={AuthMode.register} />
            </Form.Item>
          )}
        </>
      )}
      <Form.Item name="password" label={t('form.password')} rules={rules.password}>
        <PasswordInput name="password" autoComplete="new-password" placeholder={t('form.newPasswordPlaceholder')} />
      </Form.Item>
      <Form.Item name="inviteCode" label={t('form.inviteCode')}>
        <Input name="inviteCode" id="inviteCode" autoComplete="off" autoCapitalize="off" placeholder={t('form.optional')} maxLength={32} />
      </Form.Item>
    </Form>
  );
}

/** Account or phone registration, as the configured `registerType` allows. */
export function RegisterForm({ inviteCode, onDone, onSwitch }: RegisterFormProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const allowed = config?.registerType ?? [LoginType.account];
  const kinds: RegisterKind[] = [];
  if (allowed.includes(LoginType.account)) kinds.push('account');
  if (allowed.includes(LoginType.phone) || allowed.includes(LoginType.phoneNoOtp)) kinds.push('phone');
  const [chosen, setChosen] = useState<RegisterKind | null>(null);
  const active = chosen && kinds.includes(chosen) ? chosen : kinds[0];

  return (
    <div className="auth-form">
      {kinds.length > 1 && (
        <Tabs activeKey={active} onChange={(k) => setChosen(k as RegisterKind)} className="auth-tabs">
          <Tabs.Tab title={t('auth.accountTab')} key="account" />
          <Tabs.Tab title={t('auth.phoneTab')} key="phone" />
        </Tabs>
      )}
      {active ? <RegisterFields key={active} kind={active} inviteCode={inviteCode} onDone={onDone} /> : <p className="muted">{t('auth.registerClosed')}</p>}
      <p className="auth-form__terms">{t('auth.termsNotice')}</p>
      <p className="auth-form__switch">
        {t('auth.haveAccount')} <LinkButton onClick={() => onSwitch('login')} testId="to-login">{t('auth.login')}</LinkButton>
      </p>
    </div>
  );
}
