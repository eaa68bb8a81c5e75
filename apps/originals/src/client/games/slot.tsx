/**
 * Fortune Reels: 5×3 reels that spin with a vertical transform (compositor-only, staggered
 * stops), then paying cells glow, winning lines are drawn over the reels, the win counts up,
 * and free spins play out with a counter and the ×2 badge. Animated values live in refs and
 * the DOM; React renders once per spin, not per frame.
 */
import { useEffect, useRef, useState } from 'react';
import type { SlotSpin, SlotSpinResponse } from '../../api/schemas.ts';
import { FORTUNE_REELS, SLOT_SYMBOLS, rules } from '../../engine/index.ts';
import type { SlotSymbol } from '../../engine/index.ts';
import { money } from '../format.ts';
import { useGame } from '../game-context.ts';
import { play } from '../sound.ts';
import { countUp, countUpMs, highlight, spinSteps, winTier, type SpinHighlight } from '../slot-present.ts';
import { BetSelector } from '../ui/bet-selector.tsx';
import { SlotSymbolArt, SymbolDefs } from './slot-symbols.tsx';

/** The paylines' drawing units per cell (the SVG stretches over the reels, whatever --cell is). */
const CELL = 68;
const FILLER = 14;
const reduced = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const sleep = (ms: number) => new Promise<void>((r) => window.setTimeout(r, ms));

/** The symbols of a reel's strip from `stop` down, `count` of them (real strip order, wrapping). */
export function stripWindow(reel: number, stop: number, count: number): SlotSymbol[] {
  const strip = FORTUNE_REELS.baseStrips[reel] as readonly number[];
  const out: SlotSymbol[] = [];
  for (let i = 0; i < count; i++) out.push(SLOT_SYMBOLS[strip[(stop + i) % strip.length] as number] as SlotSymbol);
  return out;
}

interface ReelHandle {
  spin: (target: SlotSymbol[], stop: number, durationMs: number) => Promise<void>;
}

function Reel({ reel, initial, register, hl }: { reel: number; initial: SlotSymbol[]; register: (h: ReelHandle) => void; hl: SpinHighlight | null }) {
  const [strip, setStrip] = useState<SlotSymbol[]>(initial);
  const stripRef = useRef<HTMLDivElement>(null);
  const pending = useRef<{ resolve: () => void; duration: number } | null>(null);
  const shown = useRef<SlotSymbol[]>(initial);

  useEffect(() => {
    register({
      spin: (target, stop, duration) =>
        new Promise<void>((resolve) => {
          // Target on top, the strip passing by below it, the symbols shown now at the bottom:
          // moving the strip down from its bottom to its top is the reel spinning.
          pending.current = { resolve, duration };
          setStrip([...target, ...stripWindow(reel, stop + 3, FILLER), ...shown.current]);
          shown.current = target;
        }),
    });
  }, [reel, register]);

  useEffect(() => {
    const el = stripRef.current;
    const p = pending.current;
    if (!el || !p) return;
    pending.current = null;
    // The strip above the 3-cell window, measured: --cell depends on the screen's width.
    const from = -(el.offsetHeight - (el.parentElement?.clientHeight ?? 0));
    el.style.transition = 'none';
    el.style.transform = `translate3d(0, ${from}px, 0)`;
    void el.offsetHeight; // one forced style flush per reel per spin, so the transition starts from `from`
    el.style.transition = `transform ${p.duration}ms cubic-bezier(0.2, 0.6, 0.25, 1.08)`;
    el.style.transform = 'translate3d(0, 0, 0)';
    const done = () => {
      el.removeEventListener('transitionend', done);
      window.clearTimeout(timer);
      el.style.transition = 'none';
      setStrip(shown.current);
      play('stop');
      p.resolve();
    };
    const timer = window.setTimeout(done, p.duration + 100); // transitionend never fires in a hidden tab
    el.addEventListener('transitionend', done);
  }, [strip]);

  return (
    <div className="oc-reel">
      <div className="oc-strip" ref={stripRef}>
        {strip.map((s, i) => (
          <div key={i} className={`oc-cell${hl && i < 3 && strip.length === 3 && hl.cells.has(`${reel}:${i}`) ? ' oc-cell-win' : ''}`}>
            <SlotSymbolArt symbol={s} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function SlotGame() {
  const { api, t, bet, setBalance, busy, setBusy, fail, roundPlayed, checkStake, betError } = useGame();
  const reels = useRef<ReelHandle[]>([]);
  const winRef = useRef<HTMLSpanElement>(null);
  const alive = useRef(true);
  const [hl, setHl] = useState<SpinHighlight | null>(null);
  const [free, setFree] = useState<{ left: number; index: number } | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [tier, setTier] = useState<'none' | 'small' | 'big' | 'mega'>('none');
  const initial = useRef([0, 0, 0, 0, 0].map((s, r) => stripWindow(r, s + r * 7, 3)));

  useEffect(() => () => void (alive.current = false), []);

  const showWin = (value: number) => {
    if (winRef.current) winRef.current.textContent = value > 0 ? money(value) : '';
  };

  /** Counts the win display from `from` to `to` on animation frames (text only, no React). */
  const countTo = (from: number, to: number, ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || reduced()) return showWin(to), resolve();
      const t0 = performance.now();
      const frame = (now: number) => {
        if (!alive.current) return resolve();
        const v = from + countUp(to - from, now - t0, ms);
        showWin(v);
        if (now - t0 < ms) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });

  const spinTo = async (spin: SlotSpin) => {
    setHl(null);
    play('spin');
    const base = reduced() ? 200 : 900;
    await Promise.all(reels.current.map((h, r) => h.spin(spin.grid[r] as SlotSymbol[], spin.stops[r] as number, base + r * (reduced() ? 0 : 240))));
  };

  const spinOnce = async () => {
    if (busy) return;
    if (!(await checkStake(bet))) return;
    setBusy(true);
    setTier('none');
    showWin(0);
    try {
      const res = await api.call<SlotSpinResponse>('/slot/spin', { bet });
      setBalance(res.balance - res.win); // the bet is taken now; the win is credited when shown
      roundPlayed(res.fairness);
      const steps = spinSteps(res.outcome);
      let shown = 0;
      for (const step of steps) {
        if (!alive.current) return;
        if (step.free) setFree({ left: step.freeLeft, index: step.index });
        await spinTo(step.spin);
        setHl(highlight(step.spin));
        if (step.spin.freeSpinsAwarded > 0) {
          setBanner(t('freeSpinsWon', { n: step.spin.freeSpinsAwarded, m: rules.slot.freeSpins.multiplier }));
          play('bigWin');
        } else if (step.spin.win > 0) play('win');
        const target = Math.min(step.totalSoFar, res.win);
        await countTo(shown, target, countUpMs(target - shown, res.bet));
        shown = target;
        await sleep(step.spin.win > 0 || step.spin.freeSpinsAwarded > 0 ? 900 : 250);
        setBanner(null);
      }
      setFree(null);
      setBalance(res.balance);
      setTier(winTier(res.win, res.bet));
      if (res.win > 0 && winTier(res.win, res.bet) !== 'small') play('bigWin');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const register = (r: number) => (h: ReelHandle) => void (reels.current[r] = h);

  return (
    <>
      <SymbolDefs />
      <main className="oc-stage oc-slot-stage">
        <div className="oc-slot-top">
          {free ? (
            <span className="oc-free" data-testid="free-spins">
              {t('freeSpinsLeft', { n: free.left })} <b className="oc-badge">×{rules.slot.freeSpins.multiplier}</b>
            </span>
          ) : (
            <span className="oc-dim">{t('paylines', { n: rules.slot.lines.length })}</span>
          )}
        </div>
        <div className={`oc-reels${free ? ' oc-reels-free' : ''}`}>
          {initial.current.map((syms, r) => (
            <Reel key={r} reel={r} initial={syms} register={register(r)} hl={hl} />
          ))}
          {hl && hl.lines.length > 0 && (
            <svg className="oc-paylines" viewBox={`0 0 ${5 * CELL} ${3 * CELL}`} preserveAspectRatio="none" aria-hidden="true">
              {hl.lines.map((l, i) => (
                <polyline key={i} className={`oc-payline oc-payline-${i % 4}`} points={l.points.map(([x, y]) => `${x * CELL + CELL / 2},${y * CELL + CELL / 2}`).join(' ')} />
              ))}
            </svg>
          )}
          {banner && <div className="oc-banner" role="status">{banner}</div>}
        </div>
        <div className={`oc-winline oc-tier-${tier}`} aria-live="polite">
          <span className="oc-win-label">{t('win')}</span>
          <span className="oc-win-amount" ref={winRef} data-testid="win" />
        </div>
        {hl && hl.lines.length > 0 && (
          <ul className="oc-line-wins">
            {hl.lines.slice(0, 4).map((l) => (
              <li key={l.line}>
                {t('line', { n: l.line + 1 })} · {l.count}× · {money(l.amount)}
              </li>
            ))}
          </ul>
        )}
      </main>
      <footer className="oc-controls">
        <BetSelector />
        <button className="oc-action" data-testid="action" disabled={busy || betError !== null} onClick={() => void spinOnce()}>
          {t('spin')}
        </button>
      </footer>
    </>
  );
}
