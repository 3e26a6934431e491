/**
 * Table rows at a page's top or bottom edge. A long table broken over pages
 * puts its repeated header and first rows where running headers live, and
 * rows of one table look alike once digits are folded ("12 Row 12 name" and
 * "48 Row 48 name"), so the furniture stage would take them for a running
 * header and drop them. A line is a table row, not furniture, when it belongs
 * to a run of lines whose column gutters hold from line to line and the run
 * goes on past the edge band into the body of the page: rows from lines set
 * at row spacing, columns from gutters shared over the rows.
 */
import { lineFontSize } from '../geometry.ts';
import type { Line } from '../model.ts';
import { lineChunks } from './chunks.ts';

/**
 * Largest vertical gap between two rows of one table, in ems of the upper
 * line: cell padding and rules above and below, or a blank row-group line.
 * A running header sits further from the body (LaTeX's headsep, a word
 * processor's header distance are 2 em and more).
 */
const ROW_GAP_EM = 1.6;
/** Gutters a line with fewer than its neighbour's shares with it at least: its cells in three columns of the neighbour's. */
const MIN_SHARED_GUTTERS = 2;
/** Lines in one run at the least: a header and two rows, or three rows. */
const MIN_RUN = 3;

type Gutter = { x0: number; x1: number };

/** The gaps between a line's chunks, left to right. */
function gutters(line: Line): Gutter[] {
  const chunks = lineChunks(line);
  return chunks.slice(1).map((c, i) => ({ x0: chunks[i]!.box.x1, x1: c.box.x0 }));
}

/**
 * Whether two lines are rows of one table: each has a gutter, and each
 * gutter of the one with fewer overlaps a gutter of the other, in order. A
 * row with empty cells, or a header's line of years under its labels, has
 * fewer gutters than the rows beside it, each where theirs are (two at
 * least, unless both have as many).
 */
function sameColumns(a: readonly Gutter[], b: readonly Gutter[]): boolean {
  if (!a.length || !b.length) return false;
  const [few, many] = a.length <= b.length ? [a, b] : [b, a];
  // One gutter alone (a running header's title and folio) meets some gutter of nearly any row: it must meet the only one.
  if (few.length < MIN_SHARED_GUTTERS && few.length !== many.length) return false;
  let j = 0;
  for (const g of few) {
    while (j < many.length && !(g.x0 < many[j]!.x1 && many[j]!.x0 < g.x1)) j++;
    if (j === many.length) return false;
    j++;
  }
  return true;
}

/**
 * The lines of `lines` that are rows of a table reaching beyond the band:
 * `inBand(line)` tells which lines lie in the page's edge bands. Runs are
 * searched through the lines `from` tells (default: those in the band).
 */
export function edgeTableRows(lines: readonly Line[], inBand: (line: Line) => boolean, from = inBand): Set<Line> {
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0);
  // Only the runs through a band line matter: a page's other lines are chunked only as far as those runs reach.
  const gaps: Array<Gutter[] | undefined> = new Array(sorted.length);
  const gapsAt = (i: number): Gutter[] => (gaps[i] ??= gutters(sorted[i]!));
  const joins = (i: number): boolean => sorted[i]!.box.y0 - sorted[i - 1]!.box.y1 <= ROW_GAP_EM * lineFontSize(sorted[i - 1]!)
    && sameColumns(gapsAt(i - 1), gapsAt(i));
  const out = new Set<Line>();
  for (let i = 0; i < sorted.length;) {
    if (!from(sorted[i]!)) {
      i++;
      continue;
    }
    let start = i;
    while (start > 0 && joins(start)) start--;
    let end = i + 1;
    while (end < sorted.length && joins(end)) end++;
    const run = sorted.slice(start, end);
    if (run.length >= MIN_RUN && run.some((l) => !inBand(l))) run.forEach((l) => out.add(l));
    i = end;
  }
  return out;
}
