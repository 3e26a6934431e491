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
 * columns of different sizes and leading meet only roughly). Its lines are
 * then searched again column by column, as a two-column page's are.
 */
import type { Line } from '../model.ts';
import { linesOf, type Detected } from './table-parts.ts';
import { findLayoutGutter, proseBeside, sameBaselineShare, type Gutter } from './layout-gutter.ts';

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
  return proseBeside(own, gutter, pageWidth) && sameBaselineShare(own, gutter) < MAX_SAME_BASELINE_SHARE ? gutter : null;
}
