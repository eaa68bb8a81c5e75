/**
 * Fairness: the committed server seed hash, the client seed (editable), the nonce, and rotation,
 * which reveals the seed with a link to the verify page pre-filled with it; then the player's
 * recent rounds of this game, each with a link to verify that very round.
 */
import { useEffect, useState } from 'react';
import type { FairnessPublic, RotateResponse, RoundsResponse, RoundSummary } from '../../api/schemas.ts';
import type { GameId } from '../../engine/index.ts';
import { money } from '../format.ts';
import { useGame } from '../game-context.ts';
import type { Lang } from '../i18n.ts';
import { verifyHref, verifyHrefForRound } from '../verify/verify-link.ts';

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

export function FairnessSheet({ fairness, setFairness, lang, game }: { fairness: FairnessPublic; setFairness: (f: FairnessPublic) => void; lang: Lang; game: GameId }) {
  const { api, t, fail, busy } = useGame();
  const [seed, setSeed] = useState(fairness.clientSeed);
  const [revealed, setRevealed] = useState<RotateResponse['revealed'] | null>(null);
  const [pending, setPending] = useState(false);
  const valid = CLIENT_SEED.test(seed);
  const [rounds, setRounds] = useState<RoundSummary[] | null>(null);
  // The list is read when the sheet opens and again after a rotation (which reveals its seeds).
  useEffect(() => {
    let live = true;
    api.call<RoundsResponse>('/rounds', { limit: 20 }).then(
      (r) => live && setRounds(r.rounds),
      () => live && setRounds([]),
    );
    return () => void (live = false);
  }, [api, revealed]);

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
      <h3 className="oc-fair-h">{t('yourRounds')}</h3>
      {rounds && rounds.length === 0 && <p className="oc-dim">{t('noRounds')}</p>}
      {rounds && rounds.length > 0 && (
        <ul className="oc-round-list" data-testid="round-list">
          {rounds.map((r) => (
            <li key={r.roundId} className="oc-round-row" data-testid="round-row">
              <span className="oc-round-main">
                <span>
                  <b>#{r.nonce}</b> · {t('roundBet', { bet: money(r.bet) })}
                  {r.win !== null && <> · {t('roundPayout', { amount: money(r.win) })}</>}
                </span>
                {!r.serverSeed && <small className="oc-dim">{t('seedInUse')}</small>}
              </span>
              <a className="oc-btn oc-btn-small" href={verifyHrefForRound(r, lang)} target="_blank" rel="noreferrer" data-testid="verify-round">
                {t('verifyThis')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
