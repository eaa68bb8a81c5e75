import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';

export type WalletName = 'deposit' | 'withdraw';

/** Deposit | Withdraw at the top of /wallets; each side has its own URL (the back arrow stays). */
export function WalletSwitch({ name, back }: { name: WalletName; back?: 1 }) {
  const { t } = useTranslation();
  const sides: Array<{ key: WalletName; label: string }> = [
    { key: 'deposit', label: t('wallet.deposit') },
    { key: 'withdraw', label: t('withdraw.title') },
  ];
  return (
    <nav className="wallet-switch" aria-label={t('wallet.heading')}>
      {sides.map((s) => (
        <Link key={s.key} to={paths.wallets} search={{ name: s.key, ...(back ? { back } : {}) }} replace
          className={s.key === name ? 'wallet-switch__side wallet-switch__side--active' : 'wallet-switch__side'}
          aria-current={s.key === name ? 'page' : undefined} data-testid={`wallet-switch-${s.key}`}>
          {s.label}
        </Link>
      ))}
    </nav>
  );
}
