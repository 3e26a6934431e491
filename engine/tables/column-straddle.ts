/**
 * A page can be in two layout columns below a full-width top (a paper's
 * first page: title and abstract across, then two columns), so no gutter
 * holds over the whole page (layout-gutter.ts) and its column search never
 * runs. Lines of the two columns then pair up where they share baselines:
 * footnotes at the foot of one column beside the other's prose, or the last
 * column of a table beside it. A whitespace table is two layout columns when
 * a gutter holds over the text around it (leaving out the lines with a run
 * across the middle of the page), its cells lie on both sides of that gutter,
 * on one side they are prose running the column's width, and the two sides
 * of its rows do not sit on one baseline, as a table's cells do (layout
 * columns of different sizes and leading meet only roughly), or on each side
 * its first line carries on a paragraph from the line just above it in that
 * column (footnotes at the foot of both columns, on one baseline grid: a
 * table's first row follows its header or caption, not a line of running
 * text on each side). Its lines are then searched again column by column, as
 * a two-column page's are.
 */
import type { Box, Line, TextRun } from '../model.ts';
import { unionOf } from '../geometry.ts';
import { magnitude, maxOf, minOf } from '../numbers.ts';
import { linesOf, type Detected } from './table-parts.ts';
import { findLayoutGutter, FULL_LINE, proseBeside, sameBaselineShare, type Gutter } from './layout-gutter.ts';

/** Blank (line heights) above a first line within which it carries on the line above: a paragraph's leading. */
const LEADING_LINES = 1;

/** Share of the table's rows across the gutter on one baseline from which it is a table after all (a wide table's description column). */
const MAX_SAME_BASELINE_SHARE = 0.7;
/** How far (in ems of body text) above and below a table the text is searched for a layout gutter: about 15 lines. */
const REGION_EM = 18;

/** The gutter of the layout columns the whitespace table `t` pairs up (see the module comment), or null. */
export function regionGutter(t: Detected, lines: readonly Line[], pageWidth: number, em: number): Gutter | null {
  const { box } = t.block.prov;
  const mid = pageWidth / 2;
  const near = (l: Line) => l.box.y1 > box.y0 - REGION_EM * em && l.box.y0 < box.y1 + REGION_EM * em;
  const region = lines.filter((l) => near(l) && !l.runs.some((r) => r.box.x0 < mid && r.box.x1 > mid));
  const gutter = findLayoutGutter(region, pageWidth);
  if (!gutter) return null;
  const runs = [...t.runs];
  if (!runs.some((r) => r.box.x1 <= gutter.x0) || !runs.some((r) => r.box.x0 >= gutter.x1)) return null;
  const own = linesOf(t, region);
  if (!proseBeside(own, gutter, pageWidth)) return null;
  if (sameBaselineShare(own, gutter) < MAX_SAME_BASELINE_SHARE) return gutter;
  const left = (r: TextRun) => r.box.x1 <= gutter.x0;
  const right = (r: TextRun) => r.box.x0 >= gutter.x1;
  return carriesOn(t, region, left, em) && carriesOn(t, region, right, em) ? gutter : null;
}

/**
 * Whether the table's first text on one side (`onSide`) starts a line of a
 * paragraph begun above it: the line just above, at a paragraph's leading,
 * starts where it starts and runs the side's width.
 */
function carriesOn(t: Detected, region: readonly Line[], onSide: (r: TextRun) => boolean, em: number): boolean {
  const mine = [...t.runs].filter(onSide);
  if (!mine.length) return false;
  const top = minOf(mine.map((r) => r.box.y0));
  const first = mine.filter((r) => r.box.y0 < top + em / 2);
  const x0 = minOf(first.map((r) => r.box.x0));
  const height = maxOf(first.map((r) => r.box.y1 - r.box.y0));
  const sides = region.map((l) => l.runs.filter(onSide)).filter((rs) => rs.length > 0);
  const side = unionOf(sides.flat());
  // The nearest line part above the table's first text, outside the table.
  const above = sides
    .filter((rs) => !rs.some((r) => t.runs.has(r)))
    .map((rs) => unionOf(rs))
    .filter((b) => b.y1 <= top)
    .reduce<Box | null>((nearest, b) => (nearest && nearest.y1 >= b.y1 ? nearest : b), null);
  if (!above) return false;
  return top - above.y1 <= LEADING_LINES * height && magnitude(above.x0 - x0) <= em && above.x1 - above.x0 >= FULL_LINE * (side.x1 - side.x0);
}
