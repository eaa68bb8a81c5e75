import { useTranslation } from '../../lib/i18n.ts';
import { formatMoney, formatMoneyExact, moneySign } from '../../lib/money.ts';

interface MoneyProps {
  /** Amount in hundredths, as every API field carries it. */
  value: number;
  /**
   * Two decimals, exactly (decision 026): records, reports, totals, game figures, anything a player
   * adds up. Without it: whole coins, floored, for balance pills.
   */
  exact?: boolean;
  /** `+` for money in, `−` (U+2212) for money out, no sign for zero. */
  signed?: boolean;
  className?: string;
  testId?: string;
}

/** The one place an amount becomes text. */
export function Money({ value, exact = false, signed = false, className, testId = 'money' }: MoneyProps) {
  const { i18n } = useTranslation();
  let text: string;
  if (exact) text = formatMoneyExact(value, i18n.language, signed);
  else if (signed) text = `${moneySign(value)}${formatMoney(Math.abs(value), i18n.language)}`;
  else text = formatMoney(value, i18n.language);
  return (
    <span className={className ? `money ${className}` : 'money'} data-testid={testId}>
      {text}
    </span>
  );
}
