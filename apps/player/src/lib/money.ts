
/** Money is integer hundredths; balance pills show whole units, floored (product rules §0, decision 026). */
export function moneyUnits(hundredths: number): number {
  return Math.floor(hundredths / 100);
}

/** Whole coins, floored: the balance pills' figure (decision 026). */
export function formatMoney(hundredths: number, language = 'en-US'): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(moneyUnits(hundredths));
}

const decimalSeparators = new Map<string, string>();
function decimalSeparator(language: string): string {
  let sep = decimalSeparators.get(language);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(language, sep);
  }
  return sep;
}

/** The sign a signed figure carries: `+` in, `−` (U+2212) out, none for zero (decision 026). */
export function moneySign(hundredths: number): string {
  return hundredths > 0 ? '+' : hundredths < 0 ? '\u2212' : '';
}

/**
 * The exact amount with two decimals, from the hundredths by integer arithmetic (never a float
 * division), grouped in the player's language: 1234567 → "12,345.67" (en-US), "12.345,67" (pt-BR).
 * Without `signed` a negative amount still says "−"; with it a positive one says "+" (decision 026).
 */
export function formatMoneyExact(hundredths: number, language = 'en-US', signed = false): string {
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / 100);
  const cents = abs - whole * 100;
  const text = `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(whole)}${decimalSeparator(language)}${String(cents).padStart(2, '0')}`;
  const sign = signed ? moneySign(hundredths) : hundredths < 0 ? '\u2212' : '';
  return `${sign}${text}`;
}
