import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientSeedPattern, type FairSeedRevealed } from '@playhall/contract';
import { call } from '../../../../lib/api.ts';
import { useTranslation } from '../../../../lib/i18n.ts';
import { CardSkeleton } from '../../../../components/ui/skeletons.tsx';
import { LoadError } from '../../../../components/ui/load-error.tsx';
import { RECORDS_KEY } from '../jackpot-api.ts';

const SEED_KEY = ['fairSeedInfo', 'jackpot'] as const;

/**
 * The player's provably fair seed pair for the jackpot (decision 051): the server seed's hash fixed
 * before the next draw, their client seed and the next nonce; a new pair (with a client seed of
 * their choosing) reveals the old server seed, so every draw it made can be verified.
 */
export function FairnessPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const info = useQuery({ queryKey: SEED_KEY, queryFn: () => call('fairSeedInfo', { scope: 'jackpot' }, { quiet: true }) });
  const [seed, setSeed] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<FairSeedRevealed | null>(null);
  const rotate = useMutation({
    mutationFn: (clientSeed: string) => call('fairSeedRotate', { scope: 'jackpot', ...(clientSeed ? { clientSeed } : {}) }, { quiet: true }),
    onSuccess: (res) => {
      setRevealed(res.revealed);
      setSeed('');
      qc.setQueryData(SEED_KEY, res.current);
      // The records of the revealed pair now carry its server seed (and their verify links).
      void qc.invalidateQueries({ queryKey: RECORDS_KEY });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = seed.trim();
    if (v && !ClientSeedPattern.test(v)) {
      setFieldError(t('jackpot.fair.seedRule'));
      return;
    }
    setFieldError(null);
    rotate.mutate(v);
  };

  if (info.isPending) return <CardSkeleton lines={4} />;
  if (info.isError) return <LoadError onRetry={() => void info.refetch()} />;
  return (
    <div className="jp-list" data-testid="jackpot-fairness">
      <p className="jp-list__hint">{t('jackpot.fair.intro')}</p>
      <dl className="jp-proof jp-proof--card">
        <dt>{t('jackpot.proof.serverSeedHash')}</dt>
        <dd className="jp-proof__hash" data-testid="jackpot-fair-hash">{info.data.serverSeedHash}</dd>
        <dt>{t('jackpot.proof.clientSeed')}</dt>
        <dd data-testid="jackpot-fair-client">{info.data.clientSeed}</dd>
        <dt>{t('jackpot.fair.nextNonce')}</dt>
        <dd data-testid="jackpot-fair-nonce">{info.data.nonce}</dd>
      </dl>
      <form className="jp-fair-form" onSubmit={submit} noValidate>
        <label htmlFor="jp-client-seed">{t('jackpot.fair.newSeed')}</label>
        <input
          id="jp-client-seed"
          className="jp-input"
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('jackpot.fair.seedPlaceholder')}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'jp-client-seed-error' : undefined}
          data-testid="jackpot-fair-seed"
        />
        {fieldError && <p id="jp-client-seed-error" className="jp-field-error" role="alert">{fieldError}</p>}
        {rotate.isError && <p className="jp-field-error" role="alert" data-testid="jackpot-fair-error">{rotate.error.message}</p>}
        <button type="submit" className="jp-hint__action" disabled={rotate.isPending} data-testid="jackpot-fair-rotate">{t('jackpot.fair.rotate')}</button>
      </form>
      {revealed && (
        <section className="jp-record" data-testid="jackpot-fair-revealed">
          <h3 className="jp-list__label">{t('jackpot.fair.revealed', { count: revealed.roundsPlayed })}</h3>
          <dl className="jp-proof">
            <dt>{t('jackpot.proof.serverSeed')}</dt>
            <dd className="jp-proof__hash" data-testid="jackpot-fair-revealed-seed">{revealed.serverSeed}</dd>
            <dt>{t('jackpot.proof.serverSeedHash')}</dt>
            <dd className="jp-proof__hash">{revealed.serverSeedHash}</dd>
            <dt>{t('jackpot.proof.clientSeed')}</dt>
            <dd>{revealed.clientSeed}</dd>
          </dl>
        </section>
      )}
    </div>
  );
}
