/** The source of "now". Injected so tests move time instead of sleeping. */
export interface Clock {
  now(): Date;
  /**
   * False when time moves only when told (tests): timers and intervals keyed on this clock's
   * time would fire by the wall clock instead, so work that runs on them waits for a call.
   */
  readonly ticks?: boolean;
}

export const systemClock: Clock = { now: () => new Date(), ticks: true };

/** A clock tests can move forward. */
export class ManualClock implements Clock {
  readonly ticks = false;
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
