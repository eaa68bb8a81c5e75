import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { DepositForm } from '../components/deposit-form.tsx';
import { DepositHistory } from '../components/deposit-history.tsx';
import { DepositResult } from '../components/deposit-result.tsx';
import { WalletSwitch } from '../components/wallet-switch.tsx';
import { WithdrawView } from '../components/withdraw-view.tsx';
import '../wallet.css';
import '../withdraw.css';

const route = getRouteApi('/wallets');

/** /wallets?name=deposit|withdraw[&orderId=…][&back=1]: the two sides of the wallet, one URL each. */
export function WalletsPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const { name, orderId, back } = route.useSearch();
  return (
    <div className="page wallet-page">
      <div className="wallet-page__head">
        {back === 1 && (
          <button type="button" className="icon-button wallet-page__back" aria-label={t('common.back')}
            onClick={() => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: paths.index }))}>
            ‹
          </button>
        )}
        <h1 className="wallet-page__title">{t('wallet.heading')}</h1>
        <Link to={paths.walletRecords} className="wallet-page__records" data-testid="records-link">{t('records.menu')}</Link>
      </div>
      <WalletSwitch name={name} back={back} />
      {name === 'withdraw' ? <WithdrawView /> : orderId ? <DepositResult orderId={orderId} /> : <DepositForm />}
      {name !== 'withdraw' && <DepositHistory />}
    </div>
  );
}
