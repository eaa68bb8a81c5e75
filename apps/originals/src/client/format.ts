/** Amounts are integer hundredths everywhere; these only turn them into text. */
export function money(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(hundredths));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A multiplier with a stated integer scale (E2 = 100, E4 = 10,000) as "1.93×", cut (not rounded)
 * to `digits`: a shown multiplier never promises more than it pays (Mines' 1.0958× read "1.10×"
 * while its cash-out said 1.09).
 */
export function multiplier(value: number, scale: 100 | 10_000, digits = 2): string {
  const step = scale / 10 ** digits;
  const cut = step > 1 ? Math.floor(value / step) * step : value;
  return `${(cut / scale).toFixed(digits)}×`;
}
