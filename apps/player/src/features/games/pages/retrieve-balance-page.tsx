import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ResponseOf, Endpoints } from '@playhall/contract';
import { Money } from '../../../components/ui/money.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { CardSkeleton } from '../../../components/ui/skeletons.tsx';
import { call } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/notify.ts';
import '../games.css';

type Provider = ResponseOf<Endpoints['gameBalanceList']>['list'][number];

const hasSomething = (p: Provider) => (p.balance ?? 0) > 0 || p.openSessions > 0;

function ProviderCard({ p, busy, onRetrieve }: { p: Provider; busy: boolean; onRetrieve: () => void }) {
  const { t } = useTranslation();
  const seamless = p.walletMode === 'seamless';
  return (
    <section className="card provider" data-testid="provider" data-mode={p.walletMode}>
      <header className="provider__head">
        <h2 className="provider__name">{p.name}</h2>
        <span className="provider__mode">{t(`retrieve.mode.${p.walletMode}`)}</span>
      </header>
      {seamless ? (
        <p className="provider__text" data-testid="provider-nothing">{t('retrieve.seamless')}</p>
      ) : (
        <div>
          <span className="provider__text">{t('retrieve.heldThere')}</span>{' '}
          <Money value={p.balance ?? 0} className="provider__balance" />
        </div>
      )}
      {p.openSessions > 0 && <p className="provider__text" data-testid="provider-sessions">{t('retrieve.openSessions', { count: p.openSessions })}</p>}
      {hasSomething(p) && (
        <Button size="middle" shape="rounded" color="primary" fill={seamless ? 'outline' : 'solid'} loading={busy} onClick={onRetrieve} data-testid="provider-retrieve">
          {t(seamless ? 'retrieve.closeSessions' : 'retrieve.retrieve')}
        </Button>
      )}
    </section>
  );
}

/**
 * /member/retrieve-balance: per provider, the coins held there (transfer wallets) and the open game
 * sessions. Seamless providers hold nothing; for them the button only closes open sessions.
 */
export function RetrieveBalancePage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['gameBalanceList'], queryFn: () => call('gameBalanceList', {}) });
  const retrieve = useMutation({
    mutationFn: (platformId: number | undefined) => call('retrieveBalance', platformId ? { platformId } : {}),
    onSuccess: (res) => {
      qc.setQueryData(['gameBalanceList'], { list: res.list });
      void qc.invalidateQueries({ queryKey: ['refreshData'] });
      const parts: string[] = [];
      if (res.retrieved > 0) parts.push(t('retrieve.retrieved', { amount: formatMoney(res.retrieved, i18n.language) }));
      if (res.closedSessions > 0) parts.push(t('retrieve.closed', { count: res.closedSessions }));
      showSuccessToast(parts.length > 0 ? parts.join(' ') : t('retrieve.nothingDone'));
    },
  });

  let body;
  if (q.isPending) body = <><CardSkeleton lines={2} /><CardSkeleton lines={2} /></>;
  else if (q.isError) {
    body = (
      <div className="card empty-state" role="alert">
        <p>{t('errors.loadFailed')}</p>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void q.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  } else if (q.data.list.length === 0) {
    body = <div className="card empty-state" data-testid="providers-empty"><p>{t('retrieve.none')}</p></div>;
  } else {
    const anything = q.data.list.some(hasSomething);
    body = (
      <>
        <p className="muted small">{t('retrieve.intro')}</p>
        {anything && q.data.list.length > 1 && (
          <Button block color="primary" shape="rounded" loading={retrieve.isPending && retrieve.variables === undefined}
            onClick={() => retrieve.mutate(undefined)} data-testid="retrieve-all">
            {t('retrieve.all')}
          </Button>
        )}
        {q.data.list.map((p) => (
          <ProviderCard key={p.platformId} p={p} busy={retrieve.isPending && retrieve.variables === p.platformId}
            onRetrieve={() => retrieve.mutate(p.platformId)} />
        ))}
      </>
    );
  }
  return <div className="page">{body}</div>;
}
