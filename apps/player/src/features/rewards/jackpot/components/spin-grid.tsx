import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { JackpotAwardConfig } from '@playhall/contract';
import { gridLayout } from '../grid-layout.ts';
import { browserClock, planSpin, playSpin, type FrameClock } from '../spin-timing.ts';
import { AwardLabel } from './award-label.tsx';

/** Whether the player asked for less motion (then the result shows at once, no spin). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A spin to play: the server's winning entry (index in the table); a new `key` for every draw. */
export interface GridSpin {
  key: number;
  toIndex: number;
}

interface SpinGridProps {
  entries: readonly JackpotAwardConfig[];
  spin: GridSpin | null;
  /** Called once when the highlight has stopped on the winning cell. */
  onStopped: (spin: GridSpin) => void;
  /** What the middle of the ring shows (chances left). */
  centre?: ReactNode;
  clock?: FrameClock;
}

/** The highlight's place: a translate of one cell size plus the gap per column and row (transform only: no layout per step). */
function highlightTransform(col: number, row: number): string {
  return `translate(calc(${col} * (100% + var(--jp-gap))), calc(${row} * (100% + var(--jp-gap))))`;
}

/**
 * The jackpot grid (spec §4): the award table's entries round a ring; on a draw the highlight runs
 * the plan of `spin-timing.ts` and stops on the server's entry. One element moves, by transform,
 * from requestAnimationFrame; React renders nothing per step. With reduced motion the highlight
 * goes straight to the winning cell.
 */
export function SpinGrid({ entries, spin, onStopped, centre, clock = browserClock }: SpinGridProps) {
  const layout = useMemo(() => gridLayout(Math.max(1, entries.length)), [entries.length]);
  const light = useRef<HTMLDivElement>(null);
  const rest = useRef(0);
  const onStoppedRef = useRef(onStopped);
  onStoppedRef.current = onStopped;

  const place = (index: number) => {
    const cell = layout.cells[index];
    if (light.current && cell) light.current.style.transform = highlightTransform(cell.col, cell.row);
  };

  useEffect(() => {
    if (!spin) return;
    const from = rest.current < entries.length ? rest.current : 0;
    const el = light.current;
    el?.classList.remove('jp-grid__light--won', 'jp-grid__light--idle');
    el?.classList.add('jp-grid__light--spinning');
    const finish = () => {
      rest.current = spin.toIndex;
      place(spin.toIndex);
      el?.classList.remove('jp-grid__light--spinning');
      el?.classList.add('jp-grid__light--won');
      onStoppedRef.current(spin);
    };
    let plan;
    try {
      plan = prefersReducedMotion() ? null : planSpin(entries.length, from, spin.toIndex);
    } catch {
      plan = null; // a table the grid cannot spin in 4-6 s: the result shows at once
    }
    if (!plan) {
      finish();
      return;
    }
    return playSpin(plan, from, place, finish, clock);
    // A spin plays once per draw: its key changes, nothing else restarts it.
  }, [spin?.key]);

  const start = layout.cells[rest.current] ?? layout.cells[0]!;
  const style = { '--jp-cols': layout.cols, '--jp-rows': layout.rows } as CSSProperties;
  return (
    <div className="jp-grid" style={style} data-testid="jackpot-grid" data-cols={layout.cols}>
      {entries.map((e, i) => {
        const cell = layout.cells[i]!;
        return (
          <div key={e.id} className={`jp-grid__cell${e.type === 2 ? ' jp-grid__cell--tier' : ''}`} style={{ gridColumn: cell.col + 1, gridRow: cell.row + 1 }} data-testid="jackpot-cell" data-entry={e.id}>
            <AwardLabel entry={e} />
          </div>
        );
      })}
      {layout.cols > 2 && layout.rows > 2 && (
        <div className="jp-grid__centre" style={{ gridColumn: `2 / ${layout.cols}`, gridRow: `2 / ${layout.rows}` }}>{centre}</div>
      )}
      <div ref={light} className="jp-grid__light jp-grid__light--idle" aria-hidden="true" style={{ transform: highlightTransform(start.col, start.row) }} data-testid="jackpot-light" />
    </div>
  );
}
