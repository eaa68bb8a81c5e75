/**
 * The verify page: recomputes any round in the browser with the engine's `verifyRound`
 * (WebCrypto), shows the outcome and whether the revealed seed matches its hash. Pre-filled
 * from the address: the fairness sheet links here after a rotation and from each of the
 * player's recent rounds; the FAQ links here empty. A header with a way back. Its Lucky jackpot
 * mode (`game=jackpot`, jackpot-verify.tsx) recomputes a promotional draw from its award table.
 */
import { useMemo, useState } from 'react';
import { FairnessError } from '@playhall/fairness';
import { CRASH_MIN_CASH_OUT_E2, GAME_IDS, OriginalsError, verifyRound } from '../../engine/index.ts';
import type { GameId, GameParams, VerifiedRound } from '../../engine/index.ts';
import { money, multiplier } from '../format.ts';
import type { Lang } from '../i18n.ts';
import { translator } from '../i18n.ts';
import { SlotSymbolArt, SymbolDefs } from '../games/slot-symbols.tsx';
import { JackpotResult, parseAwardTable, verifyJackpotDraw, type JackpotVerified } from './jackpot-verify.tsx';

/** What the page verifies: a round of an Original, or a Lucky jackpot draw. */
export type VerifyMode = GameId | 'jackpot';
const MODES: readonly VerifyMode[] = [...GAME_IDS, 'jackpot'];

export interface VerifyForm {
  game: VerifyMode;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  bet: string;
  target: string;
  direction: 'under' | 'over';
  mines: string;
  picks: string;
  cashOut: string;
  /** Jackpot mode: the award table's ids and weights, comma separated, in id order. */
  ids: string;
  weights: string;
}

export function formFromSearch(q: URLSearchParams): VerifyForm {
  const game = (MODES as readonly string[]).includes(q.get('game') ?? '') ? (q.get('game') as VerifyMode) : 'slot';
  return {
    game,
    serverSeed: q.get('serverSeed') ?? '',
    serverSeedHash: q.get('serverSeedHash') ?? '',
    clientSeed: q.get('clientSeed') ?? '',
    nonce: q.get('nonce') ?? '0',
    bet: q.get('bet') ?? '1.00',
    target: q.get('target') ?? '50.00',
    direction: q.get('direction') === 'over' ? 'over' : 'under',
    mines: q.get('mines') ?? '3',
    picks: q.get('picks') ?? '0',
    // Empty: a crash round that ended without a cash-out (only its crash point is checked).
    cashOut: q.get('cashOut') ?? '2.00',
    ids: q.get('ids') ?? '',
    weights: q.get('weights') ?? '',
  };
}

/** Form text → the engine's params (hundredths and integer scales). */
export function paramsFromForm(f: VerifyForm & { game: GameId }): GameParams[GameId] {
  const bet = Math.round(Number.parseFloat(f.bet) * 100);
  switch (f.game) {
    case 'slot':
      return { bet };
    case 'dice':
      return { bet, target: Math.round(Number.parseFloat(f.target) * 100), direction: f.direction };
    case 'mines':
      return { bet, mines: Number.parseInt(f.mines, 10), picks: f.picks.split(/[\s,]+/).filter(Boolean).map((x) => Number.parseInt(x, 10)) };
    case 'crash':
      return { bet, cashOutE2: noCashOut(f) ? CRASH_MIN_CASH_OUT_E2 : Math.round(Number.parseFloat(f.cashOut) * 100) };
  }
}

/** A crash round with no cash-out to check: the payout is 0 whatever the crash point. */
const noCashOut = (f: VerifyForm) => f.game === 'crash' && f.cashOut.trim() === '';

/** Back where the player came from (the game, the FAQ); a page opened on its own goes to the lobby. */
function goBack(): void {
  if (window.history.length > 1) window.history.back();
  else window.location.assign('/');
}

export async function runVerify(f: VerifyForm & { game: GameId }): Promise<VerifiedRound> {
  return verifyRound(f.game, {
    serverSeed: f.serverSeed.trim(),
    clientSeed: f.clientSeed.trim(),
    nonce: Number.parseInt(f.nonce, 10),
    params: paramsFromForm(f),
    ...(f.serverSeedHash.trim() ? { serverSeedHash: f.serverSeedHash.trim() } : {}),
  } as Parameters<typeof verifyRound>[1]);
}

export function VerifyPage({ lang, search }: { lang: Lang; search: URLSearchParams }) {
  const t = useMemo(() => translator(lang), [lang]);
  const [form, setForm] = useState<VerifyForm>(() => formFromSearch(search));
  const [result, setResult] = useState<VerifiedRound | null>(null);
  const [draw, setDraw] = useState<JackpotVerified | null>(null);
  const jackpot = form.game === 'jackpot';
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof VerifyForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: { preventDefault: () => void }) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    setDraw(null);
    // A round from the records whose seed pair is still in use: say how to reveal it.
    if (!form.serverSeed.trim()) return setError(t('seedInUse'));
    try {
      if (form.game !== 'jackpot') return setResult(await runVerify({ ...form, game: form.game }));
      const parsed = parseAwardTable(form.ids, form.weights);
      if ('error' in parsed) return setError(t(parsed.error));
      const hash = form.serverSeedHash.trim();
      setDraw(
        await verifyJackpotDraw({
          serverSeed: form.serverSeed.trim(),
          clientSeed: form.clientSeed.trim(),
          nonce: Number(form.nonce.trim() || 'x'),
          table: parsed.table,
          ...(hash ? { serverSeedHash: hash } : {}),
        }),
      );
    } catch (err) {
      setError(err instanceof OriginalsError || err instanceof FairnessError || err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="oc-app oc-verify">
      <SymbolDefs />
      <header className="oc-bar oc-verify-bar">
        <button type="button" className="oc-icon" aria-label={t('back')} onClick={goBack} data-testid="verify-back">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <h1 className="oc-title">{t('verifyTitle')}</h1>
      </header>
      <p className="oc-verify-intro oc-dim">{t(jackpot ? 'jackpotIntro' : 'verifyIntro')}</p>
      <form className="oc-verify-form" onSubmit={(e) => void submit(e)}>
        <label>
          {t('game')}
          <select value={form.game} onChange={set('game')} name="game">
            {MODES.map((g) => (
              <option key={g} value={g}>
                {t(g === 'mines' ? 'minesGame' : g)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('serverSeed')}
          <input name="serverSeed" value={form.serverSeed} onChange={set('serverSeed')} autoComplete="off" spellCheck={false} />
        </label>
        <label>
          {t('serverSeedHash')}
          <input name="serverSeedHash" value={form.serverSeedHash} onChange={set('serverSeedHash')} autoComplete="off" spellCheck={false} />
        </label>
        <div className="oc-row">
          <label>
            {t('clientSeed')}
            <input name="clientSeed" value={form.clientSeed} onChange={set('clientSeed')} autoComplete="off" spellCheck={false} />
          </label>
          <label className="oc-narrow">
            {t('nonce')}
            <input name="nonce" inputMode="numeric" value={form.nonce} onChange={set('nonce')} />
          </label>
        </div>
        {jackpot && (
          <>
            <label>
              {t('awardIds')}
              <input name="ids" inputMode="numeric" value={form.ids} onChange={set('ids')} autoComplete="off" spellCheck={false} />
            </label>
            <label>
              {t('weights')}
              <input name="weights" inputMode="numeric" value={form.weights} onChange={set('weights')} autoComplete="off" spellCheck={false} />
            </label>
          </>
        )}
        {!jackpot && (
          <div className="oc-row">
            <label className="oc-narrow">
              {t('bet')}
              <input name="bet" inputMode="decimal" value={form.bet} onChange={set('bet')} />
            </label>
            {form.game === 'dice' && (
              <>
                <label className="oc-narrow">
                  {t('target')}
                  <input name="target" inputMode="decimal" value={form.target} onChange={set('target')} />
                </label>
                <label className="oc-narrow oc-direction">
                  {t('direction')}
                  <select name="direction" value={form.direction} onChange={set('direction')}>
                    <option value="under">{t('under')}</option>
                    <option value="over">{t('over')}</option>
                  </select>
                </label>
              </>
            )}
            {form.game === 'mines' && (
              <label className="oc-narrow">
                {t('mines')}
                <input name="mines" inputMode="numeric" value={form.mines} onChange={set('mines')} />
              </label>
            )}
            {form.game === 'crash' && (
              <label className="oc-narrow">
                {t('cashOutAt')}
                <input name="cashOut" inputMode="decimal" value={form.cashOut} onChange={set('cashOut')} />
              </label>
            )}
          </div>
        )}
        {form.game === 'mines' && (
          <label>
            {t('picks')}
            <input name="picks" value={form.picks} onChange={set('picks')} />
          </label>
        )}
        <button className="oc-action" type="submit">
          {t('verify')}
        </button>
      </form>
      {error && (
        <p className="oc-error" role="alert">
          {error}
        </p>
      )}
      {result && <VerifyResult result={result} t={t} noCashOut={noCashOut(form)} />}
      {draw && (
        <section className="oc-verify-result" data-testid="verify-result">
          <HashCheck hashMatches={draw.hashMatches} serverSeedHash={draw.serverSeedHash} t={t} />
          <h3>{t('outcome')}</h3>
          <JackpotResult result={draw} t={t} />
        </section>
      )}
    </div>
  );
}

/** Whether the revealed seed's SHA-256 is the commitment shown before play, and the hash itself. */
function HashCheck({ hashMatches, serverSeedHash, t }: { hashMatches: boolean | null; serverSeedHash: string; t: ReturnType<typeof translator> }) {
  return (
    <>
      {hashMatches !== null && (
        <p className={hashMatches ? 'oc-green' : 'oc-red'} data-testid="hash-check">
          {hashMatches ? `✔ ${t('hashMatches')}` : `✘ ${t('hashMismatch')}`}
        </p>
      )}
      <p className="oc-dim">
        SHA-256: <code className="oc-hash">{serverSeedHash}</code>
      </p>
    </>
  );
}

function VerifyResult({ result, t, noCashOut }: { result: VerifiedRound; t: ReturnType<typeof translator>; noCashOut: boolean }) {
  const o = result.outcome as unknown as Record<string, unknown>;
  return (
    <section className="oc-verify-result" data-testid="verify-result">
      <HashCheck hashMatches={result.hashMatches} serverSeedHash={result.serverSeedHash} t={t} />
      <h3>{t('outcome')}</h3>
      {result.game === 'dice' && (
        <p>
          {t('roll_')}: <b data-testid="verify-roll">{((o.roll as number) / 100).toFixed(2)}</b> · {o.won ? t('win') : t('noWin')} · {t('payoutAmount')} {money(o.payout as number)}
        </p>
      )}
      {result.game === 'crash' && (
        <p>
          {t('crashPoint')}: <b data-testid="verify-crash">{multiplier(o.crashPointE2 as number, 100)}</b> · {t('payoutAmount')} {money(noCashOut ? 0 : (o.payout as number))}
        </p>
      )}
      {result.game === 'mines' && (
        <p>
          {t('minePositions')}: <b data-testid="verify-mines">{(o.mines as number[]).join(', ')}</b> · {t('payoutAmount')} {money(o.payout as number)}
        </p>
      )}
      {result.game === 'slot' && <SlotResult o={o} t={t} />}
    </section>
  );
}

function SlotResult({ o, t }: { o: Record<string, unknown>; t: ReturnType<typeof translator> }) {
  const base = o.base as { grid: string[][]; win: number };
  return (
    <>
      <div className="oc-mini-grid">
        {[0, 1, 2].map((row) =>
          base.grid.map((col, reel) => (
            <span key={`${reel}:${row}`}>
              <SlotSymbolArt symbol={col[row] as never} />
            </span>
          )),
        )}
      </div>
      <p>
        {t('totalWin')}: <b data-testid="verify-slot-win">{money(o.totalWin as number)}</b> · {t('freeSpins')}: {(o.freeSpins as unknown[]).length}
      </p>
    </>
  );
}
