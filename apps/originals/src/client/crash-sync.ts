/**
 * Crash readout maths: the curve runs on the server's clock. Each answer carries `serverNow`;
 * the client keeps the offset between the two clocks and draws `crashMultiplierAtMs` of the
 * server-clock elapsed time, so every player sees the same number at the same moment.
 */
import { crashMultiplierAtMs } from '../engine/index.ts';

/**
 * Offset to add to the local clock to get the server's. The answer was made somewhere between
 * sending and receiving: assume the middle (half the round trip).
 */
export function clockOffset(serverNow: number, sentAt: number, receivedAt: number): number {
  return serverNow - (sentAt + receivedAt) / 2;
}

/** Milliseconds the round has been flying, on the server's clock. */
export function elapsedMs(startedAt: number, localNow: number, offset: number): number {
  return Math.max(0, localNow + offset - startedAt);
}

/**
 * The multiplier to show (hundredths). Never above a known crash point or cash-out, so a late
 * frame cannot show a number the round never reached.
 */
export function readoutE2(startedAt: number, localNow: number, offset: number, capE2: number | null = null): number {
  const m = crashMultiplierAtMs(elapsedMs(startedAt, localNow, offset));
  return capE2 === null ? m : Math.min(m, capE2);
}

/** Parses the auto cash-out field ("2", "2.5", "") into hundredths, or null when off/invalid. */
export function parseAutoCashout(text: string): number | null {
  const v = Number.parseFloat(text.replace(',', '.'));
  if (!Number.isFinite(v) || v <= 0) return null;
  const e2 = Math.round(v * 100);
  return e2 >= 101 && e2 <= 1_000_000 ? e2 : null;
}

/** Curve geometry: x by time, y by log-multiplier, scaled so the current point stays in view. */
export function curvePoint(ms: number, viewMs: number, viewLogMax: number): { x: number; y: number } {
  const m = crashMultiplierAtMs(ms) / 100;
  return { x: Math.min(1, ms / viewMs), y: Math.min(1, Math.log(m) / viewLogMax) };
}
