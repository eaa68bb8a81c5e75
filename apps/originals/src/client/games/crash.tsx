/**
 * Crash: the multiplier climbs on the server's clock (synced from `serverNow`), drawn as a curve
 * with a rocket and a big readout, updated per frame through refs (no React render per frame).
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

const W = 340;
const H = 220;

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

function pathFor(ms: number): { d: string; x: number; y: number } {
  const { viewMs, logMax } = view(ms);
  const n = 40;
  let d = '';
  let x = 0;
  let y = H;
  for (let i = 0; i <= n; i++) {
    const tm = (ms * i) / n;
    x = (tm / viewMs) * W;
    // The drawn curve uses the unrounded e^(λt) (the readout floors to hundredths; the line must not step).
    y = H - ((crashRules.growthPerMs * tm) / logMax) * (H - 20);
    d += `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
  }
  return { d, x, y };
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
      const p = pathFor(ms);
      curve.current?.setAttribute('d', p.d);
      rocket.current?.setAttribute('transform', `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
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
    if (ms !== null) {
      const p = pathFor(ms);
      curve.current?.setAttribute('d', p.d);
      rocket.current?.setAttribute('transform', `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
    }
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
          <svg className="oc-crash-svg" viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
            <defs>
              <linearGradient id="oc-curve" x1="0" y1="1" x2="1" y2="0">
                <stop offset="0" stopColor="#4fd1e8" />
                <stop offset="1" stopColor="#f5b73b" />
              </linearGradient>
            </defs>
            <path ref={curve} d="M0,220" className="oc-curve" />
            <g ref={rocket} transform={`translate(0,${H})`}>
              <g className="oc-rocket">
                <path d="M0,-9 L16,0 L0,9 L4,0 Z" fill="#f5b73b" />
                <circle cx="-3" cy="0" r="4" fill="#ff7a45" className="oc-flame" />
              </g>
            </g>
          </svg>
          <div className="oc-readout" ref={readout} data-testid="readout">
            1.00×
          </div>
          <div className="oc-crash-note" data-testid="crash-note">
            {phase === 'idle' && t('waiting')}
            {phase === 'crashed' && result && t('crashedAt', { m: multiplier(result.crashPointE2 ?? 100, 100) })}
            {phase === 'cashed' && result && (
              <>
                {t('cashedOutAt', { m: multiplier(result.cashOutE2 ?? 100, 100) })} · <b className="oc-green">+{money(result.win ?? 0)}</b>
                {result.crashPointE2 !== null && <span className="oc-dim"> · {t('crashedAt', { m: multiplier(result.crashPointE2, 100) })}</span>}
              </>
            )}
          </div>
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
