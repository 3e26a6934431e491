/**
 * Which column of a region is its stub (the column of row labels). A table
 * read left to right has it first on the page; a Hebrew or Arabic table has
 * it on the right, last in page order. Row grouping asks for it: a line with
 * text in the stub column only is a row-group label, and a stub's text opens
 * a row. Taking the leftmost column for the stub in a right-to-left table
 * merges every group label into the row above it.
 */
import { hasRtl, letterDirections } from '../stages/bidi-lines.ts';
import type { Column, RegionLine } from './columns.ts';

/** Index of the stub column: the last when the region's letters are mostly right-to-left, else the first. */
export function stubColumn(lines: readonly RegionLine[], cols: readonly Column[]): number {
  const runs = lines.flatMap((l) => l.chunks.flatMap((c) => c.runs));
  // Counting letters is the cost; a region without one right-to-left letter is read left to right.
  if (!runs.some((r) => hasRtl(r.text))) return 0;
  const { rtl, ltr } = letterDirections(runs);
  return rtl > ltr ? Math.max(0, cols.length - 1) : 0;
}
