/**
 * The jackpot grid's spin (spec §4, §9), as a plan computed before the first frame: how long each
 * step of the highlight lasts and which cell it lights, so the last step lands exactly on the cell
 * the server drew. Pure: the component plays the plan with requestAnimationFrame (`playSpin`).
 *
 * - Fast phase: steps of about 80 ms until at least 3 s have passed. The step is exactly 80 ms
 *   when the winning cell allows, else the nearest length that reaches it in time (an 8-cell grid
 *   79-82 ms, 12 cells 75-86 ms; never outside 70-95 ms, so grids of up to 16 cells).
 * - Then every step is 20 ms longer than the one before (100, 120, …) until a step is over 300 ms
 *   (320 ms): that step lands on the winning cell and the spin stops.
 * - The slow phase is always the same 12 steps (2,520 ms), so the fast phase has as many steps as
 *   the distance to the winning cell needs (one more lap at most) and its step length is chosen
 *   so it lasts 3,000-3,480 ms: 5.52-6.00 s in all, inside the spec's 4-6 s.
 */

export const SpinTiming = {
  /** The fast phase's step (spec: "about 80 ms per step"). */
  fastStepMs: 80,
  /** The fast phase lasts at least this long before the slowdown (spec: "after 3 s"). */
  fastPhaseMs: 3_000,
  /** Each slow step is this much longer than the one before. */
  slowdownMs: 20,
  /** The spin stops with the first step longer than this. */
  stopAfterStepMs: 300,
  /** The whole spin (spec §9: 4-6 s). */
  minTotalMs: 4_000,
  maxTotalMs: 6_000,
  /** How far a fast step may be from 80 ms to make the winning cell reachable in time. */
  fastStepRangeMs: [70, 95] as const,
} as const;

/** The slow phase's steps: 100, 120, … up to and including the first over 300 ms. */
export function slowSteps(): number[] {
  const steps: number[] = [];
  let step = SpinTiming.fastStepMs;
  do {
    step += SpinTiming.slowdownMs;
    steps.push(step);
  } while (step <= SpinTiming.stopAfterStepMs);
  return steps;
}

export interface SpinPlan {
  /** Length of each step in ms, in order. */
  steps: number[];
  /** The cell lit at the end of each step (the cell it moves to); the last is the winning cell. */
  cells: number[];
  /** When each step ends, ms from the start (running sum of `steps`). */
  ends: number[];
  /** The whole spin in ms. */
  totalMs: number;
  /** The winning cell (the last of `cells`). */
  stopCell: number;
}

/**
 * The plan for a grid of `cellCount` cells whose highlight rests on `fromCell`, to stop on
 * `toCell` (the server's result). Throws on cells outside the grid or a grid it cannot serve.
 */
export function planSpin(cellCount: number, fromCell: number, toCell: number): SpinPlan {
  if (!Number.isInteger(cellCount) || cellCount < 1) throw new RangeError(`A spin needs at least one cell (got ${cellCount})`);
  for (const c of [fromCell, toCell]) {
    if (!Number.isInteger(c) || c < 0 || c >= cellCount) throw new RangeError(`Cell ${c} is not on a grid of ${cellCount}`);
  }
  const slow = slowSteps();
  const slowMs = slow.reduce((a, b) => a + b, 0);
  const maxFastMs = SpinTiming.maxTotalMs - slowMs;
  // Steps needed modulo the grid: the highlight moves one cell per step.
  const residue = (((toCell - fromCell - slow.length) % cellCount) + cellCount) % cellCount;
  const [minStep, maxStep] = SpinTiming.fastStepRangeMs;
  let best: { count: number; step: number } | null = null;
  const firstCount = Math.ceil(SpinTiming.fastPhaseMs / maxStep);
  const lastCount = Math.floor(maxFastMs / minStep);
  for (let count = firstCount; count <= lastCount; count++) {
    if (count % cellCount !== residue) continue;
    // The step nearest 80 ms that keeps the fast phase between 3,000 ms and the most the total allows.
    const lo = Math.max(minStep, Math.ceil(SpinTiming.fastPhaseMs / count));
    const hi = Math.min(maxStep, Math.floor(maxFastMs / count));
    if (lo > hi) continue;
    const step = Math.min(hi, Math.max(lo, SpinTiming.fastStepMs));
    if (!best || Math.abs(step - SpinTiming.fastStepMs) < Math.abs(best.step - SpinTiming.fastStepMs)) best = { count, step };
  }
  if (!best) throw new RangeError(`A grid of ${cellCount} cells cannot be spun within ${SpinTiming.maxTotalMs} ms`);
  const steps = [...Array<number>(best.count).fill(best.step), ...slow];
  const cells: number[] = [];
  const ends: number[] = [];
  let t = 0;
  steps.forEach((s, i) => {
    t += s;
    ends.push(t);
    cells.push((fromCell + i + 1) % cellCount);
  });
  return { steps, cells, ends, totalMs: t, stopCell: cells[cells.length - 1]! };
}

/** Which cell is lit `elapsedMs` into the spin, and whether it has stopped. */
export function cellAt(plan: SpinPlan, fromCell: number, elapsedMs: number): { cell: number; done: boolean } {
  if (elapsedMs >= plan.totalMs) return { cell: plan.stopCell, done: true };
  // Binary search for the number of steps completed by now.
  let lo = 0;
  let hi = plan.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (plan.ends[mid]! <= elapsedMs) lo = mid + 1;
    else hi = mid;
  }
  return { cell: lo === 0 ? fromCell : plan.cells[lo - 1]!, done: false };
}

export interface FrameClock {
  requestFrame: (cb: (now: number) => void) => number;
  cancelFrame: (id: number) => void;
  now: () => number;
}

export const browserClock: FrameClock = {
  requestFrame: (cb) => requestAnimationFrame(cb),
  cancelFrame: (id) => cancelAnimationFrame(id),
  now: () => performance.now(),
};

/**
 * Runs `step(elapsed ms)` on every animation frame from now until it answers true (done) or the
 * returned stop function is called (unmounting mid-animation). The grid and the tier wheel both
 * read their position from the elapsed time, so a dropped frame never slows them or shifts their end.
 */
export function runFrames(step: (elapsedMs: number) => boolean, clock: FrameClock = browserClock): () => void {
  const start = clock.now();
  let id = 0;
  let stopped = false;
  const frame = (now: number) => {
    if (stopped) return;
    if (step(now - start)) {
      stopped = true;
      return;
    }
    id = clock.requestFrame(frame);
  };
  id = clock.requestFrame(frame);
  return () => {
    stopped = true;
    clock.cancelFrame(id);
  };
}

/**
 * Plays a plan frame by frame: `onCell` runs only when the lit cell changes (the caller moves one
 * element with a transform; React does not render per step), `onDone` once, on the winning cell.
 * Returns a stop function (unmounting mid-spin).
 */
export function playSpin(plan: SpinPlan, fromCell: number, onCell: (cell: number) => void, onDone: () => void, clock: FrameClock = browserClock): () => void {
  let shown = fromCell;
  return runFrames((elapsed) => {
    const { cell, done } = cellAt(plan, fromCell, elapsed);
    if (cell !== shown) {
      shown = cell;
      onCell(cell);
    }
    if (done) onDone();
    return done;
  }, clock);
}
