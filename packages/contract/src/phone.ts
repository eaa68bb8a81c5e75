/**
 * One rule for a phone number as a person types it (issue 13 §1), shared by the player app's phone
 * fields and the server's accounts module. The text is read, never guessed at:
 *
 * - Spaces, dashes, dots and brackets are layout and are dropped: `+55 11 98765-4321`,
 *   `(11) 98765-4321`, `11.98765.4321` are all the same number.
 * - A leading `+` (or `00`) means the country code is typed; otherwise the number is national and
 *   the country is the picked one (the app config's `countryCode` by default). One national trunk
 *   `0` is dropped where the country dials one (`081 234 5678` in Thailand is `+66 81 234 5678`).
 * - A national number that already starts with the country code and is too long to be national
 *   (`5511987654321` with Brazil picked) is read as international: decision 006 keeps `5511…` and
 *   `+55 11…` the same phone.
 * - Anything else is refused with a reason: letters or other symbols, too few or too many digits
 *   for the country, a country code that does not exist.
 *
 * The accepted number is E.164 (`+5511987654321`); the server stores its digits (`5511987654321`).
 */

/** A country the phone fields offer. `national` is the length range of the number after the country code. */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, for the country's name in the player's language. */
  iso: string;
  /** Calling code, digits only. */
  code: string;
  national: { min: number; max: number };
  /** The country dials a national `0` before the number (dropped, never stored). */
  trunkZero: boolean;
}

/** The countries the picker lists, the app's own markets first. Other codes typed with `+` are accepted by E.164 length. */
export const PhoneCountries: readonly PhoneCountry[] = [
  { iso: 'BR', code: '55', national: { min: 10, max: 11 }, trunkZero: true },
  { iso: 'TH', code: '66', national: { min: 8, max: 9 }, trunkZero: true },
  { iso: 'PT', code: '351', national: { min: 9, max: 9 }, trunkZero: false },
  { iso: 'US', code: '1', national: { min: 10, max: 10 }, trunkZero: false },
  { iso: 'AR', code: '54', national: { min: 10, max: 11 }, trunkZero: true },
  { iso: 'CL', code: '56', national: { min: 9, max: 9 }, trunkZero: false },
  { iso: 'CO', code: '57', national: { min: 10, max: 10 }, trunkZero: false },
  { iso: 'MX', code: '52', national: { min: 10, max: 10 }, trunkZero: false },
  { iso: 'PE', code: '51', national: { min: 8, max: 9 }, trunkZero: true },
  { iso: 'PY', code: '595', national: { min: 9, max: 9 }, trunkZero: true },
  { iso: 'UY', code: '598', national: { min: 8, max: 8 }, trunkZero: true },
  { iso: 'ES', code: '34', national: { min: 9, max: 9 }, trunkZero: false },
  { iso: 'GB', code: '44', national: { min: 10, max: 10 }, trunkZero: true },
  { iso: 'IN', code: '91', national: { min: 10, max: 10 }, trunkZero: true },
  { iso: 'ID', code: '62', national: { min: 9, max: 12 }, trunkZero: true },
  { iso: 'MY', code: '60', national: { min: 9, max: 10 }, trunkZero: true },
  { iso: 'PH', code: '63', national: { min: 10, max: 10 }, trunkZero: true },
  { iso: 'VN', code: '84', national: { min: 9, max: 10 }, trunkZero: true },
  { iso: 'KH', code: '855', national: { min: 8, max: 9 }, trunkZero: true },
  { iso: 'LA', code: '856', national: { min: 8, max: 10 }, trunkZero: true },
  { iso: 'MM', code: '95', national: { min: 7, max: 10 }, trunkZero: true },
];

/** E.164: at most 15 digits with the country code; fewer than 8 is no one's phone. */
const E164 = { min: 8, max: 15 } as const;

export type PhoneInputReason = 'empty' | 'characters' | 'tooShort' | 'tooLong' | 'countryCode';

export type PhoneInputResult =
  | {
      ok: true;
      /** `+5511987654321` */
      e164: string;
      /** `5511987654321`: what the server stores and looks up. */
      digits: string;
      /** The country the number belongs to when it is one the picker lists. */
      country: PhoneCountry | null;
    }
  | {
      ok: false;
      reason: PhoneInputReason;
      /** Translation key (`phone.<reason>`) in the player app. */
      key: `phone.${PhoneInputReason}`;
      /** Digit counts for tooShort/tooLong. */
      values: { min?: number; max?: number };
    };

/** English text of each refusal; the player app translates the key, the server answers with this. */
export const PhoneInputMessage: Record<PhoneInputReason, string> = {
  empty: 'Enter your phone number',
  characters: 'A phone number has only digits (spaces, dashes, dots and brackets are fine)',
  tooShort: 'This phone number is too short',
  tooLong: 'This phone number is too long',
  countryCode: 'This country code does not exist',
};

const LAYOUT = /[\s().-]/g;
const ALLOWED = /^(\+|00)?[0-9\s().-]+$/;

/** The picker's country for a calling code (`+55`, `55`); `+1` is the United States. */
export function phoneCountryByCode(code: string): PhoneCountry | null {
  const digits = code.replace(/\D/g, '');
  return PhoneCountries.find((c) => c.code === digits) ?? null;
}

/** The listed country whose calling code starts these digits (longest code first). */
function countryOfInternational(digits: string): PhoneCountry | null {
  let best: PhoneCountry | null = null;
  for (const c of PhoneCountries) if (digits.startsWith(c.code) && (!best || c.code.length > best.code.length)) best = c;
  return best;
}

function refuse(reason: PhoneInputReason, values: { min?: number; max?: number } = {}): PhoneInputResult {
  return { ok: false, reason, key: `phone.${reason}`, values };
}

function fitNational(country: PhoneCountry, national: string): PhoneInputResult {
  const n = country.trunkZero && national.startsWith('0') ? national.slice(1) : national;
  const { min, max } = country.national;
  if (n.length < min) return refuse('tooShort', { min, max });
  if (n.length > max) return refuse('tooLong', { min, max });
  return { ok: true, e164: `+${country.code}${n}`, digits: `${country.code}${n}`, country };
}

function fitE164(digits: string): PhoneInputResult {
  if (digits.startsWith('0')) return refuse('countryCode');
  if (digits.length < E164.min) return refuse('tooShort', E164);
  if (digits.length > E164.max) return refuse('tooLong', E164);
  return { ok: true, e164: `+${digits}`, digits, country: null };
}

/**
 * Reads a typed phone number. `countryCode` is the picked country's calling code (`+55` or `55`),
 * used when the text does not start with `+` or `00`.
 */
export function parsePhoneInput(text: string, opts: { countryCode: string }): PhoneInputResult {
  const s = text.trim();
  if (s === '') return refuse('empty');
  if (!ALLOWED.test(s)) return refuse('characters');
  const international = s.startsWith('+') || s.startsWith('00');
  const body = s.replace(LAYOUT, '').replace(/^\+|^00/, '');
  if (body === '') return refuse('empty');

  if (international) {
    const country = countryOfInternational(body);
    return country ? fitNational(country, body.slice(country.code.length)) : fitE164(body);
  }

  const picked = phoneCountryByCode(opts.countryCode);
  const pickedCode = opts.countryCode.replace(/\D/g, '');
  if (!picked) {
    // A configured code the picker does not list: national number after it, E.164 as a whole.
    if (body.startsWith(pickedCode) && body.length > E164.max - pickedCode.length) return fitE164(body);
    return fitE164(`${pickedCode}${body.replace(/^0/, '')}`);
  }
  const { min, max } = picked.national;
  const withoutTrunk = picked.trunkZero && body.startsWith('0') ? body.slice(1) : body;
  const nationalFits = withoutTrunk.length >= min && withoutTrunk.length <= max;
  if (!nationalFits && body.startsWith(picked.code)) {
    const rest = body.slice(picked.code.length);
    if (rest.length >= min && rest.length <= max) return fitNational(picked, rest);
  }
  return fitNational(picked, body);
}

/**
 * A stored phone (`5511987654321`) as people write it: `+55 11 98765-4321` (Brazil: area code,
 * then the number with a dash before its last four), `+66 81 234 5678`, `+1 212 555 0142`
 * (elsewhere: groups of three from the left, the last four together). A number of no listed
 * country keeps its digits after a `+`.
 */
export function formatPhone(stored: string): string {
  const digits = stored.replace(/\D/g, '');
  const country = countryOfInternational(digits);
  if (!country) return `+${digits}`;
  const national = digits.slice(country.code.length);
  if (country.iso === 'BR' && national.length >= 10) {
    return `+55 ${national.slice(0, 2)} ${national.slice(2, -4)}-${national.slice(-4)}`;
  }
  const head = national.slice(0, -4);
  // A short first group reads better at the front (`81 234`), not the end (`812 34`).
  const lead = head.length % 3;
  const heads = [head.slice(0, lead), ...(head.slice(lead).match(/.{3}/g) ?? [])];
  return [`+${country.code}`, ...heads, national.slice(-4)].filter(Boolean).join(' ');
}
