/**
 * Ruled tables that rule only between groups of rows (`Stationary:` then
 * its `Major` and `Area` rows in one ruled band): the band holds several
 * rows the text shows. A blank strip across the whole band, under which
 * the first column and at least one other start a cell on one line, ends a
 * row. A cell of several paragraphs does not split its row: the text after
 * its blank line starts in that one column only.
 */
import type { TextRun } from '../model.ts';
import type { GridCell, RuleGrid } from './rule-grid.ts';
import { MIN_COLUMNS } from './measures.ts';
import { rowRuns } from './grid-slots.ts';
import { minOf } from '../numbers.ts';

/** Tops of cells starting one row agree to within this (ems of the run). */
const TOP_TOLERANCE_EM = 0.2;
/** A blank strip must be about a blank line (share of a text line's height); wrapped lines sit closer, even in loosely set CJK cells. */
const MIN_BLANK_LINES = 0.9;

const midX = (r: TextRun): number => (r.box.x0 + r.box.x1) / 2;

/** Index of the grid column holding x, or -1. */
function slot(xs: readonly number[], x: number): number {
  for (let i = 0; i + 1 < xs.length; i++) if (x >= xs[i]! && x < xs[i + 1]!) return i;
  return -1;
}

/** The y positions inside one grid row where a new row of text begins; see the module comment. */
function cutsInRow(grid: RuleGrid, runs: readonly TextRun[], firstCol: number): number[] {
  const sorted = [...runs].sort((a, b) => a.box.y0 - b.box.y0);
  const cuts: number[] = [];
  let bottom = -Infinity;
  for (const [i, run] of sorted.entries()) {
    const height = run.box.y1 - run.box.y0;
    if (bottom > -Infinity && run.box.y0 - bottom >= MIN_BLANK_LINES * height) {
      const starting = sorted.slice(i).filter((r) => r.box.y0 <= run.box.y0 + TOP_TOLERANCE_EM * run.fontSize);
      const cols = new Set(starting.map((r) => slot(grid.xs, midX(r))));
      if (cols.has(firstCol) && cols.size >= MIN_COLUMNS) cuts.push((bottom + run.box.y0) / 2);
    }
    bottom = Math.max(bottom, run.box.y1);
  }
  return cuts;
}

/**
 * Splits grid rows that hold several rows of text into those rows. Only
 * rows whose every cell stays within the row are split (a cell merged
 * across rows keeps them). Returns the grid unchanged when nothing splits.
 */
export function splitRowsByText(grid: RuleGrid, cells: readonly GridCell[], runs: readonly TextRun[]): RuleGrid {
  const rowCount = grid.ys.length - 1;
  const cutsByRow: number[][] = [];
  // Each run's row found once, not each row's runs by a pass over all of them.
  const byRow = rowRuns(grid.ys, runs);
  for (let r = 0; r < rowCount; r++) {
    const covering = cells.filter((c) => c.r0 <= r && c.r1 > r);
    const own = covering.every((c) => c.r0 === r && c.r1 === r + 1);
    const inRow = byRow[r]!;
    const firstCol = minOf(covering.map((c) => c.c0));
    cutsByRow.push(own && inRow.length ? cutsInRow(grid, inRow, firstCol) : []);
  }
  return cutGridRows(grid, cells, cutsByRow);
}

/**
 * The grid with each row cut at the y positions given for it (`cutsByRow[r]`,
 * ascending): a cell of one row becomes one cell per piece, a cell merged
 * across rows keeps them. Unchanged when no row has a cut.
 */
export function cutGridRows(grid: RuleGrid, cells: readonly GridCell[], cutsByRow: readonly (readonly number[])[]): RuleGrid {
  const rowCount = grid.ys.length - 1;
  if (cutsByRow.every((c) => !c?.length)) return { ...grid, cells: [...cells] };
  // New row index where each old row starts.
  const start: number[] = [];
  const ys: number[] = [];
  for (let r = 0; r < rowCount; r++) {
    start.push(ys.length);
    ys.push(grid.ys[r]!, ...(cutsByRow[r] ?? []));
  }
  start.push(ys.length);
  ys.push(grid.ys[rowCount]!);
  const out = cells.flatMap((c): GridCell[] => {
    const r0 = start[c.r0]!;
    const r1 = start[c.r1]!;
    if (c.r1 - c.r0 > 1 || r1 - r0 === 1) return [{ ...c, r0, r1 }];
    return Array.from({ length: r1 - r0 }, (_, i) => ({ ...c, r0: r0 + i, r1: r0 + i + 1 }));
  });
  return { ...grid, ys, cells: out.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0) };
}
