import { describe, expect, it } from 'vitest';
import { cellAt, planSpin, playSpin, slowSteps, SpinTiming, type FrameClock } from './spin-timing.ts';
import { createTapGate, spinBlocked } from './tap-gate.ts';
import { easeOut, playWheel, wheelStopAngle, WheelTiming } from './wheel-motion.ts';

/** A fake clock: frames every `frameMs` (60 fps by default), time advanced by hand. */
function fakeFrames(frameMs = 1000 / 60) {
  let now = 1_000;
  let next = 1;
  const queued = new Map<number, (t: number) => void>();
  const clock: FrameClock = {
    requestFrame: (cb) => {
      queued.set(next, cb);
      return next++;
    },
    cancelFrame: (id) => void queued.delete(id),
    now: () => now,
  };
  /** Runs frames until none is asked for or `maxMs` passes; returns the time run. */
  const run = (maxMs = 20_000) => {
    const start = now;
    while (queued.size > 0 && now - start < maxMs) {
      now += frameMs;
      const cbs = [...queued.values()];
      queued.clear();
      for (const cb of cbs) cb(now);
    }
    return now - start;
  };
  return { clock, run, pending: () => queued.size };
}

describe('jackpot spin timing (spec §4, §9)', () => {
  it('slows from 100 ms by 20 ms a step and stops with the first step over 300 ms', () => {
    expect(slowSteps()).toEqual([100, 120, 140, 160, 180, 200, 220, 240, 260, 280, 300, 320]);
  });

  it('runs about 80 ms a step for at least 3 s, then slows by 20 ms a step, ends over 300 ms, 4-6 s in all, for every start and winning cell of an 8-cell grid', () => {
    for (let from = 0; from < 8; from++) {
      for (let to = 0; to < 8; to++) {
        const plan = planSpin(8, from, to);
        const slowAt = plan.steps.findIndex((s) => s > 90);
        const fast = plan.steps.slice(0, slowAt);
        const slow = plan.steps.slice(slowAt);
        // Fast: one length, about 80 ms, lasting at least 3 s and not much more (one lap of the grid).
        expect(new Set(fast).size).toBe(1);
        expect(Math.abs(fast[0]! - 80)).toBeLessThanOrEqual(2);
        const fastMs = fast.reduce((a, b) => a + b, 0);
        expect(fastMs).toBeGreaterThanOrEqual(3_000);
        expect(fastMs - fast[0]!).toBeLessThan(3_000 + 8 * 82);
        // Slow: each 20 ms longer than the one before; only the last is over 300 ms.
        expect(slow[0]).toBe(100);
        slow.slice(1).forEach((s, i) => expect(s - slow[i]!).toBe(20));
        expect(slow.filter((s) => s > 300)).toEqual([slow[slow.length - 1]]);
        expect(plan.totalMs).toBeGreaterThanOrEqual(4_000);
        expect(plan.totalMs).toBeLessThanOrEqual(6_000);
        expect(plan.totalMs).toBe(plan.steps.reduce((a, b) => a + b, 0));
        // The highlight moves one cell a step and the last step lands on the server's cell.
        plan.cells.forEach((c, i) => expect(c).toBe((from + i + 1) % 8));
        expect(plan.stopCell).toBe(to);
        expect(plan.cells[plan.cells.length - 1]).toBe(to);
      }
    }
  });

  it('serves every winning cell of grids from 1 to 16 cells within 4-6 s with steps of 70-95 ms, exactly 80 ms whenever it can', () => {
    for (let n = 1; n <= 16; n++) {
      for (let to = 0; to < n; to++) {
        const plan = planSpin(n, 0, to);
        expect(plan.stopCell).toBe(to);
        expect(plan.totalMs).toBeGreaterThanOrEqual(SpinTiming.minTotalMs);
        expect(plan.totalMs).toBeLessThanOrEqual(SpinTiming.maxTotalMs);
        expect(plan.steps[0]).toBeGreaterThanOrEqual(70);
        expect(plan.steps[0]).toBeLessThanOrEqual(95);
      }
    }
    // Up to 6 cells every result is reachable at exactly 80 ms (3,040-3,440 ms of fast steps).
    for (let to = 0; to < 6; to++) expect(planSpin(6, 0, to).steps[0]).toBe(80);
  });

  it('refuses cells off the grid and grids it cannot spin in time', () => {
    expect(() => planSpin(8, 0, 8)).toThrow(RangeError);
    expect(() => planSpin(8, -1, 3)).toThrow(RangeError);
    expect(() => planSpin(8, 0, 1.5)).toThrow(RangeError);
    expect(() => planSpin(0, 0, 0)).toThrow(RangeError);
    expect(() => planSpin(40, 0, 3)).toThrow(/cannot be spun/);
  });

  it('lights the start cell before the first step ends, then the step of each moment, the winning cell at the end', () => {
    const plan = planSpin(8, 5, 2);
    expect(cellAt(plan, 5, 0)).toEqual({ cell: 5, done: false });
    expect(cellAt(plan, 5, plan.steps[0]! - 1)).toEqual({ cell: 5, done: false });
    expect(cellAt(plan, 5, plan.steps[0]!)).toEqual({ cell: 6, done: false });
    expect(cellAt(plan, 5, plan.totalMs - 1)).toEqual({ cell: plan.cells[plan.cells.length - 2], done: false });
    expect(cellAt(plan, 5, plan.totalMs)).toEqual({ cell: 2, done: true });
  });

  it('plays on a fake 60 fps clock: every cell in order, each held for its step, done exactly once on the winning cell', () => {
    for (let to = 0; to < 8; to++) {
      const plan = planSpin(8, 3, to);
      const { clock, run, pending } = fakeFrames();
      const seen: { cell: number; at: number }[] = [];
      let done = 0;
      playSpin(plan, 3, (cell) => seen.push({ cell, at: clock.now() }), () => done++, clock);
      const ran = run();
      expect(done).toBe(1);
      expect(pending()).toBe(0);
      expect(seen.map((s) => s.cell)).toEqual(plan.cells);
      expect(seen[seen.length - 1]!.cell).toBe(to);
      // Each cell shows within one frame of its planned moment; the spin ends within a frame of the plan.
      seen.forEach((s, i) => expect(Math.abs(s.at - 1_000 - plan.ends[i]!)).toBeLessThanOrEqual(1000 / 60));
      expect(ran).toBeGreaterThanOrEqual(plan.totalMs);
      expect(ran).toBeLessThan(plan.totalMs + 1000 / 60 + 0.001);
    }
  });

  it('keeps time when frames are dropped (a busy phone at 10 fps): ends on time, on the winning cell', () => {
    const plan = planSpin(8, 0, 6);
    const { clock, run } = fakeFrames(100);
    const seen: number[] = [];
    let done = false;
    playSpin(plan, 0, (c) => seen.push(c), () => (done = true), clock);
    const ran = run();
    expect(done).toBe(true);
    expect(seen[seen.length - 1]).toBe(6);
    expect(ran).toBeLessThan(plan.totalMs + 100 + 0.001);
  });

  it('stops mid-spin when asked (the modal closed): no more frames, no done', () => {
    const plan = planSpin(8, 0, 6);
    const { clock, run, pending } = fakeFrames();
    let done = false;
    const stop = playSpin(plan, 0, () => undefined, () => (done = true), clock);
    run(1_000);
    stop();
    expect(pending()).toBe(0);
    run();
    expect(done).toBe(false);
  });
});

describe('spin button taps (spec §5)', () => {
  it('acts on the first tap and drops taps within 300 ms of the one before, however long the burst', () => {
    let now = 0;
    const gate = createTapGate(300, () => now);
    expect(gate.tap()).toBe(true);
    now = 299;
    expect(gate.tap()).toBe(false);
    // 250 ms after the dropped tap: still inside the window it renewed.
    now = 549;
    expect(gate.tap()).toBe(false);
    now = 849;
    expect(gate.tap()).toBe(true);
    now = 1_149;
    expect(gate.tap()).toBe(true);
  });

  it('is inert while spinning and without a chance', () => {
    expect(spinBlocked({ spinning: true, canDraw: true })).toBe('spinning');
    expect(spinBlocked({ spinning: false, canDraw: false })).toBe('noChance');
    expect(spinBlocked({ spinning: false, canDraw: true })).toBeNull();
  });
});

describe('tier wheel motion (spec §4: the second wheel of four tiers; §9: a wheel spins 4-6 s)', () => {
  it('stops with the middle of the won tier under the pointer, after whole turns', () => {
    for (let i = 0; i < 4; i++) {
      const angle = wheelStopAngle(i, 4);
      // Where the segment's middle (i * 90 + 45, clockwise from the top) ends after turning by `angle`.
      expect(((i * 90 + 45 + angle) % 360 + 360) % 360).toBe(0);
      expect(angle).toBeGreaterThanOrEqual(WheelTiming.turns * 360);
    }
    expect(() => wheelStopAngle(4, 4)).toThrow(RangeError);
  });

  it('plays on a fake 60 fps clock: only forward, slowing down, ending exactly on the angle within 4-6 s', () => {
    const { clock, run } = fakeFrames();
    const angles: number[] = [];
    let done = 0;
    const stop = wheelStopAngle(2, 4);
    playWheel(stop, (a) => angles.push(a), () => done++, clock);
    const ran = run();
    expect(done).toBe(1);
    expect(angles[angles.length - 1]).toBe(stop);
    angles.slice(1).forEach((a, i) => expect(a).toBeGreaterThanOrEqual(angles[i]!));
    const firstStep = angles[1]! - angles[0]!;
    const lastStep = angles[angles.length - 1]! - angles[angles.length - 2]!;
    expect(lastStep).toBeLessThan(firstStep);
    expect(ran).toBeGreaterThanOrEqual(4_000);
    expect(ran).toBeLessThanOrEqual(6_000);
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
  });
});
