/**
 * Dice: a slider for the target with under/over, the win chance and multiplier from the engine's
 * maths, a roll animation of the number (text written per frame via a ref) and a marker sliding
 * to the roll, coloured by win or loss.
 */
import { useRef, useState } from 'react';
import type { DiceRollResponse } from '../../api/schemas.ts';
import type { DiceDirection } from '../../engine/index.ts';
import { clampTarget, flipTarget, quote } from '../dice-math.ts';
import { money, multiplier } from '../format.ts';
import { useGame } from '../game-context.ts';
import { play } from '../sound.ts';
import { BetSelector } from '../ui/bet-selector.tsx';

const reduced = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function DiceGame() {
  const { api, t, bet, setBalance, busy, setBusy, fail, roundPlayed, checkStake, betError } = useGame();
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  const [last, setLast] = useState<DiceRollResponse | null>(null);
  const rollText = useRef<HTMLDivElement>(null);
  const marker = useRef<HTMLDivElement>(null);
  const q = quote(target, direction);

  const animateRoll = (roll: number) =>
    new Promise<void>((resolve) => {
      const el = rollText.current;
      const m = marker.current;
      if (m) {
        m.style.transition = reduced() ? 'none' : 'transform 600ms cubic-bezier(0.2, 0.8, 0.3, 1)';
        m.style.transform = `translateX(${roll / 100}cqw)`;
      }
      if (!el || reduced()) {
        if (el) el.textContent = (roll / 100).toFixed(2);
        return resolve();
      }
      const t0 = performance.now();
      const frame = (now: number) => {
        const p = Math.min(1, (now - t0) / 600);
        // Scrambled digits that settle on the roll: the number "rolls" then lands.
        const shown = p < 1 ? Math.floor(Math.random() * 10_000 * (1 - p) + roll * p) : roll;
        el.textContent = (shown / 100).toFixed(2);
        if (p < 1) {
          if (Math.random() < 0.3) play('tick');
          requestAnimationFrame(frame);
        } else resolve();
      };
      requestAnimationFrame(frame);
    });

  const roll = async () => {
    if (!(await checkStake(bet))) return;
    setBusy(true);
    setLast(null);
    try {
      const r = await api.call<DiceRollResponse>('/dice/roll', { bet, target: clampTarget(target, direction), direction });
      setBalance(r.balance - r.win);
      await animateRoll(r.outcome.roll);
      setLast(r);
      setBalance(r.balance);
      roundPlayed(r.fairness);
      play(r.outcome.won ? 'win' : 'lose');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  // A new target or direction makes the last result history: it no longer shows as a win or a
  // loss against a zone it was not rolled for.
  const flip = () => {
    const f = flipTarget(clampTarget(target, direction), direction);
    setDirection(f.direction);
    setTarget(f.target);
    setLast(null);
  };

  const state = last ? (last.outcome.won ? 'win' : 'lose') : 'idle';
  const pctTarget = target / 100;
  return (
    <>
      <main className={`oc-stage oc-dice-stage oc-dice-${state}`}>
        <div className="oc-roll" ref={rollText} data-testid="roll">
          {last ? (last.outcome.roll / 100).toFixed(2) : '—'}
        </div>
        <div className="oc-dice-result" aria-live="polite" data-testid="dice-result">
          {last &&
            (last.outcome.won ? (
              <span className="oc-green">
                {t('payoutLabel')} {money(last.win)} · {t('profitLabel')} +{money(last.win - last.bet)}
              </span>
            ) : (
              <span className="oc-red">{t('noWin')}</span>
            ))}
        </div>
        <div className="oc-track-wrap">
          <div className="oc-track">
            <div
              className="oc-track-win"
              style={direction === 'under' ? { left: 0, width: `${pctTarget}%` } : { left: `${pctTarget}%`, right: 0 }}
            />
            <div className="oc-marker-lane">
              <div className="oc-marker" ref={marker} />
            </div>
          </div>
          <input
            className="oc-slider"
            type="range"
            min={0}
            max={9999}
            step={1}
            value={target}
            disabled={busy}
            aria-label={t('target')}
            onChange={(e) => {
              setTarget(clampTarget(Number(e.target.value), direction));
              setLast(null);
            }}
          />
          <div className="oc-scale">
            <span>0</span>
            <span>25</span>
            <span>50</span>
            <span>75</span>
            <span>100</span>
          </div>
        </div>
        <div className="oc-dice-stats">
          <button className="oc-stat oc-stat-btn" onClick={flip} disabled={busy} data-testid="direction">
            <small>{direction === 'under' ? t('under') : t('over')} ⇄</small>
            <b>{pctTarget.toFixed(2)}</b>
          </button>
          <div className="oc-stat">
            <small>{t('winChance')}</small>
            <b data-testid="chance">{(q.winRolls / 100).toFixed(2)} %</b>
          </div>
          <div className="oc-stat">
            <small>{t('payout')}</small>
            <b data-testid="multiplier">{multiplier(q.multiplierE4, 10_000, 4)}</b>
          </div>
        </div>
      </main>
      <footer className="oc-controls">
        <BetSelector />
        <button className="oc-action" data-testid="action" disabled={busy || betError !== null} onClick={() => void roll()}>
          {t('roll')}
        </button>
      </footer>
    </>
  );
}
