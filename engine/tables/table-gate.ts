/**
 * The cheap text-only test that decides whether a page's operator list is
 * fetched for table rules. pdf.js has no way to ask whether a page draws any
 * lines short of building the whole operator list (as costly as the text
 * content), so the gate looks for what every table of two or more columns
 * shows in its text: several rows whose cells leave a column-sized gap at the
 * same x. Text that shows such gaps without being a table is set aside first:
 * the running header and footer, a two-column layout's gutter, list markers,
 * justified lines, holes left by inline code set on its own baseline, and
 * code blocks.
 */
import type { TextRun } from '../model.ts';
import { listMarker } from '../stages/lists.ts';
import { union } from './chunks.ts';
import { findLayoutGutter, type Gutter } from './layout-gutter.ts';
import { HALF, MIN_ROWS, SAME_LINE_EM } from './measures.ts';
import { sortInPlace } from '../in-order.ts';
import { greatest, least, magnitude, maxOf, minOf } from '../numbers.ts';

/** Horizontal gap (ems) between runs of one text line that suggests a column boundary. */
const COLUMN_GAP_EM = 0.9;
/** Gapless rows (wrapped cell text) a chain may cross between two gapped rows. */
const MAX_WRAPPED_ROWS = 2;
/** Word gaps of a justified line are equal to within rounding (points). */
const JUSTIFIED_TOLERANCE = 0.6;
/** Equal gaps in a row that make a line justified rather than a table row. */
const JUSTIFIED_MIN_GAPS = 3;

/** A gap between two runs of one band; `code` when both sides are monospaced. */
type Gap = { x0: number; x1: number; code: boolean };

/** Runs bucketed into text lines by vertical centre (a cheap version of the lines stage), each sorted by x. `runs` is sorted in place. */
function bands(runs: TextRun[]): TextRun[][] {
  const sorted = runs.sort((a, b) => (a.box.y0 + a.box.y1) - (b.box.y0 + b.box.y1));
  const out: TextRun[][] = [];
  let cur: TextRun[] = [];
  let y = -Infinity;
  for (let k = 0; k < sorted.length; k++) {
    const r = sorted[k]!;
    const my = (r.box.y0 + r.box.y1) / 2;
    if (my - y > SAME_LINE_EM * greatest(r.fontSize, 1) && cur.length) {
      out.push(cur);
      cur = [];
    }
    if (!cur.length) y = my;
    cur.push(r);
  }
  if (cur.length) out.push(cur);
  // Most bands' runs already stand left to right (in-order.ts).
  for (let i = 0; i < out.length; i++) {
    const band = out[i]!;
    sortInPlace(band, byLeft);
  }
  return out;
}

const byLeft = (a: TextRun, b: TextRun): number => a.box.x0 - b.box.x0;

/**
 * Indexes (of the right-hand run) of gaps that are word spaces of a justified
 * line: three or more neighbouring gaps of one width. Table columns leave
 * gaps of differing widths, since their cells are of differing widths.
 */
export function justifiedGaps(band: readonly TextRun[]): Set<number> {
  const widths = band.slice(1).map((r, i) => r.box.x0 - band[i]!.box.x1);
  const out = new Set<number>();
  for (let i = 0; i < widths.length;) {
    let j = i;
    while (j + 1 < widths.length && magnitude(widths[j + 1]! - widths[i]!) <= JUSTIFIED_TOLERANCE) j++;
    if (j - i + 1 >= JUSTIFIED_MIN_GAPS) for (let k = i; k <= j; k++) out.add(k + 1);
    i = j + 1;
  }
  return out;
}

/** Whether a run is nothing but a list marker ("•", "1.", "(a)"). */
const isMarker = (text: string): boolean => (listMarker(text.trim() + ' ')?.length ?? 0) >= text.trim().length + 1;

/** Text of a neighbouring band that sits inside the gap at this band's height (inline code on its own baseline). */
function filled(gap: Gap, band: readonly TextRun[], neighbours: readonly (readonly TextRun[] | undefined)[]): boolean {
  const y0 = minOf(band.map((r) => r.box.y0));
  const y1 = maxOf(band.map((r) => r.box.y1));
  return neighbours.some((n) => n?.some((r) => {
    const overlap = least(y1, r.box.y1) - greatest(y0, r.box.y0);
    return overlap > HALF * least(y1 - y0, r.box.y1 - r.box.y0) && r.box.x0 < gap.x1 && r.box.x1 > gap.x0;
  }) === true);
}

/** The column-sized gaps of band `i` that could separate table cells. */
function bandGaps(all: readonly TextRun[][], i: number): Gap[] {
  const band = all[i]!;
  // Found only for a band with a column-sized gap, which most bands (prose lines) lack.
  let justified: Set<number> | undefined;
  const gaps: Gap[] = [];
  for (let k = 1; k < band.length; k++) {
    const a = band[k - 1]!;
    const b = band[k]!;
    if (b.box.x0 - a.box.x1 < COLUMN_GAP_EM * greatest(greatest(a.fontSize, b.fontSize), 1)) continue;
    // A bullet or number before the first gap is a list item, not a cell.
    if ((justified ??= justifiedGaps(band)).has(k) || (k === 1 && isMarker(a.text))) continue;
    const gap = { x0: a.box.x1, x1: b.box.x0, code: a.monospace && b.monospace };
    if (!filled(gap, band, [all[i - 1], all[i + 1]])) gaps.push(gap);
  }
  return gaps;
}

/**
 * Whether the chain of rows starting with `first` in band `start` keeps a gap
 * at one x through at least two gapped rows, allowing wrapped rows (no text
 * at that x) in between. A chain whose every gap is between monospaced runs
 * is a code block: a table of code still has a header or a cell in body text.
 */
function chainFrom(start: number, first: Gap, gaps: readonly Gap[][], all: readonly TextRun[][]): boolean {
  let x0 = first.x0;
  let x1 = first.x1;
  let code = first.code;
  let rows = 1;
  let wrapped = 0;
  for (let j = start + 1; j < all.length; j++) {
    const next = gaps[j]!.find((g) => g.x0 < x1 && g.x1 > x0);
    if (next) {
      x0 = greatest(x0, next.x0);
      x1 = least(x1, next.x1);
      code &&= next.code;
      rows++;
      wrapped = 0;
    } else if (wrapped < MAX_WRAPPED_ROWS && !all[j]!.some((r) => r.box.x0 < x1 && r.box.x1 > x0)) {
      wrapped++;
    } else {
      break;
    }
  }
  return rows >= MIN_ROWS && !code; // a header and one body row, or two body rows, gapped at a shared x
}

/**
 * Cheap gate for the rule extraction, run on the extracted text runs before
 * any stage: true when some x stays a column-sized gap (0.9em; LaTeX puts
 * table cells 12pt apart at 10pt) through two or more neighbouring rows,
 * which every table of two or more columns shows, ruled or not.
 *
 * Set aside: the first and last line of the page (running header and footer:
 * date and title, URL and page number), gaps at the layout gutter of a
 * two-column page, the gap after a list marker, the equal word spaces of a
 * justified line, gaps filled by text on a neighbouring baseline, and chains
 * of gaps between monospaced runs only.
 *
 * Trade-off: without the operator list, a table is found from whitespace
 * alone, losing only merged cells and row borders. The gate misses tables
 * whose cells sit closer than ~0.9em, one-row tables, tables set entirely in
 * a monospaced font, and a two-row table one of whose rows is the page's
 * first or last line. It still fires on pages with tables that have no
 * rules, and on option lists and aligned definitions, which look the same in
 * text.
 */
export function pageMayHaveRuledTable(runs: readonly TextRun[], pageWidth: number): boolean {
  let all = bands(runs.filter((r) => r.text.trim() !== ''));
  if (all.length > 2) all = all.slice(1, -1); // keeps one band at least
  const gaps = all.map((_, i) => bandGaps(all, i));
  const chained = (rows: readonly Gap[][]) => rows.some((row, i) => row.some((g) => chainFrom(i, g, rows, all)));
  // Most pages show no chain at all; only the rest pay for finding the gutter.
  if (!chained(gaps)) return false;
  const gutter = findLayoutGutter(all.map((band) => ({ runs: band, box: union(band.map((r) => r.box)) })), pageWidth);
  return gutter === null || chained(gaps.map((row) => row.filter((g) => !atGutter(g, gutter))));
}

const atGutter = (g: Gap, gutter: Gutter): boolean => g.x0 <= gutter.x1 && g.x1 >= gutter.x0;
