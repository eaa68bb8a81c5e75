import { describe, expect, it } from 'vitest';
import { gridLayout } from './grid-layout.ts';

describe('jackpot grid layout', () => {
  it('puts 8 entries clockwise round a 3×3 ring from the top-left, the middle free', () => {
    const g = gridLayout(8);
    expect([g.cols, g.rows]).toEqual([3, 3]);
    expect(g.cells.map((c) => `${c.col},${c.row}`)).toEqual(['0,0', '1,0', '2,0', '2,1', '2,2', '1,2', '0,2', '0,1']);
  });

  it('takes the smallest ring that holds the table; neighbours in the table are neighbours on the ring', () => {
    const sizes: Record<number, [number, number]> = { 1: [2, 2], 4: [2, 2], 6: [3, 2], 7: [3, 3], 10: [4, 3], 12: [4, 4], 14: [5, 4], 16: [5, 5] };
    for (const [n, [cols, rows]] of Object.entries(sizes)) {
      const g = gridLayout(Number(n));
      expect([g.cols, g.rows], n).toEqual([cols, rows]);
      expect(g.cells).toHaveLength(Number(n));
      expect(new Set(g.cells.map((c) => `${c.col},${c.row}`)).size).toBe(Number(n));
      // Every cell is on the edge, and each step of the highlight moves to an adjacent cell.
      for (const c of g.cells) expect(c.col === 0 || c.row === 0 || c.col === cols - 1 || c.row === rows - 1).toBe(true);
      g.cells.slice(1).forEach((c, i) => expect(Math.abs(c.col - g.cells[i]!.col) + Math.abs(c.row - g.cells[i]!.row)).toBe(1));
    }
    expect(() => gridLayout(0)).toThrow(RangeError);
  });
});
