import { useEffect, useState } from 'react';
import { Button, Input, type FormItemProps } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useTranslation } from '../../../lib/i18n.ts';
import type { AuthMode, LengthRange } from '@playhall/contract';
import { EyeIcon } from '../../../components/ui/icons.tsx';
import { call } from '../../../lib/api.ts';
import { useAppConfig } from '../../../lib/queries.ts';
import { readPhoneValue, useDefaultPhoneCode, type PhoneValue } from './phone-input.tsx';

type Rule = NonNullable<FormItemProps['rules']>[number];

const ACCOUNT = /^[A-Za-z0-9_]+$/;
const FALLBACK: LengthRange = { min: 1, max: 64 };

/** The e164 number (`+5511987654321`) a phone field's value sends: the form validated it with the same rule. */
export function usePhoneOf() {
  const phoneCode = useDefaultPhoneCode();
  return (value: PhoneValue | undefined): string => {
    const r = readPhoneValue(value, phoneCode);
    return r.ok ? r.e164 : (value?.text ?? '').trim();
  };
}

/** Client-side checks with the server's configured limits, so errors show before a round trip. */
export function useFieldRules() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const phoneCode = useDefaultPhoneCode();
  const length = (range: LengthRange | undefined, label: string): Rule => {
    const { min, max } = range ?? FALLBACK;
    return { min, max, message: t('form.lengthBetween', { field: label, min, max }) };
  };
  return {
    account: [
      { required: true, message: t('form.required', { field: t('form.account') }) },
      { pattern: ACCOUNT, message: t('form.accountChars') },
      length(config?.accountLength, t('form.account')),
    ] as Rule[],
    password: [
      { required: true, message: t('form.required', { field: t('form.password') }) },
      length(config?.passwordLength, t('form.password')),
    ] as Rule[],
    // One rule with the server (contract parsePhoneInput): its refusal, in the player's language.
    mobile: [
      {
        validator: async (_: unknown, value: PhoneValue | undefined) => {
          const r = readPhoneValue(value, phoneCode);
          if (!r.ok) throw new Error(t(r.key, r.values));
        },
      },
    ] as Rule[],
    code: [
      { required: true, message: t('form.required', { field: t('form.code') }) },
      { pattern: /^[0-9]+$/, message: t('form.codeDigits') },
      length(config?.smsCodeLength, t('form.code')),
    ] as Rule[],
    nickname: [
      { required: true, message: t('form.required', { field: t('form.nickname') }) },
      { whitespace: true, message: t('form.required', { field: t('form.nickname') }) },
      length(config?.usernameLength, t('form.nickname')),
    ] as Rule[],
  };
}

interface PasswordInputProps {
  value?: string;
  onChange?: (v: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name: string;
  placeholder?: string;
}

/** Password with a show/hide toggle (design: forms). */
export function PasswordInput({ value, onChange, autoComplete, name, placeholder }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-with-action">
      <Input
        value={value}
        onChange={onChange}
        type={visible ? 'text' : 'password'}
        name={name}
        id={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
      />
      <button
        type="button"
        className="icon-button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
        aria-pressed={visible}
      >
        <EyeIcon open={visible} />
      </button>
    </div>
  );
}

interface SmsCodeInputProps {
  value?: string;
  onChange?: (v: string) => void;
  form: FormInstance;
  mode: AuthMode;
  mobileField?: string;
}

/** Code field with its send button and resend countdown from the server's answer. */
export function SmsCodeInput({ value, onChange, form, mode, mobileField = 'mobile' }: SmsCodeInputProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const phoneCode = useDefaultPhoneCode();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    try {
      await form.validateFields([mobileField]);
    } catch {
      return;
    }
    setSending(true);
    try {
      const phone = readPhoneValue(form.getFieldValue(mobileField) as PhoneValue | undefined, phoneCode);
      if (!phone.ok) return;
      const mobile = phone.e164;
      const res = await call('smsSend', { mobile, type: mode });
      setSecondsLeft(res.resendAfterSeconds);
    } catch {
      // The client already showed the reason.
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="input-with-action">
      <Input
        value={value}
        onChange={onChange}
        name="code"
        id="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={config?.smsCodeLength.max ?? 8}
        placeholder={t('form.codePlaceholder')}
      />
      <Button
        size="small"
        fill="outline"
        shape="rounded"
        className="send-code"
        disabled={secondsLeft > 0}
        loading={sending}
        onClick={() => void send()}
        data-testid="send-code"
      >
        {secondsLeft > 0 ? t('form.resendIn', { seconds: secondsLeft }) : t('form.sendCode')}
      </Button>
    </div>
  );
}
