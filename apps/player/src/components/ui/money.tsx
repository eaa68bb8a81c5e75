import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';

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
