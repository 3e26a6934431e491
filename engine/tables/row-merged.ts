/**
 * Ruled tables whose row rules stop short of a column (a stub column of
 * labels left open beside a ruled body): that column reads as one cell
 * merged down through every row. Its text says otherwise when each of its
 * lines sits on the baseline of text in another cell of one row, as the
 * labels of those rows do; such a cell is split back into the grid's rows.
 * A real merged cell (a label centred across rows) sits between its
 * neighbours' baselines; a record set on several lines merges its other
 * cells too. Cells of the first row are left merged: a header
 * cell spans the header's rows by design, its wrapped words on their
 * baselines (`Sample` / `unit` beside `2007` / `n`).
 */
import type { TextRun } from '../model.ts';
import type { GridCell, RuleGrid } from './rule-grid.ts';
import { MIN_ROWS } from './measures.ts';

/** Baselines agree when vertical centres differ by less than this share of the line height. */
const BASELINE_SHARE = 0.3;

/** Rows with a line of their own a column of labels fills at least; a label wrapped in a cell merged over two rows fills two. */
const MIN_LABEL_ROWS = 3;

const midX = (r: TextRun): number => (r.box.x0 + r.box.x1) / 2;
const midY = (r: TextRun): number => (r.box.y0 + r.box.y1) / 2;

/** Index of the interval of `bounds` holding v, or -1. */
function slot(bounds: readonly number[], v: number): number {
  for (let i = 0; i + 1 < bounds.length; i++) if (v >= bounds[i]! && v < bounds[i + 1]!) return i;
  return -1;
}

/** Whether every run of the merged cell sits on the baseline of a run of another cell in the same grid row, and they fill three rows or more. */
function rowsOwnLines(grid: RuleGrid, c: GridCell, runs: readonly TextRun[]): boolean {
  const inCols = (r: TextRun, a: number, b: number): boolean => midX(r) >= grid.xs[a]! && midX(r) < grid.xs[b]!;
  const inRows = (r: TextRun): boolean => midY(r) >= grid.ys[c.r0]! && midY(r) < grid.ys[c.r1]!;
  const own = runs.filter((r) => inRows(r) && inCols(r, c.c0, c.c1) && r.text.trim() !== '');
  const others = runs.filter((r) => inRows(r) && !inCols(r, c.c0, c.c1) && r.text.trim() !== '');
  if (own.length < 2) return false; // one line fills one row
  const rows = new Set(own.map((r) => slot(grid.ys, midY(r))));
  if (rows.size < MIN_LABEL_ROWS) return false;
  return own.every((r) => {
    const row = slot(grid.ys, midY(r));
    // The line stays inside its row, and some other cell of that row has text on its baseline.
    return r.box.y0 >= grid.ys[row]! - 1 && r.box.y1 <= grid.ys[row + 1]! + 1
      && others.some((o) => slot(grid.ys, midY(o)) === row && Math.abs(midY(o) - midY(r)) < BASELINE_SHARE * (r.box.y1 - r.box.y0));
  });
}

/** The grid's cells with row-merged cells split where their lines sit on the rows' baselines; see the module comment. */
export function splitRowMergedByText(grid: RuleGrid, cells: readonly GridCell[], runs: readonly TextRun[]): GridCell[] {
  return cells.flatMap((c) => {
    // Header cells merge down over the header's rows by design, their words wrapped onto those rows' baselines.
    if (c.r0 === 0 || c.r1 - c.r0 < MIN_ROWS || !rowsOwnLines(grid, c, runs)) return [c];
    // Beside other merged cells the rows are one record set on several lines, not rows the column left open.
    if (cells.some((o) => o !== c && o.r1 - o.r0 > 1 && o.r0 < c.r1 && o.r1 > c.r0)) return [c];
    return Array.from({ length: c.r1 - c.r0 }, (_, i) => ({ ...c, r0: c.r0 + i, r1: c.r0 + i + 1 }));
  });
}
