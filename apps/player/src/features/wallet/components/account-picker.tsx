import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ReceivingAccount } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';

/** The saved accounts as a radio list, numbers masked; "Manage" opens the list to add or change one. */
export function AccountPicker({ accounts, value, onChange }: { accounts: readonly ReceivingAccount[]; value: number | undefined; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="account-picker">
      <div className="account-picker__head">
        <h2 className="section-title" id="withdraw-account-label">{t('withdraw.account')}</h2>
        <Link to={paths.cardList} className="link-button account-picker__manage" data-testid="manage-accounts">{t('withdraw.manage')}</Link>
      </div>
      <div className="bank-list" role="radiogroup" aria-labelledby="withdraw-account-label">
        {accounts.map((a) => (
          <button key={a.id} type="button" role="radio" aria-checked={a.id === value} data-testid="account-option"
            className={a.id === value ? 'bank-item account-option bank-item--active' : 'bank-item account-option'} onClick={() => onChange(a.id)}>
            <span className="account-option__main">
              <span className="account-option__title">{a.bankName ? `${a.typeName} · ${a.bankName}` : a.typeName}</span>
              <span className="account-option__sub">{a.accountName}</span>
            </span>
            <span className="account-option__no" data-testid="account-masked">{a.accountNoMasked}</span>
            {a.isDefault && <span className="default-badge">{t('cards.default')}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
