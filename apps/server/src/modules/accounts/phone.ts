import { AppError, ErrorCode, parsePhoneInput, PhoneInputMessage, type AppConfigFields } from '@playhall/contract';

/**
 * A phone number from a request, read with the contract's phone rule (the one the player app's
 * fields use): a national number takes the configured `countryCode`, layout characters are
 * dropped, and the answer is the digits the accounts module stores (`5511987654321`). What cannot
 * be a phone is refused with `phoneInvalid` before anything is looked up, counted or sent.
 */
export function readPhone(raw: string, config: Pick<AppConfigFields, 'countryCode'>, field = 'mobile'): string {
  const r = parsePhoneInput(raw, { countryCode: config.countryCode });
  if (!r.ok) {
    throw new AppError(ErrorCode.phoneInvalid, PhoneInputMessage[r.reason], { field, reason: r.reason, ...r.values });
  }
  return r.digits;
}
