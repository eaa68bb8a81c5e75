/**
 * Where the award table's entries sit on the jackpot grid: a ring around a rectangle (3×3 for 8
 * entries, 4×4 for 12, …), clockwise from the top-left corner, the highlight running round it
 * in table order. The smallest ring that holds them all; a slot left over (an odd table) stays
 * empty and the highlight never stops there. The middle (from 3×3) shows the chances left.
 */
export interface GridLayout {
  cols: number;
  rows: number;
  /** Column and row (0-based) of each entry, in table order. */
  cells: { col: number; row: number }[];
}

/** The ring's slots clockwise from the top-left: along the top, down the right, back along the bottom, up the left. */
function ring(cols: number, rows: number): { col: number; row: number }[] {
  const out: { col: number; row: number }[] = [];
  for (let c = 0; c < cols; c++) out.push({ col: c, row: 0 });
  for (let r = 1; r < rows; r++) out.push({ col: cols - 1, row: r });
  for (let c = cols - 2; c >= 0; c--) out.push({ col: c, row: rows - 1 });
  for (let r = rows - 2; r >= 1; r--) out.push({ col: 0, row: r });
  return out;
}

export function gridLayout(entries: number): GridLayout {
  if (!Number.isInteger(entries) || entries < 1) throw new RangeError(`A grid needs at least one entry (got ${entries})`);
  let cols = 2;
  let rows = 2;
  // Grow a square-ish ring (columns first) until it holds every entry.
  while (2 * (cols + rows) - 4 < entries) {
    if (cols === rows) cols++;
    else rows++;
  }
  return { cols, rows, cells: ring(cols, rows).slice(0, entries) };
}
