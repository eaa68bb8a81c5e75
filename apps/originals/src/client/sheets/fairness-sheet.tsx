/**
 * Fairness: the committed server seed hash, the client seed (editable), the nonce, and rotation,
 * which reveals the seed with a link to the verify page pre-filled with it.
 */
import { useState } from 'react';
import type { FairnessPublic, RotateResponse } from '../../api/schemas.ts';
import type { GameId } from '../../engine/index.ts';
import { useGame } from '../game-context.ts';
import type { Lang } from '../i18n.ts';

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

export function verifyHref(game: GameId, lang: Lang, revealed: RotateResponse['revealed']): string {
  const q = new URLSearchParams({ game, serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, nonce: String(revealed.lastNonce ?? 0), lang });
  return `/originals/verify?${q.toString()}`;
}

export function FairnessSheet({ fairness, setFairness, lang, game }: { fairness: FairnessPublic; setFairness: (f: FairnessPublic) => void; lang: Lang; game: GameId }) {
  const { api, t, fail, busy } = useGame();
  const [seed, setSeed] = useState(fairness.clientSeed);
  const [revealed, setRevealed] = useState<RotateResponse['revealed'] | null>(null);
  const [pending, setPending] = useState(false);
  const valid = CLIENT_SEED.test(seed);

  const rotate = async (path: '/fairness/rotate' | '/fairness/client-seed') => {
    setPending(true);
    try {
      const r = await api.call<RotateResponse>(path, path === '/fairness/client-seed' || seed !== fairness.clientSeed ? { clientSeed: seed } : {});
      setRevealed(r.revealed);
      setFairness(r.next);
      setSeed(r.next.clientSeed);
    } catch (e) {
      fail(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="oc-fair">
      <p className="oc-dim">{t('fairnessExplain')}</p>
      <label>{t('serverSeedHash')}</label>
      <code className="oc-hash" data-testid="seed-hash">{fairness.serverSeedHash}</code>
      <label htmlFor="oc-client-seed">{t('clientSeed')}</label>
      <div className="oc-row">
        <input id="oc-client-seed" value={seed} maxLength={64} onChange={(e) => setSeed(e.target.value.trim())} aria-invalid={!valid} />
        <button className="oc-btn" disabled={!valid || busy || pending || seed === fairness.clientSeed} onClick={() => void rotate('/fairness/client-seed')}>
          {t('save')}
        </button>
      </div>
      <label>{t('nonce')}</label>
      <code>{fairness.nonce}</code>
      <button className="oc-btn oc-btn-wide" disabled={busy || pending || !valid} onClick={() => void rotate('/fairness/rotate')}>
        {t('rotate')}
      </button>
      {revealed && (
        <div className="oc-revealed" data-testid="revealed">
          <label>{t('revealedSeed')}</label>
          <code className="oc-hash">{revealed.serverSeed}</code>
          <a href={verifyHref(game, lang, revealed)} target="_blank" rel="noreferrer">
            {t('verifyLink')} →
          </a>
        </div>
      )}
    </div>
  );
}
