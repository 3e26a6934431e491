/**
 * Pages that change layout part way down: a full-width table or figure on
 * top, two columns of prose below (or the reverse). The full-width part
 * crosses the middle of the page, so the page as a whole shows no layout
 * gutter, and the two columns' lines, paired up across it, look like the
 * rows of a table. The page is cut where its lower (or upper) part has a
 * gutter of its own; each part is searched for tables on its own.
 */
import type { Line, Rule } from '../model.ts';
import { detectAlignedTables } from './aligned-tables.ts';
import { detectBesideGutter } from './gutter-tables.ts';
import { findLayoutGutter, gutterPossible, proseBeside, type Gutter } from './layout-gutter.ts';
import type { Detected, TableScope } from './table-parts.ts';
import { MIN_GUTTER_LINES, SAME_BOTTOM_PT } from './measures.ts';
import { maxOf } from '../numbers.ts';

/** Blank (in line heights) a cut needs above the part below it. */
const MIN_BLANK_LINES = 1.0;
/** Lines across a part's gutter that may share a baseline by chance. */
const MAX_ROWS_ACROSS = 2;

type Cut = { above: Line[]; below: Line[]; gutter: Gutter; side: 'above' | 'below' };

/** Whether a blank of more than a line lies above line i: layouts change there, rows of one table follow closer. */
function blankAbove(sorted: readonly Line[], i: number): boolean {
  const line = sorted[i]!;
  return line.box.y0 - sorted[i - 1]!.box.y1 >= MIN_BLANK_LINES * (line.box.y1 - line.box.y0);
}

/** Lines with text on both sides of the gutter ending on one baseline, as a table's rows do (layout columns meet so only by chance). */
function rowsAcross(lines: readonly Line[], g: Gutter): number {
  return lines.filter((l) => {
    const left = l.runs.filter((r) => r.box.x1 <= g.x0).map((r) => r.box.y1);
    const right = l.runs.filter((r) => r.box.x0 >= g.x1).map((r) => r.box.y1);
    return left.length > 0 && right.length > 0 && Math.abs(maxOf(left) - maxOf(right)) <= SAME_BOTTOM_PT;
  }).length;
}

/** Whether a part's gutter is a layout gutter: prose on one side at least, and no table rows across it. */
const layoutPart = (part: readonly Line[], g: Gutter | null, width: number): g is Gutter =>
  g !== null && rowsAcross(part, g) <= MAX_ROWS_ACROSS && proseBeside(part, g, width);

/** The cut nearest the page's top (for a two-column lower part) or bottom (upper part) that gives a part a gutter. */
function findCut(lines: readonly Line[], width: number): Cut | null {
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0);
  // Most parts are crossed everywhere a gutter could lie: those are passed over before their gutter is looked for.
  const possible = gutterPossible(sorted, width);
  for (let i = 1; i + MIN_GUTTER_LINES <= sorted.length; i++) {
    if (!blankAbove(sorted, i) || !possible.below[i]) continue;
    const below = sorted.slice(i);
    const gutter = findLayoutGutter(below, width);
    if (layoutPart(below, gutter, width)) return { above: sorted.slice(0, i), below, gutter, side: 'below' };
  }
  for (let i = sorted.length - 1; i >= MIN_GUTTER_LINES; i--) {
    if (!blankAbove(sorted, i) || !possible.above[i]) continue;
    const above = sorted.slice(0, i);
    const gutter = findLayoutGutter(above, width);
    if (layoutPart(above, gutter, width)) return { above, below: sorted.slice(i), gutter, side: 'above' };
  }
  return null;
}

/**
 * Whitespace tables of a page: beside the page's layout gutter when it has
 * one, else in each part of a page whose layout changes (see the module
 * comment), else across the page.
 */
export function detectByLayout(scope: TableScope, lines: readonly Line[], rules: readonly Rule[]): Detected[] {
  const gutter = findLayoutGutter(lines, scope.width);
  if (gutter) return detectBesideGutter(scope, lines, gutter, rules);
  const cut = lines.length >= 2 * MIN_GUTTER_LINES ? findCut(lines, scope.width) : null; // lines for two parts
  if (!cut) return detectAlignedTables(scope, lines, rules);
  const [columns, whole] = cut.side === 'below' ? [cut.below, cut.above] : [cut.above, cut.below];
  return [...detectAlignedTables(scope, whole, rules), ...detectBesideGutter(scope, columns, cut.gutter, rules)];
}
