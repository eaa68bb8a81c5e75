import { useState } from 'react';
import { Input, Popup } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { parsePhoneInput, PhoneCountries, phoneCountryByCode, type PhoneInputResult } from '@playhall/contract';
import { useAppConfig } from '../../../lib/queries.ts';
import '../auth.css';

/** A phone field's value: the picked country's calling code (digits) and the text as typed. */
export interface PhoneValue {
  code?: string;
  text?: string;
}

const FALLBACK_CODE = '55';

/** The configured `countryCode` (app config) as digits: the picker's default country. */
export function useDefaultPhoneCode(): string {
  const config = useAppConfig();
  return (config?.countryCode ?? '').replace(/\D/g, '') || FALLBACK_CODE;
}

/** The contract's phone rule on a field value; a national number takes the picked (or default) country. */
export function readPhoneValue(value: PhoneValue | string | undefined, defaultCode: string): PhoneInputResult {
  const v = typeof value === 'string' ? { text: value } : (value ?? {});
  return parsePhoneInput(v.text ?? '', { countryCode: v.code ?? defaultCode });
}

function countryName(iso: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(iso) ?? iso;
  } catch {
    return iso;
  }
}

interface PhoneInputProps {
  value?: PhoneValue;
  onChange?: (v: PhoneValue) => void;
  id?: string;
  autoComplete?: string;
}

/**
 * Country picker and phone number in one field (issue 13 §1). The text is kept exactly as typed
 * (`+55 11 98765-4321`, `(11) 98765-4321`); the form reads it with the contract's phone rule. A
 * number typed with `+` shows its own country on the picker button.
 */
export function PhoneInput({ value, onChange, id = 'mobile', autoComplete = 'tel' }: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const defaultCode = useDefaultPhoneCode();
  const [open, setOpen] = useState(false);
  const picked = value?.code ?? defaultCode;
  const text = value?.text ?? '';
  const typed = text.trim().startsWith('+') ? readPhoneValue({ code: picked, text }, picked) : null;
  const shownCode = typed?.ok ? (typed.country?.code ?? picked) : picked;
  const shown = phoneCountryByCode(shownCode);
  const lang = i18n.language;
  const label = shown ? `${shown.iso} +${shown.code}` : `+${shownCode}`;

  return (
    <div className="phone-input">
      <button
        type="button"
        className="phone-input__country"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('phone.countryButton', { country: shown ? countryName(shown.iso, lang) : `+${shownCode}`, code: `+${shownCode}` })}
        data-testid="phone-country"
      >
        <span>{label}</span>
        <span className="phone-input__caret" aria-hidden>▾</span>
      </button>
      <Input
        value={text}
        onChange={(next) => onChange?.({ code: picked, text: next })}
        name={id}
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        placeholder={t('phone.placeholder')}
      />
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="phone-countries" destroyOnClose>
        <h2 className="phone-countries__title">{t('phone.pickCountry')}</h2>
        <ul className="phone-countries__list" role="listbox" aria-label={t('phone.pickCountry')}>
          {PhoneCountries.map((c) => (
            <li key={c.iso} role="option" aria-selected={c.code === picked}>
              <button
                type="button"
                className={c.code === picked ? 'phone-countries__item phone-countries__item--on' : 'phone-countries__item'}
                data-testid={`phone-country-${c.iso}`}
                onClick={() => {
                  setOpen(false);
                  onChange?.({ code: c.code, text });
                }}
              >
                <span>{countryName(c.iso, lang)}</span>
                <span className="phone-countries__code">+{c.code}</span>
              </button>
            </li>
          ))}
        </ul>
      </Popup>
    </div>
  );
}
