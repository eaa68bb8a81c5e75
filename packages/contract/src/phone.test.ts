import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhoneInput, PhoneCountries, phoneCountryByCode } from './phone.ts';

const br = { countryCode: '+55' };
const digitsOf = (text: string, opts = br) => {
  const r = parsePhoneInput(text, opts);
  return r.ok ? r.digits : r.reason;
};

describe('parsePhoneInput: a phone number typed the usual way', () => {
  it('reads every usual Brazilian way of writing one number as the same phone', () => {
    for (const typed of [
      '+55 11 98765-4321',
      '+55 (11) 98765-4321',
      '(11) 98765-4321',
      '11 98765 4321',
      '11.98765.4321',
      '11987654321',
      '011 98765-4321',
      '0055 11 98765 4321',
      '5511987654321',
      '  +5511987654321  ',
    ]) {
      const r = parsePhoneInput(typed, br);
      expect(r, typed).toMatchObject({ ok: true, e164: '+5511987654321', digits: '5511987654321' });
    }
  });

  it('takes the picked country for a national number, and a typed + country over the picked one', () => {
    expect(parsePhoneInput('081 234 5678', { countryCode: '+66' })).toMatchObject({ ok: true, e164: '+66812345678' });
    expect(parsePhoneInput('(11) 98765-4321', { countryCode: '+66' })).toMatchObject({ ok: false, reason: 'tooLong' });
    expect(parsePhoneInput('+66 81 234 5678', br)).toMatchObject({ ok: true, e164: '+66812345678', country: { iso: 'TH' } });
    expect(parsePhoneInput('(212) 555-0142', { countryCode: '+1' })).toMatchObject({ ok: true, e164: '+12125550142' });
  });

  it('keeps a national number whose area code equals the country code national (Brazil area 55)', () => {
    expect(digitsOf('(55) 99123-4567')).toBe('5555991234567');
  });

  it('accepts a country the picker does not list by its E.164 length', () => {
    expect(parsePhoneInput('+49 30 1234 5678', br)).toMatchObject({ ok: true, e164: '+493012345678', country: null });
  });

  it('refuses what cannot be a phone number, each with its reason', () => {
    expect(parsePhoneInput('', br)).toMatchObject({ ok: false, reason: 'empty', key: 'phone.empty' });
    expect(parsePhoneInput('   ', br)).toMatchObject({ ok: false, reason: 'empty' });
    expect(parsePhoneInput('12ab', br)).toMatchObject({ ok: false, reason: 'characters', key: 'phone.characters' });
    expect(parsePhoneInput('call me', br)).toMatchObject({ ok: false, reason: 'characters' });
    expect(parsePhoneInput('11 98765#4321', br)).toMatchObject({ ok: false, reason: 'characters' });
    expect(parsePhoneInput('55+11987654321', br)).toMatchObject({ ok: false, reason: 'characters' });
    expect(parsePhoneInput('١١٩٨٧٦٥٤٣٢١', br)).toMatchObject({ ok: false, reason: 'characters' });
    expect(parsePhoneInput('-- ..', br)).toMatchObject({ ok: false, reason: 'empty' });
    expect(parsePhoneInput('9876-4321', br)).toMatchObject({ ok: false, reason: 'tooShort', values: { min: 10, max: 11 } });
    expect(parsePhoneInput('+55 11 98765-43210', br)).toMatchObject({ ok: false, reason: 'tooLong', values: { min: 10, max: 11 } });
    expect(parsePhoneInput('+0 11 98765-4321', br)).toMatchObject({ ok: false, reason: 'countryCode' });
    expect(parsePhoneInput('+49 123', br)).toMatchObject({ ok: false, reason: 'tooShort' });
    expect(parsePhoneInput('+49 1234 5678 9012 345', br)).toMatchObject({ ok: false, reason: 'tooLong' });
  });

  it('finds the configured default country by its calling code, with or without +', () => {
    expect(phoneCountryByCode('+55')?.iso).toBe('BR');
    expect(phoneCountryByCode('66')?.iso).toBe('TH');
    expect(phoneCountryByCode('+999')).toBeNull();
    expect(new Set(PhoneCountries.map((c) => c.iso)).size).toBe(PhoneCountries.length);
  });

  it('never accepts something that is not E.164 (a + and 8 to 15 digits)', () => {
    for (const typed of ['1', '12ab', '+', '+55', '0000000000000000', '(11) 98765-4321 ext 2']) {
      const r = parsePhoneInput(typed, br);
      if (r.ok) expect(r.e164).toMatch(/^\+[1-9][0-9]{7,14}$/);
    }
  });
});

describe('formatPhone', () => {
  it('writes a stored number as people read it, with its country code', () => {
    expect(formatPhone('5511987654321')).toBe('+55 11 98765-4321');
    expect(formatPhone('551134567890')).toBe('+55 11 3456-7890');
    expect(formatPhone('66812345678')).toBe('+66 81 234 5678');
    expect(formatPhone('12125550142')).toBe('+1 212 555 0142');
    expect(formatPhone('351912345678')).toBe('+351 91 234 5678');
    expect(formatPhone('999123456789')).toBe('+999123456789');
  });

  it('reads back as the same phone', () => {
    for (const stored of ['5511987654321', '66812345678', '12125550142']) {
      expect(parsePhoneInput(formatPhone(stored), br)).toMatchObject({ ok: true, digits: stored });
    }
  });
});
