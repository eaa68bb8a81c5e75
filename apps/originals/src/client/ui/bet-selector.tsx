/** Bet: whole coins inside the session limits, quick ×½ and ×2, locked while a round plays. */
import { useEffect, useState } from 'react';
import { betFromInput, COIN, doubleBet, halveBet } from '../bet.ts';
import { useGame } from '../game-context.ts';

export function BetSelector() {
  const { bet, setBet, session, busy, t } = useGame();
  const limits = session.limits;
  const [text, setText] = useState(String(bet / COIN));
  useEffect(() => setText(String(bet / COIN)), [bet]);
  const commit = () => setBet(betFromInput(text, limits));
  return (
    <div className="oc-bet">
      <label htmlFor="oc-bet-input">{t('bet')}</label>
      <button className="oc-chip" disabled={busy} onClick={() => setBet(halveBet(bet, limits))} aria-label="½">
        ½
      </button>
      <input
        id="oc-bet-input"
        inputMode="numeric"
        value={text}
        disabled={busy}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <button className="oc-chip" disabled={busy} onClick={() => setBet(doubleBet(bet, limits))} aria-label="×2">
        ×2
      </button>
    </div>
  );
}
