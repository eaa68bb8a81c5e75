import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { Money } from '../../../components/ui/money.tsx';
import { CardSkeleton } from '../../../components/ui/skeletons.tsx';
import { call } from '../../../lib/api.ts';
import { useRefreshWallet } from '../api/wallet-api.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** How often and how long the screen asks for the provider's verdict after the player returns. */
const POLL_MS = 1_500;
const POLL_FOR_MS = 90_000;

/** Back from the provider: waits for the webhook's verdict and shows it. */
export function DepositResult({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refreshWallet = useRefreshWallet();
  const started = useRef(Date.now());
  const order = useQuery({
    queryKey: ['getRechargeOrder', orderId],
    queryFn: () => call('getRechargeOrder', { orderId }, { quiet: true }),
    refetchInterval: (q) => (q.state.data?.status === 'pending' && Date.now() - started.current < POLL_FOR_MS ? POLL_MS : false),
    retry: 1,
  });
  const status = order.data?.status;
  useEffect(() => {
    // The credit changed the balance, total and minimum: the top bar shows it without a reload.
    if (status === 'paid') void refreshWallet();
  }, [status]);

  const again = () => void navigate({ to: paths.wallets, search: { name: 'deposit' }, replace: true });
  if (order.isPending) return <CardSkeleton lines={3} />;
  if (order.isError || !order.data) return <LoadError onRetry={() => void order.refetch()} />;
  const o = order.data;
  const waiting = o.status === 'pending';
  const gaveUp = waiting && Date.now() - started.current >= POLL_FOR_MS;

  return (
    <section className={`card deposit-result deposit-result--${o.status}`} role="status" aria-live="polite" data-testid="deposit-result" data-status={o.status}>
      <div className="deposit-result__icon" aria-hidden="true">{o.status === 'paid' ? '✓' : waiting ? '…' : '!'}</div>
      <h2 className="deposit-result__title">{t(`wallet.result.${o.status}`)}</h2>
      <Money value={o.amount} exact className="money--hero" testId="deposit-result-amount" />
      <p className="muted">{t(`wallet.result.${o.status}Hint`, { channel: o.typeName })}</p>
      {gaveUp && <Button shape="rounded" onClick={() => { started.current = Date.now(); void order.refetch(); }}>{t('wallet.result.checkAgain')}</Button>}
      {!waiting && (
        <div className="deposit-result__actions">
          <Button block color="primary" shape="rounded" onClick={again}>{t(o.status === 'paid' ? 'wallet.depositMore' : 'wallet.tryAgain')}</Button>
          <Button block shape="rounded" onClick={() => void navigate({ to: paths.index })}>{t('common.backHome')}</Button>
        </div>
      )}
    </section>
  );
}
