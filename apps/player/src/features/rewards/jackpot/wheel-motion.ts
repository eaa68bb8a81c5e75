import { runFrames, type FrameClock } from './spin-timing.ts';

/**
 * The second wheel (spec §4: a type 2 win shows a wheel of the four tiers): it turns several
 * times and eases out onto the tier won, within the spec's 4-6 s for a wheel (§9). Pure maths
 * here; the component rotates one element with a transform on each animation frame.
 */
export const WheelTiming = { durationMs: 4_500, turns: 5 } as const;

/** Angle (degrees, clockwise) that puts the middle of segment `index` of `segments` under the pointer at the top. */
export function wheelStopAngle(index: number, segments: number, turns: number = WheelTiming.turns): number {
  if (!Number.isInteger(segments) || segments < 1 || !Number.isInteger(index) || index < 0 || index >= segments) {
    throw new RangeError(`Segment ${index} is not on a wheel of ${segments}`);
  }
  const size = 360 / segments;
  return turns * 360 + (360 - (index * size + size / 2));
}

/** Ease-out (cubic): fast at first, slowing to a stop. */
export function easeOut(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return 1 - (1 - x) ** 3;
}

/** Turns the wheel from 0 to `stopAngle` over the wheel's time; `onAngle` each frame, `onDone` once. Returns a stop function. */
export function playWheel(stopAngle: number, onAngle: (deg: number) => void, onDone: () => void, clock: FrameClock, durationMs: number = WheelTiming.durationMs): () => void {
  return runFrames((elapsed) => {
    const t = elapsed / durationMs;
    onAngle(stopAngle * easeOut(t));
    if (t >= 1) onDone();
    return t >= 1;
  }, clock);
}
