/**
 * Bet: whole coins inside the session limits, quick ×½ and ×2, locked while a round plays. The
 * field keeps exactly what was typed: a stake the money-input rule takes becomes the bet at once,
 * anything else is refused under the field (and the game's button waits), so the field always
 * shows the stake a tap places. The limits are shown before the tap.
 */
import { useEffect, useState } from 'react';
import type { MoneyInputProblem } from '../../../../../packages/contract/src/money-input.ts';
import { betText, doubleBet, halveBet, parseBet, wholeCoinLimits } from '../bet.ts';
import { money } from '../format.ts';
import { useGame } from '../game-context.ts';
import type { MsgKey, T } from '../i18n.ts';

const PROBLEM_KEY: Record<MoneyInputProblem['reason'], MsgKey> = {
  empty: 'moneyEmpty',
  notNumber: 'moneyNotNumber',
  separator: 'moneySeparator',
  wholeCoins: 'moneyWholeCoins',
  decimals: 'moneyDecimals',
  belowMin: 'moneyBelowMin',
  aboveMax: 'moneyAboveMax',
};

/** The rule's refusal as the player reads it (bounds as coins). */
export function betProblemText(t: T, p: MoneyInputProblem): string {
  if (p.reason === 'belowMin') return t('moneyBelowMin', { min: money(p.values.min) });
  if (p.reason === 'aboveMax') return t('moneyAboveMax', { max: money(p.values.max) });
  return t(PROBLEM_KEY[p.reason]);
}

export function BetSelector() {
  const { bet, setBet, session, busy, t, betError, setBetError } = useGame();
  const limits = session.limits;
  const { min, max } = wholeCoinLimits(limits);
  const [text, setText] = useState(betText(bet));
  // A bet set from outside (×½, ×2, a restored round) is what the field shows.
  useEffect(() => {
    setText((shown) => {
      const r = parseBet(shown, limits);
      return r.ok && r.amount === bet ? shown : betText(bet);
    });
    setBetError(null);
  }, [bet]);

  const typed = (value: string) => {
    setText(value);
    const r = parseBet(value, limits);
    if (r.ok) {
      setBetError(null);
      setBet(r.amount);
    } else setBetError(betProblemText(t, r));
  };
  const quick = (next: number) => {
    setText(betText(next));
    setBetError(null);
    setBet(next);
  };

  return (
    <div className="oc-bet-wrap">
      <div className="oc-bet">
        <label htmlFor="oc-bet-input">{t('bet')}</label>
        <button className="oc-chip" disabled={busy} onClick={() => quick(halveBet(bet, limits))} aria-label="½">
          ½
        </button>
        <input
          id="oc-bet-input"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          disabled={busy}
          aria-invalid={betError !== null}
          aria-describedby="oc-bet-help"
          onChange={(e) => typed(e.target.value)}
        />
        <button className="oc-chip" disabled={busy} onClick={() => quick(doubleBet(bet, limits))} aria-label="×2">
          ×2
        </button>
      </div>
      <div id="oc-bet-help" className={`oc-bet-help${betError ? ' oc-bet-help-error' : ''}`} data-testid="bet-help" role={betError ? 'alert' : undefined}>
        {betError ?? t('betLimits', { min: money(min), max: money(max) })}
      </div>
    </div>
  );
}
