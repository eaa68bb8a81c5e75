import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@playhall/contract';
import { GroupCommit, GroupCommitTimeout } from './group-commit.ts';

describe('GroupCommit bound', () => {
  it('fails an item that cannot be sent within the bound with a clear 503, and never sends it', async () => {
    const sent: number[][] = [];
    const batcher = new GroupCommit<number, number>({
      name: 'test',
      lanes: 1,
      spill: 1,
      maxBatch: 10,
      attempts: 1,
      sendWithinMs: 100,
      // The first call hangs (a stuck connection): the lane never frees.
      send: (items) => {
        sent.push(items);
        return new Promise<number[]>(() => {});
      },
    });
    const first = batcher.submit(1);
    const started = performance.now();
    const second = await batcher.submit(2).then(
      () => null,
      (err: unknown) => err,
    );
    const waited = performance.now() - started;

    expect(second).toBeInstanceOf(GroupCommitTimeout);
    expect((second as GroupCommitTimeout).code).toBe(ErrorCode.unavailable);
    expect((second as Error).message).toMatch(/too busy .*within 0.1 s.*nothing changed, try again/);
    expect(waited).toBeGreaterThanOrEqual(95);
    expect(waited).toBeLessThan(2_000);
    // The item in flight is not abandoned (it may commit); the late one never reached send.
    expect(sent).toEqual([[1]]);
    void first;
  });

  it('keeps items that are sent in time', async () => {
    let release: () => void = () => {};
    const batcher = new GroupCommit<number, number>({
      name: 'test',
      lanes: 1,
      spill: 1,
      maxBatch: 10,
      attempts: 1,
      sendWithinMs: 200,
      send: async (items) => {
        if (items.includes(1)) await new Promise<void>((r) => (release = r));
        return items.map((i) => i * 10);
      },
    });
    const first = batcher.submit(1);
    const second = batcher.submit(2);
    setTimeout(() => release(), 50);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
  });

  it('refuses zero lanes, which would queue every item for ever', () => {
    expect(() => new GroupCommit<number, number>({ name: 'test', lanes: 0, spill: 1, maxBatch: 1, attempts: 1, send: async (i) => i })).toThrow(/lanes must be a whole number of at least 1, got 0/);
  });

  it('gathers: a free lane holds a small group up to the window, sends a full one at once, and never drops an item', async () => {
    const sent: { items: number[]; at: number }[] = [];
    const batcher = new GroupCommit<number, number>({
      name: 'test',
      lanes: 1,
      spill: 1,
      maxBatch: 10,
      attempts: 1,
      gather: { items: 4, ms: 200 },
      send: async (items) => {
        sent.push({ items, at: performance.now() });
        return items.map((i) => i * 10);
      },
    });
    const start = performance.now();
    // Three items: held for the window, then sent together.
    expect(await Promise.all([1, 2, 3].map((i) => batcher.submit(i)))).toEqual([10, 20, 30]);
    expect(sent.map((s) => s.items)).toEqual([[1, 2, 3]]);
    expect(sent[0]!.at - start).toBeGreaterThanOrEqual(195);
    expect(sent[0]!.at - start).toBeLessThan(2_000);
    // Four items fill a group: sent at once, with no wait.
    const full = performance.now();
    expect(await Promise.all([4, 5, 6, 7].map((i) => batcher.submit(i)))).toEqual([40, 50, 60, 70]);
    expect(sent.map((s) => s.items)).toEqual([[1, 2, 3], [4, 5, 6, 7]]);
    expect(sent[1]!.at - full).toBeLessThan(150);
  });
});
