/**
 * A paragraph beside a side label is not a table (issue 19). LaTeX (a
 * `\parbox` pair) and word processors (a hanging indent, a borderless
 * layout table) set a short label in a narrow column on the first baseline
 * of its paragraph; a few such paragraphs line up like the two columns of a
 * table. A table's rows share baselines across its columns: each item has a
 * cell in each. Here the label column holds one short entry for many lines
 * of running text, so the rows are paragraphs, not items. Such a "table" is
 * left to the text (label, then paragraph), as Chromium's drawing of the
 * same page, where the paragraph starts below its label, already is.
 *
 * A term-and-description table looks the same; it keeps its table when it
 * has a header row (`Option | Meaning`), when its terms are longer than a
 * label, or when its descriptions run to a line or two per term.
 */
import type { Cell, Line, TextRun } from '../model.ts';
import { prose } from './prose-cells.ts';
import type { Detected } from './table-parts.ts';
import { HALF } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';

/** Words a side label holds at most: a run-in heading of a few words, not a sentence. */
const LABEL_WORDS = 4;
/** Lines of the text column per label line from which the labels are one per paragraph, not one per row. */
const LINES_PER_LABEL = 2;
/** Width (ems) from which a column is the measure of running text (some 40 characters a line), not a cell. */
const MEASURE_EM = 20;
/** Vertical distance (ems) within which two runs' centres sit on one baseline (measures.ts's 0.4 em changes pdfplumber's issue-71 page). */
const SAME_LINE_EM = 0.5;
/** Blank (ems) between two lines of one paragraph at most: a line's leading, under a paragraph's spacing. */
const RUN_ON_GAP_EM = 0.6;
/** Slack (ems) within which a run starts at the table's left edge: side bearings, rounding. */
const EDGE_EM = 0.5;

const cellText = (c: Cell | undefined): string => (c?.spans ?? []).map((s) => s.text).join(' ').trim();
/**
 * Whether a label carries on the label in the row above, wrapped at its
 * column's edge ("Committee" over "reviewed"): it opens in lower case under
 * a word left open. A single letter above is a mark ("a", "b" beside notes), not a word.
 */
const carriesOn = (above: string | undefined, label: string): boolean =>
  above !== undefined && /\p{L}{2}$/u.test(above) && /^\p{Ll}/u.test(label);

/** Whether most of a cell's text is set as code (monospaced). */
const isCode = (c: Cell): boolean => c.spans.filter((s) => s.code).reduce((n, s) => n + s.text.length, 0) > HALF * cellText(c).length;
const words = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length;

const centre = (r: TextRun): number => (r.box.y0 + r.box.y1) / 2;

/** The runs grouped into text lines by vertical centre, top to bottom, each line left to right. */
function baselines(runs: readonly TextRun[], em: number): TextRun[][] {
  const sorted = [...runs].sort((a, b) => centre(a) - centre(b));
  const out: TextRun[][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && centre(r) - centre(last[0]!) <= SAME_LINE_EM * em) last.push(r);
    else out.push([r]);
  }
  for (const line of out) line.sort((a, b) => a.box.x0 - b.box.x0);
  return out;
}

/**
 * Lines of the page that carry on the text column below the table: each
 * starting at the column's left edge, within a line's pitch of the one
 * above, with nothing in the label column. The table may end where a
 * paragraph's label column does; its text runs on.
 */
function linesBelow(lines: readonly Line[], bottom: number, left: number, em: number): number {
  const sorted = lines.filter((l) => l.box.y0 >= bottom - SAME_LINE_EM * em).sort((a, b) => a.box.y0 - b.box.y0);
  let n = 0;
  let y = bottom;
  for (const l of sorted) {
    if (l.box.y0 - y > RUN_ON_GAP_EM * em || Math.abs(l.box.x0 - left) > EDGE_EM * em) break;
    n++;
    y = l.box.y1;
  }
  return n;
}

/**
 * Whether a whitespace table of two columns is paragraphs beside side
 * labels: no header row; every label (left column) a few words; the right
 * column running text (sentences) as wide as a measure of prose; and at
 * least two lines of that text, counting lines that carry it on below the
 * table, for each label. A label wrapped over two lines ("Committee" over
 * "reviewed") is one label. `lines` are the page's lines; `em` is the
 * page's body text size.
 */
export function isSideLabelledProse(t: Detected, lines: readonly Line[], em: number): boolean {
  const rows = t.block.rows;
  if (em <= 0 || rows.some((r) => r.length !== 2) || rows[0]!.some((c) => c.header)) return false; // a label and its prose
  const labelCells = rows.map((r) => r[0]!).filter((c) => cellText(c) !== '');
  const texts = rows.map((r) => r[1]!).filter((c) => cellText(c) !== '');
  const labels = labelCells.map(cellText);
  if (!labels.length || labels.some((l) => words(l) > LABEL_WORDS)) return false;
  // Code is neither a heading nor running text: option names and type signatures make a reference table.
  if ([...labelCells, ...texts].some(isCode)) return false;
  if (!texts.every(prose)) return false;
  const runs = [...t.runs].filter((r) => r.text.trim() !== '');
  const left = minOf(runs.map((r) => r.box.x0));
  const edge = (r: TextRun): boolean => r.box.x0 - left <= EDGE_EM * em;
  const body = runs.filter((r) => !edge(r));
  if (!body.length) return false;
  // The text column starts where most of its lines start (a label's second word also lies right of its edge).
  const starts = baselines(body, em).map((line) => line[0]!.box.x0).sort((a, b) => a - b);
  const textLeft = starts[starts.length >> 1]!;
  const measure = maxOf(body.map((r) => r.box.x1)) - textLeft;
  const entries = rows.filter((r, i) => cellText(r[0]) !== '' && !carriesOn(cellText(rows[i - 1]?.[0]), cellText(r[0]))).length;
  const textLines = baselines(body, em).length + linesBelow(lines, t.block.prov.box.y1, textLeft, em);
  return measure >= MEASURE_EM * em && textLines >= LINES_PER_LABEL * Math.max(entries, 1);
}
