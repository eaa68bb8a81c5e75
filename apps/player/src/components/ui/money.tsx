import { useTranslation } from 'react-i18next';

/** Money is integer hundredths; players see whole units, floored (product rules §0). */
export function moneyUnits(hundredths: number): number {
  return Math.floor(hundredths / 100);
}

export function formatMoney(hundredths: number, language = 'en-US'): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(moneyUnits(hundredths));
}

interface MoneyProps {
  /** Amount in hundredths, as every API field carries it. */
  value: number;
  className?: string;
}

/** The one place an amount becomes text. */
export function Money({ value, className }: MoneyProps) {
  const { i18n } = useTranslation();
  return (
    <span className={className ? `money ${className}` : 'money'} data-testid="money">
      {formatMoney(value, i18n.language)}
    </span>
  );
}
