/**
 * Tagged tables whose rows hold fewer cells than others: Chromium writes no
 * TD for an empty cell, so a row of a three-column table may list two. Where
 * the table spans nothing, the full rows give each column's extent on the
 * page, and each cell of a short row goes to the column its text sits in;
 * the missing cells are the empty ones. Cells that cannot be placed so (a
 * short row's cell without text, two cells in one column, columns that
 * overlap) leave the table to the layout.
 */
import type { TextRun, TreeCellAt } from '../model.ts';
import { unionBox } from '../geometry.ts';
import { OVERLAP_EM } from './measures.ts';

type Extent = { x0: number; x1: number; em: number };

function extentOf(runs: readonly TextRun[] | undefined): Extent | null {
  if (!runs?.length) return null;
  const box = unionBox(runs.map((r) => r.box));
  return { x0: box.x0, x1: box.x1, em: runs.reduce((m, r) => Math.max(m, r.fontSize), 0) };
}

/** Each column's extent over the full rows' cells; null if a column has no text or two columns overlap. */
function columnExtents(rows: readonly { cells: readonly TreeCellAt[] }[], width: number, runsOf: ReadonlyMap<number, TextRun[]>): Extent[] | null {
  const cols: (Extent | null)[] = Array.from({ length: width }, () => null);
  for (const row of rows) {
    if (row.cells.length !== width) continue;
    row.cells.forEach((c, i) => {
      const e = extentOf(runsOf.get(c.block));
      const had = cols[i];
      if (e) cols[i] = had ? { x0: Math.min(had.x0, e.x0), x1: Math.max(had.x1, e.x1), em: Math.max(had.em, e.em) } : e;
    });
  }
  if (cols.some((c) => c === null)) return null;
  const out = cols as Extent[];
  for (let i = 1; i < out.length; i++) if (out[i]!.x0 < out[i - 1]!.x1 - OVERLAP_EM * Math.max(out[i]!.em, out[i - 1]!.em)) return null;
  return out;
}

/**
 * The column of every cell when some rows omit empty cells (see the module
 * comment); null when they cannot be placed. `width` is the widest row's count.
 */
export function placeOmitted(rows: readonly { cells: readonly TreeCellAt[] }[], width: number, runsOf: ReadonlyMap<number, TextRun[]>): Map<number, number> | null {
  if (rows.some((r) => r.cells.some((c) => c.rowSpan > 1 || c.colSpan > 1))) return null;
  const cols = columnExtents(rows, width, runsOf);
  if (!cols) return null;
  // Columns meet halfway between one's text and the next's.
  const bounds = cols.slice(1).map((c, i) => (cols[i]!.x1 + c.x0) / 2);
  const column = new Map<number, number>();
  for (const row of rows) {
    let prev = -1;
    for (const [i, c] of row.cells.entries()) {
      let col = i;
      if (row.cells.length !== width) {
        const e = extentOf(runsOf.get(c.block));
        if (!e) return null;
        const mid = (e.x0 + e.x1) / 2;
        col = bounds.filter((b) => b <= mid).length;
      }
      if (col <= prev) return null;
      column.set(c.block, col);
      prev = col;
    }
  }
  return column;
}
