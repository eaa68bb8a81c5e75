/**
 * Crash: the multiplier climbs on the server's clock (synced from `serverNow`), drawn as a curve
 * on axes (multiplier up, seconds along) with a rocket riding it, under a big readout that the
 * chart never covers, updated per frame through refs (no React render per frame). A cash-out
 * names its payout and its profit apart.
 * Cash out is live while flying; `crash/state` is polled every 500 ms; the crash point shows
 * when revealed; recent crash points sit in a row on top.
 */
import { useEffect, useRef, useState } from 'react';
import type { CrashRound, CrashRoundResponse, CrashStartResponse } from '../../api/schemas.ts';
import { crashMultiplierAtMs, rules } from '../../engine/index.ts';

const crashRules = rules.crash;
import { clockOffset, elapsedMs, parseAutoCashout, readoutE2 } from '../crash-sync.ts';
import { money, multiplier } from '../format.ts';
import { useGame } from '../game-context.ts';
import { play } from '../sound.ts';
import { BetSelector } from '../ui/bet-selector.tsx';

/** The chart's drawing units; the plot sits inside the axes' margins. */
const W = 340;
const H = 200;
const PLOT = { left: 40, right: 330, top: 16, bottom: 178 };
const PW = PLOT.right - PLOT.left;
const PH = PLOT.bottom - PLOT.top;

interface Flight {
  roundId: string;
  startedAt: number;
  offset: number;
  bet: number;
  /** The auto cash-out the server holds for this round (hundredths of ×), or null. */
  autoE2: number | null;
  /** Set when the round ends: the readout freezes there. */
  endE2: number | null;
}

/** Visible window: grows with time so the curve always fits (ms on x, log multiplier on y). */
function view(ms: number) {
  const viewMs = Math.max(10_000, ms * 1.15);
  const logMax = Math.max(Math.log(2), Math.log(crashMultiplierAtMs(viewMs) / 100) * 1.05);
  return { viewMs, logMax };
}

function pathFor(ms: number): { d: string; x: number; y: number; angle: number } {
  const { viewMs, logMax } = view(ms);
  const n = 40;
  let d = '';
  let x = PLOT.left;
  let y = PLOT.bottom;
  let px = x;
  let py = y;
  for (let i = 0; i <= n; i++) {
    const tm = (ms * i) / n;
    px = x;
    py = y;
    x = PLOT.left + (tm / viewMs) * PW;
    // The drawn curve uses the unrounded e^(λt) (the readout floors to hundredths; the line must not step).
    y = PLOT.bottom - ((crashRules.growthPerMs * tm) / logMax) * PH;
    d += `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
  }
  const angle = ms > 0 ? (Math.atan2(y - py, x - px) * 180) / Math.PI : -20;
  return { d, x, y, angle };
}

/** The axes' labels for the visible window: multipliers up the left side, seconds along the bottom. */
function ticksFor(ms: number): { y: string[]; x: string[] } {
  const { viewMs, logMax } = view(ms);
  const y = [0, 0.5, 1].map((f) => {
    const m = Math.exp(f * logMax);
    return `${m.toFixed(m < 10 ? 2 : m < 100 ? 1 : 0)}×`;
  });
  const x = [0, 0.5, 1].map((f) => `${Math.round((f * viewMs) / 1000)}s`);
  return { y, x };
}

const Y_TICKS = [PLOT.bottom, PLOT.top + PH / 2, PLOT.top];
const X_TICKS = [PLOT.left, PLOT.left + PW / 2, PLOT.right];

/** A signed amount: + for money in, − (U+2212) for money out, no sign for zero (decision 026). */
function signed(hundredths: number): string {
  if (hundredths === 0) return money(0);
  return `${hundredths > 0 ? '+' : '\u2212'}${money(Math.abs(hundredths))}`;
}

export function CrashGame() {
  const { api, t, bet, setBet, setBalance, setLeaveWarning, busy, setBusy, fail, roundPlayed, toast, checkStake, betError, session } = useGame();
  const [auto, setAuto] = useState('');
  const [phase, setPhase] = useState<'idle' | 'flying' | 'cashed' | 'crashed'>('idle');
  const [result, setResult] = useState<CrashRound | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const flight = useRef<Flight | null>(null);
  const readout = useRef<HTMLDivElement>(null);
  const cashLabel = useRef<HTMLSpanElement>(null);
  const curve = useRef<SVGPathElement>(null);
  const rocket = useRef<SVGGElement>(null);
  const yLabels = useRef<Array<SVGTextElement | null>>([]);
  const xLabels = useRef<Array<SVGTextElement | null>>([]);

  /** Curve, rocket (along the curve) and axis labels at `ms` into the round. */
  const draw = (ms: number) => {
    const p = pathFor(ms);
    curve.current?.setAttribute('d', p.d);
    rocket.current?.setAttribute('transform', `translate(${p.x.toFixed(1)},${p.y.toFixed(1)}) rotate(${p.angle.toFixed(1)})`);
    const ticks = ticksFor(ms);
    ticks.y.forEach((v, i) => {
      const el = yLabels.current[i];
      if (el && el.textContent !== v) el.textContent = v;
    });
    ticks.x.forEach((v, i) => {
      const el = xLabels.current[i];
      if (el && el.textContent !== v) el.textContent = v;
    });
  };

  // Frame loop: only while flying; writes text and attributes directly.
  useEffect(() => {
    if (phase !== 'flying') return;
    let raf = 0;
    const frame = () => {
      const f = flight.current;
      if (!f) return;
      const now = performance.now() + performance.timeOrigin;
      const ms = elapsedMs(f.startedAt, now, f.offset);
      const e2 = readoutE2(f.startedAt, now, f.offset, f.endE2);
      if (readout.current) readout.current.textContent = multiplier(e2, 100);
      if (cashLabel.current) cashLabel.current.textContent = money(Math.floor((f.bet * e2) / 100));
      draw(ms);
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [phase]);

  const settle = (round: CrashRound, newBalance: number) => {
    flight.current = null;
    setLeaveWarning(null);
    setResult(round);
    setBalance(newBalance);
    roundPlayed(round.fairness);
    if (round.crashPointE2 !== null) setRecent((r) => [round.crashPointE2 as number, ...r].slice(0, 12));
    const endE2 = round.status === 'cashed' ? (round.cashOutE2 ?? 100) : (round.crashPointE2 ?? 100);
    if (readout.current) readout.current.textContent = multiplier(endE2, 100);
    const ms = round.status === 'crashed' ? (round.crashAtMs ?? 0) : null;
    if (ms !== null) draw(ms);
    setPhase(round.status === 'cashed' ? 'cashed' : 'crashed');
    play(round.status === 'cashed' ? 'cashOut' : 'lose');
    setBusy(false);
  };

  // Poll the round while flying: the server decides crashes and auto cash-outs.
  useEffect(() => {
    if (phase !== 'flying') return;
    const id = window.setInterval(async () => {
      const f = flight.current;
      if (!f) return;
      try {
        const sent = Date.now();
        const r = await api.call<CrashRoundResponse>('/crash/state', { roundId: f.roundId });
        if (flight.current) flight.current.offset = clockOffset(r.round.serverNow, sent, Date.now());
        if (r.round.status !== 'flying') settle(r.round, r.balance);
      } catch (e) {
        fail(e);
      }
    }, 500);
    return () => window.clearInterval(id);
  }, [phase]);

  const begin = (startedAt: number, serverNow: number, sent: number, roundId: string, betAmount: number, autoE2: number | null) => {
    flight.current = { roundId, startedAt, offset: clockOffset(serverNow, sent, Date.now()), bet: betAmount, autoE2, endE2: null };
    // Leaving does not stop the round: the server settles it at its end (its timer or sweeper),
    // paying the auto cash-out if the curve reaches it first, else nothing at the crash.
    setLeaveWarning(autoE2 !== null ? t('leaveCrashAuto', { bet: money(betAmount), m: multiplier(autoE2, 100) }) : t('leaveCrashNoAuto', { bet: money(betAmount) }));
    setResult(null);
    setPhase('flying');
    setBusy(true);
  };

  // Resume a round that was flying before a reload.
  useEffect(() => {
    const open = session.openRound;
    if (open?.game === 'crash' && open.status === 'flying') {
      setBet(open.bet);
      begin(open.startedAt, open.serverNow, Date.now(), open.roundId, open.bet, open.autoCashoutE2);
      toast(t('roundResumed'));
    }
  }, []);

  const start = async () => {
    if (!(await checkStake(bet))) return;
    const autoE2 = parseAutoCashout(auto);
    setBusy(true);
    try {
      const sent = Date.now();
      const r = await api.call<CrashStartResponse>('/crash/start', autoE2 ? { bet, autoCashoutE2: autoE2 } : { bet });
      setBalance(r.balance);
      play('spin');
      begin(r.startedAt, r.serverNow, sent, r.roundId, r.bet, r.autoCashoutE2);
    } catch (e) {
      setBusy(false);
      fail(e);
    }
  };

  const cashOut = async () => {
    const f = flight.current;
    if (!f) return;
    try {
      const r = await api.call<CrashRoundResponse>('/crash/cashout', { roundId: f.roundId });
      settle(r.round, r.balance);
    } catch (e) {
      fail(e);
    }
  };

  const flying = phase === 'flying';
  return (
    <>
      <main className={`oc-stage oc-crash-stage oc-crash-${phase}`}>
        <div className="oc-recent" aria-label={t('recent')}>
          {recent.map((e2, i) => (
            <span key={i} className={e2 >= 200 ? 'oc-hi' : 'oc-lo'}>
              {multiplier(e2, 100)}
            </span>
          ))}
        </div>
        <div className="oc-crash-box">
          <div className="oc-crash-head">
            <div className="oc-readout" ref={readout} data-testid="readout">
              1.00×
            </div>
            <div className="oc-crash-note" data-testid="crash-note">
              {phase === 'idle' && t('waiting')}
              {phase === 'flying' && '\u00a0'}
              {phase === 'crashed' && result && t('crashedAt', { m: multiplier(result.crashPointE2 ?? 100, 100) })}
              {phase === 'cashed' && result && (
                <>
                  {t('cashedOutAt', { m: multiplier(result.cashOutE2 ?? 100, 100) })}
                  {result.crashPointE2 !== null && <span className="oc-dim"> · {t('crashedAt', { m: multiplier(result.crashPointE2, 100) })}</span>}
                  <br />
                  {/* A payout is the whole amount paid back; the profit is what it adds to the stake. */}
                  {t('payoutLabel')} <b className="oc-green" data-testid="crash-payout">{money(result.win ?? 0)}</b> · {t('profitLabel')}{' '}
                  <b className={(result.win ?? 0) >= result.bet ? 'oc-green' : 'oc-red'} data-testid="crash-profit">
                    {signed((result.win ?? 0) - result.bet)}
                  </b>
                </>
              )}
            </div>
          </div>
          <svg className="oc-crash-svg" viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
            <defs>
              <linearGradient id="oc-curve" x1="0" y1="1" x2="1" y2="0">
                <stop offset="0" stopColor="#4fd1e8" />
                <stop offset="1" stopColor="#f5b73b" />
              </linearGradient>
              <linearGradient id="oc-rocket-body" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="#ffffff" />
                <stop offset="1" stopColor="#c9d2f0" />
              </linearGradient>
            </defs>
            {Y_TICKS.map((y, i) => (
              <g key={`y${i}`}>
                <line x1={PLOT.left} x2={PLOT.right} y1={y} y2={y} className={i === 0 ? 'oc-axis' : 'oc-grid'} />
                <text ref={(el) => void (yLabels.current[i] = el)} x={PLOT.left - 5} y={y + 3.5} className="oc-tick" textAnchor="end">
                  {['1.00×', '1.41×', '2.00×'][i]}
                </text>
              </g>
            ))}
            <line x1={PLOT.left} x2={PLOT.left} y1={PLOT.top} y2={PLOT.bottom} className="oc-axis" />
            {X_TICKS.map((x, i) => (
              <text key={`x${i}`} ref={(el) => void (xLabels.current[i] = el)} x={x} y={H - 6} className="oc-tick" textAnchor={i === 0 ? 'start' : i === 2 ? 'end' : 'middle'}>
                {['0s', '5s', '10s'][i]}
              </text>
            ))}
            <path ref={curve} d={`M${PLOT.left},${PLOT.bottom}`} className="oc-curve" />
            {/* On the pad, clear of the axis labels, until the first frame puts it on the curve. */}
            <g ref={rocket} transform={`translate(${PLOT.left + 24},${PLOT.bottom - 8}) rotate(-20)`}>
              <g className="oc-rocket">
                <path className="oc-flame" d="M-10,0 L-24,-4 L-19,0 L-24,4 Z" fill="#ff7a45" />
                <path d="M-10,-4 L-15,-9 L-6,-5 Z M-10,4 L-15,9 L-6,5 Z" fill="#f87171" />
                <path d="M-11,-5 L6,-5 Q16,-4 20,0 Q16,4 6,5 L-11,5 Z" fill="url(#oc-rocket-body)" stroke="#8a96c7" strokeWidth="0.8" />
                <circle cx="5" cy="0" r="2.6" fill="#4fd1e8" stroke="#1c2547" strokeWidth="1" />
              </g>
            </g>
          </svg>
        </div>
      </main>
      <footer className="oc-controls">
        <BetSelector />
        <div className="oc-field">
          <label htmlFor="oc-auto">{t('autoCashOut')} (×)</label>
          <input id="oc-auto" inputMode="decimal" placeholder={t('off')} value={auto} disabled={busy} onChange={(e) => setAuto(e.target.value)} />
        </div>
        {flying ? (
          <button className="oc-action oc-action-cash" data-testid="action" onClick={() => void cashOut()}>
            {t('cashOut')} <span ref={cashLabel} />
          </button>
        ) : (
          <button className="oc-action" data-testid="action" disabled={busy || betError !== null} onClick={() => void start()}>
            {t('start')}
          </button>
        )}
      </footer>
    </>
  );
}
