/**
 * Line numbers in the margin (LaTeX's lineno in a submitted manuscript, a
 * legal draft's numbered lines): a bare integer standing at the start of its
 * line, apart from the text, in a column of such numbers that line up on
 * one edge (lineno sets them flush right, acmart's review mode flush left) and
 * count upwards down the page. In a two-column page the right column's numbers
 * stand at the end of their lines. Notes set in the margin beyond the numbers
 * (a referee's "Are these quotations necessary?") are no part of the text they
 * number. They are furniture: left in, every line becomes a two-cell table row
 * and no heading stands alone.
 */
import type { Line, Page, TextRun } from '../model.ts';
import { isSpace } from '../geometry.ts';
import { LEADER_TAIL } from './contents.ts';
import { maxOf, minOf } from '../numbers.ts';

/** A page needs at least this many numbers in one column. */
const MIN_NUMBERS = 5;
/** Numbers of one column line up to within this many points. */
const ALIGN_TOLERANCE = 2;
/** A number stands this many of its ems or more from the text of its line. */
const MIN_GAP_EM = 0.8;
/** Share of neighbouring numbers (top to bottom) that must count up by one. */
const COUNTING_SHARE = 0.8;
/** Share of a listing's numbered lines with text that must start in a fixed-pitch face (the rest: comments in italics). */
const LISTING_SHARE = 0.75;

type Side = 'start' | 'end';
type Mark = { run: TextRun; value: number; y: number; line: Line };

const BARE_NUMBER = /^\s*(\d{1,5})\s*$/;
/** Digits and spaces only: what a run of line numbers holds. */
const DIGITS = /^[\d\s]+$/;

/** `BARE_NUMBER.test(text)` without the pattern: asked of every run, most of which fail at their first letter. */
export function isBareNumber(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const start = i;
  while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++; // 0-9
  if (i === start || i - start > 5) return false; // one to five digits
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i === text.length;
}

/** The run at the given end of a line (in x order) if it is a bare number set apart from the rest of the line. */
function marginNumber(line: Line, side: Side): Mark | null {
  const runs = [...line.runs].sort((a, b) => a.box.x0 - b.box.x0);
  const run = side === 'start' ? runs[0] : runs.at(-1);
  const m = run ? BARE_NUMBER.exec(run.text) : null;
  if (!run || !m) return null;
  const neighbour = side === 'start' ? runs[1] : runs.at(-2); // the run next to the number
  const gap = neighbour ? (side === 'start' ? neighbour.box.x0 - run.box.x1 : run.box.x0 - neighbour.box.x1) : Infinity;
  if (gap < MIN_GAP_EM * run.fontSize) return null;
  // A number at the end of dot leaders is a contents entry's page, however many pages count on by one.
  if (side === 'end' && neighbour && LEADER_TAIL.test(neighbour.text)) return null;
  return { run, value: Number(m[1]), y: line.box.y0, line };
}

/** The largest group of marks sharing a left or a right edge, if it reads as a column of line numbers. */
function numberColumn(marks: readonly Mark[]): Mark[] {
  let best: Mark[] = [];
  for (const edge of [(m: Mark) => m.run.box.x0, (m: Mark) => m.run.box.x1]) {
    for (const m of marks) {
      const group = marks.filter((o) => Math.abs(edge(o) - edge(m)) <= ALIGN_TOLERANCE);
      if (group.length > best.length) best = group;
    }
  }
  if (best.length < MIN_NUMBERS) return [];
  const sorted = [...best].sort((a, b) => a.y - b.y);
  const counting = sorted.slice(1).filter((m, i) => m.value === sorted[i]!.value + 1).length;
  return counting >= COUNTING_SHARE * (sorted.length - 1) ? sorted : [];
}

/**
 * A program listing numbered down its left side (LaTeX's listings): the lines
 * the numbers stand beside start in a fixed-pitch face, the comments among
 * them aside. Its numbers stand inside the text block, but read as a table
 * they would split the code into two-cell rows.
 */
function isListing(column: readonly Mark[]): boolean {
  const firsts = column.map((m) => [...m.line.runs].filter((r) => r !== m.run && r.text.trim() !== '').sort((a, b) => a.box.x0 - b.box.x0)[0]);
  const texts = firsts.filter((r): r is TextRun => r !== undefined);
  return texts.length >= MIN_NUMBERS && texts.filter((r) => r.monospace).length >= LISTING_SHARE * texts.length;
}

/**
 * The runs of a page that are line numbers in its margins: the column must
 * stand wholly outside the text it numbers (a table's column of row numbers
 * starts at the text's edge), or number a program listing.
 */
export function lineNumberRuns(page: Page): Set<TextRun> {
  const out = new Set<TextRun>();
  // Most lines hold no bare number at all, and most pages too few such lines for a column: only those lines are read.
  const numbered = page.lines.filter((l) => l.runs.some((r) => isBareNumber(r.text)));
  if (numbered.length < MIN_NUMBERS) return out;
  for (const side of ['start', 'end'] as const) {
    const marks = numbered.map((l) => marginNumber(l, side)).filter((m): m is Mark => m !== null);
    const column = numberColumn(marks);
    if (column.length === 0) continue;
    const [left, right] = [minOf(column.map((m) => m.run.box.x0)), maxOf(column.map((m) => m.run.box.x1))];
    // Numbers the column holds but no line starts with: beside a margin note, or two run together ("3 4").
    const inBand = (r: TextRun) => r.box.x0 >= left - ALIGN_TOLERANCE && r.box.x1 <= right + ALIGN_TOLERANCE && DIGITS.test(r.text);
    const taken = new Set([...column.map((m) => m.run), ...page.lines.flatMap((l) => l.runs).filter(inBand)]);
    // Turned text (the arXiv stamp up the left margin) is no edge of the text block, nor a note beyond the numbers.
    const beyond = (r: TextRun) => (side === 'start' ? r.box.x1 < left : r.box.x0 > right);
    const text = page.lines.flatMap((l) => l.runs).filter((r) => !taken.has(r) && !r.rotation && r.text.trim() !== '' && !beyond(r));
    if (text.length === 0) continue;
    const outside = side === 'start' ? right < minOf(text.map((r) => r.box.x0)) : left > maxOf(text.map((r) => r.box.x1));
    if (outside || (side === 'start' && isListing(column))) for (const r of taken) out.add(r);
  }
  return out;
}
