/** Money is integer hundredths; players see whole units, floored (product rules §0). */
export function moneyUnits(hundredths: number): number {
  return Math.floor(hundredths / 100);
}

export function formatMoney(hundredths: number, language = 'en-US'): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(moneyUnits(hundredths));
}

/** Whole coins typed by the player → hundredths; null when not a whole positive number. */
export function parseCoins(text: string): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const units = Number(text.trim());
  return units > 0 ? units * 100 : null;
}
