/**
 * Row structure of a whitespace-aligned table region: rows start at drawn
 * rules, at the longer of two line pitches (padded rows), or, when every line
 * sits one text line apart, where the text says a new record begins.
 */
import type { Rule } from '../model.ts';
import { columnOf, type Column, type RegionLine } from './columns.ts';
import { opensBesideEmpty, opensPaddedRow, pairsBesideStub, startsRowByContent } from './row-breaks.ts';
import { HALF, MIN_COLUMNS } from './measures.ts';
import { stubColumn } from './stub-side.ts';
import { lineBase, PADDED_PITCH, rowPitches, SAME_PITCH, textBand } from './row-pitches.ts';
import { joinMarkLines } from './mark-lines.ts';
import { ruleExtent } from './rule-grid.ts';
import { labelsSeveral } from './spanning-headers.ts';

/** Pitch (share of a line's height) under which a line is set off its neighbour within one row, not below it. */
export const OFFSET_PITCH = 0.7;
/** Line pitch (ems) up to which rows have no padding of their own (LaTeX). */
const TIGHT_PITCH_EM = 1.35;
/** Lines a header's cells may wrap onto above the rule drawn under it. */
const MAX_WRAPPED_HEAD_LINES = 4;
/** Indent (ems) by which a row-group label stands left of the stub under it. */
const OUTDENT_EM = 0.2;

/**
 * Whether a horizontal rule covering most of [x0, x1] lies between lines `a`
 * and `b`. A rule may come in pieces on one level, one per cell (HTML and
 * word processors draw each cell's border): the pieces count together.
 */
export function ruleBetween(rules: readonly Rule[], a: RegionLine, b: RegionLine, x0: number, x1: number): boolean {
  // Compare centres: text boxes include ascent and descent, so a rule tucked
  // under a line may overlap its box.
  const top = (a.y0 + a.y1) / 2;
  const bottom = (b.y0 + b.y1) / 2;
  const need = HALF * (x1 - x0);
  let pieces: Rule[] | null = null;
  for (const r of rules) {
    const y = (r.box.y0 + r.box.y1) / 2;
    if (r.orientation !== 'h' || y <= top || y >= bottom) continue;
    const overlap = Math.min(r.box.x1, x1) - Math.max(r.box.x0, x0);
    if (overlap > need) return true;
    if (overlap > 0) (pieces ??= []).push(r);
  }
  if (pieces === null || pieces.length < 2) return false; // one piece short of the need is no rule in pieces
  // A rule in pieces (rule-grid.ts ruleExtent), joined from the pieces found here.
  for (const r of pieces) {
    const [e0, e1] = ruleExtent(r, pieces);
    if (Math.min(e1, x1) - Math.max(e0, x0) > need) return true;
  }
  return false;
}

/**
 * A cell that is one number, amount, percentage, range (open-ended too: `1995–`, since 1995) or a dash standing for
 * no value; a measurement may carry its uncertainty (`641 ± 4`), a flag may follow (`544 (e)`, `12.5*`).
 */
export const NUMBER = /^[([]?[-+−]?[$€£]?\d[\d,.]*(?:±\d[\d,.]*)?%?(?:[-–—](?:\d[\d,.]*%?)?)?[)\]]?(?:\([a-z]\))?[*†‡a-z]{0,2}$|^[-–—]$/;

/** Columns in which a line holds exactly one chunk, and that chunk is a number. */
function numberColumns(line: RegionLine, cols: readonly Column[]): Set<number> {
  const count = new Map<number, number>();
  const numeric = new Set<number>();
  for (const c of line.chunks) {
    const k = columnOf(cols, c);
    count.set(k, (count.get(k) ?? 0) + 1);
    if (NUMBER.test(c.runs.map((r) => r.text).join('').replace(/\s+/g, ''))) numeric.add(k);
  }
  return new Set([...numeric].filter((k) => count.get(k) === 1));
}

/**
 * Numbers do not wrap: a line with numbers in the same columns as the row
 * above holds already (two of them, or the only value column) is a row of
 * its own, however close the lines sit, even when the lines between hold
 * only the wrapped text of another cell; so is a line of numbers under a
 * line that only has a first-column label (a row-group label). Blank lines
 * between groups of rows would otherwise read as padded rows, each group one
 * row.
 */
function numbersUnderNumbers(prev: RegionLine, line: RegionLine, cols: readonly Column[], stub: number, row: readonly RegionLine[] = [prev]): boolean {
  const need = Math.min(MIN_COLUMNS, cols.length - 1);
  const here = numberColumns(line, cols);
  if (here.size < need) return false;
  if (prev.chunks.every((c) => columnOf(cols, c) === stub)) return true;
  const above = new Set(row.flatMap((l) => [...numberColumns(l, cols)]));
  return [...here].filter((k) => above.has(k)).length >= need;
}

const bold = (l: RegionLine): boolean => l.chunks.every((c) => c.runs.every((r) => r.bold || r.text.trim() === ''));
const plain = (l: RegionLine): boolean => l.chunks.every((c) => c.runs.every((r) => !r.bold));

/**
 * The first body row under a bold header: a line of numbers in plain type
 * under a line set all in bold, however close (rows set tight by a
 * spreadsheet). A header's wrapped line (`2001` under `Total`) is bold too.
 */
function bodyUnderHeader(prev: RegionLine, line: RegionLine, cols: readonly Column[]): boolean {
  return bold(prev) && plain(line) && numberColumns(line, cols).size >= Math.min(MIN_COLUMNS, cols.length - 1);
}

/**
 * A row-group label (`Men` after the `total` of the rows above): a line with
 * text only in the stub column, set further out (left, or right in a
 * right-to-left table) than the stub of the line of numbers under it. A stub
 * that wraps continues at or inside of that.
 */
function headsRows(line: RegionLine, next: RegionLine | undefined, cols: readonly Column[], stubCol: number): boolean {
  if (!next || !line.chunks.every((c) => columnOf(cols, c) === stubCol)) return false;
  const stub = next.chunks.find((c) => columnOf(cols, c) === stubCol);
  if (!stub || numberColumns(next, cols).size < Math.min(MIN_COLUMNS, cols.length - 1)) return false;
  const outdent = OUTDENT_EM * stub.runs[0]!.fontSize;
  if (stubCol > 0) return line.chunks[line.chunks.length - 1]!.box.x1 >= stub.box.x1 + outdent;
  return line.chunks[0]!.box.x0 <= stub.box.x0 - outdent;
}

/** Median font size of the region's text. */
function medianSize(lines: readonly RegionLine[]): number {
  const sizes = lines.flatMap((l) => l.chunks.flatMap((c) => c.runs.map((r) => r.fontSize))).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] ?? 0;
}

/** A number that may be a label: a whole number of up to four digits, a year or an ordinal. */
const LABEL_NUMBER = /^\d{1,4}$/;

/** Whether a header line holds a value: a number, other than a year or an ordinal where `labels` allows them. */
export function holdsValue(line: RegionLine, labels: boolean): boolean {
  return line.chunks.some((c) => {
    const t = c.runs.map((r) => r.text).join('').replace(/\s+/g, '');
    return NUMBER.test(t) && !(labels && LABEL_NUMBER.test(t));
  });
}

/** A label over several pieces of the next line (one the spanning-header search did not take) is a row of its own. */
const labelsNoneSeveral = (above: RegionLine, line: RegionLine): boolean => !above.chunks.some((c) => labelsSeveral(c, line.chunks));

/**
 * Whether lines are one header row of wrapped labels: two to
 * MAX_WRAPPED_HEAD_LINES lines of text (no numbers but years and ordinals
 * under the first line) that follow each other at a text line's pitch, each
 * further line passing `wraps` under the one above (by default: none of
 * the line above labels several of its pieces). Rows padded apart (a
 * header of two rows) stand further.
 */
export function isWrappedHead(lines: readonly RegionLine[], wraps: (above: RegionLine, line: RegionLine) => boolean = labelsNoneSeveral): boolean {
  if (lines.length < 2 || lines.length > MAX_WRAPPED_HEAD_LINES) return false; // one line has nothing to join
  const size = medianSize(lines);
  for (let i = 0; i < lines.length; i++) {
    // Numbers are values, but for years and ordinals under the first line's labels (`Wages` / `2001`).
    if (holdsValue(lines[i]!, i > 0)) return false;
    if (i > 0 && lineBase(lines[i]!) - lineBase(lines[i - 1]!) > TIGHT_PITCH_EM * size) return false;
    if (i > 0 && !wraps(lines[i - 1]!, lines[i]!)) return false;
  }
  return true;
}

/** Whether every piece of a line is bold: a header's style, where the body's is not. */
const allBold = (l: RegionLine): boolean => l.chunks.every((c) => c.runs.every((r) => r.bold || r.text.trim() === ''));

/**
 * The number of lines of a header that are one row of wrapped labels, else
 * 0 (isWrappedHead): the lines over the region's first rule, or, with no
 * rule, the bold lines over the first line that is not.
 */
function wrappedHeadLines(lines: readonly RegionLine[], ruled: (a: RegionLine, b: RegionLine) => boolean): number {
  const end = lines.findIndex((l, i) => i > 0 && ruled(lines[i - 1]!, l));
  if (end > 0) return isWrappedHead(lines.slice(0, end)) ? end : 0;
  const body = lines.findIndex((l) => !allBold(l));
  if (body < 0) return 0;
  // Each further piece under exactly one label of the first line: labels that fitted on one line leave their columns
  // blank below (`Jobs 2002` between `Prices` / `2001` and `Actual` / `2004`).
  const first = lines[0]!;
  const underOne = (_: RegionLine, line: RegionLine): boolean =>
    line.chunks.every((c) => first.chunks.filter((a) => a.box.x0 < c.box.x1 && a.box.x1 > c.box.x0).length === 1);
  return isWrappedHead(lines.slice(0, body), underOne) ? body : 0;
}

/**
 * Groups region lines into rows. A horizontal rule between two lines always
 * separates rows. When line pitches are bimodal (padded rows, as HTML and
 * word processors draw them), the short pitch is a wrapped line inside a row
 * and the long one a row break. When every pitch is alike and one text line
 * (LaTeX) and cells wrap, the text decides (row-breaks.ts); otherwise a line
 * with text in the first column starts a row and others continue it.
 */
export function groupRows(region: readonly RegionLine[], cols: readonly Column[], rules: readonly Rule[]): RegionLine[][] {
  const size = medianSize(region);
  // A line of marks raised off the row they mark is neither a row nor a line pitch (mark-lines.ts).
  const lines = joinMarkLines(region, size);
  const x0 = cols[0]?.x0 ?? 0;
  const x1 = cols[cols.length - 1]?.x1 ?? 0;
  // The stub is the first column, or the last in a right-to-left table (stub-side.ts).
  const stub = stubColumn(lines, cols);
  const labelOnly = (l: RegionLine): boolean => l.chunks.every((c) => columnOf(cols, c) === stub);
  const { minP, bimodal, measured } = rowPitches(lines, (a, b) => ruleBetween(rules, a, b, x0, x1), labelOnly, size);
  // Cells wrap when some line leaves a column empty that the line above used
  // (a cell ran on there); only then can a line with first-column text continue a row.
  const firstCol = (l: RegionLine): boolean => l.chunks.some((c) => columnOf(cols, c) === stub);
  const used = (l: RegionLine): Set<number> => new Set(l.chunks.map((c) => columnOf(cols, c)));
  const partial = (a: RegionLine, b: RegionLine): boolean => {
    const ub = used(b);
    return [...used(a)].some((k) => !ub.has(k));
  };
  const head = wrappedHeadLines(lines, (a, b) => ruleBetween(rules, a, b, x0, x1));
  const wraps = measured && minP <= TIGHT_PITCH_EM * size && lines.slice(1).some((l, i) => partial(lines[i]!, l));
  const rows: RegionLine[][] = [];
  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    // Offsets compare the lines' boxes; padding compares baselines, as the region's pitches do.
    const [band, prevBand] = [textBand(line), prev && textBand(prev)];
    const offset = prevBand ? band.y0 - prevBand.y0 : Infinity;
    const pitch = prev ? lineBase(line) - lineBase(prev) : Infinity;
    let starts: boolean;
    if (!prev || ruleBetween(rules, prev, line, x0, x1)) starts = true;
    else if (i < head) starts = false;
    // Cells centred against a wrapped stub sit between its lines, closer than a line apart: one row.
    else if (offset < OFFSET_PITCH * band.height) starts = false;
    else if (numbersUnderNumbers(prev, line, cols, stub, rows[rows.length - 1]) || bodyUnderHeader(prev, line, cols)) starts = true;
    else if (headsRows(line, lines[i + 1], cols, stub)) starts = true;
    // Between the modes (a browser pads rows by a point or two, and rounds baselines by as much) the text decides.
    else if (bimodal && pitch > minP * SAME_PITCH && pitch <= minP * PADDED_PITCH) starts = opensPaddedRow(line, rows[rows.length - 1]!, cols, stub);
    // At the short pitch, a row that has its label ends where a new label opens beside a cell the line above left empty:
    // rows set without padding under cells that wrap, whose pitches differ only by the glyphs' descents.
    else if (bimodal && opensBesideEmpty(prev, line, cols, stub) && opensPaddedRow(line, rows[rows.length - 1]!, cols, stub)) starts = true;
    // At the short pitch, lines paired across columns under a stub that did not wrap are rows set without padding.
    else if (bimodal && pairsBesideStub(prev, line, cols, stub)) starts = true;
    else if (bimodal) starts = pitch > minP * PADDED_PITCH;
    else if (wraps) starts = startsRowByContent(prev, line, cols, stub);
    else starts = firstCol(line);
    if (starts || !rows.length) rows.push([line]);
    else rows[rows.length - 1]!.push(line);
  });
  return rows;
}

/** Whether a horizontal rule lies between the first row and the second. */
export function ruleUnderFirstRow(rows: readonly RegionLine[][], rules: readonly Rule[], cols: readonly Column[]): boolean {
  const a = rows[0]?.[rows[0].length - 1];
  const b = rows[1]?.[0];
  if (!a || !b) return false;
  return ruleBetween(rules, a, b, cols[0]?.x0 ?? 0, cols[cols.length - 1]?.x1 ?? 0);
}
