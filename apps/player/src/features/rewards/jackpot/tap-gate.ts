import { ClientConstants } from '@playhall/contract';

/**
 * The spin button's taps (spec §5): debounced by 300 ms, on the leading edge. The first tap acts at
 * once; every tap within 300 ms of the tap before it (acted on or not) is dropped, so a burst of
 * taps, however long, draws once. `tap()` says whether this tap acts.
 */
export function createTapGate(debounceMs: number = ClientConstants.spinDebounceMs, now: () => number = () => performance.now()) {
  let last = -Infinity;
  return {
    tap(): boolean {
      const t = now();
      const acts = t - last >= debounceMs;
      last = t;
      return acts;
    },
  };
}

/** Why the spin button does nothing now, if it does nothing: spinning, or no chance to draw. */
export function spinBlocked(s: { spinning: boolean; canDraw: boolean }): 'spinning' | 'noChance' | null {
  if (s.spinning) return 'spinning';
  if (!s.canDraw) return 'noChance';
  return null;
}
