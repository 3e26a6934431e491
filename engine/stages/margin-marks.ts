/**
 * Marks set out in the margin beside a paragraph: a thumb index (acmart's
 * article number, white on a black tab at the page's edge), a margin number.
 * Read into the line they stand beside, they land in mid-sentence ("… bear
 * this notice and 111 the full citation …"). Here they are taken out of the
 * line and stand after the paragraph as lines of their own.
 */
import type { Line, TextRun } from '../model.ts';
import { lineFontSize, unionOf, visibleLength } from '../geometry.ts';
import { greatest, magnitude, maxOf } from '../numbers.ts';

/** A gap between two runs of a line this many ems wide or more sets what follows apart from its text (a mark in the margin). */
const APART_EM = 2;

/** Index of the first run set apart from the line's text, or the run count when none is. */
function apartFrom(line: Line): number {
  const runs = line.runs;
  const apart = APART_EM * lineFontSize(line);
  let end = runs[0]?.box.x1 ?? line.box.x1;
  for (let i = 1; i < runs.length; i++) {
    if (runs[i]!.box.x0 - end >= apart) return i;
    end = greatest(end, runs[i]!.box.x1);
  }
  return runs.length;
}

/** Where the line's first `k` runs end. */
function endBefore(line: Line, k: number): number {
  let end = line.runs[0]?.box.x1 ?? line.box.x1;
  for (let i = 1; i < k; i++) end = greatest(end, line.runs[i]!.box.x1);
  return end;
}

/** Where a line's text ends, before any run set apart from it. */
export const textEnd = (line: Line): number => endBefore(line, apartFrom(line));

/** Text is prose when letters make at least this share of its visible characters. */
const PROSE_LETTERS = 0.5;

function isProse(runs: readonly TextRun[]): boolean {
  const text = runs.map((r) => r.text).join('');
  const visible = visibleLength(text);
  return visible > 0 && (text.match(/\p{L}/gu)?.length ?? 0) >= PROSE_LETTERS * visible;
}

/** A measure is read from this many lines at least: fewer say nothing of where the paragraph's lines end. */
const MIN_LINES = 3;
/** A mark starts this many ems of the line beyond the paragraph's right edge, at least: out in the margin. */
const BEYOND_EM = 1;
/** Lines whose text ends within this many ems of the paragraph's widest end share its right edge (justified text). */
const EDGE_EM = 0.5;

/**
 * The paragraph's straight right edge, where its justified lines end, leaving
 * out line `skip` and the last line (which ends short); null when fewer than
 * two lines, or fewer than half of them, end there (ragged text, code).
 */
function rightEdge(lines: readonly Line[], ends: readonly number[], skip: number): number | null {
  const others = lines.flatMap((l, j) => (j === skip || j === lines.length - 1 ? [] : [{ end: ends[j]!, em: lineFontSize(l) }]));
  const edge = maxOf(others.map((o) => o.end));
  const at = others.filter((o) => edge - o.end <= EDGE_EM * o.em).length;
  return at >= 2 && 2 * at >= others.length ? edge : null; // two lines at least, and half of them
}

/**
 * The paragraph's lines without the runs set apart at the ends of full lines,
 * beyond the paragraph's justified right edge (`body`), and those runs as lines
 * (`marks`). A run at the edge (an equation number at the column's edge) is
 * not a mark, and neither is anything in ragged text or code, whose lines end
 * where they end, or in monospaced text.
 */
export function takeMarginMarks(lines: Line[]): { body: Line[]; marks: Line[] } {
  if (lines.length < MIN_LINES) return { body: lines, marks: [] };
  const cuts = lines.map(apartFrom);
  if (cuts.every((k, i) => k === lines[i]!.runs.length)) return { body: lines, marks: [] };
  const ends = lines.map((l, i) => endBefore(l, cuts[i]!));
  const marks: Line[] = [];
  const body = lines.map((line, i) => {
    const k = cuts[i]!;
    // Code and typewriter text line its columns up with spaces: what is set apart there is a column.
    if (k === 0 || k === line.runs.length || line.runs.some((r) => r.monospace)) return line;
    const edge = rightEdge(lines, ends, i);
    const em = lineFontSize(line);
    // The line's own text fills the measure, and the mark starts out beyond it.
    if (edge === null || magnitude(ends[i]! - edge) > EDGE_EM * em || line.runs[k]!.box.x0 < edge + BEYOND_EM * em) return line;
    const [kept, apart] = [line.runs.slice(0, k), line.runs.slice(k)];
    if (!isProse(kept)) return line; // columns of figures or leaders set apart are a table's
    marks.push({ runs: apart, box: unionOf(apart) });
    return { runs: kept, box: unionOf(kept) };
  });
  return { body, marks };
}
