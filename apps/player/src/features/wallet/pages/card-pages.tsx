import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ReceivingAccount } from '@playhall/contract';
import { paths } from '../../../lib/paths.ts';
import { CardSkeleton, ListSkeleton } from '../../../components/ui/skeletons.tsx';
import { usePreLogin } from '../../../lib/queries.ts';
import { useReceivingAccounts } from '../api/withdraw-api.ts';
import { AccountForm } from '../components/account-form.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import '../wallet.css';
import '../withdraw.css';

function AccountRow({ a, onOpen }: { a: ReceivingAccount; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="saved-account" onClick={onOpen} data-testid="saved-account">
        <span className="saved-account__main">
          <span className="saved-account__title">
            {a.typeName}
            {a.bankName && <span className="saved-account__bank"> · {a.bankName}</span>}
          </span>
          <span className="saved-account__holder">{a.accountName}</span>
          <span className="saved-account__no" data-testid="account-masked">{a.accountNoMasked}</span>
        </span>
        {a.isDefault && <span className="default-badge" data-testid="default-badge">{t('cards.default')}</span>}
        <span className="saved-account__arrow" aria-hidden="true">›</span>
      </button>
    </li>
  );
}

/** /wallets/card/list: the saved receiving accounts; tap one to change it, or add another. */
export function CardListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useReceivingAccounts();
  if (q.isPending) return <div className="page"><ListSkeleton rows={3} /></div>;
  if (q.isError || !q.data) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const { list, maxAccounts } = q.data;
  const full = list.length >= maxAccounts;
  const add = () => void navigate({ to: paths.cardEdit, search: { redirect: undefined } });

  if (list.length === 0) {
    return (
      <div className="page">
        <div className="card empty-state" data-testid="cards-empty">
          <p className="records-empty__title">{t('cards.emptyTitle')}</p>
          <p className="muted">{t('cards.emptyHint')}</p>
          <Button color="primary" shape="rounded" onClick={add} data-testid="cards-add">{t('cards.add')}</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="page">
      <ul className="saved-accounts" data-testid="cards-list">
        {list.map((a) => <AccountRow key={a.id} a={a} onOpen={() => void navigate({ to: paths.cardEdit, search: { id: a.id, redirect: undefined } })} />)}
      </ul>
      <Button block color="primary" fill={full ? 'outline' : 'solid'} shape="rounded" size="large" onClick={add} disabled={full}
        data-testid="cards-add" aria-describedby="cards-count">
        {t('cards.add')}
      </Button>
      <p className="form-hint cards-count" id="cards-count" data-testid="cards-count">
        {full ? t('cards.full', { max: maxAccounts }) : t('cards.count', { count: list.length, max: maxAccounts })}
      </p>
    </div>
  );
}

/** Without the start-up config (it failed to load) the server's check is the only length check. */
const ANY_LENGTH = { min: 1, max: 64 };

const editRoute = getRouteApi('/wallets/card/edit');

/** /wallets/card/edit[?id=N][&redirect=…]: add a receiving account, or change a saved one. */
export function CardEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const { id, redirect } = editRoute.useSearch();
  const preLogin = usePreLogin();
  const q = useReceivingAccounts();
  const toList = () => void navigate({ to: paths.cardList, replace: true });
  const done = () => {
    // Came here from a page of the app (the list or the withdraw screen): go back to it, so the
    // form does not stay in the history. A deep link goes to `redirect`, else to the list.
    if ((window.history.state as { __TSR_index?: number } | null)?.__TSR_index) router.history.back();
    else void navigate({ href: redirect ?? paths.cardList, replace: true });
  };

  if (q.isPending || preLogin.isPending) return <div className="page"><CardSkeleton lines={6} /></div>;
  if (q.isError || !q.data) return <div className="page"><LoadError onRetry={() => void q.refetch()} /></div>;
  const data = q.data;
  const account = id === undefined ? undefined : data.list.find((a) => a.id === id);

  if (id !== undefined && !account) {
    return (
      <div className="page">
        <div className="card empty-state" data-testid="card-not-found">
          <p className="records-empty__title">{t('cards.notFound')}</p>
          <Button color="primary" shape="rounded" onClick={toList}>{t('cards.backToList')}</Button>
        </div>
      </div>
    );
  }
  if (!account && data.list.length >= data.maxAccounts) {
    return (
      <div className="page">
        <div className="card empty-state" data-testid="cards-full">
          <p className="records-empty__title">{t('cards.full', { max: data.maxAccounts })}</p>
          <Button color="primary" shape="rounded" onClick={toList}>{t('cards.backToList')}</Button>
        </div>
      </div>
    );
  }
  if (data.channels.length === 0) {
    return <div className="page"><div className="card empty-state"><p>{t('withdraw.noChannels')}</p></div></div>;
  }

  return (
    <div className="page">
      <AccountForm data={data} account={account} length={preLogin.data?.withdrawAccountLength ?? ANY_LENGTH}
        onSaved={done} />
    </div>
  );
}
