/**
 * Mines: 5×5 tiles that flip (a 3D rotate, transform only) to a gem or a mine; the next
 * multiplier and the cash-out amount are shown; the whole board is revealed at the end; an open
 * round is resumed after a reload.
 */
import { useEffect, useState } from 'react';
import type { MinesResponse, MinesRound } from '../../api/schemas.ts';
import { rules } from '../../engine/index.ts';
import { money, multiplier } from '../format.ts';
import { useGame } from '../game-context.ts';
import { play } from '../sound.ts';
import { BetSelector } from '../ui/bet-selector.tsx';

const TILES = Array.from({ length: 25 }, (_, i) => i);

/** + for money in, − (U+2212) for money out, no sign for zero (decision 026). */
const signedMoney = (h: number) => (h === 0 ? money(0) : `${h > 0 ? '+' : '\u2212'}${money(Math.abs(h))}`);

export function MinesGame() {
  const { api, t, bet, setBet, setBalance, busy, setBusy, fail, roundPlayed, toast, checkStake, betError, session } = useGame();
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<MinesRound | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const open = round?.status === 'open';

  useEffect(() => {
    const r = session.openRound;
    if (r?.game === 'mines' && r.status === 'open') {
      setRound(r);
      setMines(r.mines);
      setBet(r.bet); // the field shows the restored round's own stake
      setBusy(true);
      toast(t('roundResumed'));
    }
  }, []);

  const apply = (r: MinesResponse) => {
    setRound(r.round);
    setBalance(r.balance);
    if (r.round.status !== 'open') {
      setBusy(false);
      roundPlayed(r.round.fairness);
      play(r.round.status === 'lost' ? 'mine' : 'cashOut');
    }
  };

  const start = async () => {
    if (!(await checkStake(bet))) return;
    setBusy(true);
    try {
      apply(await api.call<MinesResponse>('/mines/start', { bet, mines }));
      play('click');
    } catch (e) {
      setBusy(false);
      fail(e);
    }
  };

  const pick = async (tile: number) => {
    if (!round || !open || pending !== null || round.picks.includes(tile)) return;
    setPending(tile);
    try {
      const r = await api.call<MinesResponse>('/mines/pick', { roundId: round.roundId, tile });
      if (r.round.status !== 'lost') play('gem');
      apply(r);
    } catch (e) {
      fail(e);
    } finally {
      setPending(null);
    }
  };

  const cashOut = async () => {
    if (!round) return;
    try {
      apply(await api.call<MinesResponse>('/mines/cashout', { roundId: round.roundId }));
    } catch (e) {
      fail(e);
    }
  };

  const mineSet = new Set(round?.mineTiles ?? []);
  const picked = new Set(round?.picks ?? []);
  const lastPick = round?.picks[round.picks.length - 1];
  const ended = round !== null && round.status !== 'open';
  // Once a round has ended, "Next" is what the first gem of a new round pays.
  const firstMultiplier = rules.mines.multipliersE4[mines - 1]?.[0] ?? 0;

  return (
    <>
      <main className="oc-stage oc-mines-stage">
        <div className="oc-mines-info" data-testid="mines-info">
          {/* Before a round: what the first gem pays. In play: gems, the cash-out multiplier now, the next one. After: how it ended. */}
          {!round && <span data-testid="mines-next">{t('firstGem', { m: multiplier(firstMultiplier, 10_000) })}</span>}
          {round && (
            <span>
              {t('gems')}: <b>{round.safePicks}</b>
            </span>
          )}
          {open && round.multiplierE4 > 0 && (
            <span>
              {t('nowLabel')} <b className="oc-gold">{multiplier(round.multiplierE4, 10_000)}</b>
            </span>
          )}
          {open && round.nextMultiplierE4 !== null && <span data-testid="mines-next">{t('next', { m: multiplier(round.nextMultiplierE4, 10_000) })}</span>}
          {round?.status === 'cashed' && <span className="oc-gold">{t('cashedOutAt', { m: multiplier(round.multiplierE4, 10_000) })}</span>}
        </div>
        <div className={`oc-board${ended ? ' oc-board-ended' : ''}`} data-testid="board">
          {TILES.map((i) => {
            const isMine = mineSet.has(i);
            const revealed = picked.has(i) || ended;
            const face = picked.has(i) ? (round?.status === 'lost' && i === lastPick ? 'mine' : 'gem') : ended ? (isMine ? 'mine' : 'gem') : null;
            return (
              <button
                key={i}
                className={`oc-tile${revealed ? ' oc-flipped' : ''}${pending === i ? ' oc-tile-pending' : ''}${ended && !picked.has(i) ? ' oc-tile-ghost' : ''}${face === 'mine' && i === lastPick ? ' oc-tile-boom' : ''}`}
                disabled={!open || picked.has(i) || pending !== null}
                aria-label={face ? `${i + 1}: ${face}` : `${i + 1}`}
                onClick={() => void pick(i)}
              >
                <span className="oc-tile-inner">
                  <span className="oc-tile-back" />
                  <span className={`oc-tile-face oc-face-${face ?? 'none'}`}>{face === 'gem' ? <Gem /> : face === 'mine' ? <Mine /> : null}</span>
                </span>
              </button>
            );
          })}
        </div>
        <div className="oc-mines-result" aria-live="polite" data-testid="mines-result">
          {round?.status === 'lost' && <span className="oc-red">{t('boom')}</span>}
          {round?.status === 'cashed' && (
            <span className="oc-green">
              {t('payoutLabel')} {money(round.win ?? 0)} · {t('profitLabel')} {signedMoney((round.win ?? 0) - round.bet)}
            </span>
          )}
          {open && round.safePicks === 0 && <span className="oc-dim">{t('pickTile')}</span>}
        </div>
      </main>
      <footer className="oc-controls">
        <BetSelector />
        <div className="oc-field oc-field-mines">
          <span className="oc-field-label" id="oc-mines-label">
            {t('mines')}
          </span>
          <div className="oc-stepper" role="group" aria-labelledby="oc-mines-label">
            <button className="oc-chip" disabled={busy || mines <= 1} aria-label={t('fewerMines')} onClick={() => setMines((m) => Math.max(1, m - 1))}>
              −
            </button>
            <output className="oc-stepper-value" data-testid="mines-count" aria-live="polite">
              {mines}
            </output>
            <button className="oc-chip" disabled={busy || mines >= 24} aria-label={t('moreMines')} onClick={() => setMines((m) => Math.min(24, m + 1))}>
              +
            </button>
          </div>
        </div>
        {open ? (
          // Before the first gem there is nothing to cash out: the button says so instead of "Cash out 0.00".
          <button className="oc-action oc-action-cash" data-testid="action" disabled={round.cashOutAmount <= 0 || pending !== null} onClick={() => void cashOut()}>
            {round.cashOutAmount > 0 ? t('cashOutAmount', { amount: money(round.cashOutAmount) }) : t('pickTile')}
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

function Gem() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true">
      <polygon points="20,4 34,14 20,36 6,14" fill="#34d399" stroke="#b9ffe2" strokeWidth="2" />
      <polygon points="20,4 26,14 20,36 14,14" fill="#8af0c6" opacity="0.7" />
    </svg>
  );
}

function Mine() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="22" r="11" fill="#2a2f45" stroke="#f87171" strokeWidth="2" />
      <path d="M20 11 L22 5 M27 14 L32 9" stroke="#f5b73b" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="16" cy="18" r="3" fill="#fff" opacity="0.5" />
    </svg>
  );
}
