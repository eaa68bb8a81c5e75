/** Rules and paytables, rendered from the engine's published `rules` (the numbers the game pays). */
import { rules } from '../../engine/index.ts';
import type { GameId } from '../../engine/index.ts';
import type { T } from '../i18n.ts';
import { multiplier } from '../format.ts';
import { SlotSymbolArt } from '../games/slot-symbols.tsx';

const pct = (x: number, d = 2) => `${(x * 100).toFixed(d)} %`;

export function RulesSheet({ game, t }: { game: GameId; t: T }) {
  if (game === 'slot') {
    const r = rules.slot;
    return (
      <div className="oc-rules">
        <p>{t('rtp', { rtp: pct(r.rtp) })} · {t('hitRate', { p: pct(r.hitFrequency, 1) })}</p>
        <p>{t('paylines', { n: r.lines.length })}</p>
        <p>{t('wild')}</p>
        <p>{t('scatterRule', { a: r.freeSpins.awards[3], b: r.freeSpins.awards[4], c: r.freeSpins.awards[5], m: r.freeSpins.multiplier })}</p>
        <h3>{t('paytable')}</h3>
        <table className="oc-paytable">
          <tbody>
            {r.symbols.map((s) => (
              <tr key={s.id}>
                <td className="oc-pay-sym"><SlotSymbolArt symbol={s.id} /></td>
                <td>3 × {s.pays[3]}</td>
                <td>4 × {s.pays[4]}</td>
                <td>5 × {s.pays[5]}{s.id === 'scatter' ? ' *' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="oc-dim">* {t('scatter')}: × bet</p>
        <div className="oc-lines-grid">
          {r.lines.map((rows, i) => (
            <svg key={i} viewBox="0 0 50 30" aria-label={t('line', { n: i + 1 })}>
              <rect x="0" y="0" width="50" height="30" rx="3" className="oc-line-bg" />
              <polyline points={rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')} />
              <text x="2" y="28">{i + 1}</text>
            </svg>
          ))}
        </div>
      </div>
    );
  }
  if (game === 'crash') {
    const r = rules.crash;
    return (
      <div className="oc-rules">
        <p>{t('rtp', { rtp: pct(r.rtp) })}</p>
        <p>{t('crashRule')}</p>
        <p>{t('instantCrash', { p: pct(r.instantCrashChance) })}</p>
        <p className="oc-dim">1.01× – {multiplier(r.maxMultiplierE2, 100)}</p>
      </div>
    );
  }
  if (game === 'mines') {
    const r = rules.mines;
    const shown = [1, 3, 5, 10, 24];
    return (
      <div className="oc-rules">
        <p>{t('rtp', { rtp: pct(r.rtp) })}</p>
        <p>{t('minesRule')}</p>
        <h3>{t('minesTable')}</h3>
        <table className="oc-paytable">
          <thead>
            <tr><th>{t('mines')}</th>{[1, 2, 3, 5, 10].map((k) => <th key={k}>k={k}</th>)}</tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m}>
                <td>{m}</td>
                {[1, 2, 3, 5, 10].map((k) => {
                  const v = r.multipliersE4[m - 1]?.[k - 1];
                  return <td key={k}>{v === undefined ? '—' : multiplier(v, 10_000)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const r = rules.dice;
  return (
    <div className="oc-rules">
      <p>{t('rtp', { rtp: pct(r.rtp) })}</p>
      <p>{t('diceRule', { rtp: pct(r.rtp) })}</p>
      <p className="oc-dim">{t('winChance')}: {(r.minWinChanceE4 / 100).toFixed(2)} % – {(r.maxWinChanceE4 / 100).toFixed(2)} %</p>
    </div>
  );
}
