/**
 * Two-column page layouts put unrelated left and right text on one baseline,
 * which looks exactly like a two-column table. This finds the page's layout
 * gutter (a vertical strip near the middle that almost no text crosses while
 * many lines have text on both sides) and splits lines there, so table
 * detection sees each layout column on its own.
 */
import type { Line } from '../model.ts';
import { lineChunks, union, type Chunk } from './chunks.ts';
import { RangeCounts } from './range-counts.ts';
import { LAYOUT_COLUMN_SHARE, MIN_COLUMNS, MIN_GUTTER_LINES, MIN_ROWS, SAME_BOTTOM_PT } from './measures.ts';
import { greatest, least, magnitude, maxOf, minOf } from '../numbers.ts';

/** Prose lines split into chunks (wide justified word gaps) on at most this share of a column's lines. */
const MAX_SPLIT_SHARE = 0.4;
/** Share of the lines that may cross a layout gutter: full-width headings and wide tables do, prose never. */
export const MAX_CROSSING_SHARE = 0.1;
/** Share of the page's lines each layout column carries at least. */
const MIN_SIDE_SHARE = 0.25;
/** Share of the lines across a gutter on one baseline from which its sides are one table's, not two layout columns. */
const MIN_SAME_BASELINE_SHARE = 0.7;
/** Share of a side's lines running its full width (prose) that marks it a layout column. */
const MIN_FULL_SHARE = 0.15;

/** An x-interval no text crosses. */
export type Gutter = { x0: number; x1: number };

/**
 * How many chunks (of all the lines) cross each integer x in [lo, hi]: a
 * chunk crosses x when x0 < x < x1. One pass over the chunks with a
 * difference array, summed in place, so the cost is chunks + width rather
 * than chunks × width.
 */
export function crossings(byLine: readonly Chunk[][], lo: number, hi: number): number[] {
  // A slot per x in [lo, hi], and one past it for the last decrement; a plain array (a typed one lives off the heap, costly to make).
  const counts = new Array<number>(hi - lo + 2).fill(0);
  for (let j = 0; j < byLine.length; j++) {
    const chunks = byLine[j]!;
    for (let k = 0; k < chunks.length; k++) {
      const c = chunks[k]!;
      const a = greatest(lo, Math.floor(c.box.x0) + 1);
      const b = least(hi, Math.ceil(c.box.x1) - 1);
      if (a > b) continue;
      counts[a - lo]!++;
      counts[b - lo + 1]!--;
    }
  }
  let n = 0;
  for (let i = 0; i <= hi - lo; i++) counts[i] = n += counts[i]!;
  counts.length = hi - lo + 1; // the slot past hi held only decrements
  return counts;
}

/** Where a layout gutter may lie on a page: [lo, hi], leaving a layout column on each side. */
function gutterRange(pageWidth: number): [number, number] {
  return [Math.floor(pageWidth * LAYOUT_COLUMN_SHARE), Math.ceil(pageWidth * (1 - LAYOUT_COLUMN_SHARE))];
}

/**
 * For a cut before each line of `sorted` (index i), whether the lines below
 * it (from i on) and above it (before i) pass findLayoutGutter's first
 * test: some x where a gutter may lie that few enough of their chunks cross.
 * A part that fails has no gutter. Counted for all cuts in one sweep from
 * each end, instead of a search per cut over the part's lines.
 */
export function gutterPossible(sorted: readonly Line[], pageWidth: number): { below: boolean[]; above: boolean[] } {
  const [lo, hi] = gutterRange(pageWidth);
  // Each line's chunks as the x ranges (within [lo, hi]) they cross, as crossings() counts them.
  const ranges = sorted.map((l) => lineChunks(l)
    .map((c): [number, number] => [greatest(lo, Math.floor(c.box.x0) + 1), least(hi, Math.ceil(c.box.x1) - 1)])
    .filter((r) => r[0] <= r[1]));
  // The least count after each line, kept by range-counts.ts: a count per x raised and read per line cost the width each time.
  const sweep = (order: readonly number[]): boolean[] => {
    const counts = new RangeCounts(lo, hi);
    return order.map((i, n) => {
      // Indexed, not destructured: for…of and `[a, b]` each went through an iterator per range.
      const line = ranges[i]!;
      for (let k = 0; k < line.length; k++) counts.raise(line[k]![0], line[k]![1]);
      return counts.min() <= (n + 1) * MAX_CROSSING_SHARE;
    });
  };
  const down = sorted.map((_, i) => i);
  const below = sweep([...down].reverse()).reverse(); // below[i]: the lines from i on
  const above = [false, ...sweep(down)]; // above[i]: the first i lines (none for i = 0)
  return { below, above };
}

/** Finds the layout gutter of a page, or null for a one-column page. */
export function findLayoutGutter(lines: readonly Line[], pageWidth: number): Gutter | null {
  if (lines.length < MIN_GUTTER_LINES) return null;
  const byLine = lines.map((l) => lineChunks(l));
  // The gutter leaves a layout column on each side.
  const [lo, hi] = gutterRange(pageWidth);
  const counts = crossings(byLine, lo, hi);
  const min = minOf(counts);
  // Full-width headings and wide tables may cross the gutter; prose never does.
  if (min > lines.length * MAX_CROSSING_SHARE) return null;
  const best = counts.indexOf(min);
  let a = best;
  let b = best;
  while (a > 0 && counts[a - 1] === min) a--;
  while (b + 1 < counts.length && counts[b + 1] === min) b++;
  const gutter = { x0: lo + a, x1: lo + b };
  const left = lines.filter((l) => l.runs.some((r) => r.box.x1 <= gutter.x0)).length;
  const right = lines.filter((l) => l.runs.some((r) => r.box.x0 >= gutter.x1)).length;
  // Both layout columns must carry real text. (Their baselines need not line up.)
  if (left < lines.length * MIN_SIDE_SHARE || right < lines.length * MIN_SIDE_SHARE) return null;
  // Table cells of one row share a baseline exactly. Layout columns run
  // independently: their lines meet on one baseline only by chance, and a
  // line grouper tolerant enough to merge them leaves them a point or two apart.
  const shared = lines.map((l) => sideBottoms(l, gutter)).filter((d): d is [number, number] => d !== null);
  const exact = shared.filter(([l, r]) => magnitude(l - r) <= SAME_BOTTOM_PT).length;
  if (shared.length === 0 || exact < MIN_SAME_BASELINE_SHARE * shared.length) return gutter;
  // Both columns may still keep the same rhythm (a baseline grid); then layout columns are
  // filled with prose lines running their full width, table columns are not. A layout
  // column may also hold a table under its prose: rows of cells of its own beside a
  // paragraph that runs the column's width, which no column of one table holds; then
  // nothing crosses the gutter (a table's columns under full-width prose are crossed by it).
  const onLeft = (x: number): boolean => x <= gutter.x1;
  const onRight = (x: number): boolean => x >= gutter.x0;
  const [proseL, proseR] = [proseSide(byLine, onLeft, pageWidth), proseSide(byLine, onRight, pageWidth)];
  const besideProse = min === 0 && ((proseL && tableUnderProse(byLine, onRight)) || (proseR && tableUnderProse(byLine, onLeft)));
  return (proseL && proseR) || besideProse ? gutter : null;
}

/** Share of a side's width a paragraph line runs as one piece. */
export const FULL_LINE = 0.8;

/** Whether one side holds rows of two cells or more and a line of prose running the side's width as one piece. */
function tableUnderProse(byLine: readonly Chunk[][], onSide: (x: number) => boolean): boolean {
  const sides = byLine.map((chunks) => chunks.filter((c) => onSide(c.box.x0) && onSide(c.box.x1))).filter((cs) => cs.length > 0);
  if (!sides.length) return false;
  const x0 = minOf(sides.flatMap((cs) => cs.map((c) => c.box.x0)));
  const x1 = maxOf(sides.flatMap((cs) => cs.map((c) => c.box.x1)));
  const rows = sides.filter((cs) => cs.length >= MIN_COLUMNS).length;
  const prose = sides.filter((cs) => cs.length === 1 && cs[0]!.box.x1 - cs[0]!.box.x0 >= FULL_LINE * (x1 - x0)).length;
  // A table of a header and a row, and as many lines of prose.
  return rows >= MIN_ROWS && prose >= MIN_ROWS;
}

/** Whether the text on one side of the gutter or the other reads as a column of prose (see proseSide); the other may hold a figure. */
export function proseBeside(lines: readonly Line[], g: Gutter, pageWidth: number): boolean {
  const byLine = lines.map((l) => lineChunks(l));
  return proseSide(byLine, (x) => x <= g.x1, pageWidth) || proseSide(byLine, (x) => x >= g.x0, pageWidth);
}

/** Of the lines with text on both sides of the gutter, the share whose two sides sit on one baseline, as a table row's cells do. */
export function sameBaselineShare(lines: readonly Line[], g: Gutter): number {
  const shared = lines.map((l) => sideBottoms(l, g)).filter((d): d is [number, number] => d !== null);
  return shared.length ? shared.filter(([l, r]) => magnitude(l - r) <= SAME_BOTTOM_PT).length / shared.length : 0;
}

/** Bottom edges of a line's text left and right of the gutter, or null when one side is empty. */
function sideBottoms(line: Line, g: Gutter): [number, number] | null {
  let left = -Infinity, right = -Infinity;
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    if (r.box.x1 <= g.x0) left = greatest(left, r.box.y1);
    else if (r.box.x0 >= g.x1) right = greatest(right, r.box.y1);
  }
  return left > -Infinity && right > -Infinity ? [left, right] : null;
}

/**
 * Whether the text on one side of the gutter looks like a column of prose:
 * a good share of its lines run the column's full width, and few of them
 * break into separate chunks the way table rows break into cells.
 */
function proseSide(byLine: readonly Chunk[][], onSide: (x: number) => boolean, pageWidth: number): boolean {
  const sides = byLine
    .map((chunks) => chunks.filter((c) => onSide(c.box.x0) && onSide(c.box.x1)))
    .filter((cs) => cs.length > 0);
  if (!sides.length) return false;
  const extents = sides.map((cs) => union(cs.map((c) => c.box)));
  const x0 = minOf(extents.map((b) => b.x0));
  const x1 = maxOf(extents.map((b) => b.x1));
  if (x1 - x0 < LAYOUT_COLUMN_SHARE * pageWidth) return false;
  const full = extents.filter((b) => b.x1 - b.x0 >= FULL_LINE * (x1 - x0)).length;
  const split = sides.filter((cs) => cs.length >= MIN_COLUMNS).length;
  return full >= MIN_FULL_SHARE * sides.length && split <= MAX_SPLIT_SHARE * sides.length;
}

/** A page's lines seen from its layout gutter: the parts on each side, and the lines a run carries across it. */
export type Sides = { left: Line[]; right: Line[]; crossing: Line[] };

/** Splits each line not crossing the gutter into its left and right parts. */
export function sidesOfGutter(lines: readonly Line[], g: Gutter): Sides {
  const mid = (g.x0 + g.x1) / 2;
  const out: Sides = { left: [], right: [], crossing: [] };
  for (const line of lines) {
    if (line.runs.some((r) => r.box.x0 < g.x0 && r.box.x1 > g.x1)) {
      out.crossing.push(line);
      continue;
    }
    const left = line.runs.filter((r) => (r.box.x0 + r.box.x1) / 2 < mid);
    const right = line.runs.filter((r) => (r.box.x0 + r.box.x1) / 2 >= mid);
    if (left.length) out.left.push(left.length === line.runs.length ? line : { runs: left, box: union(left.map((r) => r.box)) });
    if (right.length) out.right.push(right.length === line.runs.length ? line : { runs: right, box: union(right.map((r) => r.box)) });
  }
  return out;
}
